/**
 * The demo "Letter of 1904 (Translated)" as a scan: two PDF pages that are only a picture of a typewritten page
 * (Karen Thorsen's 1975 translation of a letter of Knut Sæther's), with no text layer at all, so that pdftotext
 * finds nothing and the search (issue 36) has to read it with OCR. Tesseract reads it back; SCANNED_LETTER_PHRASE
 * is a phrase of it a test can look for.
 *
 * The page is typed the way a typewriter types: every letter drawn once with sharp (an SVG of the font's letters,
 * Liberation Mono, a Courier-like face) and stamped onto the page at a fixed pitch, each a little lighter or
 * darker and a little off the line, on a slightly skewed, off-white sheet with specks, at 200 dpi, grey JPEG.
 * Stamping rather than drawing the whole page as SVG text keeps it to a fraction of a second; the pages are kept
 * under .cache/demo-documents/ all the same, keyed by their text, the font, the settings and libvips's version.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

import { DEMO_AUTHOR, DEMO_NOTICE, FIXED_DATE, hashOf, seededRandom, xmlEscape } from './common.ts';

/** A phrase of the letter, for a test that OCR reads the scan (compare without case and runs of spaces). */
export const SCANNED_LETTER_PHRASE = 'the iron horse will reach us before the snow flies';

/** The font the typewriter has: the fonts-liberation package (.ci/install-tools.ts installs it). */
export const SCAN_FONT = 'Liberation Mono';

/** Where the rendered pages are kept between runs (git ignores .cache/). */
export const SCAN_CACHE = fileURLToPath(new URL('../../../../.cache/demo-documents/', import.meta.url));

/** Bump when the drawing changes in a way the cache key does not show. */
const GENERATOR_VERSION = 1;

const DPI = 200;
const PAGE_POINTS = [612, 792] as const; // US Letter
const WIDTH = Math.round((PAGE_POINTS[0] / 72) * DPI); // 1700
const HEIGHT = Math.round((PAGE_POINTS[1] / 72) * DPI); // 2200
/** 12-point type, 10 letters to the inch (pica), six lines to the inch. */
const FONT_PX = (12 / 72) * DPI;
const PITCH = DPI / 10;
const LINE = DPI / 6;
const LEFT = Math.round(1.1 * DPI);
const TOP = Math.round(1.0 * DPI);
/** Letters per line: 6.5 inches at ten to the inch. */
const COLUMNS = 65;
const LINES_PER_PAGE = 54;
/** The sheet lies a little crooked on the scanner. */
const SKEW_DEGREES = 0.35;
const PAPER = 238;

// ---------------------------------------------------------------------------------------------------------------
// The letter
// ---------------------------------------------------------------------------------------------------------------

const HEADER = [
  'Letter from Knut J. Sæther, Rolette County, to his brother-in-law',
  'Ola O. Lie, Leikanger, Norway. Translated from the Norwegian by',
  'Karen Thorsen, Grand Forks, 1975.',
];

const LETTER = [
  'Island Lake P.O., Rolette County, North Dakota, 20 November 1904',
  'Dear brother-in-law Ola, and all of you at Lie,',
  'Thank you for your letter, which came in October with the news that your mother is well again and that ' +
    'the apples were good this year. Here the harvest is in and threshed. The wheat gave eighteen bushels to ' +
    'the acre, which is not bad, but the price at Rugby is only sixty-eight cents, and we must haul it thirty ' +
    'miles. That is why everybody here talks of nothing but the railroad.',
  'This summer the surveyors came through twice with their chains and their stakes, and now it is certain ' +
    'that the line will come. They say the grading crews will start in the spring, and that the iron horse ' +
    'will reach us before the snow flies. Then we can sell our wheat at our own door, and get lumber and coal ' +
    'without driving three days for it.',
  'But you would not believe what it has done to the neighbours. There is to be a town, and everybody wants ' +
    'it on his own land. The men at the old store want the depot there, and a company from Minneapolis has ' +
    'bought land two miles south and wants it there. Men who have helped each other through twenty winters ' +
    'do not greet each other at church. Brita says it is like the quarrel about the new church at home, and ' +
    'that it will end the same way: the ones with the money will decide.',
  'We are well. John has taken over the heavy work, and he and Ingeborg hope for children. Anna and Peder ' +
    'Aasen have a fine boy, Knut, who is five and wants to be a railroad man. Brita has been poorly this autumn but is better. ' +
    'We still miss Ola every day. It is two years in March since the storm took him, and Brita goes to the ' +
    'grave every Sunday when the weather allows.',
  'Halvor Haugen from Vaagaa, our neighbour to the west, has built a barn this year, the biggest in the ' +
    'neighbourhood. He is a good carpenter and a good neighbour. We are collecting for a church, and he has ' +
    'promised to build it if we can buy the lumber.',
  'Greet everybody at Lie and at Sæther, and tell my brother Lars that I think of the farm every day. Write ' +
    'soon.',
  'Your devoted brother-in-law,',
  'Knut Sæther',
];

const NOTES = [
  'The letter begins, in the original: «Kjære svoger Ola og alle dere paa Lie!» Knut wrote as people in Sogn ' +
    'spoke, and spelled Norwegian the old way, with aa for å.',
  'Island Lake P.O. was the post office of the old settlement, in the store north of where Rolette now ' +
    'stands. It closed when the store was moved to the new town in the winter of 1905.',
  'Vaagaa is the old spelling of Vågå, the parish in Gudbrandsdalen the Haugen family came from. Halvor ' +
    'Haugen led the building of the Rolette Lutheran church in 1906, as he had promised.',
  "Ola, Knut and Brita's son, was lost in the blizzard of 14 March 1902, on his way home from Rolla with a " +
    'load of coal.',
  'The quarrel at home: Knut means the quarrel in Leikanger in his youth over where the new schoolhouse ' +
    'should stand.',
  "The railroad came through in 1905, and the town of Rolette was laid out on the company's land. The " +
    "original of this letter, four pages in Knut Sæther's hand, is kept by Gudrun Lie, Rolette. - K.T.",
];

/** Words wrapped to the typewriter's line, the first line after `indent` spaces. */
function wrap(text: string, indent = 0): string[] {
  const lines: string[] = [];
  let line = ' '.repeat(indent);
  for (const word of text.split(' ')) {
    if (line.trim() && line.length + 1 + word.length > COLUMNS) {
      lines.push(line);
      line = word;
    } else {
      line = line.trim() ? `${line} ${word}` : `${line}${word}`;
    }
  }
  lines.push(line);
  return lines;
}

/**
 * The typed lines of each page: the letter on the first, the translator's notes on the second, and the demo
 * notice at the foot of the last.
 */
export function scannedLetterPages(): string[][] {
  const letter: string[] = [...HEADER, '', ''];
  LETTER.forEach((paragraph, i) => {
    // The date line stands at the right, the closing lines at the middle, the paragraphs indented, as typed.
    if (i === 0) letter.push(paragraph.padStart(COLUMNS));
    else if (i >= LETTER.length - 2) letter.push(`${' '.repeat(34)}${paragraph}`);
    else letter.push(...wrap(paragraph, i > 1 ? 5 : 0));
    letter.push('');
  });
  const number = '- 2 -';
  const notes = [
    number.padStart(Math.floor((COLUMNS + number.length) / 2)),
    '',
    "Translator's notes",
    '',
    ...NOTES.flatMap((note, i) => [...wrap(`${i + 1}. ${note}`), '']),
    '',
    DEMO_NOTICE,
  ];
  for (const page of [letter, notes]) {
    if (page.length > LINES_PER_PAGE) throw new RangeError(`A page of ${page.length} lines: more than fit`);
  }
  return [letter, notes];
}

// ---------------------------------------------------------------------------------------------------------------
// Typing the page
// ---------------------------------------------------------------------------------------------------------------

interface Glyph {
  /** Ink (0: none, 255: full) of the letter's box, row by row. */
  ink: Uint8Array;
  /** The box within the letter's cell: where the ink is. */
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Glyphs {
  cell: { width: number; height: number; baseline: number; left: number };
  glyphs: Map<string, Glyph>;
}

/** Draws every letter the pages use once, in a grid, and cuts the grid into cells of ink. */
async function typeface(letters: readonly string[]): Promise<Glyphs> {
  const cell = {
    width: Math.ceil(PITCH * 2),
    height: Math.ceil(FONT_PX * 1.7),
    baseline: Math.ceil(FONT_PX * 1.2),
    left: Math.ceil(PITCH / 2),
  };
  const columns = 16;
  const rows = Math.ceil(letters.length / columns);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${columns * cell.width}" height="${rows * cell.height}">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    `<g font-family="${SCAN_FONT}, DejaVu Sans Mono, monospace" font-size="${FONT_PX.toFixed(2)}" fill="#000">` +
    letters
      .map(
        (letter, i) =>
          `<text x="${(i % columns) * cell.width + cell.left}" y="${Math.floor(i / columns) * cell.height + cell.baseline}">${xmlEscape(letter)}</text>`,
      )
      .join('') +
    '</g></svg>';
  const { data, info } = await sharp(Buffer.from(svg))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const glyphs = new Map<string, Glyph>();
  letters.forEach((letter, i) => {
    const x0 = (i % columns) * cell.width;
    const y0 = Math.floor(i / columns) * cell.height;
    const inkAt = (x: number, y: number) => 255 - data[((y0 + y) * info.width + x0 + x) * info.channels]!;
    let [left, top, right, bottom] = [cell.width, cell.height, -1, -1];
    for (let y = 0; y < cell.height; y++) {
      for (let x = 0; x < cell.width; x++) {
        if (!inkAt(x, y)) continue;
        [left, top, right, bottom] = [
          Math.min(left, x),
          Math.min(top, y),
          Math.max(right, x),
          Math.max(bottom, y),
        ];
      }
    }
    if (right < 0) return; // no ink
    const width = right - left + 1;
    const height = bottom - top + 1;
    const ink = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) ink[y * width + x] = inkAt(left + x, top + y);
    glyphs.set(letter, { ink, x: left, y: top, width, height });
  });
  return { cell, glyphs };
}

/** One page typed onto paper: grey pixels, WIDTH x HEIGHT. */
function typePage(lines: readonly string[], glyphs: Glyphs, seed: number): Buffer {
  const random = seededRandom(seed);
  const page = Buffer.alloc(WIDTH * HEIGHT);
  // The paper: a little darker towards the edges (the scanner's lid), with specks of dust.
  const shade = (i: number, of: number) => Math.round(14 * Math.abs(i / of - 0.5) ** 3 * 8);
  const columnShade = Uint8Array.from({ length: WIDTH }, (_, x) => shade(x, WIDTH));
  for (let y = 0; y < HEIGHT; y++) {
    const base = PAPER - shade(y, HEIGHT);
    const row = y * WIDTH;
    for (let x = 0; x < WIDTH; x++) page[row + x] = base - columnShade[x]!;
  }
  for (let i = 0; i < 180; i++) {
    const x = Math.floor(random() * (WIDTH - 2));
    const y = Math.floor(random() * (HEIGHT - 2));
    const size = random() < 0.9 ? 1 : 2;
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) page[(y + dy) * WIDTH + x + dx] = 150;
  }
  const sin = Math.sin((SKEW_DEGREES * Math.PI) / 180);
  const { cell } = glyphs;
  lines.forEach((line, row) => {
    [...line].forEach((letter, column) => {
      const glyph = glyphs.glyphs.get(letter);
      if (!glyph) return;
      // Where the typebar struck: on the pitch, a little off, on a sheet lying a little crooked.
      const x0 = LEFT + column * PITCH;
      const y0 = TOP + row * LINE;
      const strike = 0.72 + random() * 0.28;
      const x = Math.round(x0 - y0 * sin + (random() - 0.5) * 1.2) - cell.left + glyph.x;
      const y = Math.round(y0 + x0 * sin + (random() - 0.5) * 1.6) - cell.baseline + glyph.y;
      for (let gy = 0; gy < glyph.height; gy++) {
        const py = y + gy;
        if (py < 0 || py >= HEIGHT) continue;
        for (let gx = 0; gx < glyph.width; gx++) {
          const amount = (glyph.ink[gy * glyph.width + gx]! / 255) * strike;
          const px = x + gx;
          if (!amount || px < 0 || px >= WIDTH) continue;
          const i = py * WIDTH + px;
          page[i] = Math.round(page[i]! * (1 - amount) + 18 * amount);
        }
      }
    });
  });
  return page;
}

/** The key of the rendered pages: anything that changes their pixels. */
function cacheKey(pages: readonly (readonly string[])[]): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        version: GENERATOR_VERSION,
        vips: sharp.versions.vips,
        font: SCAN_FONT,
        settings: [DPI, FONT_PX, PITCH, LINE, LEFT, TOP, SKEW_DEGREES, PAPER],
        pages,
      }),
    )
    .digest('hex')
    .slice(0, 16);
}

/** Types and scans the pages: one grey JPEG each. */
export async function renderScannedPages(pages: readonly (readonly string[])[]): Promise<Buffer[]> {
  const letters = [...new Set(pages.flat().join(''))].filter((letter) => letter !== ' ').sort();
  const glyphs = await typeface(letters);
  return Promise.all(
    pages.map((lines, i) =>
      sharp(typePage(lines, glyphs, hashOf(`scan:${i}`)), {
        raw: { width: WIDTH, height: HEIGHT, channels: 1 },
      })
        .blur(0.55)
        .jpeg({ quality: 72 })
        .toBuffer(),
    ),
  );
}

async function readCached(folder: string, count: number): Promise<Buffer[] | undefined> {
  try {
    return await Promise.all(
      Array.from({ length: count }, (_, i) => readFile(join(folder, `page-${i + 1}.jpeg`))),
    );
  } catch {
    return undefined; // not made yet
  }
}

/** Writes the pages to a folder of their own, then moves it in place whole. */
async function writeCached(root: string, key: string, jpegs: readonly Buffer[]): Promise<void> {
  const staging = join(root, `scan-${key}.${process.pid}.${Date.now()}.tmp`);
  try {
    await mkdir(staging, { recursive: true });
    await Promise.all(jpegs.map((jpeg, i) => writeFile(join(staging, `page-${i + 1}.jpeg`), jpeg)));
    await rename(staging, join(root, `scan-${key}`));
  } catch (error) {
    // Another run (a parallel test file) put the same folder in place first: its copy is as good as ours.
    if (!['EEXIST', 'ENOTEMPTY', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // Scans of an earlier text or version are of no more use (a staging folder of a run still going is left alone).
  for (const entry of await readdir(root)) {
    if (entry.startsWith('scan-') && entry !== `scan-${key}` && !entry.endsWith('.tmp'))
      await rm(join(root, entry), { recursive: true, force: true });
  }
}

const rendered = new Map<string, Promise<{ jpegs: Buffer[]; fromCache: boolean }>>();

/**
 * The scanned pages: from the cache in `cacheRoot` when a run made them before, otherwise typed now and kept there
 * (null: typed now, kept nowhere).
 */
export function scannedLetterJpegs(
  cacheRoot: string | null = SCAN_CACHE,
): Promise<{ jpegs: Buffer[]; fromCache: boolean }> {
  const pages = scannedLetterPages();
  const key = cacheKey(pages);
  const memo = `${cacheRoot ?? ''}:${key}`;
  let result = rendered.get(memo);
  if (!result) {
    result = (async () => {
      if (cacheRoot) {
        const cached = await readCached(join(cacheRoot, `scan-${key}`), pages.length);
        if (cached) return { jpegs: cached, fromCache: true };
      }
      const jpegs = await renderScannedPages(pages);
      if (cacheRoot) {
        await mkdir(cacheRoot, { recursive: true });
        await writeCached(cacheRoot, key, jpegs);
      }
      return { jpegs, fromCache: false };
    })();
    rendered.set(memo, result);
  }
  return result;
}

/** The scan as a PDF titled `title` (the catalogue's English title): pictures only, no text; null: no cache. */
export async function scannedLetterPdf(
  title: string,
  cacheRoot: string | null = SCAN_CACHE,
): Promise<Buffer> {
  const { jpegs } = await scannedLetterJpegs(cacheRoot);
  return scanPdf(jpegs, title);
}

/** Pages that are each one picture, filling the page. */
export async function scanPdf(jpegs: readonly Buffer[], title: string): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setSubject(DEMO_NOTICE);
  doc.setAuthor(DEMO_AUTHOR);
  doc.setProducer('tools/local/seed/demo-documents');
  doc.setCreator('Scanner (demo)');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  for (const jpeg of jpegs) {
    const image = await doc.embedJpg(jpeg);
    const page = doc.addPage([PAGE_POINTS[0], PAGE_POINTS[1]]);
    page.drawImage(image, { x: 0, y: 0, width: PAGE_POINTS[0], height: PAGE_POINTS[1] });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
