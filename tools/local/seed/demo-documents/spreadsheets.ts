/**
 * The demo 1976 lists, as the organisers typed them into spreadsheets: the attendees of the reunion (compiled from
 * the registration sheets: name, home town, state or country, family branch) and the time capsule's letters (who
 * put what in, for whom). Both name living people, which is why the catalogue has them approval-only. The people
 * are the demo family's (family.ts): everyone named on the demo group photo's key came, and is on the list.
 */
import { DEMO_FICTION, DEMO_NOTICE, hashOf, seededRandom } from './common.ts';
import {
  FOUNDERS,
  NORWEGIAN_KIN,
  REUNION_1976,
  RELATED_FAMILIES,
  STATES,
  aliveAtReunion,
  everyoneIn,
  homeIn1976,
  usedName,
  type Person,
  type Union,
} from './family.ts';
import { xlsxPackage, type Cell } from './xlsx.ts';

export interface Attendee {
  name: string;
  town: string;
  state: string;
  branch: string;
  note: string;
  person: Person;
}

/** The name a person went by on the day of the reunion (a married woman's married name). */
export function nameIn1976(
  person: Person,
  marriages: ReadonlyMap<Person, { partner: Person; union: Union }>,
): string {
  const before1976 = (union: Union) => !union.married || union.married.date <= REUNION_1976;
  const own = person.unions.find(before1976);
  const theirs = marriages.get(person);
  const husband = own?.spouse ?? (theirs && before1976(theirs.union) ? theirs.partner : undefined);
  return usedName(person, husband);
}

function placeOf(home: string | undefined): { town: string; state: string } {
  if (!home) return { town: '', state: '' };
  const parts = home.split(', ');
  const state = parts.pop()!;
  return { town: parts.join(', '), state: STATES[state] ?? state };
}

/** Whether a made-up relative came: most of those living near, fewer of those far away (the same every run). */
function came(person: Person): boolean {
  const near = /N\.D\.$/.test(person.home ?? '') ? 0.62 : /Minn\.$/.test(person.home ?? '') ? 0.45 : 0.22;
  return seededRandom(hashOf(`came:${person.id}`))() < near;
}

let attendeesList: Attendee[] | undefined;

/**
 * The attendees of the 1976 reunion, branch by branch: every relative written out in the family data who was
 * alive (the people of the story, the group photo's among them), most of the made-up ones living near, and the
 * relatives from Norway who came.
 */
export function attendees1976(): Attendee[] {
  if (attendeesList) return attendeesList;
  const list: Attendee[] = [];
  const seen = new Set<Person>();
  const marriages = new Map<Person, { partner: Person; union: Union }>();
  const add = (person: Person, branch: string) => {
    if (seen.has(person) || !aliveAtReunion(person)) return;
    if (person.generated && !came(person)) return;
    seen.add(person);
    list.push({
      name: nameIn1976(person, marriages),
      ...placeOf(homeIn1976(person)),
      branch,
      note: person.note1976 ?? '',
      person,
    });
  };
  /** A branch: the descendant and spouse, then their children's families, in the order of the family. */
  const walk = (person: Person, branch: string) => {
    add(person, branch);
    for (const union of person.unions) {
      marriages.set(union.spouse, { partner: person, union });
      add(union.spouse, branch);
      for (const child of union.children) walk(child, branch);
    }
  };
  for (const founder of FOUNDERS) {
    const family = founder.name.split(' ').pop()!;
    for (const union of founder.unions) {
      for (const child of union.children) {
        const line = child.unions[0] ? usedName(child, child.unions[0].spouse) : child.name;
        walk(child, `${family}: ${line}`);
      }
    }
  }
  for (const family of RELATED_FAMILIES)
    walk(family.founder, family.title.replace(/^The (\S+) family of (.+)$/, '$1 ($2)'));
  for (const { person, came1976 } of NORWEGIAN_KIN) {
    if (came1976) add(person, `Norway: ${placeOf(person.home).town}`);
  }
  attendeesList = list;
  return list;
}

/** The XLSX of the attendees list, titled `title` (the catalogue's English title). */
export function attendeesListXlsx(title: string): Promise<Buffer> {
  const rows: Cell[][] = [
    [title],
    [
      'Haugen and Sæther family reunion, Rolette, North Dakota, 3–4 July 1976. Compiled from the registration sheets by Astrid Nordby.',
    ],
    [`${DEMO_NOTICE}. ${DEMO_FICTION}`],
    [],
    ['No.', 'Name', 'Home town', 'State or country', 'Family branch', 'Note'],
    ...attendees1976().map((attendee, i) => [
      i + 1,
      attendee.name,
      attendee.town,
      attendee.state,
      attendee.branch,
      attendee.note,
    ]),
  ];
  return xlsxPackage(title, [
    { name: 'Attendees 1976', rows, widths: [6, 26, 20, 18, 30, 44], boldRows: [0, 4], freezeRows: 5 },
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// The time capsule
// ---------------------------------------------------------------------------------------------------------------

export interface CapsuleLetter {
  donor: string;
  donorHome: string;
  item: string;
  recipient: string;
  relation: string;
}

/** The letters written out: the people of the story and what they put in. */
const WRITTEN: readonly CapsuleLetter[] = [
  {
    donor: 'Ole Haugen',
    donorHome: 'Rolette, North Dakota',
    item: 'Letter in Norwegian, with a photograph of the Haugen farm in Vågå taken in 1893',
    recipient: 'The eldest of the family at the reunion of 2026',
    relation: '',
  },
  {
    donor: 'Astrid Nordby',
    donorHome: 'Rolette, North Dakota',
    item: 'The registration sheets of the reunion, and a letter',
    recipient: 'The organisers of the reunion of 2026',
    relation: '',
  },
  {
    donor: 'Arne Ødegaard',
    donorHome: 'Rolette, North Dakota',
    item: 'The order of service of 4 July 1976, and a letter',
    recipient: 'The pastor of the Rolette Lutheran church in 2026',
    relation: '',
  },
  {
    donor: 'Ingrid Bakken',
    donorHome: 'Rolette, North Dakota',
    item: 'Letter, and her mother’s recipe for flatbrød',
    recipient: 'Todd Bakken',
    relation: 'great-grandson',
  },
  {
    donor: 'Øystein Lie',
    donorHome: 'Bergen, Norway',
    item: 'Letter from the relatives in Norway, with a map of Vågå and Leikanger',
    recipient: 'The relatives in America in 2026',
    relation: '',
  },
  {
    donor: 'Gudrun Lie',
    donorHome: 'Rolette, North Dakota',
    item: 'Letter, and a copy of the family page of the Sæther family Bible',
    recipient: 'Mark Lie',
    relation: 'grandson',
  },
  {
    donor: 'Karen Thorsen',
    donorHome: 'Grand Forks, North Dakota',
    item: 'Her translations of the letters of Knut Sæther, 1886–1912',
    recipient: 'Whoever keeps the family papers in 2026',
    relation: '',
  },
  {
    donor: 'Kristin Haugen',
    donorHome: 'Grand Forks, North Dakota',
    item: 'A drawing of the reunion, signed with help',
    recipient: 'Kristin Haugen',
    relation: 'herself, at fifty-six',
  },
  {
    donor: 'Bjørn Tveit',
    donorHome: 'Leikanger, Norway',
    item: 'Letter in Norwegian, and a pressed flower from the Tveit farm',
    recipient: 'The grandchildren of Eldrid Aasen',
    relation: 'great-grandchildren',
  },
  {
    donor: 'Thérèse Moen',
    donorHome: 'Rolette, North Dakota',
    item: 'Letter in English and French, and her wedding photograph of 1931',
    recipient: 'Renée Moen',
    relation: 'granddaughter',
  },
  {
    donor: 'Knut Aasen',
    donorHome: 'Rolette, North Dakota',
    item: 'Photograph of the threshing crew of 1912, with the names on the back',
    recipient: 'The grandchildren of Peter Aasen',
    relation: 'great-grandchildren',
  },
  {
    donor: 'Lloyd Bakken',
    donorHome: 'Rolette, North Dakota',
    item: 'A Bicentennial half dollar, and a letter',
    recipient: 'Todd Bakken',
    relation: 'grandson',
  },
  {
    donor: 'Olga Strand',
    donorHome: 'Rolla, North Dakota',
    item: 'Letter about the move from Fergus Falls in 1898',
    recipient: 'Brian Strand',
    relation: 'great-grandson',
  },
  {
    donor: 'Sigurd Nordby',
    donorHome: 'Rolette, North Dakota',
    item: 'Letter about the Nordby farm, with the deed of 1902 copied by hand',
    recipient: 'Jodi Nordby',
    relation: 'great-granddaughter',
  },
  {
    donor: 'Marlys Haugen',
    donorHome: 'Rolette, North Dakota',
    item: 'A print of the group photograph with the names written on the back',
    recipient: 'Kristin Haugen',
    relation: 'granddaughter',
  },
  {
    donor: 'Dale Haugen',
    donorHome: 'Grand Forks, North Dakota',
    item: 'Letter, and the Grand Forks Herald of 4 July 1976',
    recipient: 'Kristin Haugen',
    relation: 'daughter',
  },
  {
    donor: 'Ragnhild Sæther',
    donorHome: 'Rolette, North Dakota',
    item: 'Letter, and a lock of her mother’s hair in a locket',
    recipient: 'Erik Sæther',
    relation: 'great-grandson',
  },
  {
    donor: 'Kåre Myhre',
    donorHome: 'Vågå, Norway',
    item: 'Letter in Norwegian, and a photograph of the Myhre seter',
    recipient: 'The descendants of Marta Haugen',
    relation: 'cousins',
  },
  {
    donor: 'Terje Fjeld',
    donorHome: 'Leikanger, Norway',
    item: 'Letter, and a photograph of the Sæther farm in 1976',
    recipient: 'The descendants of Knut Sæther',
    relation: 'cousins',
  },
  {
    donor: 'Solveig Lie',
    donorHome: 'Bergen, Norway',
    item: 'A drawing of a Viking ship',
    recipient: 'Solveig Lie',
    relation: 'herself, at fifty-four',
  },
];

const ITEMS = [
  'Letter',
  'Letter',
  'Letter',
  'Letter, and a photograph of the family',
  'Letter, and a photograph of the farm',
  'Letter, and a newspaper clipping of the family',
  'Letter, and a school photograph',
  'Letter, and a confirmation photograph',
  'Letter, and a recipe for lefse',
  'Letter, and a 1976 postage stamp',
  'Letter, and a Bicentennial quarter',
];

const RELATION: Record<string, [male: string, female: string]> = {
  1: ['son', 'daughter'],
  2: ['grandson', 'granddaughter'],
  3: ['great-grandson', 'great-granddaughter'],
};

/** The letters of the 1976 time capsule: the ones written out, and more from the other families who came. */
export function capsuleLetters(): CapsuleLetter[] {
  const letters = [...WRITTEN];
  const donors = new Set(WRITTEN.map((letter) => letter.donor));
  const present = new Map(attendees1976().map((attendee) => [attendee.person, attendee]));
  const random = seededRandom(hashOf('time capsule 1976'));
  const people = FOUNDERS.flatMap(everyoneIn);
  for (const person of people) {
    const attendee = present.get(person);
    if (!attendee || donors.has(attendee.name) || person.born!.date > '1935') continue;
    // The youngest child, grandchild or great-grandchild who came.
    let recipient: { person: Person; depth: number } | undefined;
    const search = (of: Person, depth: number) => {
      for (const union of of.unions) {
        for (const child of union.children) {
          if (present.has(child) && (!recipient || child.born!.date > recipient.person.born!.date))
            recipient = { person: child, depth };
          if (depth < 3) search(child, depth + 1);
        }
      }
    };
    search(person, 1);
    if (!recipient || random() < 0.35) continue;
    donors.add(attendee.name);
    letters.push({
      donor: attendee.name,
      donorHome: [attendee.town, attendee.state].filter(Boolean).join(', '),
      item: ITEMS[Math.floor(random() * ITEMS.length)]!,
      recipient: present.get(recipient.person)!.name,
      relation: RELATION[recipient.depth]![recipient.person.sex === 'm' ? 0 : 1],
    });
  }
  return letters;
}

/** The XLSX of the time capsule list, titled `title` (the catalogue's English title). */
export function timeCapsuleListXlsx(title: string): Promise<Buffer> {
  const rows: Cell[][] = [
    [title],
    [
      'Letters and keepsakes sealed into the pioneer monument, Rolette cemetery, 4 July 1976, to be opened at the reunion of July 2026.',
    ],
    [`${DEMO_NOTICE}. ${DEMO_FICTION}`],
    [],
    ['No.', 'From', 'From (home)', 'What they put in', 'For', 'Who that is to the giver'],
    ...capsuleLetters().map((letter, i) => [
      i + 1,
      letter.donor,
      letter.donorHome,
      letter.item,
      letter.recipient,
      letter.relation,
    ]),
  ];
  return xlsxPackage(title, [
    { name: 'Time capsule 1976', rows, widths: [6, 24, 26, 60, 40, 24], boldRows: [0, 4], freezeRows: 5 },
  ]);
}
