/**
 * The people of the demo 1976 group photo and the demo identification key that names them: who stands where (row by
 * row from the front, each row from the left, the order keys number faces in), what kind of person the drawing
 * makes of each, and the name and note the key gives. Kept apart from the drawing because the key is data other
 * demo files share (the demo documents name the same relatives, the browser tests search for them) and it changes
 * for other reasons than the pictures do; the drawing reads only who is where and of what kind.
 */
import { writeKey } from '../../../../admin/identification-key.ts';

export type Kind = 'man' | 'woman' | 'boy' | 'girl' | 'old man' | 'old woman';
/** One person in the picture: how they are drawn, and what the demo key says of them (nothing: unnamed). */
type Person = readonly [kind: Kind, name?: string, note?: string];

/**
 * Who is in the picture, row by row from the front, each row from the left. Norwegian-American names of 1976
 * (made up), some with æ, ø, å or accents (in-laws from the French-Canadian families around the Turtle Mountains),
 * so that a search without diacritics can be tried; eight faces the key leaves unnamed.
 */
export const PEOPLE: readonly (readonly Person[])[] = [
  // 1: the children, sitting on the grass.
  [
    ['girl', 'Kristin Haugen'],
    ['boy', 'Todd Bakken'],
    ['girl', 'Jodi Nordby'],
    ['boy', 'Erik Sæther'],
    ['boy'],
    ['girl', 'Solveig Lie', 'The youngest in the picture, four years old'],
    ['boy', 'Brian Strand'],
    ['girl', 'Renée Moen'],
    ['boy', 'Lars Øverby'],
    ['girl', 'Tammy Dahl'],
    ['boy', 'Kjell Brekke'],
  ],
  // 2: the eldest, on chairs.
  [
    ['old man', 'Ole Haugen', 'The eldest at the reunion, born 1884 in Gudbrandsdalen'],
    ['old woman', 'Ingrid Bakken'],
    ['old woman'],
    ['old man', 'Sigurd Nordby'],
    ['old woman', 'Ragnhild Sæther'],
    ['old man', 'Knut Aasen'],
    ['man', 'Arne Ødegaard', 'Pastor of the Rolette Lutheran church'],
    ['old woman', 'Gudrun Lie'],
    ['old man', 'Bjørn Tveit'],
    ['old woman', 'Thérèse Moen', 'Born Gagnon, in St. John, North Dakota'],
    ['old man'],
    ['old woman', 'Olga Strand'],
  ],
  // 3 to 6: standing, each row on a step higher.
  [
    ['woman', 'Astrid Nordby', 'Organised the 1976 reunion'],
    ['man', 'Øystein Lie', 'Came from Bergen, Norway, for the reunion'],
    ['woman', 'Marlys Haugen'],
    ['man', 'Lloyd Bakken'],
    ['woman', 'Dagny Rønning'],
    ['man', 'Harald Sæther'],
    ['woman'],
    ['man', 'Orville Dahl'],
    ['woman', 'Arlene Brekke'],
    ['man', 'Kåre Myhre'],
    ['woman', 'Marit Solberg'],
    ['man', 'Gunnar Hovde'],
  ],
  [
    ['man', 'Leif Grønvold'],
    ['woman', 'Doris Lund'],
    ['man', 'Halvor Kvamme'],
    ['woman', 'Åse Tveit'],
    ['man', 'André Lafontaine'],
    ['woman'],
    ['man', 'Jon Løkken'],
    ['woman', 'Borghild Holm'],
    ['man', 'Einar Skaar'],
    ['woman', 'Sigrid Vik'],
    ['man', 'Terje Fjeld'],
    ['woman', 'Karen Thorsen'],
  ],
  [
    ['man', 'Per Moen'],
    ['woman'],
    ['man', 'Dale Haugen'],
    ['woman', 'Janice Nordby'],
    ['man', 'Steinar Bø'],
    ['woman', 'Liv Sæther'],
    ['boy', 'Mark Lie'],
    ['woman', 'Kari Bakken'],
    ['man', 'Wayne Strand'],
    ['woman', 'Eldrid Aasen'],
    ['man'],
    ['woman', 'Bonnie Dahl'],
  ],
  [
    ['man', 'Tor Rønning'],
    ['woman', 'Ruth Brekke'],
    ['man', 'Nils Ødegaard'],
    ['woman', 'Gro Myhre'],
    ['man', 'Dennis Solberg'],
    ['woman', 'Hélène Lafontaine'],
    ['man', 'Magnus Hovde'],
    ['woman'],
    ['man', 'Ivar Lund'],
    ['woman', 'Randi Kvamme'],
    ['man', 'Jørgen Holm'],
    ['woman', 'Sonja Vik'],
    ['man', 'Tore Fjeld'],
  ],
];

/** A line of the demo identification key. */
export interface DemoKeyLine {
  number: number;
  row: number;
  name?: string;
  note?: string;
}

/** The demo identification key: every face's number and row, with the name and note it gives (if any). */
export function demoKey(): DemoKeyLine[] {
  let number = 0;
  return PEOPLE.flatMap((people, r) =>
    people.map(([, name, note]) => ({
      number: ++number,
      row: r + 1,
      ...(name !== undefined && { name }),
      ...(note !== undefined && { note }),
    })),
  );
}

export const DEMO_FACE_COUNT = demoKey().length;
/** The faces the key names, and the numbers it leaves without a name. */
export const DEMO_NAMED_COUNT = demoKey().filter((line) => line.name).length;
export const DEMO_UNNAMED_NUMBERS: readonly number[] = demoKey()
  .filter((line) => !line.name)
  .map((line) => line.number);
/** The unnamed old man on a chair in the second row (a demo suggestion names him, from his granddaughter). */
export const DEMO_UNNAMED_GRANDFATHER =
  PEOPLE.flat().findIndex(([kind, name]) => kind === 'old man' && !name) + 1;
/** The one face whose name has "Øystein" (a search for "oystein" finds it). */
export const DEMO_OYSTEIN = demoKey()
  .filter((line) => line.name?.includes('Øystein'))
  .map((line) => ({ number: line.number, name: line.name! }))[0]!;

/**
 * The demo key as the CSV an organiser imports (`npm run organiser:faces -- import group-photo-1976 <file>`):
 * `number,name,note,row`, one line per face, an unnamed face with an empty name, written as organiser:faces export
 * writes a key (admin/identification-key.ts).
 */
export function demoKeyCsv(): string {
  return `${writeKey(demoKey()).join('\n')}\n`;
}
