/**
 * The five demo Federal Writers' Project pioneer interviews of 1938 and 1939, as the field workers typed them on
 * the project's biography form: Ole Haugen, John Sæther (written Saether, as the typewriter had no æ), Anna
 * Aasen, Lars Bakken and Joseph Gagnon of St. John. The field workers wrote Vaagaa for Vågå, as Americans then
 * did. All of it is fictional.
 */
import type { Transcript } from './transcripts.ts';

const HEADING = [
  'WORKS PROGRESS ADMINISTRATION',
  "FEDERAL WRITERS' PROJECT - STATE OF NORTH DAKOTA",
  'Historical Data Project: Pioneer Biography',
];
const PAGE = 'Page {n}';

export const PIONEER_INTERVIEWS: readonly Transcript[] = [
  {
    id: 'pioneer-interview-1',
    language: 'en-US',
    heading: HEADING,
    pageLabel: PAGE,
    fields: [
      ['Field worker', 'Mabel J. Tollefson'],
      ['Date', 'September 14, 1938'],
      ['Place of interview', 'Farm of the informant, five miles southeast of Rolette, Rolette County'],
      ['Informant', 'Ole Haugen'],
      ['Born', 'March 14, 1884, on the farm Haugen, Vaagaa, Norway'],
      ['Parents', 'Halvor Olsen Haugen and Kari Knudsdatter'],
      ['Came to Dakota', 'Spring of 1898, from Fergus Falls, Minnesota'],
      ['Nationality', 'Norwegian'],
    ],
    sections: [
      {
        heading: '1. Coming to America',
        paragraphs: [
          'Mr. Haugen was born in the parish of Vaagaa in Gudbrandsdalen, in Norway, the fifth child of a ' +
            "cotter and carpenter. His father worked on a neighbor's farm because the home farm went to the " +
            'eldest brother. When two summers of frost took the barley the father decided to go to America, ' +
            'where his brother Knut had been since 1879. Mr. Haugen was nine years old when the family left in ' +
            'May 1893. "We drove down the valley to Lillehammer and took the steamer on the lake to Eidsvold, ' +
            'and the train from there to Christiania. There we went on a steamer to Hull in England. We crossed England on the train and went on the big ship at Liverpool. I remember the ' +
            'icebergs. My mother would not let us on deck when it blew."',
          'The family landed at Quebec and came by train through Chicago and St. Paul to Fergus Falls, ' +
            'Minnesota, where the uncle, who now called himself Knute Olson, met them with two wagons. The ' +
            'informant remembers that on the train his father bought a loaf of white bread, and that the children ' +
            'had never seen bread so white. They stayed five years in Otter Tail County. The father worked for ' +
            'other farmers and the children went to school, where they learned English. The eldest sister, ' +
            'Marit, married there in 1895 and still lives at Fergus Falls.',
        ],
      },
      {
        heading: '2. The trip to Dakota',
        paragraphs: [
          'In the spring of 1898 the father heard from Norwegians who had gone to Rolette County that there was ' +
            'still government land to be had. The family started in May with two wagons, eleven head of cattle ' +
            'and a crate of hens. "I walked behind the cattle all the way. It took three weeks. At the Sheyenne ' +
            'River the water was high and we waited two days before we could cross." They came to their land ' +
            'in the first days of June. The father filed on the quarter section at the land office in Devils Lake.',
          'The first summer they built a claim shanty of boards, twelve by sixteen feet, and a barn of sod. The ' +
            'informant says the first winter was the hardest he remembers: "There were eight of us in the shanty. ' +
            'We burned twisted hay and cow chips, and in February we had no more flour. Father walked to Rolla ' +
            'and carried a sack home on his back." In 1901 the father built a frame house of lumber hauled from ' +
            'Rugby, the first frame house in that neighborhood.',
        ],
      },
      {
        heading: '3. Blizzards and hard times',
        paragraphs: [
          'Asked about storms, Mr. Haugen told of the blizzard of March 14, 1902. "It was warm in the morning, ' +
            'and by noon you could not see your hand. Ola Saether, a neighbor boy, was on the way home from ' +
            "Rolla with a load of coal. They found him three days later, not far from his father's barn. After " +
            'that we always tied a rope from the house to the barn in winter." The winter of 1906 and 1907 was ' +
            'also bad: the trains could not get through for weeks, and the people burned flax straw when the ' +
            'coal gave out.',
          'He says the last years have been as hard as the first. In 1934 and 1936 there was no crop at all; ' +
            'the grasshoppers took what the drought left. "In the old days you could not get money, but you had ' +
            'your own food. Now we are better off than many. We have a good garden and the cows."',
        ],
      },
      {
        heading: '4. The railroad and the town',
        paragraphs: [
          'Mr. Haugen filed on a homestead of his own in 1905, the year the railroad came through and the town ' +
            'of Rolette was started. There had been a store and a post office north of the present town. When ' +
            'the railroad surveyors came there was what the people called the railway war: the men of the old ' +
            'settlement wanted the depot there, and the townsite company wanted it on its own land. "For a summer ' +
            'nobody could talk of anything else. Neighbors did not speak to each other. The stakes were pulled ' +
            'up at night." In the end the depot was built where the town now is. In the winter the informant ' +
            'helped move the store from the old place on skids. "We had sixteen horses on the store building, ' +
            'and it went over the snow like a sleigh. The storekeeper sat inside and sold tobacco all the way."',
        ],
      },
      {
        heading: '5. Church, school and family',
        paragraphs: [
          'The Norwegian Lutheran congregation held services in homes from 1889, with a pastor who came from ' +
            "Devils Lake once a month. In 1906 the church was built in Rolette; the informant's father and Knut " +
            'Saether, the father of Ola, were among the men who raised it. Services were in Norwegian. Mr. Haugen ' +
            'was married in that church on June 14, 1911, to Marta Myhre, who came from Vaagaa in 1907. They ' +
            'have five children: Halvor, Kari (Mrs. Alvin Lund), Peter, Ingeborg and Astrid. A younger brother, ' +
            'Peder, the first child born on the homestead, died in the influenza of 1918.',
          'The informant reads both Norwegian and English and takes the Decorah-Posten. He says he does not want ' +
            'to go back to Norway to live, "but I would like to see the mountains once more."',
        ],
      },
      {
        heading: '6. Remarks of the field worker',
        paragraphs: [
          'Mr. Haugen is a quiet man who speaks slowly and is careful with dates. He showed the writer his ' +
            "father's homestead patent and a photograph of the farm Haugen in Vaagaa taken in 1893. His English " +
            'is good, with a Norwegian accent. The farm buildings are well kept.',
        ],
      },
    ],
    closing: ['Typed from field notes, September 20, 1938. M.J.T.'],
  },
  {
    id: 'pioneer-interview-2',
    language: 'en-US',
    heading: HEADING,
    pageLabel: PAGE,
    fields: [
      ['Field worker', 'Mabel J. Tollefson'],
      ['Date', 'September 21, 1938'],
      ['Place of interview', 'Home of the informant, Rolette, North Dakota'],
      ['Informant', 'John Saether (Johannes Knutsen Saether)'],
      ['Born', 'May 9, 1876, on the farm Saether, Leikanger, Sogn, Norway'],
      ['Parents', 'Knut Johannessen Saether and Brita Olsdatter Lie'],
      ['Came to Dakota', '1886, from Halstad, Minnesota'],
      ['Nationality', 'Norwegian'],
    ],
    sections: [
      {
        heading: '1. From Sogn to the Red River',
        paragraphs: [
          'Mr. Saether, who spells his name Sæther when he writes to Norway, came to America with his parents ' +
            'in 1882, when he was nearly six. The family sailed from Bergen in April on a small steamer to Hull ' +
            'and went on from Liverpool to Quebec. He remembers the apple trees at home in Leikanger and the ' +
            'fjord, "so narrow that the sun went behind the mountain at three o\'clock in winter", and he ' +
            'remembers being seasick for eleven days.',
          'The family went first to Halstad, in the Red River valley of Minnesota, where the father worked for ' +
            'other farmers for four summers. "Father said he had not come to America to work for another man ' +
            'all his life." In 1886 they loaded everything they had on one wagon and drove to Rolette County. ' +
            'There were very few settlers then. The first winter they lived in a sod house by Island Lake.',
        ],
      },
      {
        heading: '2. The blizzard of 1888',
        paragraphs: [
          'Mr. Saether was at school on January 12, 1888, when the great blizzard came. The school was a sod ' +
            'house two miles from home, and the teacher, a young woman from Minnesota, would not let the children ' +
            'go. "She kept us there two nights. We burned the benches and then the teacher\'s table. We ate the ' +
            'lunches we had, and then we had nothing. On the third morning my father came on horseback with a ' +
            'rope around him, and the other fathers after him." All the children came home. He says that in ' +
            'other parts of Dakota many children died in that storm.',
          'His brother Ola was not so lucky. On March 14, 1902, Ola was coming home from Rolla with a load of ' +
            'coal when a blizzard came up in the afternoon. The horses came home alone in the evening. The ' +
            'neighbors searched for three days and found him a quarter of a mile from the barn. "He was twenty-one. ' +
            'My mother never got over it." The informant showed the writer the stone on Ola\'s grave in the ' +
            'Rolette cemetery.',
        ],
      },
      {
        heading: '3. The homestead',
        paragraphs: [
          'The father filed on a quarter section in the spring of 1887 at the land office in Devils Lake and ' +
            'broke twelve acres the first year with a borrowed yoke of oxen. They raised wheat, oats and ' +
            'potatoes, and later flax. "In the first years we sold buffalo bones. There were bones all over the ' +
            'prairie, and the buyers at Devils Lake paid eight dollars a ton. That was the first money we had."',
          'The informant took over the farm when his father grew old. He married Ingeborg Tveit, who came from ' +
            'Leikanger in 1899, on November 2, 1901. They have four children; the two youngest, Sigrid and Dagny, are ' +
            'still at home. His sister Anna, Mrs. Peder Aasen, lives on the next farm.',
        ],
      },
      {
        heading: '4. Church and the town',
        paragraphs: [
          'The first Lutheran services in the neighborhood were held in the Saether house in 1889. "Mother ' +
            'scrubbed the floor the day before and borrowed chairs from all the neighbors. The pastor came from ' +
            'Devils Lake and stayed the night." The congregation built its church in Rolette in 1906.',
          'Of the founding of Rolette he says: "When the railroad came in 1905 everybody wanted the depot near ' +
            'his own land. There was much bad feeling. My father said it was the same as in Norway when they ' +
            'built a new church: everybody wanted it on his own farm." He does not want to tell who pulled up the ' +
            'stakes.',
        ],
      },
      {
        heading: '5. Remarks of the field worker',
        paragraphs: [
          'Mr. Saether speaks English well but prefers Norwegian; part of the interview was in Norwegian and is ' +
            'given here in translation. He is a tall man, still strong, and keeps the old homestead in good ' +
            "order. His mother's Bible, brought from Leikanger, is kept by his youngest sister, Mrs. Anders Lie.",
        ],
      },
    ],
    closing: ['Typed from field notes, September 26, 1938. M.J.T.'],
  },
  {
    id: 'pioneer-interview-3',
    language: 'en-US',
    heading: HEADING,
    pageLabel: PAGE,
    fields: [
      ['Field worker', 'Mabel J. Tollefson'],
      ['Date', 'October 5, 1938'],
      ['Place of interview', 'Farm of the informant, Rolette County'],
      ['Informant', 'Mrs. Peder Aasen (Anna Saether Aasen)'],
      ['Born', 'August 15, 1878, on the farm Saether, Leikanger, Norway'],
      ['Parents', 'Knut Johannessen Saether and Brita Olsdatter Lie'],
      ['Came to Dakota', '1886, with her parents'],
      ['Nationality', 'Norwegian'],
    ],
    sections: [
      {
        heading: '1. The sod house',
        paragraphs: [
          'Mrs. Aasen was eight years old when the family came to Rolette County in 1886. She is a sister of ' +
            'John Saether, who was interviewed for this project. She remembers the sod house by Island Lake very ' +
            'well. "It had one room and a floor of earth. Father put a window in it that he brought from Halstad. ' +
            'When it snowed the snow came in through the roof, and in spring when it rained the water came in, ' +
            'and it rained inside two days after it had stopped outside."',
          'Her mother hung a quilt over the door and kept the fire going all night with twisted hay. "We ' +
            'children twisted hay every evening, hundreds of sticks, and stacked them by the stove. My mother ' +
            'cooked with it and baked with it. She baked flatbread the way they did in Sogn, and the neighbors ' +
            'came to learn it."',
        ],
      },
      {
        heading: "2. A woman's work",
        paragraphs: [
          'Asked what the women did in the first years, Mrs. Aasen laughed and said "everything." Her mother ' +
            'milked, made butter and cheese, kept hens, made soap from ashes and fat, spun and wove, and sewed ' +
            'all the clothes. The butter was packed in crocks and traded at the store in Rolla for coffee, sugar ' +
            'and kerosene. "Coffee was the one thing my mother would not do without. When we had no coffee she ' +
            'roasted barley."',
          "There was no doctor nearer than Devils Lake. Mrs. Aasen's mother was often called to help when a " +
            'child was born in the neighborhood, and later Mrs. Aasen did the same. "I have helped bring ' +
            'forty-one children into the world, Norwegian and French and Indian, and never lost a mother."',
        ],
      },
      {
        heading: '3. Prairie fire',
        paragraphs: [
          'In the fall of 1889 a prairie fire came from the west. "The sky was red all evening. Father and ' +
            'John plowed furrows around the house and the haystacks, and we children carried water in pails. ' +
            'The fire went by on both sides of us. The Strand family lost their stacks and their stable." After ' +
            'that her father always plowed a fire guard in August.',
        ],
      },
      {
        heading: '4. Marriage and church',
        paragraphs: [
          'She married Peder Aasen, who came from Hallingdal in 1891 and homesteaded next to her father, on ' +
            'December 28, 1897. "We were married in our parlor, because there was no church yet, and we had a ' +
            'wedding of three days, as in Norway." They have three children; the eldest, Knut, born in 1899, farms ' +
            'with his father. She was one of the women who started the Ladies Aid of the Rolette church, which ' +
            'raised the money for the church bell by selling lefse and rosettes at the fairs.',
          'Mrs. Aasen says the young people today do not know what it was to be a pioneer, "and that is good. ' +
            'But they should know what their grandmothers did."',
        ],
      },
      {
        heading: '5. Remarks of the field worker',
        paragraphs: [
          'Mrs. Aasen is lively and full of stories. She served coffee with seven kinds of cookies. Her English ' +
            'is mixed with Norwegian words; where she used a Norwegian word the writer has put the English one.',
        ],
      },
    ],
    closing: ['Typed from field notes, October 11, 1938. M.J.T.'],
  },
  {
    id: 'pioneer-interview-4',
    language: 'en-US',
    heading: HEADING,
    pageLabel: PAGE,
    fields: [
      ['Field worker', 'Walter F. Peltier'],
      ['Date', 'March 2, 1939'],
      ['Place of interview', 'Farm of the informant, two miles east of Rolette'],
      ['Informant', 'Lars Bakken'],
      ['Born', 'February 2, 1885, on the farm Bakken, Lom, Norway'],
      ['Parents', 'Peder Larsen Bakken and Guri Olsdatter'],
      ['Came to Dakota', '1904, with a railroad grading crew'],
      ['Nationality', 'Norwegian'],
    ],
    sections: [
      {
        heading: '1. Coming over',
        paragraphs: [
          'Mr. Bakken came to America alone in 1903, when he was eighteen, with a ticket his uncle in ' +
            'Minneapolis had paid for. "In Lom there was nothing for the fourth son but to be a hired man or to ' +
            'go. I went." He worked one winter in a lumber yard in Minneapolis and in the spring of 1904 hired ' +
            'out to a grading contractor who was building the railroad grade northwest into Dakota.',
        ],
      },
      {
        heading: '2. The grading crew',
        paragraphs: [
          'The grading was done with horses and slip scrapers. The crews lived in tents and a cook car and ' +
            'moved with the grade. "We worked from five in the morning to seven at night, six days a week, for ' +
            'a dollar and seventy-five cents a day and board. On Sunday we washed our shirts in the sloughs." ' +
            'Most of the men on his crew were Norwegians and Swedes; there were also Irish and some Russians. ' +
            'The grade reached the Rolette country in the spring of 1905.',
        ],
      },
      {
        heading: '3. The railway war',
        paragraphs: [
          'Mr. Bakken was on the grade when what the people still call the railway war broke out. He explained ' +
            'that there was an old settlement with a store and a post office north of the survey, and the men ' +
            'there wanted the line and the depot to come to them. The townsite company had bought land on the ' +
            'survey and wanted the town there. "The old town men hired a surveyor of their own and set stakes ' +
            'for a depot by their store. Our foreman had us pull them up at night. The next night they pulled ' +
            'up ours. That went on for weeks. Nobody knew any more where the line was going."',
          'In July it came to a fight at the crossing of the section line road. "One morning there were forty ' +
            'men from the old town standing on our grade with pitchforks and shovels, and we were sixty with ' +
            'our scrapers. The foreman said to keep working. Somebody threw a clod and then everybody was at it. ' +
            'Nobody was killed, but two men had their heads broken and one of our teams ran off with a scraper." ' +
            'The sheriff came from Rolla the next day and read a paper from the judge, and after that the ' +
            'lawyers did the fighting. In the end the depot was built on the townsite.',
          'Mr. Bakken says that when he met the same men later at church or at threshing, nobody spoke of it. ' +
            '"But some of the old ones never traded at the new stores as long as they lived."',
        ],
      },
      {
        heading: '4. Settling down',
        paragraphs: [
          'After the grade was finished Mr. Bakken worked for farmers around Rolette and in 1908 bought a ' +
            'relinquishment on a quarter two miles east of town. He met Ingrid Haugen, a daughter of Halvor ' +
            'Haugen, at a basket social at the church in 1911, "and I paid two dollars for her basket, which was ' +
            'a week\'s wages." They were married on June 19, 1912, and have four children.',
          'He says he has never regretted coming, but in dry years like these he thinks of the mountains at ' +
            'Lom, "where it rained too much."',
        ],
      },
      {
        heading: '5. Remarks of the field worker',
        paragraphs: [
          'Mr. Bakken tells his story with much humor and some exaggeration, his wife says. The account of the ' +
            'fight at the crossing agrees in the main with what other old settlers have told this project.',
        ],
      },
    ],
    closing: ['Typed from field notes, March 8, 1939. W.F.P.'],
  },
  {
    id: 'pioneer-interview-5',
    language: 'en-US',
    heading: HEADING,
    pageLabel: PAGE,
    fields: [
      ['Field worker', 'Walter F. Peltier'],
      ['Date', 'March 16, 1939'],
      ['Place of interview', 'Home of the informant, St. John, North Dakota'],
      ['Informant', 'Joseph Gagnon'],
      ['Born', 'November 4, 1866, at Saint-Hyacinthe, Quebec'],
      ['Parents', 'Pierre Gagnon and Marie-Louise Bourassa'],
      ['Came to Dakota', '1882, with his father'],
      ['Nationality', 'French-Canadian'],
    ],
    sections: [
      {
        heading: '1. Coming to the Turtle Mountains',
        paragraphs: [
          'Mr. Gagnon came to St. John with his father in the fall of 1882, by rail to Grand Forks and from ' +
            'there by ox cart. "St. John was the only town for fifty miles. There were a few log houses, a ' +
            'church and a store, and the Métis people and the Chippewa living around the mountains." His father ' +
            'freighted goods between Devils Lake and the Turtle Mountains, and the informant drove a team from ' +
            'the age of sixteen.',
          'In the first years the informant, like many settlers, gathered buffalo bones on the prairie and ' +
            'hauled them to the railroad. "The bones were the first crop of this country."',
        ],
      },
      {
        heading: '2. Neighbors',
        paragraphs: [
          'Mr. Gagnon spoke of the Métis families, who had been in the Turtle Mountains long before the ' +
            'settlers, and of the Chippewa, with whom his father traded. He said the settlers learned much from ' +
            'them in the first winters: how to make pemmican, how to find the wood in the coulees, how to travel ' +
            'in a storm. He speaks some Cree and Chippewa as well as French and English.',
          'The Norwegians began to come in 1886. "First the Saether family by Island Lake, then more every ' +
            'year. They were good neighbors and hard workers, but for twenty years we could not understand each ' +
            'other. We talked with our hands." He laughs that now his grandchildren speak three languages: his ' +
            'youngest daughter, Thérèse, married a Norwegian boy, Peder Moen of Rolette, in 1931.',
        ],
      },
      {
        heading: '3. The county and the railroad',
        paragraphs: [
          'Mr. Gagnon remembers when Rolette County was organized, and the fights over the county seat. He ' +
            'says the railway war of 1905 at Rolette was "the same thing over again: every town wanted the ' +
            'railroad, because a town without the railroad dies." He drove freight to the grading camps that ' +
            'summer and saw the fight at the crossing from his wagon. "The Norwegians fought each other. I stayed ' +
            'on my wagon."',
        ],
      },
      {
        heading: '4. Remarks of the field worker',
        paragraphs: [
          'Mr. Gagnon is seventy-two and in good health. The interview was in French and English; the French ' +
            'parts are given in translation. He has a fine memory for names and dates and a collection of ' +
            'photographs of St. John in the 1880s, which the writer was allowed to see but not to copy.',
        ],
      },
    ],
    closing: ['Typed from field notes, March 21, 1939. W.F.P.'],
  },
];
