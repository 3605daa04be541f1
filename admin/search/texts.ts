/**
 * The stored texts of the member files (src/domain/search.ts), read and written with the Admin SDK: one gzipped JSON
 * per access level under members/search/, with the `access` metadata of the files it holds, so that storage.rules gives
 * each to exactly the accounts that may read those files. Used by organiser:upload (the files it stores),
 * organiser:search (every file already in the bucket) and the local stack's seed.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Bucket } from '@google-cloud/storage';
import { CATALOGUE, type CatalogueEntry } from '../../src/domain/catalogue.ts';
import {
  EMPTY_SEARCH_TEXTS,
  SEARCH_LEVELS,
  SEARCH_TEXTS_CONTENT_TYPE,
  parseSearchTexts,
  searchLevelOf,
  searchTextsPathOf,
  uncompressedSearchTextsPathOf,
  withFileText,
  withoutFileText,
  type FileText,
  type SearchLevel,
  type SearchTexts,
} from '../../src/domain/search.ts';
import {
  ACCESS_APPROVED,
  ACCESS_METADATA_KEY,
  ACCESS_VERIFIED,
  md5Base64,
  saveObject,
} from '../bucket/member-files.ts';
import { extractText, TextToolMissingError, tesseract, type ExtractOptions, type Ocr } from './extract.ts';

/** The `access` metadata each level's texts are stored with (storage.rules reads it, as for the files). */
export const SEARCH_TEXT_ACCESS: Record<SearchLevel, string> = {
  verified: ACCESS_VERIFIED,
  approved: ACCESS_APPROVED,
};
const CATALOGUE_ORDER = CATALOGUE.map((entry) => entry.id);

/**
 * A level's stored texts: none yet, or unreadable (then `unreadable` says so, and they are made again). The gzipped
 * file, else the uncompressed one an older upload stored.
 */
export async function readSearchTexts(
  bucket: Bucket,
  level: SearchLevel,
): Promise<{ texts: SearchTexts; unreadable: boolean }> {
  for (const [path, unpack] of [
    [searchTextsPathOf(level), gunzipSync],
    [uncompressedSearchTextsPathOf(level), (bytes: Buffer) => bytes],
  ] as const) {
    const file = bucket.file(path);
    const [exists] = await file.exists();
    if (!exists) continue;
    const [bytes] = await file.download();
    let texts: SearchTexts | undefined;
    try {
      texts = parseSearchTexts(unpack(bytes).toString('utf8'));
    } catch {
      texts = undefined; // not gzip
    }
    return texts ? { texts, unreadable: false } : { texts: EMPTY_SEARCH_TEXTS, unreadable: true };
  }
  return { texts: EMPTY_SEARCH_TEXTS, unreadable: false };
}

/**
 * Stores a level's texts, gzipped, readable by the accounts of that level (no download token); the uncompressed
 * file of an older upload goes once they are (its texts were read into these: readSearchTexts).
 */
export async function saveSearchTexts(bucket: Bucket, level: SearchLevel, texts: SearchTexts): Promise<void> {
  await saveObject(bucket, searchTextsPathOf(level), gzipSync(JSON.stringify(texts)), {
    contentType: SEARCH_TEXTS_CONTENT_TYPE,
    metadata: { [ACCESS_METADATA_KEY]: SEARCH_TEXT_ACCESS[level] },
  });
  await bucket.file(uncompressedSearchTextsPathOf(level)).delete({ ignoreNotFound: true });
}

/** What became of one file's text. */
export interface TextOutcome {
  entry: CatalogueEntry;
  text?: FileText;
  /** OCR could not run (Tesseract missing): the scanned pages are listed as unread, and this says why. */
  ocrMissing?: string;
  /** The text could not be read at all (the reason); the stored text, if any, is left as it was. */
  failed?: string;
}

/**
 * One file's text, from its bytes. A scanned page that cannot be read because Tesseract is missing is unread, and
 * the outcome says so; any other failure (no pdftotext, a damaged file) is the outcome's `failed`.
 */
export async function fileTextOf(
  entry: CatalogueEntry,
  bytes: Uint8Array,
  options: Omit<ExtractOptions, 'ocr'> & { ocr?: Ocr } = {},
): Promise<TextOutcome> {
  let ocrMissing: string | undefined;
  const ocr = options.ocr ?? tesseract;
  const guardedOcr: Ocr = async (image) => {
    if (ocrMissing) return '';
    try {
      return await ocr(image);
    } catch (error) {
      if (!(error instanceof TextToolMissingError)) throw error;
      ocrMissing = error.message;
      return '';
    }
  };
  try {
    const extracted = await extractText(entry.kind, bytes, { ...options, ocr: guardedOcr });
    if (!extracted) return { entry };
    return {
      entry,
      text: { id: entry.id, md5: md5Base64(bytes), ...extracted },
      ...(ocrMissing ? { ocrMissing } : {}),
    };
  } catch (error) {
    return { entry, failed: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Writes the texts read into their levels (each level read, changed and written once): a file's text goes to its
 * level and leaves the other one (a file whose access changed). Failed outcomes change nothing.
 */
export async function storeFileTexts(bucket: Bucket, outcomes: readonly TextOutcome[]): Promise<void> {
  const texts = outcomes.flatMap((outcome) =>
    outcome.text ? [{ entry: outcome.entry, text: outcome.text }] : [],
  );
  if (!texts.length) return;
  for (const level of SEARCH_LEVELS) {
    let { texts: stored } = await readSearchTexts(bucket, level);
    for (const { entry, text } of texts)
      stored =
        searchLevelOf(entry) === level
          ? withFileText(stored, text, CATALOGUE_ORDER)
          : withoutFileText(stored, entry.id);
    await saveSearchTexts(bucket, level, stored);
  }
}

/** One line about a file's text for a command's report: what was read, by what, and what was not. */
export function describeOutcome(outcome: TextOutcome): string {
  if (outcome.failed) return `text not read: ${outcome.failed}`;
  const text = outcome.text;
  if (!text) return 'a picture: searched by the names on it, not by text';
  const unit = text.unit;
  const ocr = text.parts.filter((part) => part.method === 'ocr').length;
  const parts = `${text.parts.length} ${unit}${text.parts.length === 1 ? '' : 's'} with text`;
  const byOcr = ocr ? ` (${ocr} read by OCR)` : '';
  const unread = text.unread.length
    ? `; ${text.unread.length} ${unit}${text.unread.length === 1 ? '' : 's'} without text: ${rangesOf(text.unread)}`
    : '';
  const missing = outcome.ocrMissing ? `; scanned pages not read: ${outcome.ocrMissing}` : '';
  return `${parts}${byOcr}${unread}${missing}`;
}

/** 1, 2, 3, 5, 7, 8 as "1-3, 5, 7-8". */
export function rangesOf(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return ranges.join(', ');
}

/**
 * Whether an outcome is a problem a command reports with its exit code: a text not read, or scanned pages left
 * unread for want of Tesseract. A page without any text (a blank page, a picture) is listed, not a failure.
 */
export const isTextProblem = (outcome: TextOutcome) => !!outcome.failed || !!outcome.ocrMissing;
