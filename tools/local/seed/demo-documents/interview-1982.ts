/**
 * The demo "1982 Interview Transcript": Ingrid Bakken, ninety-one, interviewed by her grandson's wife Kari Bakken
 * for the Rolette County oral history project, transcribed from the tape. Fictional.
 */
import type { Transcript } from './transcripts.ts';

export const INTERVIEW_1982: Transcript = {
  id: 'interview-transcript-1982',
  language: 'en-US',
  heading: ['ROLETTE COUNTY ORAL HISTORY PROJECT', 'Transcript of a tape-recorded interview'],
  pageLabel: 'Page {n}',
  fields: [
    ['Narrator', 'Ingrid Bakken (born Ingrid Haugen), Rolette, North Dakota'],
    ['Born', 'July 7, 1891, at Haugen, Vågå, Norway'],
    ['Interviewer', "Kari Bakken (her grandson Richard's wife)"],
    ['Date', 'August 14, 1982'],
    ['Place', "The narrator's home, Rolette"],
    ['Tape', 'No. 14, sides A and B, about 70 minutes'],
    ['Transcribed by', 'Kari Bakken, September 1982'],
  ],
  sections: [
    {
      paragraphs: [
        'KB: This is Kari Bakken, and I am at the home of Ingrid Bakken in Rolette on the fourteenth of August, ' +
          '1982. Grandma, will you tell us your name and when you were born?',
        'IB: My name is Ingrid Bakken. I was Ingrid Haugen before I married. I was born the seventh of July, ' +
          '1891, at Haugen in Vågå, in Norway. So I am ninety-one now. That is old enough.',
        'KB: Do you remember anything of Norway?',
        'IB: No, I was only two when we left. But I have heard so much about it that sometimes I think I ' +
          'remember. My mother talked about the seter, the summer farm up in the mountains, where she was a ' +
          'milkmaid when she was a girl, and about the church at Vågå, and the river. My brother Ole could ' +
          'remember it all. He was nine. He never forgot anything, Ole.',
        'KB: Why did your parents leave?',
        'IB: They were poor. My father did not have the farm, his brother had it, and Father worked for other ' +
          'people and made furniture in the winter. Then there were some bad years with frost in the summer, ' +
          'and Uncle Knut wrote from Minnesota that there was land for everybody. Uncle Knut Olsen, he called ' +
          'himself Knute Olson over here. So they sold the cow and the loom and everything and went, in 1893.',
        'KB: And you came first to Minnesota.',
        'IB: Yes, to Fergus Falls, to Uncle Knute. We were there five years. That is the first I remember: ' +
          "Uncle Knute's farm, and a big dog they had, and my sister Marit braiding my hair on Sunday mornings " +
          'so hard it hurt. Marit was the oldest, she was like a second mother to us. She married Nils Holm ' +
          'and stayed in Fergus Falls when we went to Dakota. My mother cried for a week.',
      ],
    },
    {
      heading: 'Coming to Dakota, 1898',
      paragraphs: [
        'KB: Tell about when you came to Dakota.',
        'IB: That was in 1898, in May. We had two wagons. I rode on the second one, with my little sister ' +
          'Olga, who was two, and the crate of hens. I had to look after the hens. Ole and Knute walked behind ' +
          'the cows. It took three weeks, and it rained, and at one river we had to wait for the water to go ' +
          'down. I remember we ate pancakes every day, my mother made them on a fire by the wagon.',
        'KB: What was it like when you got here?',
        'IB: There was nothing. Just the grass, as far as you could see, and the sky. Father put up a shanty ' +
          'of boards that summer, and a barn of sod for the cattle. We were eight people in the shanty the ' +
          'first winter. It was so cold that the water pail froze beside the stove. But we children thought it ' +
          'was fine. We did not know anything else.',
        'KB: Was there a school?',
        'IB: Yes, the school was a sod house a mile and a half away, District Number Twelve. The teacher was a ' +
          'girl from Devils Lake, not much older than the big boys. We had to speak English at school, and if ' +
          'you spoke Norwegian on the school ground you had to stay in. At home we spoke only Norwegian. My ' +
          'mother never learned much English, not in her whole life.',
      ],
    },
    {
      heading: 'The town and the church',
      paragraphs: [
        'KB: Do you remember when Rolette was started?',
        'IB: Oh yes. That was 1905, when the railroad came. I was fourteen. There was such a fight about it. ' +
          'There was an old place north of here, with a store and the post office, and those people wanted the ' +
          'depot there, and the railroad people wanted it here. The men talked about nothing else. And then in ' +
          'the winter they moved the store down here on skids, with sixteen horses, over the snow. The whole ' +
          'country came out to watch. Ole drove one of the teams. The storekeeper sat inside by his stove the ' +
          'whole way, and the smoke came out of the chimney while the house was going over the prairie. I ' +
          'will never forget that.',
        'KB: And the church?',
        'IB: The church was built the next summer, 1906. My father was a carpenter, so he was there every day. ' +
          'Knut Sæther too, and Peder Aasen, and many others. I was confirmed in the new church in the fall, in ' +
          'Norwegian, of course. We had to learn the whole catechism by heart. Pastor Ness was very strict.',
        'KB: Is that where you met Grandpa?',
        'IB: No, I met Lars at a basket social at the church in 1911. The girls made a lunch in a basket and ' +
          'the men bid on them, and you ate with the one who bought your basket. Lars paid two dollars for ' +
          'mine. That was a lot of money. Afterwards he said he would have paid five. He had worked on the ' +
          'railroad grade in 1905, and he was always telling about the fight at the crossing. Every year the ' +
          'fight got bigger.',
        'KB: You were married in 1912.',
        'IB: The nineteenth of June, 1912, in the church. Then we waited seven years for Marit. I thought we ' +
          'would never have children. Then we had four: Marit, Lloyd, Dorothy and Margaret.',
      ],
    },
    {
      heading: 'Hard years',
      paragraphs: [
        'KB: What were the hardest times?',
        'IB: The flu, in 1918. My brother Peder died of it. He was nineteen, the baby of the family, the first ' +
          'one born here on the homestead. There were so many sick that they could not dig the graves fast ' +
          'enough. And then the thirties. Nineteen thirty-four and thirty-six, nothing grew. The dust came in ' +
          'through the windows so you could write your name on the table an hour after you had wiped it. And ' +
          'the grasshoppers. We lived on the cream checks and the eggs, and the garden when there was water ' +
          'for it.',
        'KB: And the war?',
        "IB: Peter, my brother Ole's boy, was killed in France in 1944. He was such a nice boy. Ole never said " +
          'much about it, but he was never the same. My Lloyd was in the Navy, in the Pacific, and came home.',
      ],
    },
    {
      heading: 'The reunion of 1976',
      paragraphs: [
        'KB: You were at the reunion in 1976.',
        "IB: Yes, and that was the best day of my old age. Astrid, Ole's girl, put it all together. There " +
          'were people there I had never seen, from California and from Norway. The Lie family came from ' +
          'Bergen with a little girl, four years old, and Bjørn Tveit from Leikanger, who had never been ' +
          'outside Norway. I could talk Norwegian with them. They said I talked like an old woman from Vågå in ' +
          '1890. Well, that is what I am.',
        'KB: What did you put in the time capsule?',
        "IB: A letter, and my mother's recipe for flatbrød, for Todd. He was three then. When they open it he " +
          'will be a grown man, fifty-three. I hope he bakes it. I will not be there, but Ole and I talked ' +
          'about that, that it does not matter. The letters will be there.',
        'KB: Is there anything you want to say to the ones who will hear this tape?',
        'IB: Only that they should not forget where they come from. We came with nothing. Everything you see ' +
          'here, somebody built with their hands. And go to Norway if you can. It is beautiful there. I never ' +
          'went back. I would have liked to see the church at Vågå.',
        'KB: Thank you, Grandma.',
        'IB: Now we have coffee.',
      ],
    },
  ],
  closing: [
    '[End of tape 14, side B.]',
    'Note: Ingrid Bakken died on January 9, 1984. The tape and this transcript are kept by the Rolette County ' +
      'Historical Society.',
  ],
};
