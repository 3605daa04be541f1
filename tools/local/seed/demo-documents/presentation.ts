/**
 * The demo "Two Reunions, 50 Years Apart": the slides of the organisers' seminar on the reunions of 1976 and 2026,
 * with real slide text (titles, bullets, a table, speaker notes) for the search to find. The facts are the demo
 * family's (family.ts, the book, the 1976 lists). Fictional.
 */
import PptxGenJS from 'pptxgenjs';

import { DEMO_AUTHOR, DEMO_FICTION, DEMO_NOTICE } from './common.ts';
import { NORWEGIAN_KIN } from './family.ts';
import { pptxBytes } from './pptx.ts';
import { attendees1976, capsuleLetters } from './spreadsheets.ts';

const INK = '3B2A14';
const MUTED = '6B5A44';
const PAPER = 'F6EEDC';
const ACCENT = '7B2D2D';

interface SlideText {
  title: string;
  bullets: readonly string[];
  notes?: string;
}

function slides(): SlideText[] {
  const attendees = attendees1976();
  const fromNorway = NORWEGIAN_KIN.filter((kin) => kin.came1976).length;
  const letters = capsuleLetters().length;
  return [
    {
      title: 'Two families from Norway',
      bullets: [
        'Knut Johannessen Sæther and Brita Olsdatter Lie left Leikanger in Sogn in 1882: four years at Halstad, Minnesota, then Rolette County in 1886, a sod house by Island Lake.',
        'Halvor Olsen Haugen and Kari Knudsdatter Brekke left Vågå in Gudbrandsdalen in 1893 with seven children: five years at Fergus Falls, then Rolette County in 1898.',
        'Homesteads south-east of where Rolette now stands; the railway and the town came in 1905, the Rolette Lutheran church in 1906.',
        'In America the names changed: Sæther and Sather, Olsen and Olson, Halvorsen and Halverson, Knudsen and Knutson, Johannessen and Johnson, Øverby and Overby.',
      ],
      notes:
        'Start with the map: Vågå and Leikanger, then Fergus Falls and Halstad, then Rolette County. Both families came in two steps, a few years in Minnesota first.',
    },
    {
      title: 'July 3–4, 1976: the first reunion',
      bullets: [
        `About 275 people came to Rolette for the Bicentennial weekend; ${attendees.length} signed the registration sheets.`,
        `${fromNorway} relatives came from Norway: from Bergen, Leikanger, Sogndal and Vågå.`,
        'Organised by Astrid Nordby; the service on Sunday by Pastor Arne Ødegaard, with two hymns in Norwegian.',
        'The eldest: Ole Haugen, 92, born at Haugen in Vågå in 1884. The youngest in the photograph: Solveig Lie of Bergen, 4.',
        'The group photograph in front of the Nordby barn: 72 faces in six rows, 64 of them named in the key.',
      ],
      notes:
        'The attendees list and the key to the photograph are in the members’ area (approved relatives only, as they name living people).',
    },
    {
      title: 'The time capsule',
      bullets: [
        'Sealed on July 4, 1976, into the foot of the pioneer monument in the Rolette cemetery.',
        `A copper box: ${letters} letters and keepsakes, photographs, the list of all who came and the newspaper of that week.`,
        'Ole Haugen wrote in Norwegian “to the eldest of the family at the reunion of 2026”.',
        'Ingrid Bakken put in her mother’s recipe for flatbrød, for her great-grandson Todd Bakken, then three.',
        'To be opened at the reunion of July 2026, and the letters handed to the families they were written for.',
      ],
      notes: 'The full list of donors and recipients is the Time Capsule Donors and Recipients spreadsheet.',
    },
    {
      title: 'The reunion of July 10–12, 2026',
      bullets: [
        'Friday: welcome in Rolette, and tours of the family places: the homesteads, the church, the cemetery.',
        'Saturday: the time capsule opened, and its letters handed out; the group photograph of 2026.',
        'Sunday: the service in the Rolette Lutheran church; new letters written for 2076 and the capsule resealed.',
        'Before the weekend: seminars by video call, on the families, on Rolette County, on Norwegian genealogy.',
      ],
      notes: 'The planning committee meets by video call, in Norway and in the USA.',
    },
    {
      title: 'Letters to 2076',
      bullets: [
        'Write to someone you will never meet: a great-grandchild, the eldest at the reunion of 2076, whoever farms the homestead then.',
        'Tell them what an ordinary day is like: what you eat, what you do, what things cost, what you worry about.',
        'Paper lasts: write by hand or print on good paper, and put names and dates on the back of every photograph.',
        'No memory sticks or discs: nobody will be able to read them in fifty years.',
      ],
    },
    {
      title: 'Finding your family',
      bullets: [
        'The 1986 genealogy book by Astrid Nordby: both families’ descendants, generation by generation, with an index of names.',
        'The pioneer interviews of 1938 and 1939, Ingrid Bakken’s interview of 1982, and Ole Haugen’s memories of 1974 in Norwegian.',
        'The church books of Vågå and Leikanger, searched by Øystein Lie of Bergen.',
        'Search the members’ files for every spelling of a name: Sæther, Saether and Sather; Øverby and Overby; Vågå and Vaagaa.',
      ],
    },
  ];
}

/** The table comparing the two reunions. */
const THEN_AND_NOW: readonly (readonly [string, string, string])[] = [
  ['', '1976', '2026'],
  ['Invitations', 'Letters by post, written by hand', 'E-mail, and this website'],
  ['Planning', 'Astrid Nordby’s kitchen table', 'A committee in Norway and the USA, by video call'],
  ['From Norway', 'Flights to Minneapolis, then two days by car', 'Flights to Minot or Grand Forks'],
  ['Photographs', 'One group photograph, 72 faces', 'Every phone: shared in the members’ area'],
  ['The capsule', 'Sealed, for 2026', 'Opened, filled again, resealed for 2076'],
];

/** The PPTX, titled `title` (the catalogue's English title). */
export async function twoReunionsPptx(title: string): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9'; // 10 x 5.625 in
  pptx.title = title;
  pptx.subject = DEMO_NOTICE;
  pptx.author = DEMO_AUTHOR;
  pptx.company = 'Rolette Reunion 2026';

  const footer = (slide: PptxGenJS.Slide, number: number) => {
    slide.addText(`${title} · Rolette Family Reunion 2026 · ${number}`, {
      x: 0.4,
      y: 5.2,
      w: 6,
      h: 0.3,
      fontSize: 9,
      color: MUTED,
    });
    slide.addText(DEMO_NOTICE, {
      x: 5.6,
      y: 5.2,
      w: 4,
      h: 0.3,
      fontSize: 8,
      color: '7A4E00',
      align: 'right',
    });
  };

  // 1: the title.
  const first = pptx.addSlide();
  first.background = { color: PAPER };
  first.addText(title, {
    x: 0.5,
    y: 1.0,
    w: 9,
    h: 1.2,
    fontSize: 38,
    bold: true,
    color: INK,
    align: 'center',
    valign: 'middle',
  });
  first.addText('Rolette, North Dakota · July 1976 · July 2026', {
    x: 0.5,
    y: 2.2,
    w: 9,
    h: 0.5,
    fontSize: 20,
    color: ACCENT,
    align: 'center',
  });
  first.addText(
    'The descendants of Halvor Olsen Haugen of Vågå and of Knut Johannessen Sæther of Leikanger, fifty years apart',
    { x: 1, y: 2.8, w: 8, h: 0.7, fontSize: 14, color: MUTED, align: 'center', italic: true },
  );
  first.addText(`${DEMO_NOTICE}. ${DEMO_FICTION}`, {
    x: 1,
    y: 3.9,
    w: 8,
    h: 0.7,
    fontSize: 12,
    bold: true,
    color: '7A4E00',
    align: 'center',
    fill: { color: 'FFF2CC' },
    line: { color: 'D99A1A', width: 1 },
  });
  first.addNotes('A seminar of the planning committee before the reunion of 2026.');

  // 2 to 7: the bullets; the table after the 1976 slides.
  let number = 1;
  const content = slides();
  const addBullets = (text: SlideText) => {
    const slide = pptx.addSlide();
    slide.background = { color: PAPER };
    slide.addText(text.title, { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true, color: INK });
    slide.addText(
      text.bullets.map((bullet) => ({ text: bullet, options: { bullet: true, paraSpaceAfter: 6 } })),
      { x: 0.6, y: 1.2, w: 8.8, h: 3.8, fontSize: 16, color: INK, valign: 'top' },
    );
    if (text.notes) slide.addNotes(text.notes);
    footer(slide, ++number);
  };
  content.slice(0, 3).forEach(addBullets);

  const table = pptx.addSlide();
  table.background = { color: PAPER };
  table.addText('1976 and 2026', { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true, color: INK });
  table.addTable(
    THEN_AND_NOW.map((row, r) =>
      row.map((text, c) => ({
        text,
        options: {
          bold: r === 0 || c === 0,
          color: r === 0 ? 'FFFFFF' : INK,
          fill: { color: r === 0 ? ACCENT : r % 2 ? 'FFFFFF' : 'EFE6D4' },
        },
      })),
    ),
    {
      x: 0.5,
      y: 1.2,
      w: 9,
      colW: [1.8, 3.6, 3.6],
      fontSize: 13,
      border: { type: 'solid', color: 'C9B99A', pt: 0.5 },
    },
  );
  table.addNotes(
    'Fifty years: from letters and a kitchen table to e-mail and video calls. The capsule is the same.',
  );
  footer(table, ++number);

  content.slice(3).forEach(addBullets);
  return pptxBytes(pptx);
}
