/**
 * The text of a member file, part by part (issue 36): what the search finds and where.
 *   - PDF: each page's own text (poppler's pdftotext); a page with none (a scan) is read by OCR: poppler's pdftoppm
 *     makes a 300 dpi image of it and Tesseract reads it in Norwegian and English. A page neither gives a word is
 *     listed as unread, so that the command reports it rather than skipping it silently.
 *   - XLSX: each row's cells, sheet by sheet (the row numbers as the spreadsheet shows them).
 *   - PPTX: each slide's text.
 * The programs run without a shell, on temporary files of our own; a missing program is an error that says how to
 * install it (the handbook: organiser/README.md).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import JSZip from 'jszip';
import type { FileKind } from '../../src/domain/catalogue.ts';
import { tidyText, type PartUnit, type TextPart } from '../../src/domain/search.ts';

export interface ExtractedText {
  unit: PartUnit;
  parts: TextPart[];
  unread: number[];
}

/** Reads a page image; given the PNG's path, resolves with its text. */
export type Ocr = (imagePath: string) => Promise<string>;

export interface ExtractOptions {
  /** OCR for scanned pages (default: Tesseract, Norwegian and English); undefined text: no OCR (pages unread). */
  ocr?: Ocr | null;
  /** Called as each scanned page is read: OCR takes seconds a page. */
  onOcrPage?: (page: number, pages: number) => void;
}

/** A program the extraction needs is not installed: which, and how to install it. */
export class TextToolMissingError extends Error {
  constructor(
    readonly program: string,
    cause?: unknown,
  ) {
    super(`${program} was not found on the PATH. ${INSTALL_HINTS[program] ?? ''}`.trim(), { cause });
    this.name = 'TextToolMissingError';
  }
}

const POPPLER_HINT =
  'Install poppler: Debian or Ubuntu `sudo apt-get install poppler-utils`, macOS `brew install poppler`, Windows ' +
  '`winget install oschwartz10612.Poppler` (or see organiser/README.md).';
const TESSERACT_HINT =
  'Install Tesseract with Norwegian and English: Debian or Ubuntu `sudo apt-get install tesseract-ocr ' +
  'tesseract-ocr-nor tesseract-ocr-eng`, macOS `brew install tesseract tesseract-lang`, Windows the UB Mannheim ' +
  'installer with Norwegian ticked (see organiser/README.md).';
const INSTALL_HINTS: Record<string, string> = {
  pdftotext: POPPLER_HINT,
  pdftoppm: POPPLER_HINT,
  tesseract: TESSERACT_HINT,
};

/** Words a page must have for its own text to count: fewer (a page number, a stamp) and the page is read by OCR. */
const MIN_LAYER_LETTERS = 20;
const OCR_DPI = 300;
const OCR_LANGUAGES = 'nor+eng';
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

function run(program: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      [...args],
      { encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true, ...(env ? { env } : {}) },
      (error, stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT')
          reject(new TextToolMissingError(program, error));
        else if (error)
          reject(new Error(`${program} failed: ${stderr.trim() || error.message}`, { cause: error }));
        else resolve(stdout);
      },
    );
  });
}

/**
 * Tesseract's threads (OpenMP) wait for each other by spinning: on one page of the demo's scanned letter, on 2 cores,
 * 17 CPU-seconds and 12 s with them against 2.4 and 2.5 s with one, the same text. One thread, unless the organiser
 * set OMP_THREAD_LIMIT themselves (OCRmyPDF, which runs pages side by side, does the same).
 */
const tesseractEnv = () => ({ ...process.env, OMP_THREAD_LIMIT: process.env.OMP_THREAD_LIMIT ?? '1' });

/** Tesseract on one page image, in Norwegian and English. */
export const tesseract: Ocr = async (imagePath) => {
  const languages = await run('tesseract', ['--list-langs']);
  for (const language of OCR_LANGUAGES.split('+'))
    if (!new RegExp(`^${language}$`, 'm').test(languages))
      throw new TextToolMissingError('tesseract', new Error(`Tesseract has no "${language}" language data`));
  return run('tesseract', [imagePath, '-', '-l', OCR_LANGUAGES], tesseractEnv());
};

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

async function withTemporaryFolder<T>(use: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'reunion-text-'));
  try {
    return await use(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A PDF's pages: its own text where it has some, OCR where it has none. */
export async function pdfText(bytes: Uint8Array, options: ExtractOptions = {}): Promise<ExtractedText> {
  const ocr = options.ocr === undefined ? tesseract : options.ocr;
  return withTemporaryFolder(async (folder) => {
    const pdf = join(folder, 'file.pdf');
    await writeFile(pdf, bytes);
    // pdftotext ends every page with a form feed: the pages in order, empty ones too.
    const layer = (await run('pdftotext', ['-enc', 'UTF-8', pdf, '-'])).split('\f');
    if (layer.length > 1 && layer[layer.length - 1]!.trim() === '') layer.pop();
    const parts: TextPart[] = [];
    const unread: number[] = [];
    const scanned = layer.flatMap((text, index) => (letters(text) < MIN_LAYER_LETTERS ? [index + 1] : []));
    for (const [index, raw] of layer.entries()) {
      const n = index + 1;
      let text = tidyText(raw);
      let method: TextPart['method'] = 'text-layer';
      if (scanned.includes(n) && ocr) {
        options.onOcrPage?.(scanned.indexOf(n) + 1, scanned.length);
        const prefix = join(folder, `page-${n}`);
        await run('pdftoppm', [
          '-r',
          String(OCR_DPI),
          '-gray',
          '-png',
          '-f',
          String(n),
          '-l',
          String(n),
          pdf,
          prefix,
        ]);
        const image = (await readdir(folder)).find(
          (name) => name.startsWith(`page-${n}`) && name.endsWith('.png'),
        );
        if (!image) throw new Error(`pdftoppm made no image of page ${n}`);
        const read = tidyText(await ocr(join(folder, image)));
        if (letters(read) > letters(text)) {
          text = read;
          method = 'ocr';
        }
      }
      if (letters(text) === 0) unread.push(n);
      else parts.push({ n, text, method });
    }
    return { unit: 'page', parts, unread };
  });
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Text as written, never a number or a boolean ("007" stays "007").
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => ['si', 'r', 'row', 'c', 'sheet', 'p:sp', 'a:p', 'a:r', 'Relationship'].includes(name),
});

type Node = Record<string, unknown>;

/** The text of a node's <t> (or <a:t>) children, however deep (shared strings with runs, a slide's paragraphs). */
function textOf(node: unknown, tag: string): string {
  if (node === null || node === undefined) return '';
  if (typeof node === 'string') return '';
  if (Array.isArray(node)) return node.map((child) => textOf(child, tag)).join('');
  if (typeof node !== 'object') return '';
  return Object.entries(node as Node)
    .map(([key, value]) => {
      if (key === tag) return typeof value === 'string' ? value : String((value as Node)['#text'] ?? '');
      return key.startsWith('@') ? '' : textOf(value, tag);
    })
    .join('');
}

async function zipXml(zip: JSZip, path: string): Promise<Node | undefined> {
  const file = zip.file(path);
  return file ? (xml.parse(await file.async('string')) as Node) : undefined;
}

/** A spreadsheet's rows, sheet by sheet: each row's cells joined, numbered as the spreadsheet numbers them. */
export async function xlsxText(bytes: Uint8Array): Promise<ExtractedText> {
  const zip = await JSZip.loadAsync(bytes);
  const shared = ((await zipXml(zip, 'xl/sharedStrings.xml'))?.sst as Node | undefined)?.si as
    unknown[] | undefined;
  const strings = (shared ?? []).map((item) => textOf(item, 't'));
  const workbook = (await zipXml(zip, 'xl/workbook.xml'))?.workbook as Node | undefined;
  const sheets = ((workbook?.sheets as Node | undefined)?.sheet as Node[] | undefined) ?? [];
  const relations = ((await zipXml(zip, 'xl/_rels/workbook.xml.rels'))?.Relationships as Node | undefined)
    ?.Relationship as Node[] | undefined;
  const parts: TextPart[] = [];
  for (const sheet of sheets) {
    const id = sheet['@r:id'];
    const target = relations?.find((relation) => relation['@Id'] === id)?.['@Target'];
    if (typeof target !== 'string') continue;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const data = ((await zipXml(zip, path))?.worksheet as Node | undefined)?.sheetData as Node | undefined;
    for (const [index, row] of (((data?.row as Node[] | undefined) ?? []) as Node[]).entries()) {
      const cells = ((row.c as Node[] | undefined) ?? []).map((cell) => {
        if (cell['@t'] === 's') return strings[Number(textOf({ v: cell.v }, 'v'))] ?? '';
        if (cell['@t'] === 'inlineStr') return textOf(cell.is, 't');
        return textOf({ v: cell.v }, 'v');
      });
      const text = tidyText(cells.filter((cell) => cell.trim()).join(' · '));
      if (!text) continue;
      const n = Number(row['@r']) || index + 1;
      parts.push({
        n,
        text,
        method: 'cells',
        ...(sheets.length > 1 ? { sheet: String(sheet['@name']) } : {}),
      });
    }
  }
  return { unit: 'row', parts, unread: [] };
}

/** A presentation's slides, in their order, each with its text. */
export async function pptxText(bytes: Uint8Array): Promise<ExtractedText> {
  const zip = await JSZip.loadAsync(bytes);
  const slides = Object.keys(zip.files)
    .map((path) => /^ppt\/slides\/slide(\d+)\.xml$/.exec(path))
    .filter((match) => match !== null)
    .map((match) => ({ path: match[0], n: Number(match[1]) }))
    .sort((a, b) => a.n - b.n);
  const parts: TextPart[] = [];
  const unread: number[] = [];
  for (const { path, n } of slides) {
    const slide = await zipXml(zip, path);
    // Each paragraph its own line: words of two paragraphs never run together.
    const paragraphs: string[] = [];
    const collect = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(collect);
      for (const [key, value] of Object.entries(node as Node)) {
        if (key === 'a:p')
          for (const paragraph of value as unknown[]) paragraphs.push(textOf(paragraph, 'a:t'));
        else if (!key.startsWith('@')) collect(value);
      }
    };
    collect(slide);
    const text = tidyText(paragraphs.join('\n'));
    if (text) parts.push({ n, text, method: 'slides' });
    else unread.push(n);
  }
  return { unit: 'slide', parts, unread };
}

/** The text of a file of the catalogue's kinds; undefined for a picture (the faces' names are searched instead). */
export async function extractText(
  kind: FileKind,
  bytes: Uint8Array,
  options: ExtractOptions = {},
): Promise<ExtractedText | undefined> {
  switch (kind) {
    case 'pdf':
      return pdfText(bytes, options);
    case 'xlsx':
      return xlsxText(bytes);
    case 'pptx':
      return pptxText(bytes);
    case 'jpeg':
      return undefined;
  }
}
