/**
 * The demo family: the two Norwegian immigrant families of the reunion (Halvor Olsen Haugen of Vågå, Knut
 * Johannessen Sæther of Leikanger), their descendants as the 1986 genealogy book knows them, the related families
 * and the kin in Norway. Every named person of the demo group photo's key (../group-photo/people.ts) is one of
 * them, so that the book, the 1976 attendees list, the time capsule list and the interviews speak of the same people.
 *
 * All of it is made up. The people written out here carry the story; the generator fills in their brothers,
 * sisters, cousins and children (seeded, so the same every run) so that the book and the lists have the size of a
 * real family's. Dates run to the book's year, 1986: nobody in here dies or is born later.
 */
import { hashOf, seededRandom } from './common.ts';

export type Sex = 'm' | 'f';

/** A date ('1884', '1884-03' or '1884-03-14', '~1870' for about) and a place. */
export interface LifeEvent {
  date: string;
  place?: string;
}

export interface Person {
  /** Unique: the name and the year of birth, e.g. 'ole-haugen-1884'. */
  id: string;
  /** The name as the person used it (in America, the American spelling). */
  name: string;
  sex: Sex;
  /** The name in the Norwegian church book, when it differs (a patronymic, an older spelling). */
  christened?: string;
  born?: LifeEvent;
  died?: LifeEvent;
  /** Where the person lived in July 1976 (town, state abbreviation or country), if alive then. */
  home?: string;
  /** A few sentences the book prints about the person. */
  note?: string;
  /** What the 1976 attendees list notes beside the name (only for those who came). */
  note1976?: string;
  unions: Union[];
  /** Made up by the generator, not written out here. */
  generated?: boolean;
}

export interface Union {
  spouse: Person;
  married?: LifeEvent;
  children: Person[];
}

/**
 * The spellings Norwegian names took in America, each pair in the demo documents side by side (Norwegian first):
 * for a search that should find one by the other.
 */
export const SPELLING_VARIANTS: readonly (readonly [norwegian: string, american: string])[] = [
  ['Olsen', 'Olson'],
  ['Halvorsen', 'Halverson'],
  ['Johannessen', 'Johnson'],
  ['Knudsen', 'Knutson'],
  ['Sæther', 'Sather'],
  ['Øverby', 'Overby'],
];

/** The book's year: nothing in the data happens later. */
export const BOOK_YEAR = 1986;
/** The 1976 reunion (the attendees list is of the people alive and born by then). */
export const REUNION_1976 = '1976-07-03';

// ---------------------------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------------------------

const ND = 'N.D.';
const MN = 'Minn.';
export const ROLETTE = `Rolette, ${ND}`;
const ROLLA = `Rolla, ${ND}`;
const DUNSEITH = `Dunseith, ${ND}`;
const BOTTINEAU = `Bottineau, ${ND}`;
const ST_JOHN = `St. John, ${ND}`;
const BELCOURT = `Belcourt, ${ND}`;
const WILLOW_CITY = `Willow City, ${ND}`;
const WOLFORD = `Wolford, ${ND}`;
const RUGBY = `Rugby, ${ND}`;
const MINOT = `Minot, ${ND}`;
const DEVILS_LAKE = `Devils Lake, ${ND}`;
const GRAND_FORKS = `Grand Forks, ${ND}`;
const ROLETTE_COUNTY = `Rolette County, ${ND}`;
const FERGUS_FALLS = `Fergus Falls, ${MN}`;
const HALSTAD = `Halstad, ${MN}`;
const CROOKSTON = `Crookston, ${MN}`;
const NORWAY = 'Norway';
const VAAGAA = `Vågå, ${NORWAY}`;
const LEIKANGER = `Leikanger, ${NORWAY}`;
const farm = (name: string, parish: string) => `${name}, ${parish}`;

/** Long names of the state abbreviations the book uses, for the attendees list. */
export const STATES: Record<string, string> = {
  'N.D.': 'North Dakota',
  'Minn.': 'Minnesota',
  'Mont.': 'Montana',
  'Wash.': 'Washington',
  'Ore.': 'Oregon',
  'Calif.': 'California',
  'Wis.': 'Wisconsin',
  'Ill.': 'Illinois',
  'S.D.': 'South Dakota',
  'Colo.': 'Colorado',
  'Ariz.': 'Arizona',
  Iowa: 'Iowa',
  'Man.': 'Manitoba, Canada',
  Norway: 'Norway',
};

// ---------------------------------------------------------------------------------------------------------------
// Building the people
// ---------------------------------------------------------------------------------------------------------------

interface More {
  christened?: string;
  home?: string;
  note?: string;
  note1976?: string;
  u?: Union[];
}

const ids = new Map<string, number>();
/** Full names given so far (and the married names they make): the generator gives no two people the same. */
const takenNames = new Set<string>();
function idOf(name: string, born?: LifeEvent): string {
  const slug = `${name}-${born?.date.replace(/^~/, '').slice(0, 4) ?? 'x'}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const seen = ids.get(slug) ?? 0;
  ids.set(slug, seen + 1);
  return seen ? `${slug}-${seen + 1}` : slug;
}

/** 'DATE PLACE' → the event ('1884-03-14 Haugen, Vågå, Norway'). */
function event(text: string | undefined): LifeEvent | undefined {
  if (!text) return undefined;
  const space = text.indexOf(' ');
  return space < 0 ? { date: text } : { date: text.slice(0, space), place: text.slice(space + 1) };
}

function p(name: string, sex: Sex, born?: string, died?: string, more: More = {}): Person {
  const b = event(born);
  takenNames.add(name);
  return {
    id: idOf(name, b),
    name,
    sex,
    ...(more.christened && { christened: more.christened }),
    ...(b && { born: b }),
    ...(died && { died: event(died)! }),
    ...(more.home && { home: more.home }),
    ...(more.note && { note: more.note }),
    ...(more.note1976 && { note1976: more.note1976 }),
    unions: more.u ?? [],
  };
}

/** A marriage: the spouse, 'DATE PLACE' of the wedding, the children written out and how many more to make up. */
function u(spouse: Person, married: string | undefined, children: Person[] = [], extra = 0): Union {
  const union: Union = { spouse, ...(married && { married: event(married)! }), children };
  if (extra) pendingExtras.push({ union, extra });
  return union;
}
const pendingExtras: { union: Union; extra: number }[] = [];

// ---------------------------------------------------------------------------------------------------------------
// People of both families (a child in one tree, a spouse in the other)
// ---------------------------------------------------------------------------------------------------------------

const janiceOlson = p('Janice Olson', 'f', `1948-01-29 ${FERGUS_FALLS}`, undefined, {
  home: ROLETTE,
  note:
    'Janice is a great-granddaughter of Knute Olson of Fergus Falls, the brother of Halvor Olsen Haugen, so she ' +
    'and Gary are third cousins; they met at Concordia College in Moorhead without knowing it.',
});

const paulNordby = p('Paul Nordby', 'm', `1921-03-15 ${ROLETTE}`, undefined, {
  home: ROLETTE,
  note: 'Paul farmed the Nordby homestead north of Rolette after his father.',
});

const kariSkaar = p('Kari Skaar', 'f', `1951-08-05 ${ROLLA}`, undefined, { home: ROLETTE });

// ---------------------------------------------------------------------------------------------------------------
// The Haugen family of Vågå
// ---------------------------------------------------------------------------------------------------------------

const holm = p('Marit Haugen', 'f', `1876-10-05 ${farm('Haugen', VAAGAA)}`, `1950-04-11 ${FERGUS_FALLS}`, {
  christened: 'Marit Halvorsdatter',
  note:
    'Marit was sixteen when the family left Vågå and the only one of the children who remembered the old ' +
    'country well. She stayed in Otter Tail County when her parents went on to Dakota in 1898.',
  u: [
    u(
      p('Nils Holm', 'm', `1870-01-19 ${farm('Holm', VAAGAA)}`, `1938-09-02 ${FERGUS_FALLS}`, {
        christened: 'Nils Knutsen Holm',
        note: 'Nils came to Fergus Falls in 1889 and farmed in Aurdal Township, Otter Tail County.',
      }),
      `1895-06-20 ${FERGUS_FALLS}`,
      [
        p('Halvor Holm', 'm', `1897-03-08 ${FERGUS_FALLS}`, `1969-10-17 ${FERGUS_FALLS}`, {
          u: [
            u(
              p('Clara Evenson', 'f', `1899-12-01 ${FERGUS_FALLS}`, `1980-03-22 ${FERGUS_FALLS}`),
              `1921-06-15 ${FERGUS_FALLS}`,
              [
                p('Borghild Holm', 'f', `1923-02-17 ${FERGUS_FALLS}`, undefined, {
                  home: FERGUS_FALLS,
                  note:
                    'Borghild trained as a nurse at St. Luke’s Hospital in Fergus Falls and worked there ' +
                    'for thirty-eight years. She never married.',
                  note1976: 'Brought the Holm family Bible',
                }),
              ],
              2,
            ),
          ],
        }),
      ],
      2,
    ),
  ],
});

const halverson = p(
  'Halvor Halverson',
  'm',
  `1878-01-22 ${farm('Haugen', VAAGAA)}`,
  `1944-08-03 ${FERGUS_FALLS}`,
  {
    christened: 'Halvor Halvorsen',
    note:
      'Called Henry in Minnesota. Like many sons of the old country he kept his father’s name, Halvorsen, as his ' +
      'surname, and the clerk at the Otter Tail County courthouse wrote it Halverson; so did Halvor ever after. ' +
      'He farmed near Fergus Falls and stayed there when the rest of the family went to Dakota.',
    u: [
      u(
        p('Anna Evenson', 'f', `1881-05-14 ${FERGUS_FALLS}`, `1960-01-09 ${FERGUS_FALLS}`),
        `1903-11-11 ${FERGUS_FALLS}`,
        [
          p('Clarence Halverson', 'm', `1905-02-27 ${FERGUS_FALLS}`, `1972-06-30 ${FERGUS_FALLS}`, {
            u: [
              u(p('Hazel Lindquist', 'f', `1909-08-08 ${FERGUS_FALLS}`), `1930-10-04 ${FERGUS_FALLS}`, [], 2),
            ],
          }),
        ],
        2,
      ),
    ],
  },
);

const knutHaugenDied = p(
  'Knut Haugen',
  'm',
  `1880-05-30 ${farm('Haugen', VAAGAA)}`,
  `1881-02-14 ${farm('Haugen', VAAGAA)}`,
  {
    christened: 'Knut Halvorsen',
  },
);

const knuteHaugen = p('Knute Haugen', 'm', `1882-04-04 ${farm('Haugen', VAAGAA)}`, `1950-12-01 ${MINOT}`, {
  christened: 'Knut Halvorsen',
  note:
    'Named for the brother who died the year before. Knute kept a livery barn in Minot from 1906 and, when the ' +
    'horses went out of use, a garage on the same lot.',
  u: [u(p('Hilda Rude', 'f', `1887-09-30 ${MINOT}`, `1966-04-04 ${MINOT}`), `1909-10-15 ${MINOT}`, [], 2)],
});

const astridNordby = p('Astrid Haugen', 'f', `1924-10-08 ${ROLETTE}`, undefined, {
  home: ROLETTE,
  note:
    'Astrid Nordby taught school in Rolette County for thirty years. She organised the reunion of 1976 and ' +
    'compiled this book.',
  note1976: 'Organised the reunion',
  u: [
    u(
      paulNordby,
      `1946-06-22 ${ROLETTE}`,
      [
        p('Gary Nordby', 'm', `1947-04-02 ${ROLETTE}`, undefined, {
          home: ROLETTE,
          u: [
            u(
              janiceOlson,
              `1968-07-13 ${FERGUS_FALLS}`,
              [p('Jodi Nordby', 'f', `1969-06-30 ${ROLETTE}`, undefined, { home: ROLETTE })],
              1,
            ),
          ],
        }),
      ],
      1,
    ),
  ],
});

const oleHaugen = p('Ole Haugen', 'm', `1884-03-14 ${farm('Haugen', VAAGAA)}`, `1979-02-02 ${ROLETTE}`, {
  christened: 'Ole Halvorsen',
  home: ROLETTE,
  note:
    'Ole was nine when the family emigrated and fourteen when they drove their wagons from Fergus Falls to ' +
    'Rolette County. He took a homestead of his own in 1905, the year the town of Rolette was founded, and ' +
    'farmed it until 1951. He told his memories in Norwegian in 1974, and they are kept with this book. At the ' +
    'reunion of 1976 he was the eldest present, ninety-two years old.',
  note1976: 'Eldest present, 92 years old',
  u: [
    u(
      p('Marta Myhre', 'f', `1889-05-02 ${farm('Myhre', VAAGAA)}`, `1968-11-20 ${ROLETTE}`, {
        note:
          'Marta came from Vågå in 1907 to work for her aunt in Rolla and married Ole four years later. She ' +
          'led the Ladies Aid of the Rolette church for twenty years.',
      }),
      `1911-06-14 Rolette Lutheran Church, ${ROLETTE}`,
      [
        p('Halvor Haugen', 'm', `1912-04-20 ${ROLETTE}`, undefined, {
          home: ROLETTE,
          note: 'Called Hal. He took over his father’s farm in 1951.',
          u: [
            u(
              p('Marlys Thompson', 'f', `1919-09-12 ${ROLLA}`, undefined, { home: ROLETTE }),
              `1941-06-07 ${ROLETTE}`,
              [
                p('Dale Haugen', 'm', `1946-03-03 ${ROLETTE}`, undefined, {
                  home: GRAND_FORKS,
                  note: 'Dale teaches history at a high school in Grand Forks.',
                  u: [
                    u(
                      p('Susan Erickson', 'f', `1948-10-21 ${GRAND_FORKS}`, undefined, { home: GRAND_FORKS }),
                      `1969-08-16 ${GRAND_FORKS}`,
                      [
                        p('Kristin Haugen', 'f', `1970-05-21 ${GRAND_FORKS}`, undefined, {
                          home: GRAND_FORKS,
                        }),
                      ],
                      1,
                    ),
                  ],
                }),
              ],
              1,
            ),
          ],
        }),
        p('Kari Haugen', 'f', `1914-02-11 ${ROLETTE}`, undefined, {
          home: ROLLA,
          u: [
            u(
              p('Alvin Lund', 'm', `1910-07-22 ${ROLLA}`, `1975-03-15 ${ROLLA}`),
              `1936-10-03 ${ROLETTE}`,
              [
                p('Robert Lund', 'm', `1937-08-14 ${ROLLA}`, undefined, {
                  home: ROLLA,
                  u: [
                    u(
                      p('Doris Berg', 'f', `1938-07-19 ${BOTTINEAU}`, undefined, { home: ROLLA }),
                      `1957-12-28 ${ROLLA}`,
                      [p('Ivar Lund', 'm', `1958-12-02 ${ROLLA}`, undefined, { home: ROLLA })],
                      1,
                    ),
                  ],
                }),
              ],
              1,
            ),
          ],
        }),
        p('Peter Haugen', 'm', `1917-08-30 ${ROLETTE}`, '1944-07-18 Normandy, France', {
          note:
            'Named for his uncle Peder, who died in the influenza of 1918 the year after. Peter was killed ' +
            'in action in Normandy and is buried in the American cemetery at Colleville-sur-Mer.',
        }),
        p('Ingeborg Haugen', 'f', `1920-01-25 ${ROLETTE}`, undefined, {
          home: DUNSEITH,
          u: [
            u(
              p('Gunnar Hovde', 'm', `1916-06-06 ${DUNSEITH}`, undefined, {
                home: DUNSEITH,
                note: 'Gunnar ran the elevator at Dunseith for many years.',
              }),
              `1940-11-23 ${ROLETTE}`,
              [p('Magnus Hovde', 'm', `1948-09-14 ${DUNSEITH}`, undefined, { home: DUNSEITH })],
              2,
            ),
          ],
        }),
        astridNordby,
      ],
    ),
  ],
});

const guriHaugen = p('Guri Haugen', 'f', `1886-09-09 ${farm('Haugen', VAAGAA)}`, `1960-05-05 ${ROLETTE}`, {
  christened: 'Guri Halvorsdatter',
  u: [
    u(
      p('Ole Moen', 'm', `1880-02-10 ${farm('Moen', VAAGAA)}`, `1952-08-08 ${ROLETTE}`, {
        christened: 'Ole Pedersen Moen',
      }),
      `1908-06-24 ${ROLETTE}`,
      [
        p('Peder Moen', 'm', `1909-03-30 ${ROLETTE}`, `1970-02-14 ${ROLETTE}`, {
          u: [
            u(
              p('Thérèse Gagnon', 'f', `1910-11-02 ${ST_JOHN}`, undefined, {
                home: ROLETTE,
                note:
                  'Thérèse Moen is a daughter of Joseph Gagnon, who came from Quebec to St. John in 1882; ' +
                  'she learned her Norwegian from her mother-in-law.',
              }),
              `1931-05-16 ${ST_JOHN}`,
              [
                p('Per Moen', 'm', `1934-08-08 ${ROLETTE}`, undefined, {
                  home: ROLLA,
                  u: [
                    u(
                      p('Carol Peterson', 'f', `1940-04-30 ${ROLLA}`, undefined, { home: ROLLA }),
                      `1961-09-02 ${ROLLA}`,
                      [p('Renée Moen', 'f', `1968-10-12 ${ROLLA}`, undefined, { home: ROLLA })],
                      1,
                    ),
                  ],
                }),
                p('Jeanne Moen', 'f', `1936-05-05 ${ROLETTE}`, undefined, {
                  home: BELCOURT,
                  u: [
                    u(
                      p('André Lafontaine', 'm', `1930-02-20 ${ST_JOHN}`, undefined, {
                        home: BELCOURT,
                        note: 'André Lafontaine kept the hardware store in Belcourt.',
                      }),
                      `1955-06-18 ${BELCOURT}`,
                      [p('Hélène Lafontaine', 'f', `1956-07-01 ${ROLLA}`, undefined, { home: BELCOURT })],
                      1,
                    ),
                  ],
                }),
              ],
              1,
            ),
          ],
        }),
      ],
      2,
    ),
  ],
});

const kariDahl = p('Kari Haugen', 'f', `1888-01-15 ${farm('Haugen', VAAGAA)}`, `1965-09-19 ${ROLETTE}`, {
  christened: 'Kari Halvorsdatter',
  u: [
    u(
      p('Hans Dahl', 'm', `1879-11-11 ${farm('Dahl', `Lom, ${NORWAY}`)}`, `1958-01-04 ${ROLETTE}`, {
        christened: 'Hans Olsen Dahl',
      }),
      `1908-11-20 ${ROLETTE}`,
      [
        p('Herman Dahl', 'm', `1909-09-09 ${ROLETTE}`, `1971-04-12 ${ROLETTE}`, {
          u: [
            u(
              p('Clara Rude', 'f', `1911-03-03 ${WILLOW_CITY}`, undefined, { home: ROLETTE }),
              `1931-06-06 ${ROLETTE}`,
              [
                p('Orville Dahl', 'm', `1932-05-27 ${ROLETTE}`, undefined, {
                  home: ROLETTE,
                  u: [
                    u(
                      p('Bonnie Iverson', 'f', `1935-11-30 ${RUGBY}`, undefined, { home: ROLETTE }),
                      `1955-06-25 ${ROLETTE}`,
                      [p('Tammy Dahl', 'f', `1966-04-04 ${ROLETTE}`, undefined, { home: ROLETTE })],
                      1,
                    ),
                  ],
                }),
                p('Esther Dahl', 'f', `1933-10-10 ${ROLETTE}`, undefined, {
                  home: WOLFORD,
                  u: [
                    u(
                      p('Halvor Kvamme', 'm', `1929-12-12 ${WOLFORD}`, undefined, { home: WOLFORD }),
                      `1951-10-27 ${ROLETTE}`,
                      [p('Randi Kvamme', 'f', `1955-03-19 ${WOLFORD}`, undefined, { home: WOLFORD })],
                      1,
                    ),
                  ],
                }),
              ],
              1,
            ),
          ],
        }),
      ],
      2,
    ),
  ],
});

const ingridBakken = p(
  'Ingrid Haugen',
  'f',
  `1891-07-07 ${farm('Haugen', VAAGAA)}`,
  `1984-01-09 ${ROLETTE}`,
  {
    christened: 'Ingrid Halvorsdatter',
    home: ROLETTE,
    note:
      'Ingrid Bakken was two when the family left Norway. She told her memories to her granddaughter-in-law ' +
      'for the county’s oral history project in 1982, when she was ninety-one.',
    u: [
      u(
        p('Lars Bakken', 'm', `1885-02-02 ${farm('Bakken', `Lom, ${NORWAY}`)}`, `1958-03-03 ${ROLETTE}`, {
          christened: 'Lars Pedersen Bakken',
          note: 'Lars came in 1903 and worked on the grading crews of the Soo Line before he took land near Rolette.',
        }),
        `1912-06-19 ${ROLETTE}`,
        [
          p('Marit Bakken', 'f', `1919-04-14 ${ROLETTE}`, undefined, {
            home: ROLETTE,
            u: [
              u(
                p('Elmer Solberg', 'm', `1915-01-30 ${ROLETTE}`, undefined, { home: ROLETTE }),
                `1940-06-01 ${ROLETTE}`,
                [p('Dennis Solberg', 'm', `1947-11-11 ${ROLETTE}`, undefined, { home: MINOT })],
                1,
              ),
            ],
          }),
          p('Lloyd Bakken', 'm', `1922-10-30 ${ROLETTE}`, undefined, {
            home: ROLETTE,
            u: [
              u(
                p('Evelyn Anderson', 'f', `1925-02-18 ${ROLLA}`, undefined, { home: ROLETTE }),
                `1947-06-14 ${ROLETTE}`,
                [
                  p('Richard Bakken', 'm', `1949-02-21 ${ROLETTE}`, undefined, {
                    home: ROLETTE,
                    u: [
                      u(
                        kariSkaar,
                        `1971-06-12 ${ROLETTE}`,
                        [p('Todd Bakken', 'm', `1972-09-09 ${ROLETTE}`, undefined, { home: ROLETTE })],
                        1,
                      ),
                    ],
                  }),
                ],
                1,
              ),
            ],
          }),
          p('Margaret Bakken', 'f', `1927-03-05 ${ROLETTE}`, undefined, {
            home: ROLETTE,
            u: [
              u(
                p('Arne Ødegaard', 'm', `1926-05-17 Stavanger, ${NORWAY}`, undefined, {
                  home: ROLETTE,
                  note:
                    'Arne Ødegaard came from Stavanger in 1949 to study at Luther Theological Seminary in ' +
                    'St. Paul and has been pastor of the Rolette Lutheran church since 1969.',
                  note1976: 'Pastor of the Rolette Lutheran church; led the service',
                }),
                `1954-08-21 ${ROLETTE}`,
                [p('Nils Ødegaard', 'm', `1956-09-26 ${CROOKSTON}`, undefined, { home: ROLETTE })],
                1,
              ),
            ],
          }),
        ],
        1,
      ),
    ],
  },
);

const olgaStrand = p('Olga Haugen', 'f', `1896-03-01 ${FERGUS_FALLS}`, undefined, {
  home: ROLLA,
  note: 'The first of the children born in America. Olga Strand lives at the Good Samaritan home in Rolla.',
  u: [
    u(
      p('Edvin Strand', 'm', `1890-05-19 ${ROLETTE_COUNTY}`, `1960-11-24 ${ROLLA}`),
      `1917-10-10 ${ROLETTE}`,
      [
        p('Arthur Strand', 'm', `1919-07-04 ${ROLETTE}`, undefined, {
          home: DEVILS_LAKE,
          u: [
            u(
              p('Helen Nelson', 'f', `1921-12-12 ${DEVILS_LAKE}`, undefined, { home: DEVILS_LAKE }),
              `1942-05-09 ${DEVILS_LAKE}`,
              [
                p('Wayne Strand', 'm', `1944-02-17 ${ROLETTE}`, undefined, {
                  home: DEVILS_LAKE,
                  u: [
                    u(
                      p('Patricia Hanson', 'f', `1946-06-06 ${DEVILS_LAKE}`, undefined, {
                        home: DEVILS_LAKE,
                      }),
                      `1967-05-27 ${DEVILS_LAKE}`,
                      [p('Brian Strand', 'm', `1970-12-24 ${DEVILS_LAKE}`, undefined, { home: DEVILS_LAKE })],
                      1,
                    ),
                  ],
                }),
              ],
              1,
            ),
          ],
        }),
        p('Mildred Strand', 'f', `1922-08-08 ${ROLETTE}`, undefined, {
          home: BOTTINEAU,
          u: [
            u(
              p('Jon Løkken', 'm', `1921-01-08 ${BOTTINEAU}`, undefined, { home: BOTTINEAU }),
              `1946-09-21 ${ROLETTE}`,
              [],
              2,
            ),
          ],
        }),
      ],
      1,
    ),
  ],
});

const pederHaugen = p('Peder Haugen', 'm', `1899-05-25 ${ROLETTE_COUNTY}`, `1918-10-28 ${ROLETTE}`, {
  note: 'The first child born on the homestead. He died in the influenza of 1918, nineteen years old.',
});

export const HALVOR_HAUGEN = p(
  'Halvor Olsen Haugen',
  'm',
  `1850-03-12 ${farm('Haugen', VAAGAA)}`,
  `1927-02-09 ${ROLETTE}`,
  {
    note:
      'Halvor was the third son of Ole Halvorsen Haugen (1818–1889) and Marit Knutsdatter, and the farm went to ' +
      'his eldest brother, Ole. He worked as a husmann and a carpenter until 1893, when he sold what he had and took his ' +
      'wife and seven children to America, to his brother Knut Olsen, who had been farming near Fergus Falls, ' +
      'Minnesota, since 1879 and wrote his name Knute Olson. In the spring of 1898 Halvor drove two wagons and ' +
      'eleven head of cattle to Rolette County, North Dakota, and filed on a quarter section four miles south-east ' +
      'of where Rolette now stands. He built the first frame house in the neighbourhood in 1901 and helped build ' +
      'the Rolette Lutheran church in 1906.',
    u: [
      u(
        p('Kari Knudsdatter Brekke', 'f', `1855-08-02 ${farm('Brekke', VAAGAA)}`, `1931-10-30 ${ROLETTE}`, {
          note:
            'Kari was a daughter of Knud Pedersen Brekke and Ingeborg Olsdatter. Two of her brothers went to ' +
            'America too: Peder Knudsen, who wrote his name Peter Knutson at Crookston, and Ola Knudsen, who kept ' +
            'the farm name and was Ole Brekke of Rolette County.',
        }),
        '1875-12-27 Vågå church, Norway',
        [
          holm,
          halverson,
          knutHaugenDied,
          knuteHaugen,
          oleHaugen,
          guriHaugen,
          kariDahl,
          ingridBakken,
          olgaStrand,
          pederHaugen,
        ],
      ),
    ],
  },
);

// ---------------------------------------------------------------------------------------------------------------
// The Sæther family of Leikanger
// ---------------------------------------------------------------------------------------------------------------

const johnSaether = p(
  'John Sæther',
  'm',
  `1876-05-09 ${farm('Sæther', LEIKANGER)}`,
  `1955-01-30 ${ROLETTE}`,
  {
    christened: 'Johannes Knutsen',
    note:
      'John was six when the family came to America. He farmed his father’s homestead after him and was one of ' +
      'the pioneers the Federal Writers’ Project interviewed in 1938.',
    u: [
      u(
        p('Ingeborg Tveit', 'f', `1880-04-17 ${farm('Tveit', LEIKANGER)}`, `1957-07-07 ${ROLETTE}`, {
          note: 'Ingeborg came from Leikanger in 1899 to keep house for the Sæther family.',
        }),
        `1901-11-02 ${ROLETTE_COUNTY}`,
        [
          p('Sigrid Sæther', 'f', `1917-02-02 ${ROLETTE}`, undefined, {
            home: RUGBY,
            u: [
              u(
                p('Ernest Vik', 'm', `1914-10-10 ${RUGBY}`, undefined, { home: RUGBY }),
                `1946-09-14 ${ROLETTE}`,
                [p('Sonja Vik', 'f', `1953-05-30 ${RUGBY}`, undefined, { home: RUGBY })],
                1,
              ),
            ],
          }),
          p('Dagny Sæther', 'f', `1920-08-19 ${ROLETTE}`, undefined, {
            home: ROLETTE,
            u: [
              u(
                p('Oscar Rønning', 'm', `1915-04-04 ${WILLOW_CITY}`, `1974-12-20 ${ROLETTE}`),
                `1941-10-18 ${ROLETTE}`,
                [p('Tor Rønning', 'm', `1946-04-27 ${ROLETTE}`, undefined, { home: ROLETTE })],
                1,
              ),
            ],
          }),
        ],
        2,
      ),
    ],
  },
);

const annaAasen = p('Anna Sæther', 'f', `1878-08-15 ${farm('Sæther', LEIKANGER)}`, `1961-06-06 ${ROLETTE}`, {
  christened: 'Anna Knutsdatter',
  note: 'Anna Aasen told the Federal Writers’ Project of the first years on the homestead in 1938.',
  u: [
    u(
      p('Peder Aasen', 'm', `1870-09-09 ${farm('Aasen', `Ål, ${NORWAY}`)}`, `1940-02-29 ${ROLETTE}`, {
        christened: 'Peder Halvorsen Aasen',
        note: 'Peder came from Hallingdal in 1891 and homesteaded next to the Sæther family.',
      }),
      `1897-12-28 ${ROLETTE_COUNTY}`,
      [
        p('Knut Aasen', 'm', `1899-01-03 ${ROLETTE_COUNTY}`, undefined, {
          home: ROLETTE,
          u: [
            u(
              p('Mathilda Olson', 'f', `1903-05-05 ${ROLLA}`, `1970-10-10 ${ROLETTE}`),
              `1925-06-10 ${ROLETTE}`,
              [
                p('Alice Aasen', 'f', `1928-07-07 ${ROLETTE}`, undefined, {
                  home: ROLLA,
                  u: [
                    u(
                      p('Einar Skaar', 'm', `1927-09-01 ${ROLLA}`, undefined, { home: ROLLA }),
                      `1950-06-17 ${ROLETTE}`,
                      [kariSkaar],
                      1,
                    ),
                  ],
                }),
                p('Peter Aasen', 'm', `1930-02-14 ${ROLETTE}`, undefined, {
                  home: ROLETTE,
                  u: [
                    u(
                      p('Eldrid Tveit', 'f', `1934-03-21 ${farm('Tveit', LEIKANGER)}`, undefined, {
                        home: ROLETTE,
                        note:
                          'Eldrid Aasen is a daughter of Bjørn Tveit of Leikanger; Peter met her when he ' +
                          'visited the Sæther farm in 1957.',
                      }),
                      `1958-10-04 Leikanger church, ${NORWAY}`,
                      [],
                      2,
                    ),
                  ],
                }),
              ],
              1,
            ),
          ],
        }),
      ],
      2,
    ),
  ],
});

const olaSaether = p(
  'Ola Sæther',
  'm',
  `1880-11-20 ${farm('Sæther', LEIKANGER)}`,
  `1902-03-14 ${ROLETTE_COUNTY}`,
  {
    christened: 'Ola Knutsen',
    note:
      'Ola was lost in the blizzard of 14 March 1902 on his way home from Rolla with a load of coal. He was found ' +
      'three days later, a quarter of a mile from the barn.',
  },
);

const britaThorsen = p('Brita Sæther', 'f', `1883-04-02 ${HALSTAD}`, `1966-08-18 ${ROLETTE}`, {
  u: [
    u(
      p('Thorvald Thorsen', 'm', `1878-12-12 Kristiania, ${NORWAY}`, `1949-05-01 ${ROLETTE}`),
      `1904-11-09 ${ROLETTE_COUNTY}`,
      [
        p('Knut Thorsen', 'm', `1906-09-09 ${ROLETTE}`, `1969-01-15 ${ROLETTE}`, {
          u: [
            u(
              p('Ruth Hanson', 'f', `1909-06-16 ${ROLLA}`, undefined, { home: ROLETTE }),
              `1929-11-28 ${ROLETTE}`,
              [
                p('Karen Thorsen', 'f', `1931-10-10 ${ROLETTE}`, undefined, {
                  home: GRAND_FORKS,
                  note:
                    'Karen taught Norwegian and German at Central High School in Grand Forks. In 1975 she ' +
                    'translated the family’s letters from Norwegian for the reunion.',
                  note1976: 'Translated the old letters for the reunion',
                }),
              ],
              1,
            ),
          ],
        }),
      ],
      2,
    ),
  ],
});

const larsSaether = p('Lars Sæther', 'm', `1885-09-18 ${HALSTAD}`, `1960-12-12 ${ROLETTE}`, {
  u: [
    u(
      p('Ragnhild Rude', 'f', `1897-04-30 ${WILLOW_CITY}`, undefined, { home: ROLETTE }),
      `1919-06-21 ${ROLETTE}`,
      [
        p('Harald Sæther', 'm', `1922-02-22 ${ROLETTE}`, undefined, {
          home: ROLETTE,
          u: [
            u(
              p('Dorothy Nelson', 'f', `1924-09-09 ${ROLLA}`, undefined, { home: ROLETTE }),
              `1946-06-29 ${ROLETTE}`,
              [
                p('Robert Sæther', 'm', `1947-06-06 ${ROLETTE}`, undefined, {
                  home: ROLETTE,
                  u: [
                    u(
                      p('Liv Hanson', 'f', `1948-01-17 ${ROLLA}`, undefined, { home: ROLETTE }),
                      `1967-08-26 ${ROLLA}`,
                      [p('Erik Sæther', 'm', `1968-11-03 ${ROLETTE}`, undefined, { home: ROLETTE })],
                      1,
                    ),
                  ],
                }),
              ],
              1,
            ),
          ],
        }),
        p('Evelyn Sæther', 'f', `1927-05-05 ${ROLETTE}`, undefined, {
          home: WILLOW_CITY,
          u: [
            u(
              p('Leif Grønvold', 'm', `1926-12-01 ${WILLOW_CITY}`, undefined, { home: WILLOW_CITY }),
              `1953-06-20 ${ROLETTE}`,
              [],
              2,
            ),
          ],
        }),
      ],
      1,
    ),
  ],
});

const martinSather = p('Martin Sather', 'm', `1887-12-01 ${ROLETTE_COUNTY}`, `1962-07-07 ${MINOT}`, {
  note:
    'Martin was christened Martin Sæther, but when he opened a hardware store in Minot in 1912 he painted ' +
    '“Sather” over the door, because nobody could say the name otherwise; his children and grandchildren kept ' +
    'that spelling.',
  u: [u(p('Clara Nelson', 'f', `1890-03-03 ${MINOT}`, `1971-02-02 ${MINOT}`), `1912-05-15 ${MINOT}`, [], 2)],
});

const martaNordby = p('Marta Sæther', 'f', `1893-06-12 ${ROLETTE_COUNTY}`, `1961-11-11 ${ROLETTE}`, {
  u: [
    u(
      p('Sigurd Nordby', 'm', `1894-08-08 ${ROLETTE_COUNTY}`, undefined, {
        home: ROLETTE,
        note: 'Sigurd Nordby’s parents came from Nordby in Ringsaker; he farmed north of Rolette.',
      }),
      `1919-12-27 ${ROLETTE}`,
      [paulNordby],
      2,
    ),
  ],
});

const gudrunLie = p('Gudrun Sæther', 'f', `1899-02-05 ${ROLETTE_COUNTY}`, undefined, {
  home: ROLETTE,
  note: 'The youngest of the family. Gudrun Lie still lives in Rolette and keeps the Sæther family Bible.',
  u: [
    u(
      p('Anders Lie', 'm', `1896-07-30 Hafslo, ${NORWAY}`, `1973-03-03 ${ROLETTE}`, {
        note: 'Anders came from Hafslo in Sogn in 1920.',
      }),
      `1921-06-18 ${ROLETTE}`,
      [
        p('Arnold Lie', 'm', `1924-04-04 ${ROLETTE}`, undefined, {
          home: BOTTINEAU,
          u: [
            u(
              p('Joyce Berg', 'f', `1931-01-21 ${BOTTINEAU}`, undefined, { home: BOTTINEAU }),
              `1955-06-04 ${BOTTINEAU}`,
              [p('Mark Lie', 'm', `1961-10-21 ${BOTTINEAU}`, undefined, { home: BOTTINEAU })],
              1,
            ),
          ],
        }),
      ],
      1,
    ),
  ],
});

export const KNUT_SAETHER = p(
  'Knut Johannessen Sæther',
  'm',
  `1849-10-04 ${farm('Sæther', LEIKANGER)}`,
  `1919-04-22 ${ROLETTE}`,
  {
    note:
      'Knut was the eldest son of Johannes Knutsen Sæther and Ragnhild Larsdatter, but the Sæther farm was small ' +
      'and there were six children. In 1882 he and Brita sailed from Bergen with their three children and came by ' +
      'way of Hull, Liverpool and Quebec to Halstad, Minnesota, where he worked for other farmers for four years. ' +
      'In 1886 they went on to Rolette County, among the first Norwegians there, and lived their first winter in a ' +
      'sod house by Island Lake. His brother Johannes followed him in 1884 and was John Johnson of Rolla.',
    u: [
      u(
        p('Brita Olsdatter Lie', 'f', `1855-02-26 ${farm('Lie', LEIKANGER)}`, `1931-01-18 ${ROLETTE}`, {
          note:
            'Brita was a daughter of Ola Olsen Lie and Anna Johannesdatter. Her brother Ola kept the Lie farm, and ' +
            'his descendants live in Leikanger and in Bergen.',
        }),
        '1875-07-04 Leikanger church, Norway',
        [johnSaether, annaAasen, olaSaether, britaThorsen, larsSaether, martinSather, martaNordby, gudrunLie],
      ),
    ],
  },
);

// ---------------------------------------------------------------------------------------------------------------
// Related families in America, and the kin in Norway
// ---------------------------------------------------------------------------------------------------------------

export interface RelatedFamily {
  title: string;
  text: string;
  founder: Person;
}

export const RELATED_FAMILIES: readonly RelatedFamily[] = [
  {
    title: 'The Olson family of Fergus Falls',
    text:
      'Knut Olsen Haugen, the elder brother of Halvor, left Vågå in 1879. In Minnesota he dropped the farm name ' +
      'and wrote his name Knute Olson, and his children were Olsons from the day they were born: Olsen in one ' +
      'generation, Olson in the next. It was to his farm in Aurdal Township that Halvor brought his family in 1893.',
    founder: p('Knute Olson', 'm', `1846-11-30 ${farm('Haugen', VAAGAA)}`, `1921-05-05 ${FERGUS_FALLS}`, {
      christened: 'Knut Olsen',
      u: [
        u(
          p('Ingeborg Pedersdatter', 'f', `1849-02-14 ${VAAGAA}`, `1925-12-24 ${FERGUS_FALLS}`),
          '1878-10-20 Vågå church, Norway',
          [
            p('Ole K. Olson', 'm', `1881-07-01 ${FERGUS_FALLS}`, `1955-09-09 ${FERGUS_FALLS}`, {
              u: [
                u(
                  p('Anna Rude', 'f', `1884-01-01 ${FERGUS_FALLS}`, `1961-01-30 ${FERGUS_FALLS}`),
                  `1905-06-28 ${FERGUS_FALLS}`,
                  [
                    p('Arthur Olson', 'm', `1915-03-03 ${FERGUS_FALLS}`, undefined, {
                      home: FERGUS_FALLS,
                      u: [
                        u(
                          p('Ethel Lund', 'f', `1918-08-18 ${FERGUS_FALLS}`, undefined, {
                            home: FERGUS_FALLS,
                          }),
                          `1940-10-12 ${FERGUS_FALLS}`,
                          [janiceOlson],
                          1,
                        ),
                      ],
                    }),
                  ],
                  1,
                ),
              ],
            }),
          ],
          1,
        ),
      ],
    }),
  },
  {
    title: 'The Knutson family of Crookston',
    text:
      'Peder Knudsen Brekke, a brother of Kari Knudsdatter, came to Crookston, Minnesota, in 1880. There he was ' +
      'Peter Knutson, and Knudsen and Knutson both appear in the papers of the family: the church book in Vågå has ' +
      'Knudsen, the homestead papers Knutson.',
    founder: p('Peter Knutson', 'm', `1858-02-02 ${farm('Brekke', VAAGAA)}`, `1931-04-14 ${CROOKSTON}`, {
      christened: 'Peder Knudsen',
      u: [
        u(
          p('Marit Larsdatter', 'f', `1860-06-06 ${VAAGAA}`, `1929-09-09 ${CROOKSTON}`),
          `1884-03-01 ${CROOKSTON}`,
          [],
          2,
        ),
      ],
    }),
  },
  {
    title: 'The Brekke family of Rolette County',
    text:
      'Ola Knudsen Brekke, the youngest brother of Kari Knudsdatter, came in 1887 and kept the farm name: in ' +
      'America he was Ole Brekke. He homesteaded west of Rolla.',
    founder: p('Ole Brekke', 'm', `1861-06-06 ${farm('Brekke', VAAGAA)}`, `1940-01-20 ${ROLLA}`, {
      christened: 'Ola Knudsen',
      u: [
        u(
          p('Sigrid Hansdatter', 'f', `1866-04-04 ${VAAGAA}`, `1944-02-02 ${ROLLA}`),
          `1889-05-05 ${ROLLA}`,
          [
            p('Albert Brekke', 'm', `1895-10-10 ${ROLLA}`, `1965-06-06 ${ROLLA}`, {
              u: [
                u(
                  p('Selma Evenson', 'f', `1900-01-11 ${ROLLA}`, `1978-07-07 ${ROLLA}`),
                  `1922-06-24 ${ROLLA}`,
                  [
                    p('Clifford Brekke', 'm', `1928-02-28 ${ROLLA}`, undefined, {
                      home: ROLLA,
                      u: [
                        u(
                          p('Arlene Larson', 'f', `1930-01-01 ${DUNSEITH}`, undefined, { home: ROLLA }),
                          `1948-06-12 ${ROLLA}`,
                          [
                            p('Thomas Brekke', 'm', `1949-12-19 ${ROLLA}`, undefined, {
                              home: ROLLA,
                              u: [
                                u(
                                  p('Ruth Evenson', 'f', `1950-02-09 ${ROLLA}`, undefined, { home: ROLLA }),
                                  `1968-09-07 ${ROLLA}`,
                                  [
                                    p('Kjell Brekke', 'm', `1970-03-17 ${ROLLA}`, undefined, {
                                      home: ROLLA,
                                      note: 'Named for his great-great-grandfather’s brother in Vågå.',
                                    }),
                                  ],
                                  1,
                                ),
                              ],
                            }),
                          ],
                          1,
                        ),
                      ],
                    }),
                  ],
                  1,
                ),
              ],
            }),
          ],
          2,
        ),
      ],
    }),
  },
  {
    title: 'The Johnson family of Rolla',
    text:
      'Johannes Johannessen Sæther, a brother of Knut, came to Rolla in 1884. The railroad agent wrote him down ' +
      'as John Johnson, the name of half the county, and Johnson he stayed; his sons were Johnsons too. Only the ' +
      'letters home to Leikanger were signed Johannes Johannessen.',
    founder: p('John Johnson', 'm', `1852-01-20 ${farm('Sæther', LEIKANGER)}`, `1930-03-30 ${ROLLA}`, {
      christened: 'Johannes Johannessen',
      u: [
        u(
          p('Anna Nilsdatter', 'f', `1858-08-08 ${LEIKANGER}`, `1936-12-12 ${ROLLA}`),
          `1886-04-04 ${ROLLA}`,
          [],
          3,
        ),
      ],
    }),
  },
  {
    title: 'The Overby family of Rolla',
    text:
      'Ole Andersen Øverby, a son of Halvor Haugen’s sister Guri Olsdatter and Anders Øverby, came from Vågå in ' +
      '1902 and worked for his uncle before he took land near Rolla. The Americans wrote him Overby; his ' +
      'cousins in Vågå are still Øverby, and both spellings are in this book.',
    founder: p('Ole Overby', 'm', `1872-05-05 ${farm('Øverby', VAAGAA)}`, `1948-10-10 ${ROLLA}`, {
      christened: 'Ole Andersen Øverby',
      u: [
        u(
          p('Helga Moen', 'f', `1880-08-08 ${ROLETTE_COUNTY}`, `1959-09-09 ${ROLLA}`),
          `1905-12-02 ${ROLLA}`,
          [
            p('Carl Overby', 'm', `1906-11-11 ${ROLLA}`, `1977-04-04 ${ROLLA}`, {
              u: [
                u(
                  p('Agnes Lee', 'f', `1910-02-02 ${ROLLA}`, undefined, { home: ROLLA }),
                  `1933-06-03 ${ROLLA}`,
                  [
                    p('Richard Overby', 'm', `1936-07-17 ${ROLLA}`, undefined, {
                      home: ROLLA,
                      note: 'Richard Overby visited the Øverby farm in Vågå in 1972 and found his cousins there.',
                    }),
                  ],
                  1,
                ),
              ],
            }),
          ],
          1,
        ),
      ],
    }),
  },
];

/** A relative in Norway: who they are to the family, and whether they came to Rolette in 1976. */
export interface NorwegianKin {
  person: Person;
  relation: string;
  came1976: boolean;
}

const kin = (person: Person, relation: string, came1976 = true): NorwegianKin => ({
  person,
  relation,
  came1976,
});

export const NORWEGIAN_KIN: readonly NorwegianKin[] = [
  kin(
    p('Øystein Lie', 'm', `1938-09-09 Bergen, ${NORWAY}`, undefined, {
      home: `Bergen, ${NORWAY}`,
      note1976: 'Came from Bergen, Norway, for the reunion',
    }),
    'teacher in Bergen, a great-grandson of Ola Olsen Lie, Brita Sæther’s brother. He searched the church books ' +
      'of Leikanger and Vågå for this book.',
  ),
  kin(
    p('Bjørg Lie', 'f', `1941-03-12 Bergen, ${NORWAY}`, undefined, { home: `Bergen, ${NORWAY}` }),
    'his wife.',
  ),
  kin(
    p('Solveig Lie', 'f', `1972-01-15 Bergen, ${NORWAY}`, undefined, {
      home: `Bergen, ${NORWAY}`,
      note1976: 'The youngest in the group photo, four years old',
    }),
    'their daughter, four years old in 1976.',
  ),
  kin(
    p('Bjørn Tveit', 'm', `1901-10-10 ${farm('Tveit', LEIKANGER)}`, undefined, {
      home: LEIKANGER,
      note1976: 'Came from Leikanger, Norway',
    }),
    'farmer at Tveit in Leikanger, a nephew of Ingeborg Sæther and the father of Eldrid Aasen of Rolette.',
  ),
  kin(
    p('Åse Tveit', 'f', `1936-04-12 Sogndal, ${NORWAY}`, undefined, { home: `Sogndal, ${NORWAY}` }),
    'the wife of his son Sverre Tveit of Sogndal; she came with him in 1976.',
  ),
  kin(
    p('Terje Fjeld', 'm', `1931-05-05 ${LEIKANGER}`, undefined, { home: LEIKANGER }),
    'the present owner of the Sæther farm in Leikanger, a great-grandson of Knut Sæther’s brother Lars, who ' +
      'took over the farm.',
  ),
  kin(
    p('Tore Fjeld', 'm', `1956-07-20 ${LEIKANGER}`, undefined, { home: LEIKANGER }),
    'his son, who will take over the Sæther farm.',
  ),
  kin(
    p('Kåre Myhre', 'm', `1925-02-14 ${farm('Myhre', VAAGAA)}`, undefined, { home: VAAGAA }),
    'farmer at Myhre in Vågå, a nephew of Marta Haugen.',
  ),
  kin(p('Gro Myhre', 'f', `1953-08-08 ${VAAGAA}`, undefined, { home: VAAGAA }), 'his daughter.'),
  kin(
    p('Jørgen Holm', 'm', `1950-03-03 ${VAAGAA}`, undefined, { home: VAAGAA }),
    'of Holm in Vågå, a grandson of the brother of Nils Holm of Fergus Falls.',
  ),
  kin(
    p('Steinar Bø', 'm', `1947-06-06 ${farm('Bø', VAAGAA)}`, undefined, { home: VAAGAA }),
    'teacher in Vågå, a great-grandson of Halvor Haugen’s sister Ingeborg Olsdatter, who married at Bø.',
  ),
  kin(
    p('Nils Øverby', 'm', `1940-09-19 ${farm('Øverby', VAAGAA)}`, undefined, { home: VAAGAA }),
    'of Øverby in Vågå, a grandson of the brother of Ole Overby of Rolla.',
  ),
  kin(p('Berit Øverby', 'f', `1943-01-05 ${VAAGAA}`, undefined, { home: VAAGAA }), 'his wife.'),
  kin(p('Lars Øverby', 'm', `1966-02-02 ${VAAGAA}`, undefined, { home: VAAGAA }), 'their son.'),
  kin(
    p('Sverre Tveit', 'm', `1932-11-11 ${farm('Tveit', LEIKANGER)}`, undefined, {
      home: `Sogndal, ${NORWAY}`,
    }),
    'a son of Bjørn Tveit, engineer in Sogndal.',
    false,
  ),
];

// ---------------------------------------------------------------------------------------------------------------
// The generator: the brothers, sisters and children not written out
// ---------------------------------------------------------------------------------------------------------------

const GIVEN: Record<Sex, readonly (readonly [fromYear: number, names: readonly string[]])[]> = {
  m: [
    [1870, ['Ole', 'Hans', 'Nils', 'Peder', 'Lars', 'Anders', 'Johan', 'Martin', 'Edvard', 'Halvor']],
    [
      1895,
      [
        'Olaf',
        'Oscar',
        'Alfred',
        'Carl',
        'Emil',
        'Hjalmar',
        'Selmer',
        'Melvin',
        'Clarence',
        'Herman',
        'Palmer',
        'Elmer',
      ],
    ],
    [
      1915,
      [
        'Donald',
        'Kenneth',
        'Harold',
        'Vernon',
        'Gerald',
        'Duane',
        'Roger',
        'Norman',
        'Leonard',
        'Milton',
        'Russell',
      ],
    ],
    [
      1940,
      ['Gary', 'Larry', 'Dean', 'Steven', 'David', 'Bruce', 'Douglas', 'Ronald', 'James', 'Allen', 'Curtis'],
    ],
    [1960, ['Jeffrey', 'Scott', 'Kevin', 'Jason', 'Chad', 'Eric', 'Matthew', 'Troy', 'Shawn', 'Daniel']],
  ],
  f: [
    [1870, ['Anna', 'Marie', 'Inga', 'Karen', 'Sofie', 'Oline', 'Ragna', 'Gunhild', 'Berte', 'Kristine']],
    [
      1895,
      [
        'Clara',
        'Hilda',
        'Selma',
        'Mabel',
        'Agnes',
        'Alma',
        'Esther',
        'Myrtle',
        'Thelma',
        'Gladys',
        'Edna',
        'Violet',
      ],
    ],
    [
      1915,
      [
        'Dorothy',
        'Lorraine',
        'Shirley',
        'Joyce',
        'Darlene',
        'Beverly',
        'Delores',
        'Phyllis',
        'Lois',
        'Donna',
        'Marilyn',
      ],
    ],
    [
      1940,
      [
        'Judy',
        'Linda',
        'Carol',
        'Sandra',
        'Diane',
        'Sharon',
        'Debra',
        'Cheryl',
        'Barbara',
        'Nancy',
        'Connie',
      ],
    ],
    [1960, ['Lisa', 'Amy', 'Heidi', 'Jennifer', 'Sarah', 'Nicole', 'Michelle', 'Angela', 'Kelly', 'Wendy']],
  ],
};
const SPOUSE_SURNAMES = [
  'Anderson',
  'Peterson',
  'Larson',
  'Nelson',
  'Hanson',
  'Erickson',
  'Evenson',
  'Iverson',
  'Thompson',
  'Berg',
  'Amundson',
  'Sorenson',
  'Gunderson',
  'Tollefson',
  'Engen',
  'Lindquist',
  'Schmidt',
  'Wagner',
  'McLeod',
  'Belgarde',
  'Davis',
  'Halvorson',
  'Rustad',
  'Ness',
  'Kraft',
  'Jacobson',
  'Sandvik',
  'Hoff',
  'Stenberg',
  'Wold',
];
/** Where the family's children went. */
const MOVED_TO = [
  ROLLA,
  ROLETTE,
  DUNSEITH,
  BOTTINEAU,
  RUGBY,
  MINOT,
  DEVILS_LAKE,
  GRAND_FORKS,
  `Fargo, ${ND}`,
  `Bismarck, ${ND}`,
  `Williston, ${ND}`,
  `Moorhead, ${MN}`,
  `Minneapolis, ${MN}`,
  `St. Paul, ${MN}`,
  `Seattle, Wash.`,
  `Tacoma, Wash.`,
  `Spokane, Wash.`,
  `Portland, Ore.`,
  `Great Falls, Mont.`,
  `Billings, Mont.`,
  `Los Angeles, Calif.`,
  `Sioux Falls, S.D.`,
  `Denver, Colo.`,
  `Madison, Wis.`,
  `Chicago, Ill.`,
  `Brandon, Man.`,
  `Phoenix, Ariz.`,
];
const WORK: Record<Sex, readonly string[]> = {
  m: [
    'farmed near {home}',
    'farmed near {home}',
    'farmed near {home}',
    'worked for the Soo Line',
    'kept a store in {home}',
    'taught school',
    'served in the Navy in the Pacific',
    'was a carpenter in {home}',
    'worked at the elevator in {home}',
    'was county agent',
    'drove a milk route',
    'was a mechanic in {home}',
  ],
  f: [
    'taught school before she married',
    'was a nurse',
    'kept the books for the cooperative',
    'worked at the post office in {home}',
    'taught country school',
    'was a telephone operator',
    'sang in the church choir for fifty years',
    'ran the café in {home}',
  ],
};

const pad = (n: number) => String(n).padStart(2, '0');
const yearOf = (date: string | undefined) => Number(date?.replace(/^~/, '').slice(0, 4) ?? NaN);
const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

function dateIn(year: number, random: () => number): string {
  return `${year}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`;
}

/**
 * A first name of the time for someone born in `year`, not one of `avoid` (a brother's or sister's), and making
 * none of `surnames` a full name someone already has.
 */
function givenName(
  sex: Sex,
  year: number,
  random: () => number,
  avoid: ReadonlySet<string>,
  surnames: readonly string[],
): string {
  const pools = GIVEN[sex];
  const pool = [...pools].reverse().find(([from]) => year >= from)?.[1] ?? pools[0]![1];
  let name = pool[0]!;
  for (let tries = 0; tries < 30; tries++) {
    name = pick(pool, random);
    if (!avoid.has(name) && surnames.every((surname) => !takenNames.has(`${name} ${surname}`))) break;
  }
  for (const surname of surnames) takenNames.add(`${name} ${surname}`);
  return name;
}

const surnameOf = (person: Person) => person.name.split(' ').slice(-1)[0]!;
/** A town without the church or farm before it: 'Rolette Lutheran Church, Rolette, N.D.' → 'Rolette, N.D.'. */
const townOnly = (place: string) => place.split(', ').slice(-2).join(', ');
const inAmerica = (place: string | undefined): place is string => !!place && !place.endsWith(NORWAY);

/** Where the union's children were born: where its last child written out was, or where it married or lived. */
function familyPlace(parent: Person, union: Union): string {
  const known = [
    ...union.children.map((child) => child.born?.place),
    union.married?.place,
    parent.home,
    parent.died?.place,
  ].filter(inAmerica);
  return known.length ? townOnly(known[0]!) : ROLETTE;
}

/** Makes up a person born in `year` to the union, and (if old enough by 1986) a marriage and children of theirs. */
function makeChild(
  parent: Person,
  union: Union,
  year: number,
  random: () => number,
  taken: Set<string>,
  birthplace: string,
  depth: number,
): Person {
  const sex: Sex = random() < 0.5 ? 'm' : 'f';
  const surname = surnameOf(parent.sex === 'm' ? parent : union.spouse);
  const given = givenName(sex, year, random, taken, [surname]);
  taken.add(given);
  const child: Person = {
    id: '',
    name: `${given} ${surname}`,
    sex,
    born: { date: dateIn(year, random), place: birthplace },
    unions: [],
    generated: true,
  };
  child.id = idOf(child.name, child.born);
  // Where the grown-up child lived, and whether they died by 1986 (the oldest have, a few of the younger).
  const adultHome = random() < 0.55 ? birthplace : pick(MOVED_TO, random);
  const diesBy = year < 1895 ? 1 : year < 1915 ? 0.45 : year < 1940 ? 0.08 : 0.02;
  if (random() < diesBy) {
    const at = year + 20 + Math.floor(random() * 70);
    if (at < BOOK_YEAR) child.died = { date: dateIn(at, random), place: adultHome };
  }
  const livedTo = child.died ? yearOf(child.died.date) : BOOK_YEAR;
  if (livedTo > 1976 && year < 1976) child.home = adultHome;
  if (year < 1962 && random() < 0.7) {
    const work = pick(WORK[sex], random);
    child.note = `${sex === 'm' ? 'He' : 'She'} ${work.replace('{home}', adultHome.split(',')[0]!)}.`;
  }
  // A marriage and children for those old enough.
  const marriageYear = year + 20 + Math.floor(random() * 7);
  if (marriageYear <= BOOK_YEAR - 1 && marriageYear < livedTo && random() < 0.88) {
    const spouseSex: Sex = sex === 'm' ? 'f' : 'm';
    const spouseYear = year + Math.floor(random() * 5) - 2;
    let spouseSurname = pick(SPOUSE_SURNAMES, random);
    // A daughter's married name is her husband's surname: none she would share with someone.
    for (let tries = 0; sex === 'f' && takenNames.has(`${given} ${spouseSurname}`) && tries < 30; tries++)
      spouseSurname = pick(SPOUSE_SURNAMES, random);
    if (sex === 'f') takenNames.add(`${given} ${spouseSurname}`);
    // A wife's married name is her husband's surname: no namesake under either.
    const spouseNames = spouseSex === 'f' ? [spouseSurname, surname] : [spouseSurname];
    const spouse: Person = {
      id: '',
      name: `${givenName(spouseSex, spouseYear, random, new Set([given]), spouseNames)} ${spouseSurname}`,
      sex: spouseSex,
      born: {
        date: dateIn(spouseYear, random),
        ...(/N\.D\.|Minn\./.test(adultHome) && { place: adultHome }),
      },
      ...(child.home && { home: child.home }),
      unions: [],
      generated: true,
    };
    spouse.id = idOf(spouse.name, spouse.born);
    const own: Union = {
      spouse,
      married: { date: dateIn(marriageYear, random), place: adultHome },
      children: [],
    };
    child.unions.push(own);
    const mother = sex === 'f' ? child : spouse;
    // Fewer children the further the line is from the people written out: the family sheets thin out too.
    const count =
      depth === 1
        ? Math.floor(random() * 3) + (year < 1935 ? 1 : 0)
        : depth === 2
          ? Math.floor(random() * 2)
          : 0;
    fillChildren(child, own, count, random, yearOf(mother.born?.date), depth + 1);
  }
  return child;
}

/** Adds `count` made-up children to the union, born after its wedding and before the mother's 42nd year. */
function fillChildren(
  parent: Person,
  union: Union,
  count: number,
  random: () => number,
  motherYear: number,
  depth = 1,
): void {
  const from = (yearOf(union.married?.date) || yearOf(parent.born?.date) + 22) + 1;
  // Born before the mother's 43rd year and the parents' deaths, and by the book's year.
  const deaths = [parent, union.spouse].map((person) => yearOf(person.died?.date)).filter((year) => year);
  const to = Math.min(
    BOOK_YEAR,
    Number.isNaN(motherYear) ? from + 20 : motherYear + 42,
    from + 20,
    ...deaths,
  );
  const birthplace = familyPlace(parent, union);
  const years = new Set(union.children.map((child) => yearOf(child.born?.date)));
  const taken = new Set(union.children.map((child) => child.name.split(' ')[0]!));
  taken.add(parent.name.split(' ')[0]!);
  taken.add(union.spouse.name.split(' ')[0]!);
  const made: Person[] = [];
  for (let i = 0; i < count && to >= from; i++) {
    let year = from + Math.floor(random() * (to - from + 1));
    for (
      let tries = 0;
      tries < 12 && (years.has(year) || years.has(year - 1) || years.has(year + 1));
      tries++
    )
      year = from + Math.floor(random() * (to - from + 1));
    if (years.has(year)) continue;
    years.add(year);
    made.push(makeChild(parent, union, year, random, taken, birthplace, depth));
  }
  union.children.push(...made);
  union.children.sort((a, b) => (a.born?.date ?? '').localeCompare(b.born?.date ?? ''));
}

function parentOf(union: Union): Person {
  for (const root of [HALVOR_HAUGEN, KNUT_SAETHER, ...RELATED_FAMILIES.map((family) => family.founder)]) {
    const found = findParent(root, union);
    if (found) return found;
  }
  throw new Error(`No parent for the union with ${union.spouse.name}`);
}

function findParent(person: Person, union: Union): Person | undefined {
  for (const own of person.unions) {
    if (own === union) return person;
    for (const child of own.children) {
      const found = findParent(child, union);
      if (found) return found;
    }
  }
  return undefined;
}

// Fill in the families, each from its own seed (adding a family's children never changes another's).
for (const { union, extra } of pendingExtras) {
  const parent = parentOf(union);
  const random = seededRandom(hashOf(`${parent.id}+${union.spouse.id}`));
  const mother = parent.sex === 'f' ? parent : union.spouse;
  fillChildren(parent, union, extra, random, yearOf(mother.born?.date));
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the family
// ---------------------------------------------------------------------------------------------------------------

/** The two immigrant families' founders, whose descendants the book numbers. */
export const FOUNDERS: readonly Person[] = [HALVOR_HAUGEN, KNUT_SAETHER];

/** Everyone in a tree: the person, the spouses and all descendants with theirs, each once. */
export function everyoneIn(root: Person): Person[] {
  const people: Person[] = [];
  const walk = (person: Person) => {
    people.push(person);
    for (const union of person.unions) {
      people.push(union.spouse);
      union.children.forEach(walk);
    }
  };
  walk(root);
  return people;
}

/** Every person in the data: both families, the related families and the kin in Norway. */
export function everyone(): Person[] {
  return [
    ...new Set([
      ...FOUNDERS.flatMap(everyoneIn),
      ...RELATED_FAMILIES.flatMap((family) => everyoneIn(family.founder)),
      ...NORWEGIAN_KIN.map((k) => k.person),
    ]),
  ];
}

/** The person of that name (the first, if two share it). */
export function personNamed(name: string): Person {
  const person = everyone().find((candidate) => candidate.name === name);
  if (!person) throw new Error(`No one named ${name} in the demo family`);
  return person;
}

/** The name a married woman went by (her husband's surname), or the person's own. */
export function usedName(person: Person, marriedTo?: Person): string {
  // A woman known by a patronymic (Kari Knudsdatter Brekke) kept her name, as women in Norway did then.
  if (person.sex !== 'f' || !marriedTo || person.name.includes('datter')) return person.name;
  const given = person.name.split(' ').slice(0, -1).join(' ');
  const surname = marriedTo.name.split(' ').slice(-1)[0]!;
  return `${given} ${surname}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '1884-03-14' → '14 March 1884'; '1884-03' → 'March 1884'; '~1870' → 'about 1870'. */
export function dateText(date: string): string {
  if (date.startsWith('~')) return `about ${date.slice(1)}`;
  const [year, month, day] = date.split('-');
  if (!month) return year!;
  const monthName = MONTHS[Number(month) - 1]!;
  return day ? `${Number(day)} ${monthName} ${year}` : `${monthName} ${year}`;
}

/** Whether the person was alive (and born) on the day of the 1976 reunion. */
export function aliveAtReunion(person: Person): boolean {
  const born = person.born?.date.replace(/^~/, '');
  if (!born || born > REUNION_1976) return false;
  return !person.died || person.died.date > REUNION_1976;
}

/** The years of a life, for an index: '1884–1979', 'b. 1924'. */
export function lifeYears(person: Person): string {
  const born = person.born?.date.replace(/^~/, '').slice(0, 4);
  const died = person.died?.date.slice(0, 4);
  if (born && died) return `${born}–${died}`;
  if (born) return `b. ${born}`;
  return died ? `d. ${died}` : '';
}

let partners: Map<Person, Person[]> | undefined;
/** The people married to a person who is the spouse in a marriage of the data (the spouse's side of it). */
export function partnersOf(person: Person): readonly Person[] {
  if (!partners) {
    partners = new Map();
    for (const one of everyone()) {
      for (const union of one.unions)
        partners.set(union.spouse, [...(partners.get(union.spouse) ?? []), one]);
    }
  }
  return partners.get(person) ?? [];
}

/** A woman's married names ('Astrid Nordby' for Astrid Haugen); none for a man or an unmarried woman. */
export function marriedNames(person: Person): string[] {
  const husbands = [...person.unions.map((union) => union.spouse), ...partnersOf(person)];
  return [...new Set(husbands.map((husband) => usedName(person, husband)))].filter(
    (name) => name !== person.name,
  );
}

/** Every name the person went by: the name, and a woman's married names. */
export function namesOf(person: Person): string[] {
  return [person.name, ...marriedNames(person)];
}

/**
 * Where the person lived in July 1976: the home the data gives, else where they died after it, where their
 * husband or wife lived, or where they were born.
 */
export function homeIn1976(person: Person): string | undefined {
  if (person.home) return person.home;
  if (person.died && person.died.date > REUNION_1976 && person.died.place) return person.died.place;
  const spouses = [...person.unions.map((union) => union.spouse), ...partnersOf(person)];
  const spouseHome = spouses.find((spouse) => spouse.home)?.home;
  return spouseHome ?? person.born?.place?.split(', ').slice(-2).join(', ');
}
