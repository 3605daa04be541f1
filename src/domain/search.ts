import { z } from '../lib/zod';
import { MEMBERS_PREFIX, type CatalogueEntry } from './catalogue';

/**
 * The text of the members' files, for the search (issue 36). `organiser:upload` extracts it when it stores a file and
 * `organiser:search -- index` for the files already there (admin/search/): a PDF's text layer page by page, OCR for
 * a scanned page, a spreadsheet's rows, a presentation's slides. One file per access level, under members/search/,
 * readable by exactly the accounts that may read the files it holds (storage.rules' `access` metadata, as the files
 * themselves): a relative receives no word of a file they could not download.
 */
export const SEARCH_PREFIX = `${MEMBERS_PREFIX}search/`;

export type SearchLevel = 'verified' | 'approved';
export const SEARCH_LEVELS: readonly SearchLevel[] = ['verified', 'approved'];

/**
 * Where a level's texts are stored: their JSON, gzipped (a quarter of the bytes, which a phone on a slow line
 * waits for before its first result). The browser unpacks them itself (DecompressionStream): stored as a file of
 * its own type, not as JSON with a Content-Encoding, so that a download resumed with Range, a backup and a restore
 * handle plain bytes.
 */
export function searchTextsPathOf(level: SearchLevel): string {
  return `${SEARCH_PREFIX}${level}.json.gz`;
}

/** The texts' content type. */
export const SEARCH_TEXTS_CONTENT_TYPE = 'application/gzip';

/**
 * Where a level's texts were stored before they were gzipped: read while no gzipped file exists (a bucket whose
 * texts an older `organiser:upload` wrote), and removed when the gzipped file is written in their place.
 */
export function uncompressedSearchTextsPathOf(level: SearchLevel): string {
  return `${SEARCH_PREFIX}${level}.json`;
}

/** The level a catalogue file's text belongs to: the approval-only files' text only for approved accounts. */
export function searchLevelOf(entry: Pick<CatalogueEntry, 'approvalOnly'>): SearchLevel {
  return entry.approvalOnly ? 'approved' : 'verified';
}

/** How a part's text was read: a PDF's own text, OCR of a scanned page, a spreadsheet's cells, a slide's text. */
export type TextMethod = 'text-layer' | 'ocr' | 'cells' | 'slides';

/** What a part of a file is: a page (PDF), a row of a sheet (XLSX), a slide (PPTX). */
export type PartUnit = 'page' | 'row' | 'slide';

const positive = z.int().check(z.positive());

const partSchema = z.object({
  /** The page, row or slide number, from 1, as the file's reader shows it. */
  n: positive,
  text: z.string(),
  /** A spreadsheet's sheet, when it has more than one. */
  sheet: z.optional(z.string()),
  method: z.enum(['text-layer', 'ocr', 'cells', 'slides']),
});

const fileTextSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,80}$/)),
  /** The stored file's MD5 (base64, as Storage gives it): the text is of these bytes. */
  md5: z.string(),
  unit: z.enum(['page', 'row', 'slide']),
  /** Parts with text, in order. */
  parts: z.array(partSchema),
  /** Pages no method could read a word from (a blank page, or a scan OCR could not read). */
  unread: z.array(positive),
});

const searchTextsSchema = z.object({
  version: z.literal(1),
  files: z.array(fileTextSchema),
});

export type TextPart = z.infer<typeof partSchema>;
export type FileText = z.infer<typeof fileTextSchema>;
export type SearchTexts = z.infer<typeof searchTextsSchema>;

export const EMPTY_SEARCH_TEXTS: SearchTexts = { version: 1, files: [] };

/** A level's texts from their JSON, or undefined when it is not one (a file changed by hand, an older format). */
export function parseSearchTexts(json: string): SearchTexts | undefined {
  try {
    const parsed = searchTextsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The texts with one file's replaced (or added), in the catalogue's order of ids given. */
export function withFileText(texts: SearchTexts, file: FileText, order: readonly string[]): SearchTexts {
  const files = [...texts.files.filter((other) => other.id !== file.id), file];
  const rank = (id: string) => {
    const at = order.indexOf(id);
    return at < 0 ? order.length : at;
  };
  return { version: 1, files: files.sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id)) };
}

/** The texts without a file's (a file moved to the other level, or no longer in the catalogue). */
export function withoutFileText(texts: SearchTexts, id: string): SearchTexts {
  return { version: 1, files: texts.files.filter((file) => file.id !== id) };
}

/** Text as stored: each run of white space one space, no control characters, trimmed. */
export function tidyText(text: string): string {
  return text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
