/**
 * Text set into pages, for the demo documents' PDFs: paragraphs of runs (regular, bold, italic) wrapped to the
 * page's width and broken onto new pages, headings kept with what follows, running heads and page numbers. The
 * layout is made first (what goes where, and each page's text) and drawn with pdf-lib at the end, so that a page
 * laid out earlier (a book's contents) can be filled in once the later pages are known.
 *
 * Text is drawn with the standard PDF fonts (WinAnsi: Western European letters, æ ø å é and the typographic
 * quotes and dashes), which pdftotext reads back as they were written.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts, rgb, type PDFFont, type RGB } from 'pdf-lib';

export type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';
export type FontFamily = 'times' | 'courier' | 'helvetica';

const FAMILIES: Record<FontFamily, Record<FontStyle, StandardFonts>> = {
  times: {
    regular: StandardFonts.TimesRoman,
    bold: StandardFonts.TimesRomanBold,
    italic: StandardFonts.TimesRomanItalic,
    boldItalic: StandardFonts.TimesRomanBoldItalic,
  },
  courier: {
    regular: StandardFonts.Courier,
    bold: StandardFonts.CourierBold,
    italic: StandardFonts.CourierOblique,
    boldItalic: StandardFonts.CourierBoldOblique,
  },
  helvetica: {
    regular: StandardFonts.Helvetica,
    bold: StandardFonts.HelveticaBold,
    italic: StandardFonts.HelveticaOblique,
    boldItalic: StandardFonts.HelveticaBoldOblique,
  },
};

/** A piece of a paragraph in one font. */
export interface Run {
  text: string;
  style?: FontStyle;
}

export interface ParagraphStyle {
  size?: number;
  /** Line height; 1.25 times the size unless set. */
  leading?: number;
  style?: FontStyle;
  align?: 'left' | 'center' | 'right';
  /** Indent of every line, and more for the first line (negative: a hanging indent). */
  indent?: number;
  firstIndent?: number;
  /** Space before and after, in points. */
  before?: number;
  after?: number;
  color?: RGB;
  /** Lines of the next paragraph that must fit on the same page (a heading's). */
  keepWithNext?: number;
  family?: FontFamily;
}

interface DrawOp {
  text: string;
  x: number;
  y: number;
  size: number;
  font: FontStyle;
  family: FontFamily;
  color: RGB;
}

interface RuleOp {
  rule: true;
  x1: number;
  x2: number;
  y: number;
  width: number;
  color: RGB;
}

export interface LaidOutPage {
  /** 1-based: the number printed on the page. */
  number: number;
  ops: (DrawOp | RuleOp)[];
  /** The text of the page's lines, in reading order (for tests, an index, the search's expectations). */
  lines: string[];
}

export interface FlowOptions {
  size: readonly [width: number, height: number];
  margin: { top: number; bottom: number; left: number; right: number };
  family: FontFamily;
  /** Default body size. */
  size10?: number;
  /** Draws the running head and the page number on a page once it is full (or left empty). */
  decorate?: (flow: Flow, page: LaidOutPage) => void;
}

/**
 * The standard fonts' widths without a document: pdf-lib measures them from its AFM tables, which it unpacks for
 * every font it embeds, so each font is embedded once per process, only when used, and each word measured once.
 */
class Metrics {
  private readonly doc = PDFDocument.create({ updateMetadata: false });
  private readonly fonts = new Map<string, Promise<PDFFont>>();
  private readonly loaded = new Map<string, PDFFont>();
  private readonly widths = new Map<string, number>();

  async load(family: FontFamily, style: FontStyle): Promise<void> {
    const key = `${family}/${style}`;
    let font = this.fonts.get(key);
    if (!font) {
      font = this.doc.then((doc) => doc.embedFont(FAMILIES[family][style]));
      this.fonts.set(key, font);
    }
    this.loaded.set(key, await font);
  }

  /** The width of a text at size 1. */
  width(text: string, family: FontFamily, style: FontStyle): number {
    const key = `${family}/${style}/${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      const font = this.loaded.get(`${family}/${style}`);
      if (!font) throw new Error(`Font ${family} ${style} not loaded: Flow.create({ styles }) must name it`);
      width = font.widthOfTextAtSize(text, 1);
      this.widths.set(key, width);
    }
    return width;
  }
}

const sharedMetrics = new Metrics();
const ALL_STYLES: readonly FontStyle[] = ['regular', 'bold', 'italic', 'boldItalic'];

const BLACK = rgb(0.08, 0.08, 0.08);
const NBSP = '\u00a0';

/** Whether the space between two words may not break: inside a name ("Ole Haugen", "Ole K. Olson"). */
function glued(word: string, next: string): boolean {
  return /^\p{Lu}/u.test(next) && /^\p{Lu}/u.test(word) && (/\p{L}$/u.test(word) || /^\p{Lu}\.$/u.test(word));
}

interface Word {
  text: string;
  style: FontStyle;
  /** Set right after the word before, without a space. */
  attach?: boolean;
}

export class Flow {
  readonly pages: LaidOutPage[] = [];
  /** Free text for the decorate callback: the running head of the part being set. */
  runningHead = '';
  private y = 0;
  private pendingKeep = 0;

  private constructor(
    readonly options: FlowOptions,
    private readonly metrics: Metrics,
  ) {}

  /** A flow of pages; the fonts of `families` (the options' family by default) are loaded for measuring. */
  static async create(
    options: FlowOptions,
    families: readonly FontFamily[] = [options.family],
  ): Promise<Flow> {
    await Promise.all(
      families.flatMap((family) => ALL_STYLES.map((style) => sharedMetrics.load(family, style))),
    );
    const flow = new Flow(options, sharedMetrics);
    flow.newPage();
    return flow;
  }

  get width(): number {
    return this.options.size[0] - this.options.margin.left - this.options.margin.right;
  }

  get page(): LaidOutPage {
    return this.pages[this.pages.length - 1]!;
  }

  get pageNumber(): number {
    return this.pages.length;
  }

  /** Points left on the page. */
  get room(): number {
    return this.y - this.options.margin.bottom;
  }

  widthOf(text: string, size: number, style: FontStyle = 'regular', family = this.options.family): number {
    return this.metrics.width(text.replaceAll(NBSP, ' '), family, style) * size;
  }

  newPage(): void {
    if (this.pages.length) this.options.decorate?.(this, this.page);
    this.pages.push({ number: this.pages.length + 1, ops: [], lines: [] });
    this.y = this.options.size[1] - this.options.margin.top;
  }

  /** Starts a new page unless the current one is still empty. */
  pageBreak(): void {
    if (this.page.lines.length || this.page.ops.length) this.newPage();
  }

  /** Ends the layout: decorates the last page. */
  finish(): LaidOutPage[] {
    this.options.decorate?.(this, this.page);
    return this.pages;
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Moves to a new page unless `points` still fit. */
  ensure(points: number): void {
    if (this.room < points) this.newPage();
  }

  /** Draws text at a place of the current page, outside the flow (a running head, a page number). */
  put(text: string, x: number, y: number, size: number, style: FontStyle = 'regular', color = BLACK): void {
    this.page.ops.push({ text, x, y, size, font: style, family: this.options.family, color });
  }

  rule(x1: number, x2: number, y: number, width = 0.5, color = rgb(0.4, 0.4, 0.4)): void {
    this.page.ops.push({ rule: true, x1, x2, y, width, color });
  }

  /** A horizontal rule across the text width at the current place. */
  hr(width = 0.5): void {
    this.y -= 4;
    this.rule(this.options.margin.left, this.options.margin.left + this.width, this.y, width);
    this.y -= 6;
  }

  /** Sets a paragraph; returns the pages its lines went on. */
  paragraph(content: string | readonly Run[], style: ParagraphStyle = {}): number[] {
    const runs: readonly Run[] = typeof content === 'string' ? [{ text: content }] : content;
    const family = style.family ?? this.options.family;
    const size = style.size ?? this.options.size10 ?? 10;
    const leading = style.leading ?? size * 1.25;
    const indent = style.indent ?? 0;
    const firstIndent = indent + (style.firstIndent ?? 0);
    const color = style.color ?? BLACK;
    const spaceWidth = this.widthOf(' ', size, 'regular', family);
    const wordWidth = (word: Word) => this.widthOf(word.text, size, word.style, family);
    /** The width of words set together, with a space before each word not attached to the one before. */
    const widthOfWords = (list: readonly Word[]) =>
      list.reduce((sum, word, i) => sum + wordWidth(word) + (i && !word.attach ? spaceWidth : 0), 0);

    const words: Word[] = [];
    for (const run of runs) {
      const runStyle = run.style ?? style.style ?? 'regular';
      run.text.split(/[ \n\t]+/).forEach((text, i) => {
        // A run that does not begin with a space goes on from the word before it (a comma after a bold name).
        if (text) words.push({ text, style: runStyle, attach: i === 0 && words.length > 0 });
      });
    }
    // Words that stay together on a line: a name ("Ole Haugen"), a word and what is attached to it.
    const tokens: Word[][] = [];
    for (const word of words) {
      const last = tokens[tokens.length - 1];
      const previous = last?.[last.length - 1];
      if (last && previous && (word.attach || glued(previous.text, word.text))) last.push(word);
      else tokens.push([word]);
    }

    // Break into lines (a token wider than a line is set word by word after all).
    const lines: Word[][] = [];
    let line: Word[] = [];
    const available = () => this.width - (lines.length ? indent : firstIndent);
    const add = (list: readonly Word[]) => {
      if (line.length && widthOfWords([...line, ...list]) > available()) {
        lines.push(line);
        line = [];
      }
      line.push(...list);
    };
    for (const token of tokens) {
      if (token.length > 1 && widthOfWords(token) > this.width - indent) token.forEach((word) => add([word]));
      else add(token);
    }
    if (line.length) lines.push(line);

    // Place them.
    const keep = Math.max(this.pendingKeep, Math.min(lines.length, 2)); // no line left alone at a page's foot
    this.pendingKeep = style.keepWithNext ?? 0;
    const atTop = !this.page.lines.length;
    if (!atTop) this.y -= style.before ?? 0;
    if (this.room < (keep + (style.keepWithNext ?? 0)) * leading && !atTop) this.newPage();
    const pages: number[] = [];
    lines.forEach((lineWords, i) => {
      if (this.room < leading) this.newPage();
      this.y -= leading;
      const lineIndent = i === 0 ? firstIndent : indent;
      let x = this.options.margin.left + lineIndent;
      if (style.align && style.align !== 'left') {
        const free = this.width - lineIndent - widthOfWords(lineWords);
        x += style.align === 'center' ? free / 2 : free;
      }
      // One draw per stretch of words in the same font.
      let text = '';
      lineWords.forEach((word, j) => {
        const gap = j && !word.attach ? ' ' : '';
        const previous = lineWords[j - 1];
        if (previous && previous.style !== word.style) {
          const segment = text.slice(text.lastIndexOf('\u0000') + 1);
          this.page.ops.push({
            text: segment.replaceAll(NBSP, ' '),
            x,
            y: this.y,
            size,
            font: previous.style,
            family,
            color,
          });
          x += this.widthOf(segment, size, previous.style, family) + (gap ? spaceWidth : 0);
          text += '\u0000';
        } else {
          text += gap;
        }
        text += word.text;
      });
      const last = lineWords[lineWords.length - 1]!;
      const segment = text.slice(text.lastIndexOf('\u0000') + 1);
      this.page.ops.push({
        text: segment.replaceAll(NBSP, ' '),
        x,
        y: this.y,
        size,
        font: last.style,
        family,
        color,
      });
      this.page.lines.push(
        lineWords
          .map((word, j) => (j && !word.attach ? ' ' : '') + word.text)
          .join('')
          .replaceAll(NBSP, ' '),
      );
      if (!pages.includes(this.pageNumber)) pages.push(this.pageNumber);
    });
    this.y -= style.after ?? 0;
    return pages;
  }
}

export interface PdfInfo {
  title: string;
  subject: string;
  author: string;
  creator?: string;
  keywords?: string[];
  language?: string;
  date: Date;
}

const number = (value: number) => String(Math.round(value * 100) / 100);

/**
 * Draws laid-out pages into a new PDF with its document information, without object streams. Each page's content
 * stream is written here and compressed with Node's zlib (pdf-lib's drawText compresses in JavaScript, several
 * times slower for a book of pages).
 */
export async function renderPdf(
  pages: readonly LaidOutPage[],
  size: readonly [number, number],
  info: PdfInfo,
  extra?: (doc: PDFDocument) => Promise<void> | void,
): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(info.title);
  doc.setSubject(info.subject);
  doc.setAuthor(info.author);
  doc.setProducer('tools/local/seed/demo-documents');
  doc.setCreator(info.creator ?? 'tools/local/seed/demo-documents');
  if (info.keywords) doc.setKeywords(info.keywords);
  if (info.language) doc.setLanguage(info.language);
  doc.setCreationDate(info.date);
  doc.setModificationDate(info.date);
  const fonts = new Map<string, Promise<PDFFont>>();
  const fontOf = (family: FontFamily, style: FontStyle) => {
    const key = `${family}/${style}`;
    let font = fonts.get(key);
    if (!font) {
      font = doc.embedFont(FAMILIES[family][style]);
      fonts.set(key, font);
    }
    return font;
  };
  for (const laidOut of pages) {
    const page = doc.addPage([size[0], size[1]]);
    const names = new Map<PDFFont, string>();
    const content: string[] = [];
    for (const op of laidOut.ops) {
      if ('rule' in op) {
        content.push(
          `${number(op.color.red)} ${number(op.color.green)} ${number(op.color.blue)} RG ${number(op.width)} w`,
          `${number(op.x1)} ${number(op.y)} m ${number(op.x2)} ${number(op.y)} l S`,
        );
        continue;
      }
      const font = await fontOf(op.family, op.font);
      let name = names.get(font);
      if (!name) {
        name = page.node.newFontDictionary(font.name, font.ref).toString();
        names.set(font, name);
      }
      content.push(
        `BT ${name} ${number(op.size)} Tf ${number(op.color.red)} ${number(op.color.green)} ${number(op.color.blue)} rg`,
        `1 0 0 1 ${number(op.x)} ${number(op.y)} Tm ${font.encodeText(op.text).toString()} Tj ET`,
      );
    }
    const stream = doc.context.stream(deflateSync(Buffer.from(content.join('\n'), 'latin1')), {
      Filter: 'FlateDecode',
    });
    page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }
  await extra?.(doc);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
