/**
 * The demo "1986 Genealogy Book": the family book Astrid Nordby compiled ten years after the 1976 reunion, set as a
 * half-letter booklet (5.5 x 8.5 in) in Times: a title page, a foreword, the contents, how names were spelt, the
 * Norwegian background and the homesteads, the descendants of both immigrant families in register form
 * (generation by generation, every descendant numbered), the related families, the kin in Norway, the 1976
 * reunion with the group photo's key, the sources and an index of names with page numbers.
 *
 * Its text layer is real (pdftotext reads it back), its pages are numbered as printed, and every name of the demo
 * group photo's key is in it. All of it is fictional.
 */
import { rgb } from 'pdf-lib';

import { DEMO_AUTHOR, DEMO_FICTION, DEMO_NOTICE, FIXED_DATE } from './common.ts';
import {
  HALVOR_HAUGEN,
  KNUT_SAETHER,
  NORWEGIAN_KIN,
  RELATED_FAMILIES,
  dateText,
  everyone,
  everyoneIn,
  lifeYears,
  marriedNames,
  namesOf,
  partnersOf,
  type LifeEvent,
  type Person,
  type Union,
} from './family.ts';
import { Flow, renderPdf, type LaidOutPage, type Run } from './pdf-flow.ts';

const SIZE = [396, 612] as const; // half letter
const MARGIN = { top: 58, bottom: 56, left: 46, right: 46 };
const BODY = 10;
const BOOK_TITLE = 'The Haugen and Sæther Families';

// ---------------------------------------------------------------------------------------------------------------
// Sentences about people
// ---------------------------------------------------------------------------------------------------------------

function at(event: LifeEvent | undefined): string {
  if (!event) return '';
  const date = event.date.startsWith('~') ? dateText(event.date) : `on ${dateText(event.date)}`;
  return event.place ? `${date} at ${event.place}` : date;
}

/** 'b. 14 March 1884, Haugen, Vågå, Norway' */
function short(label: string, event: LifeEvent | undefined): string | undefined {
  if (!event) return undefined;
  return event.place
    ? `${label} ${dateText(event.date)}, ${event.place}`
    : `${label} ${dateText(event.date)}`;
}

/** The woman's name with her married names: 'Astrid Haugen (Astrid Nordby)'. */
function displayName(person: Person): string {
  const married = marriedNames(person);
  return married.length ? `${person.name} (${married.join(', ')})` : person.name;
}

function lifeFacts(person: Person): string {
  return [short('b.', person.born), short('d.', person.died)].filter(Boolean).join('; ');
}

/** Where a person of the family is numbered in the book: for cross-references between the parts. */
interface Numbered {
  part: string;
  number: number;
}

interface RegisterContext {
  /** The part's name for cross-references ('the Haugen family'). */
  part: string;
  /** The numbers of this part's descendants. */
  numbers: ReadonlyMap<Person, number>;
  /** Every descendant numbered in any part. */
  numbered: ReadonlyMap<Person, Numbered>;
}

function crossReference(person: Person, context: RegisterContext): string {
  const elsewhere = context.numbered.get(person);
  if (elsewhere && elsewhere.part !== context.part)
    return ` (see ${elsewhere.part}, no. ${elsewhere.number})`;
  return '';
}

/** The spouse, with dates and parents' cross-reference: 'Marta Myhre (b. 2 May 1889, ...; d. ...)'. */
function spouseText(union: Union, context: RegisterContext): string {
  const details = [...marriedNames(union.spouse), lifeFacts(union.spouse)].filter(Boolean).join('; ');
  const reference = crossReference(union.spouse, context);
  return `${union.spouse.name}${details ? ` (${details})` : ''}${reference}`;
}

function marriageSentence(person: Person, union: Union, context: RegisterContext): string {
  const pronoun = person.sex === 'm' ? 'He' : 'She';
  const when = union.married ? ` ${at(union.married)},` : '';
  return tidy(`${pronoun} married${when} ${spouseText(union, context)}.`);
}

/** One full stop after an abbreviation that ends a sentence ('Rolette, N.D.' + '.'). */
function tidy(text: string): string {
  return text.replace(/\.\.(?!\.)/g, '.').replace(/\.\./g, '.');
}

function livesAt(person: Person): string {
  if (person.died || !person.home || person.note?.includes(' lives ')) return '';
  return ` ${person.sex === 'm' ? 'He' : 'She'} lives at ${person.home}.`;
}

/** A child's line in the parents' entry; children with an entry of their own get a short one. */
function childLine(child: Person, context: RegisterContext, hasEntry: boolean): string {
  const parts: string[] = [displayName(child)];
  const facts = lifeFacts(child);
  if (facts) parts[0] += `, ${facts}`;
  let text = parts[0]!;
  if (hasEntry) {
    const spouses = child.unions.map((union) => union.spouse.name);
    return tidy(`${text}${spouses.length ? `; m. ${spouses.join(', ')}` : ''}.`);
  }
  for (const union of child.unions) {
    text += `; m.${union.married ? ` ${dateText(union.married.date)}${union.married.place ? `, ${union.married.place},` : ''}` : ''} ${spouseText(union, context)}`;
  }
  // Married into another part of the book (a child here, a spouse there).
  for (const partner of partnersOf(child)) {
    const reference = context.numbered.get(partner);
    text += `; m. ${partner.name}${reference ? `; their family is in ${reference.part}, under no. ${reference.number}` : ''}`;
  }
  text += '.';
  if (child.note) text += ` ${child.note}`;
  text += livesAt(child);
  return tidy(text);
}

const ROMAN = [
  'i',
  'ii',
  'iii',
  'iv',
  'v',
  'vi',
  'vii',
  'viii',
  'ix',
  'x',
  'xi',
  'xii',
  'xiii',
  'xiv',
  'xv',
  'xvi',
];

const GENERATION_NAMES = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven'];

/** The descendants of `founder`, generation by generation, every descendant numbered as first listed. */
const hasChildren = (person: Person) => person.unions.some((union) => union.children.length);

/** Numbers a founder's descendants in the order the register lists them: generation by generation. */
function numberDescendants(founder: Person): Map<Person, number> {
  const numbers = new Map([[founder, 1]]);
  let next = 2;
  let generation = [founder];
  while (generation.length) {
    const following: Person[] = [];
    for (const person of generation) {
      for (const union of person.unions) {
        for (const child of union.children) {
          numbers.set(child, next++);
          if (hasChildren(child)) following.push(child);
        }
      }
    }
    generation = following;
  }
  return numbers;
}

function register(flow: Flow, founder: Person, context: RegisterContext): void {
  let generation: Person[] = [founder];
  for (let g = 0; generation.length; g++) {
    flow.paragraph(`Generation ${GENERATION_NAMES[g] ?? g + 1}`, {
      size: 12,
      style: 'bold',
      align: 'center',
      before: 14,
      after: 6,
      keepWithNext: 4,
    });
    const following: Person[] = [];
    for (const person of generation) {
      const number = context.numbers.get(person)!;
      const parents = parentsOf.get(person);
      const lineage = parents
        ? `${person.sex === 'm' ? 'son' : 'daughter'} of ${parents.parent.name} (no. ${context.numbers.get(parents.parent)}) and ${parents.union.spouse.name}`
        : '';
      const appositives = [person.christened && `christened ${person.christened}`, lineage].filter(Boolean);
      const died = person.died ? `, and died ${at(person.died)}` : '';
      const runs: Run[] = [
        { text: `${number}. ${displayName(person)}`, style: 'bold' },
        {
          text: tidy(
            `${appositives.length ? `, ${appositives.join(', ')},` : ''} was born ${at(person.born)}${died}.${livesAt(person)}`,
          ),
        },
      ];
      flow.paragraph(runs, { before: 8, after: 3 });
      if (person.note) flow.paragraph(person.note, { firstIndent: 12, after: 3 });
      for (const union of person.unions) {
        const sentence = marriageSentence(person, union, context);
        flow.paragraph(
          tidy(
            `${sentence}${union.spouse.note ? ` ${union.spouse.note}` : ''}${!person.home ? livesAt(union.spouse) : ''}`,
          ),
          { firstIndent: 12, after: 3 },
        );
        if (!union.children.length) continue;
        const father = person.sex === 'm' ? person : union.spouse;
        const mother = person.sex === 'm' ? union.spouse : person;
        flow.paragraph(`Children of ${father.name} and ${mother.name}:`, {
          style: 'italic',
          indent: 12,
          after: 2,
          keepWithNext: 1,
        });
        union.children.forEach((child, i) => {
          const own = hasChildren(child);
          const childNumber = context.numbers.get(child)!;
          if (own) following.push(child);
          const marker = `${own ? '+' : ''}${childNumber}`;
          flow.paragraph(
            [
              { text: `${marker}  ${ROMAN[i] ?? i + 1}.`, style: own ? 'bold' : 'regular' },
              { text: ` ${childLine(child, context, own)}` },
            ],
            { size: 9.5, indent: 40, firstIndent: -26, after: 1.5 },
          );
        });
      }
    }
    generation = following;
  }
}

/** Each descendant's parent (the one of the family) and the marriage they were born to. */
const parentsOf = new Map<Person, { parent: Person; union: Union }>();
function indexParents(root: Person): void {
  for (const union of root.unions) {
    for (const child of union.children) {
      parentsOf.set(child, { parent: root, union });
      indexParents(child);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The chapters in prose
// ---------------------------------------------------------------------------------------------------------------

const FOREWORD = [
  'Ten years ago, on the Fourth of July 1976, about two hundred and seventy-five of us met in Rolette: the ' +
    'descendants of Halvor Olsen Haugen and Kari Knudsdatter of Vågå and of Knut Johannessen Sæther and Brita ' +
    'Olsdatter of Leikanger, with our husbands and wives, and fourteen relatives who had come all the way from ' +
    'Norway. Many of us met cousins we had never seen. Before we parted we put our letters to the future into a ' +
    'copper box and sealed it into the foot of the pioneer monument in the Rolette cemetery, to be opened in 2026.',
  'At the reunion many of you asked for a book of the family, and many of you filled in the family sheets we ' +
    'handed out. One hundred and forty-two households sent them back. This book is what came of them, of the ' +
    'church books of Vågå and Leikanger, which Øystein Lie of Bergen searched for us, of the homestead papers, of ' +
    'the old letters Karen Thorsen translated from the Norwegian, and of what the old people told: John Sæther, ' +
    'Anna Aasen and Ole Haugen to the Federal Writers’ Project in 1938, Ole Haugen on tape in 1974, and Ingrid ' +
    'Bakken to the county’s oral history project in 1982.',
  'Two of those voices are gone now. Ole Haugen, who was ninety-two and the eldest at the reunion, died in ' +
    'February 1979, and his sister Ingrid Bakken in January 1984. We have tried to keep what they remembered.',
  'A book like this is never finished. If you find a mistake, or a child or grandchild who is missing, please ' +
    'write to me, so that the next edition is better than this one.',
];

const NAMES_AND_SPELLINGS = [
  'The people in this book were born in Norway under one name and lived in America under another, and their ' +
    'children and grandchildren spelled the names their own way again. We have written each name as the person ' +
    'wrote it, and put the name in the Norwegian church book beside it (“christened”) where it differs.',
  'In Norway a child took the father’s first name as a surname: Halvor’s son Ole was Ole Halvorsen, his daughter ' +
    'Marit was Marit Halvorsdatter. To tell the many Ole Halvorsens apart, people added the name of the farm they ' +
    'lived on: Ole Halvorsen Haugen. In America some kept the patronymic as a surname, some the farm name, and the ' +
    'clerks, the railroad agents and the school teachers did the rest.',
  'So it is that the same family has Olsen in one generation and Olson in the next (Knut Olsen of Vågå was ' +
    'Knute Olson of Fergus Falls), Halvorsen and Halverson (Halvor Halvorsen, called Henry, was Halvor ' +
    'Halverson in Minnesota), Johannessen and Johnson (Johannes Johannessen Sæther was John Johnson of Rolla), ' +
    'Knudsen and Knutson (Peder Knudsen Brekke was Peter Knutson of Crookston), Sæther and Sather (Martin ' +
    'Sæther painted Sather over the door of his store in Minot), and Øverby and Overby (Ole Andersen Øverby was ' +
    'Ole Overby of Rolla; his cousins in Vågå are Øverby still). First names changed too: Peder became Peter, ' +
    'Ola became Ole, Knut became Knute, and Kari was sometimes Carrie.',
  'The letters æ, ø and å are kept where the family kept them. In the index they come after z, as in a ' +
    'Norwegian dictionary: Øverby after Overby, Ødegaard after the O’s.',
  'Abbreviations: b. born; m. married; d. died; N.D. North Dakota; Minn. Minnesota. In the family registers ' +
    'every descendant has a number; a + before the number means that the person’s own family follows in the ' +
    'next generation, under that number.',
];

const FROM_NORWAY = [
  'Vågå lies in the upper part of Gudbrandsdalen, where the Otta river runs east towards Lake Vågåvatn. The farms ' +
    'lie on the sunny side of the valley, and above them the mountain pastures, the setrar, where the cattle and ' +
    'goats were kept in summer and the butter and cheese were made. Haugen is a small farm on the north side of ' +
    'the valley, a little west of the church; Brekke, where Kari Knudsdatter was born, lies a mile further up.',
  'Halvor Olsen Haugen was the third son, and the farm went to his eldest brother, Ole. He was a husmann, a cotter, ' +
    'on a neighbour’s farm, and a carpenter in winter. The years around 1890 were hard in the valley: two summers ' +
    'of frost took the barley, and the America letters of his brother Knut, who had gone to Minnesota in 1879, ' +
    'said that a man could have a quarter section of his own for the asking. In May 1893 Halvor and Kari sold ' +
    'their cow, their loom and their tools, and went with seven children down the valley to Lillehammer, by ' +
    'the lake steamer Skibladner to Eidsvoll and by train to Kristiania.',
  'They sailed on the Wilson Line to Hull, crossed England by train to Liverpool, and came to Quebec on an Allan ' +
    'Line steamer after eleven days at sea. Ole, who was nine, remembered the icebergs off Newfoundland and the ' +
    'white bread on the train to St. Paul. On the twenty-ninth of June they came to Fergus Falls, where Knute ' +
    'Olson met them at the station with two wagons.',
  'Leikanger lies on the north shore of the Sognefjord, on a narrow strip of land between the fjord and the ' +
    'mountains, where apple and cherry trees grow. The Sæther farm is a small farm east of the church; Lie, where ' +
    'Brita Olsdatter was born, lies above it on the hillside. Knut Johannessen Sæther was the eldest son but did ' +
    'not take over the farm: there was not enough land for the six children, and he had seen America in the ' +
    'letters of neighbours who had gone to Minnesota in the 1870s.',
  'Knut and Brita sailed from Bergen in April 1882 with Johannes, six years old, Anna, three, and Ola, a year ' +
    'and a half. They came by Hull, Liverpool and Quebec to Halstad, in the Red River valley of Minnesota, where ' +
    'Knut worked four summers for other farmers. In 1886 they loaded their goods on a wagon and drove west and ' +
    'north to Rolette County, which had been opened for settlement only a few years before.',
];

const HOMESTEADS = [
  'The Sæther family spent the winter of 1886 in a sod house by Island Lake. Anna Aasen remembered that the snow ' +
    'came in through the roof, and that her mother hung a quilt over the door and kept the fire going all night ' +
    'with twisted hay. In the spring Knut filed on a quarter section at the land office in Devils Lake and broke ' +
    'twelve acres with a borrowed team of oxen.',
  'The winters were the worst of it. In the blizzard of January 1888 John Sæther, eleven years old, was at school ' +
    'when the storm came; the teacher kept the children in the schoolhouse two nights and burned the benches. ' +
    'In the blizzard of 14 March 1902 his brother Ola was lost on the way home from Rolla with a load of coal; he ' +
    'was found three days later, a quarter of a mile from the barn.',
  'In the spring of 1898 Halvor Haugen brought his family from Fergus Falls: two wagons, eleven head of cattle ' +
    'and a crate of hens, three weeks on the road. Ole, fourteen, walked behind the cattle the whole way. Halvor ' +
    'filed on a quarter section four miles south-east of where Rolette now stands, built a claim shanty and a sod ' +
    'barn that summer, and in 1901 the first frame house in the neighbourhood, of lumber hauled from Rugby.',
  'When the railroad came through in 1905 there was a war over where the town should be. The old settlement had ' +
    'its store and post office a mile and a half north of the survey, and the men who owned the lots there wanted ' +
    'the depot. The townsite company wanted it on its own land. For a summer the grading crews of the railroad ' +
    'pulled up each other’s stakes, and the county was divided; Lars Bakken, who worked on the grade that year, ' +
    'told his grandchildren of the fight at the crossing. In the end the depot was built on the townsite, the new ' +
    'town of Rolette was platted that autumn, and in the winter the store, the blacksmith shop and two houses of ' +
    'the old settlement were pulled across the snow on skids, with sixteen horses to the store.',
  'The Norwegian Lutheran congregation had met in homes since 1889. In 1906 it built the Rolette Lutheran church ' +
    'on two lots the townsite company gave it; Halvor Haugen and Knut Sæther were among the men who raised it, ' +
    'and for thirty years the services were in Norwegian. The first English service was held in 1924; the last ' +
    'Norwegian one at Christmas 1952.',
];

const REUNION_1976 = [
  'The reunion was held on the Fourth of July weekend of 1976, when the whole country celebrated its two hundredth ' +
    'birthday. Astrid Nordby had written to every household she could find in the winter before, and Karen ' +
    'Thorsen wrote to the relatives in Norway. On Saturday the third of July about two hundred and seventy-five ' +
    'people came to the Rolette school gymnasium, from fourteen states, from Manitoba and from Norway.',
  'Pastor Arne Ødegaard led the service on Sunday morning in the Rolette Lutheran church, in English and, for ' +
    'the guests from Norway and the old people, with the Lord’s Prayer and two hymns in Norwegian. In the afternoon ' +
    'the family dedicated the pioneer monument in the Rolette cemetery, with the names of the two immigrant ' +
    'couples and their children, and sealed the time capsule into its foot: a copper box with letters from the ' +
    'families to their descendants, photographs, a list of all who came, and a copy of the Rolette County ' +
    'newspaper of that week. It is to be opened at a reunion in July 2026.',
  'The eldest present was Ole Haugen, ninety-two; the youngest at the photograph was Solveig Lie of Bergen, four. ' +
    'Fourteen relatives came from Norway, among them Bjørn Tveit of Leikanger, seventy-four, who had never been ' +
    'outside Norway before, and Øystein Lie of Bergen, who brought copies of the church books of Vågå and ' +
    'Leikanger and began the work that became this book.',
  'The group photograph was taken in front of the Nordby barn on Saturday afternoon, seventy-two of us in six ' +
    'rows, the children on the grass and the eldest on chairs behind them. The key to it, made in 1976 by Astrid ' +
    'Nordby and Marlys Haugen, who went through the picture with the people in it, is kept with the photograph; ' +
    'eight faces nobody could name are still without a name, and corrections are welcome.',
];

const SOURCES = [
  'Church books (ministerialbøker) of Vågå, Oppland, and of Leikanger, Sogn og Fjordane, 1840–1900: copies and ' +
    'extracts by Øystein Lie, Bergen, 1976–1985.',
  'Emigrant protocols of the Kristiania and Bergen police, 1882 and 1893.',
  'Homestead files of Halvor Haugen, Knut Sæther and Ole Haugen, Devils Lake and Minot land offices.',
  'Records of the Rolette Lutheran church, 1889–1985, and of the Rolette cemetery.',
  'Federal Writers’ Project, North Dakota, pioneer interviews of 1938 and 1939: John Sæther, Anna Aasen, ' +
    'Ole Haugen, Lars Bakken and Joseph Gagnon.',
  'Ole Haugen, memories told in Norwegian on tape, Rolette, 1974; transcribed by Astrid Nordby.',
  'Ingrid Bakken, interview of 1982, Rolette County oral history project.',
  'Letters of Knut Sæther to his brother-in-law Ola Lie, 1886–1912, translated by Karen Thorsen, 1975.',
  'Family sheets returned by 142 households for the reunion of 1976.',
];

// ---------------------------------------------------------------------------------------------------------------
// The index
// ---------------------------------------------------------------------------------------------------------------

/** Every form a person's name is printed in: the name, the christened name, the married names. */
function nameForms(person: Person): string[] {
  return [...new Set([...namesOf(person), ...(person.christened ? [person.christened] : [])])];
}

/** Runs of capitalised words in a line ("Ole K. Olson", "Rolette Lutheran Church"), each word cleaned. */
function capitalisedRuns(line: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const close = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  for (const raw of line.split(/\s+/)) {
    let word = raw.replace(/^[(“"‘]+/, '');
    const trailing = /^\p{Lu}\.$/u.test(word) ? '' : (/[.,;:!?)”"]+$/.exec(word)?.[0] ?? '');
    word = word.slice(0, word.length - trailing.length).replace(/[’']s$/, '');
    if (/^\p{Lu}/u.test(word)) {
      run.push(word);
      if (trailing) close();
    } else {
      close();
    }
  }
  close();
  return runs;
}

interface IndexEntry {
  name: string;
  people: Person[];
  pages: Set<number>;
}

function buildIndex(pages: readonly LaidOutPage[]): IndexEntry[] {
  const entries = new Map<string, IndexEntry>();
  const byForm = new Map<string, IndexEntry[]>();
  for (const person of everyone()) {
    let entry = entries.get(person.name);
    if (!entry) {
      entry = { name: person.name, people: [], pages: new Set() };
      entries.set(person.name, entry);
    }
    entry.people.push(person);
    for (const form of nameForms(person)) {
      const list = byForm.get(form) ?? [];
      if (!list.includes(entry)) list.push(entry);
      byForm.set(form, list);
    }
  }
  for (const page of pages) {
    for (const line of page.lines) {
      for (const run of capitalisedRuns(line)) {
        for (let from = 0; from < run.length; from++) {
          for (let to = from + 2; to <= Math.min(run.length, from + 4); to++) {
            for (const entry of byForm.get(run.slice(from, to).join(' ')) ?? []) entry.pages.add(page.number);
          }
        }
      }
    }
  }
  return [...entries.values()].filter((entry) => entry.pages.size);
}

/**
 * The index's order: the English alphabet, with æ, ø and å after z as in a Norwegian dictionary (but Aasen under A,
 * as an American reader looks for it, where a Norwegian collator would put it with the å's).
 */
function sortKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/æ/g, 'z~1')
    .replace(/ø/g, 'z~2')
    .replace(/å/g, 'z~3')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}
const byKey = (a: string, b: string) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0);

function indexLabel(entry: IndexEntry): string {
  const words = entry.name.split(' ');
  const surname = words.pop()!;
  const married = new Set(
    entry.people.flatMap((person) => marriedNames(person).map((name) => name.split(' ').pop()!)),
  );
  const years = entry.people.map(lifeYears).filter(Boolean).join('; ');
  return `${surname}, ${words.join(' ')}${married.size ? ` (${[...married].join(', ')})` : ''}${years ? `, ${years}` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The book
// ---------------------------------------------------------------------------------------------------------------

export interface GenealogyBook {
  pages: LaidOutPage[];
  /** The index: each name as printed, and the pages it is on. */
  index: { name: string; pages: number[] }[];
}

let layoutPromise: Promise<GenealogyBook> | undefined;

/** The book laid out (once per process): its pages' text, and the index of names. */
export function genealogyBookLayout(): Promise<GenealogyBook> {
  layoutPromise ??= layOut();
  return layoutPromise;
}

/** The printed pages a name is on (the name as written in the book, e.g. 'Ole Haugen' or 'Astrid Nordby'). */
export async function bookPagesOf(name: string): Promise<number[]> {
  const { pages } = await genealogyBookLayout();
  return pages.filter((page) => page.lines.join(' ').includes(name)).map((page) => page.number);
}

async function layOut(): Promise<GenealogyBook> {
  const flow = await Flow.create({
    size: SIZE,
    margin: MARGIN,
    family: 'times',
    size10: BODY,
    decorate: (f, page) => {
      if (page.number === 1) return;
      const head = page.number % 2 ? f.runningHead : BOOK_TITLE;
      const width = f.widthOf(head, 8.5, 'italic');
      f.put(head, (SIZE[0] - width) / 2, SIZE[1] - 36, 8.5, 'italic', rgb(0.3, 0.3, 0.3));
      f.rule(MARGIN.left, SIZE[0] - MARGIN.right, SIZE[1] - 42, 0.4);
      const number = String(page.number);
      f.put(number, (SIZE[0] - f.widthOf(number, 9)) / 2, 30, 9);
    },
  });
  const contents: { title: string; page: number }[] = [];
  const part = (title: string, head = title) => {
    flow.pageBreak();
    flow.runningHead = head;
    contents.push({ title, page: flow.pageNumber });
    flow.paragraph(title, { size: 15, style: 'bold', align: 'center', after: 12, keepWithNext: 3 });
  };
  const prose = (paragraphs: readonly string[]) => {
    for (const text of paragraphs) flow.paragraph(text, { firstIndent: 14, after: 4 });
  };

  // Page 1: the title page.
  flow.space(40);
  flow.paragraph(BOOK_TITLE, { size: 21, style: 'bold', align: 'center', after: 8 });
  flow.paragraph('From Vågå and Leikanger to Rolette County', {
    size: 13,
    style: 'italic',
    align: 'center',
    after: 26,
  });
  flow.paragraph(
    'The descendants of Halvor Olsen Haugen (1850–1927) and Kari Knudsdatter Brekke (1855–1931) of Vågå, ' +
      'and of Knut Johannessen Sæther (1849–1919) and Brita Olsdatter Lie (1855–1931) of Leikanger, who ' +
      'homesteaded in Rolette County, North Dakota',
    { size: 11, align: 'center', after: 30 },
  );
  flow.paragraph('Compiled by Astrid Nordby', { size: 12, align: 'center', after: 4 });
  flow.paragraph('with the help of Karen Thorsen, Grand Forks, and Øystein Lie, Bergen', {
    size: 10,
    style: 'italic',
    align: 'center',
    after: 40,
  });
  flow.paragraph('Rolette, North Dakota', { size: 11, align: 'center', after: 2 });
  flow.paragraph('1986', { size: 11, align: 'center', after: 50 });
  flow.hr(0.8);
  flow.paragraph(DEMO_NOTICE, {
    size: 9,
    style: 'bold',
    align: 'center',
    after: 2,
    color: rgb(0.45, 0.3, 0),
  });
  flow.paragraph(DEMO_FICTION, { size: 8.5, align: 'center', color: rgb(0.45, 0.3, 0) });

  // Page 2: the foreword; page 3: the contents, filled in at the end.
  part('Foreword', 'Foreword');
  prose(FOREWORD);
  flow.paragraph('Astrid Nordby', { align: 'right', before: 10, style: 'italic' });
  flow.paragraph('Rolette, Easter 1986', { align: 'right', size: 9 });
  flow.newPage();
  flow.runningHead = 'Contents';
  const contentsPage = flow.pageNumber;
  flow.newPage();
  contents.pop(); // the foreword is listed with the rest below
  contents.push({ title: 'Foreword', page: 2 });

  part('Names and Their Spellings');
  prose(NAMES_AND_SPELLINGS);
  part('From Vågå and Leikanger');
  prose(FROM_NORWAY);
  part('Homesteads in Rolette County');
  prose(HOMESTEADS);

  // The registers, every family numbered first so that each can point into the others.
  const registers = [
    { founder: HALVOR_HAUGEN, part: 'the Haugen family' },
    { founder: KNUT_SAETHER, part: 'the Sæther family' },
    ...RELATED_FAMILIES.map((family) => ({
      founder: family.founder,
      part: family.title.replace(/^The/, 'the'),
    })),
  ].map(({ founder, part }) => ({ founder, part, numbers: numberDescendants(founder) }));
  const numbered = new Map<Person, Numbered>();
  for (const { founder, part, numbers } of registers) {
    indexParents(founder);
    for (const [person, number] of numbers) if (!numbered.has(person)) numbered.set(person, { part, number });
  }
  const context = (founder: Person): RegisterContext => {
    const { part, numbers } = registers.find((candidate) => candidate.founder === founder)!;
    return { part, numbers, numbered };
  };
  part('The Descendants of Halvor Olsen Haugen', 'The Haugen Family');
  flow.paragraph(
    `Halvor Olsen Haugen and Kari Knudsdatter Brekke had ten children, all but one of whom lived to grow up. ` +
      `${everyoneIn(HALVOR_HAUGEN).filter((person) => parentsOf.has(person)).length} descendants are known in 1986.`,
    { style: 'italic', align: 'center', after: 6 },
  );
  register(flow, HALVOR_HAUGEN, context(HALVOR_HAUGEN));
  part('The Descendants of Knut Johannessen Sæther', 'The Sæther Family');
  flow.paragraph(
    `Knut Johannessen Sæther and Brita Olsdatter Lie had eight children. ` +
      `${everyoneIn(KNUT_SAETHER).filter((person) => parentsOf.has(person)).length} descendants are known in 1986.`,
    { style: 'italic', align: 'center', after: 6 },
  );
  register(flow, KNUT_SAETHER, context(KNUT_SAETHER));

  part('Related Families');
  flow.paragraph(
    'Brothers of the immigrants, and of their wives, came to America too. Their families are given here more ' +
      'briefly, as far as the family sheets tell of them.',
    { style: 'italic', after: 6 },
  );
  for (const family of RELATED_FAMILIES) {
    flow.paragraph(family.title, { size: 12, style: 'bold', before: 12, after: 4, keepWithNext: 3 });
    prose([family.text]);
    register(flow, family.founder, context(family.founder));
  }

  part('Our Kin in Norway');
  prose([
    'Not everyone left. The farms Haugen, Brekke, Myhre, Holm, Bø and Øverby in Vågå, and Sæther, Lie and Tveit ' +
      'in Leikanger, are still in the hands of the families, and the letters between the valleys and the prairie ' +
      'have never quite stopped. These are the relatives in Norway who wrote to us for this book; those marked ' +
      'with an asterisk came to the reunion in 1976.',
  ]);
  for (const { person, relation, came1976 } of NORWEGIAN_KIN) {
    flow.paragraph(
      [
        { text: `${came1976 ? '* ' : ''}${person.name}`, style: 'bold' },
        { text: `, ${lifeFacts(person)}: ${relation}` },
      ],
      { indent: 14, firstIndent: -14, after: 3 },
    );
  }

  part('The Reunion of 1976');
  prose(REUNION_1976);
  flow.paragraph('Those who came from Norway', {
    size: 11,
    style: 'bold',
    before: 10,
    after: 4,
    keepWithNext: 2,
  });
  flow.paragraph(
    `${NORWEGIAN_KIN.filter((kin) => kin.came1976)
      .map(({ person }) => `${person.name} (${person.home?.replace(/, Norway$/, '')})`)
      .join(', ')}.`,
    { after: 4 },
  );

  part('Sources');
  for (const source of SOURCES) flow.paragraph(source, { indent: 12, firstIndent: -12, after: 4 });

  // The index, from the pages laid out so far.
  const index = buildIndex(flow.pages).sort((a, b) => {
    const [sa, sb] = [a.name.split(' ').pop()!, b.name.split(' ').pop()!];
    return byKey(sa, sb) || byKey(a.name, b.name);
  });
  part('Index of Names');
  flow.paragraph(
    'Married women are listed under the name they were born with, their married names in brackets.',
    { style: 'italic', size: 9, after: 6 },
  );
  let letter = '';
  for (const entry of index) {
    const first = entry.name.split(' ').pop()![0]!.toUpperCase();
    if (first !== letter) {
      letter = first;
      flow.paragraph(letter, { style: 'bold', size: 10, before: 6, after: 2, keepWithNext: 2 });
    }
    flow.paragraph(`${indexLabel(entry)}: ${[...entry.pages].sort((a, b) => a - b).join(', ')}`, {
      size: 8.5,
      leading: 10.4,
      indent: 14,
      firstIndent: -14,
    });
  }
  flow.paragraph(`${DEMO_NOTICE}. ${DEMO_FICTION}`, {
    size: 8,
    style: 'italic',
    before: 16,
    color: rgb(0.45, 0.3, 0),
  });
  const pages = flow.finish();

  // The contents, on the page kept for them.
  const contentsFlow = await Flow.create({ size: SIZE, margin: MARGIN, family: 'times', size10: BODY });
  contentsFlow.paragraph('Contents', { size: 15, style: 'bold', align: 'center', after: 16 });
  for (const { title, page } of contents) {
    const number = String(page);
    const free = contentsFlow.width - contentsFlow.widthOf(title, 11) - contentsFlow.widthOf(number, 11);
    const dots = '.'.repeat(Math.max(3, Math.floor((free - 12) / contentsFlow.widthOf('.', 11))));
    contentsFlow.paragraph(`${title} ${dots} ${number}`, { size: 11, after: 5 });
  }
  const target = pages[contentsPage - 1]!;
  target.ops.push(...contentsFlow.pages[0]!.ops);
  target.lines.unshift(...contentsFlow.pages[0]!.lines);

  return {
    pages,
    index: index.map((entry) => ({ name: entry.name, pages: [...entry.pages].sort((a, b) => a - b) })),
  };
}

/** The book as a PDF titled `title` (the catalogue's English title). */
export async function genealogyBookPdf(title: string): Promise<Buffer> {
  const { pages } = await genealogyBookLayout();
  return renderPdf(pages, SIZE, {
    title,
    subject: DEMO_NOTICE,
    author: DEMO_AUTHOR,
    creator: 'Astrid Nordby (fictional), 1986',
    keywords: ['genealogy', 'Haugen', 'Sæther', 'Vågå', 'Leikanger', 'Rolette'],
    language: 'en-US',
    date: FIXED_DATE,
  });
}
