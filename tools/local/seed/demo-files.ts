/**
 * Stand-in files for the local emulator: for every catalogue entry a real, valid file of its kind (PDF, JPEG,
 * XLSX, PPTX) that opens in the right program and says it is demo material. The real files are the organisers'
 * and never live in this repository. The entries of demo-documents/ get a fictional but real-shaped document
 * (a genealogy book, interviews, lists, a scanned letter) for the search to find things in; the others a
 * one-page placeholder.
 *
 * Every generator is deterministic (fixed dates, no random ids), so a test can regenerate a file and compare it
 * byte for byte with what the emulator serves.
 */
import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';

import type { CatalogueEntry } from '../../../src/domain/catalogue';
import { englishTitle } from '../../../admin/bucket/english-title.ts';
import { LARGE_DEMO_SIZE_VARIABLE } from '../config.ts';
import { DEMO_NOTICE, DEMO_NOTICE_ASCII, FIXED_DATE, hashOf } from './demo-documents/common.ts';
import { demoDocument } from './demo-documents/index.ts';
import { pptxBytes } from './demo-documents/pptx.ts';
import { xlsxPackage, type Cell } from './demo-documents/xlsx.ts';

export { DEMO_NOTICE };

export { LARGE_DEMO_PATH } from '../../../admin/bucket/member-files.ts';
export const DEFAULT_LARGE_DEMO_MB = 64;

/** The large demo file's size in bytes: LARGE_DEMO_FILE_MB MiB, 64 MiB when unset. */
export function largeDemoFileBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[LARGE_DEMO_SIZE_VARIABLE]?.trim();
  const mb = raw ? Number(raw) : DEFAULT_LARGE_DEMO_MB;
  if (!Number.isFinite(mb) || mb < 0) {
    throw new RangeError(
      `${LARGE_DEMO_SIZE_VARIABLE}="${raw}" is not a size in MiB (0 for no large demo file).`,
    );
  }
  return Math.round(mb * 1024 * 1024);
}

export function demoFile(entry: CatalogueEntry): Promise<Buffer> {
  const document = demoDocument(entry);
  if (document) return document;
  switch (entry.kind) {
    case 'pdf':
      return demoPdf(entry);
    case 'jpeg':
      return Promise.resolve(demoJpeg(entry));
    case 'xlsx':
      return demoXlsx(entry);
    case 'pptx':
      return demoPptx(entry);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Large incompressible file
// ---------------------------------------------------------------------------------------------------------------

/**
 * sizeBytes of pseudo-random bytes (xorshift128, fixed seed): incompressible, so transfer sizes and progress
 * events are real, and deterministic, so a test can regenerate and compare. ~0.2 s for 64 MiB.
 */
export function largeDemoFile(sizeBytes: number): Buffer {
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 0) throw new RangeError(`Invalid size: ${sizeBytes}`);
  const words = new Uint32Array(Math.ceil(sizeBytes / 4));
  let x = 0x12345678;
  let y = 0x9abcdef0;
  let z = 0x0fedcba9;
  let w = 0x87654321;
  for (let i = 0; i < words.length; i++) {
    const t = x ^ (x << 11);
    x = y;
    y = z;
    z = w;
    w = (w ^ (w >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    words[i] = w;
  }
  return Buffer.from(words.buffer, 0, sizeBytes);
}

// ---------------------------------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------------------------------

/** The text's words in lines, each as long as `fits` allows (a word longer than a line gets one of its own). */
function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && !fits(candidate)) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

async function demoPdf(entry: CatalogueEntry): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(englishTitle(entry));
  doc.setSubject(DEMO_NOTICE);
  doc.setAuthor('Rolette Reunion 2026 (demo)');
  doc.setProducer('tools/local/seed/demo-files.ts');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  const page = doc.addPage([612, 792]); // US Letter
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const margin = 72;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - margin;

  const draw = (text: string, font: PDFFont, size: number, color = rgb(0.1, 0.1, 0.1)) => {
    for (const line of wrapWords(text, (candidate) => font.widthOfTextAtSize(candidate, size) <= width)) {
      y -= size * 1.3;
      page.drawText(line, { x: margin, y, size, font, color });
    }
  };

  draw(englishTitle(entry), bold, 24);
  y -= 8;
  draw(entry.group.title({}, { locale: 'en' }), regular, 14, rgb(0.35, 0.35, 0.35));
  y -= 24;
  page.drawRectangle({
    x: margin - 8,
    y: y - 46,
    width: width + 16,
    height: 40,
    color: rgb(1, 0.95, 0.8),
    borderColor: rgb(0.85, 0.6, 0.1),
    borderWidth: 1,
  });
  y -= 12;
  draw(DEMO_NOTICE, bold, 14, rgb(0.45, 0.3, 0));
  y -= 30;
  draw(
    'This file stands in for a historical document of the Rolette family reunion so that the members area ' +
      'can be tried locally. It carries no real content.',
    regular,
    12,
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

// ---------------------------------------------------------------------------------------------------------------
// JPEG
// ---------------------------------------------------------------------------------------------------------------

/** A 5x7 bitmap font (rows top to bottom, bit 4 = leftmost pixel) for the text drawn into the demo images. */
const GLYPHS: Record<string, readonly number[]> = {
  A: [0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
  B: [0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e],
  C: [0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e],
  D: [0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c],
  E: [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f],
  F: [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10],
  G: [0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f],
  H: [0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
  I: [0x0e, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0e],
  J: [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c],
  K: [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
  L: [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f],
  M: [0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11],
  N: [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
  O: [0x0e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e],
  P: [0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10],
  Q: [0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d],
  R: [0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11],
  S: [0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e],
  T: [0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
  U: [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e],
  V: [0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04],
  W: [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a],
  X: [0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11],
  Y: [0x11, 0x11, 0x0a, 0x04, 0x04, 0x04, 0x04],
  Z: [0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f],
  '0': [0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e],
  '1': [0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e],
  '2': [0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f],
  '3': [0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e],
  '4': [0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02],
  '5': [0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e],
  '6': [0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e],
  '7': [0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
  '8': [0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e],
  '9': [0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c],
  ' ': [0, 0, 0, 0, 0, 0, 0],
  '-': [0x00, 0x00, 0x00, 0x1f, 0x00, 0x00, 0x00],
  ',': [0x00, 0x00, 0x00, 0x00, 0x0c, 0x04, 0x08],
  '.': [0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x0c],
  ':': [0x00, 0x0c, 0x0c, 0x00, 0x0c, 0x0c, 0x00],
  "'": [0x0c, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00],
  '(': [0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02],
  ')': [0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08],
  '&': [0x0c, 0x12, 0x14, 0x08, 0x15, 0x12, 0x0d],
  '?': [0x0e, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04],
};

type Rgb = readonly [number, number, number];

class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4, 0xff);
  }

  set(x: number, y: number, [r, g, b]: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.data[i] = Math.round(this.data[i]! * (1 - alpha) + r * alpha);
    this.data[i + 1] = Math.round(this.data[i + 1]! * (1 - alpha) + g * alpha);
    this.data[i + 2] = Math.round(this.data[i + 2]! * (1 - alpha) + b * alpha);
    this.data[i + 3] = 0xff;
  }

  fillRect(x0: number, y0: number, w: number, h: number, color: Rgb, alpha = 1): void {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) this.set(x, y, color, alpha);
  }

  /** Width in pixels of a line of text at a scale (5 px glyph + 1 px spacing, times scale). */
  static textWidth(text: string, scale: number): number {
    return Math.max(0, text.length * 6 - 1) * scale;
  }

  drawText(text: string, x0: number, y0: number, scale: number, color: Rgb): void {
    [...text.toUpperCase()].forEach((char, index) => {
      const rows = GLYPHS[char] ?? GLYPHS['?']!;
      rows.forEach((bits, row) => {
        for (let col = 0; col < 5; col++) {
          if (bits & (0x10 >> col))
            this.fillRect(x0 + (index * 6 + col) * scale, y0 + row * scale, scale, scale, color);
        }
      });
    });
  }
}

/** 800x500 sepia "photograph": gradient, rings and stripes seeded by the entry id, with its name written on it. */
export function demoJpeg(entry: CatalogueEntry, width = 800, height = 500): Buffer {
  const canvas = new Canvas(width, height);
  const seed = hashOf(entry.id); // each image its own colours and pattern
  const cx = (seed % width) | 0;
  const cy = ((seed >>> 10) % height) | 0;
  const ringWidth = 18 + (seed % 23);
  const stripeAngle = ((seed >>> 20) % 180) * (Math.PI / 180);
  const [dx, dy] = [Math.cos(stripeAngle), Math.sin(stripeAngle)];

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const ring = Math.sin(Math.hypot(x - cx, y - cy) / ringWidth) * 0.5 + 0.5;
      const stripe = Math.sin((x * dx + y * dy) / 9) > 0.6 ? 1 : 0;
      const shade = 0.55 + 0.3 * ring + 0.1 * (1 - t) - 0.08 * stripe;
      canvas.set(x, y, [Math.min(255, 235 * shade), Math.min(255, 205 * shade), Math.min(255, 160 * shade)]);
    }
  }

  // A dark caption band with the display name and the notice.
  const scale = 4;
  const maxChars = Math.floor((width - 60) / (6 * scale));
  const lines = wrapWords(englishTitle(entry), (candidate) => candidate.length <= maxChars);
  const noticeScale = 2;
  const bandHeight = lines.length * 9 * scale + 7 * noticeScale + 50;
  const bandTop = Math.round((height - bandHeight) / 2);
  canvas.fillRect(0, bandTop, width, bandHeight, [30, 22, 12], 0.78);
  lines.forEach((line, i) => {
    const x = Math.round((width - Canvas.textWidth(line, scale)) / 2);
    canvas.drawText(line, x, bandTop + 20 + i * 9 * scale, scale, [255, 248, 230]);
  });
  const notice = DEMO_NOTICE_ASCII;
  canvas.drawText(
    notice,
    Math.round((width - Canvas.textWidth(notice, noticeScale)) / 2),
    bandTop + bandHeight - 20 - 7 * noticeScale,
    noticeScale,
    [255, 210, 120],
  );

  const comments = [englishTitle(entry), DEMO_NOTICE_ASCII].map((text) => text.replace(/[^\x20-\x7e]/g, '?'));
  return jpeg.encode({ width, height, data: canvas.data, comments }, 85).data;
}

// ---------------------------------------------------------------------------------------------------------------
// XLSX
// ---------------------------------------------------------------------------------------------------------------

async function demoXlsx(entry: CatalogueEntry): Promise<Buffer> {
  const rows: Cell[][] = [
    ['No.', 'Name', 'Town', 'Note'],
    [1, 'Demo Person One', 'Rolette, North Dakota', DEMO_NOTICE],
    [2, 'Demo Person Two', 'Rolla, North Dakota', `File: ${englishTitle(entry)}`],
    [3, 'Demo Person Three', 'Dunseith, North Dakota', `Group: ${entry.group.title({}, { locale: 'en' })}`],
    [4, 'Demo Person Four', 'Bottineau, North Dakota', ''],
  ];
  return xlsxPackage(englishTitle(entry), [{ name: 'Demo', rows, widths: [8, 28, 28, 60], boldRows: [0] }]);
}

// ---------------------------------------------------------------------------------------------------------------
// PPTX
// ---------------------------------------------------------------------------------------------------------------

async function demoPptx(entry: CatalogueEntry): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9'; // 10 x 5.625 in
  pptx.title = englishTitle(entry);
  pptx.subject = DEMO_NOTICE;
  pptx.author = 'Rolette Reunion 2026 (demo)';
  pptx.company = 'Rolette Reunion 2026';

  const slide = pptx.addSlide();
  slide.background = { color: 'F6EEDC' };
  slide.addText(englishTitle(entry), {
    x: 0.5,
    y: 1.3,
    w: 9,
    h: 1.4,
    fontSize: 36,
    bold: true,
    color: '3B2A14',
    align: 'center',
    valign: 'middle',
    fit: 'shrink',
  });
  slide.addText(entry.group.title({}, { locale: 'en' }), {
    x: 0.5,
    y: 2.7,
    w: 9,
    h: 0.5,
    fontSize: 18,
    color: '6B5A44',
    align: 'center',
  });
  slide.addText(DEMO_NOTICE, {
    x: 1,
    y: 3.7,
    w: 8,
    h: 0.6,
    fontSize: 16,
    bold: true,
    color: '7A4E00',
    align: 'center',
    fill: { color: 'FFF2CC' },
    line: { color: 'D99A1A', width: 1 },
  });

  return pptxBytes(pptx);
}
