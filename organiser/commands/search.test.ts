/**
 * organiser:search and the text organiser:upload stores, against the in-process Storage emulator: each level's
 * texts in its own file with its access, a scanned page read by OCR, what `list` says of a file changed since, the
 * usage errors, and a machine without Tesseract (the scanned page reported unread, exit 1, how to install it).
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Bucket } from '../../admin/firebase-admin.ts';
import {
  DOWNLOAD_TOKENS_METADATA_KEY,
  memberFileMetadata,
  saveObject,
} from '../../admin/bucket/member-files.ts';
import { scannedPdf, textPdf } from '../../admin/search/test-pdfs.ts';
import { readSearchTexts } from '../../admin/search/texts.ts';
import {
  CATALOGUE,
  fileNameInStorage,
  storagePathOf,
  type CatalogueEntry,
} from '../../src/domain/catalogue.ts';
import { searchTextsPathOf, uncompressedSearchTextsPathOf } from '../../src/domain/search.ts';
import { demoFile } from '../../tools/local/seed/demo-files.ts';
import { useTestEmulators } from '../core/test-support.ts';
import { main as search } from './search.ts';
import { main as upload } from './upload.ts';

const emulators = useTestEmulators('demo-reunion');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const byId = (id: string): CatalogueEntry => CATALOGUE.find((entry) => entry.id === id)!;
const LETTER = byId('railway-letter-1904');
const PROGRAM = byId('program-1976');
const ATTENDEES = byId('attendees-list-1976');
const SLIDES = byId('two-reunions-presentation');
const LETTER_LINES = [['Dear Brother, the Great Northern', 'reached Rolette this week.']];

async function run(command: typeof search, argv: string[]) {
  const ctx = emulators.context();
  const code = await command(argv, ctx);
  return { code, out: ctx.io.stdout.join('\n'), text: ctx.io.text() };
}

async function store(bucket: Bucket, entry: CatalogueEntry, bytes: Uint8Array): Promise<void> {
  await saveObject(bucket, storagePathOf(entry), bytes, memberFileMetadata(entry));
}

/** A bucket holding four documents: the program (text), the letter (a scan), the attendees (XLSX), the slides. */
async function fourDocuments(name: string): Promise<Bucket> {
  const bucket = emulators.admin.bucket(name);
  await store(bucket, PROGRAM, await demoFile(PROGRAM));
  await store(bucket, LETTER, await scannedPdf(LETTER_LINES));
  await store(bucket, ATTENDEES, await demoFile(ATTENDEES));
  await store(bucket, SLIDES, await demoFile(SLIDES));
  return bucket;
}

describe('organiser:search', () => {
  it('index: each file read (the scan by OCR), each level stored apart with its access and no token; list: every file has its text, until one changes', async () => {
    const name = 'search-index.firebasestorage.app';
    const bucket = await fourDocuments(name);

    const indexed = await run(search, ['index', '--bucket', name]);
    expect(indexed.code, indexed.text).toBe(0);
    expect(indexed.out).toContain('[1/4] members/documents/attendees-list-1976.xlsx');
    expect(indexed.out).toContain('[3/4] members/documents/railway-letter-1904.pdf');
    expect(indexed.out).toContain('OCR of scanned page 1 of 1');
    expect(indexed.out).toMatch(/railway-letter-1904\s+1 page with text \(1 read by OCR\)/);
    expect(indexed.out).toMatch(/Stored the text of 4 files for the search\. Not in the bucket yet: /);

    const verified = (await readSearchTexts(bucket, 'verified')).texts;
    const approved = (await readSearchTexts(bucket, 'approved')).texts;
    // Catalogue order; the approval-only list apart, where only approved accounts read.
    expect(verified.files.map((file) => file.id)).toEqual([PROGRAM.id, LETTER.id, SLIDES.id]);
    expect(approved.files.map((file) => file.id)).toEqual([ATTENDEES.id]);
    const letter = verified.files.find((file) => file.id === LETTER.id)!;
    expect(letter.parts).toHaveLength(1);
    expect(letter.parts[0]).toMatchObject({ n: 1, method: 'ocr' });
    expect(letter.parts[0]!.text).toContain('Great Northern');
    for (const [level, access] of [
      ['verified', 'verified'],
      ['approved', 'approved'],
    ] as const) {
      const [metadata] = await bucket.file(searchTextsPathOf(level)).getMetadata();
      expect(metadata.metadata?.access, level).toBe(access);
      expect(metadata.metadata?.[DOWNLOAD_TOKENS_METADATA_KEY], level).toBeUndefined();
      expect(metadata.contentType).toBe('application/gzip');
    }

    const listed = await run(search, ['list', '--bucket', name]);
    expect(listed.code, listed.text).toBe(0);
    expect(listed.out).toMatch(/attendees-list-1976\s+approved accounts\s+\d+ rows, \d+ words/);
    expect(listed.out).toMatch(/railway-letter-1904\s+verified accounts\s+1 page, \d+ words, 1 by OCR/);
    expect(listed.out).toContain('genealogy-book-1986');
    expect(listed.out).toContain('Every file in the bucket has its text for the search.');

    // The program replaced by hand: its text is of the old file.
    await store(bucket, PROGRAM, await textPdf([['A new program for the reunion of 1976']]));
    const stale = await run(search, ['list', '--bucket', name]);
    expect(stale.code).toBe(1);
    expect(stale.out).toMatch(
      /program-1976\s+verified accounts\s+.*OUT OF DATE: the stored file changed, run `index`/,
    );
    const again = await run(search, ['index', PROGRAM.id, '--bucket', name]);
    expect(again.code, again.text).toBe(0);
    const program = (await readSearchTexts(bucket, 'verified')).texts.files.find(
      (file) => file.id === PROGRAM.id,
    )!;
    expect(program.parts[0]!.text).toBe('A new program for the reunion of 1976');
    // The other files' texts stay.
    expect((await readSearchTexts(bucket, 'verified')).texts.files).toHaveLength(3);
  }, 120_000);

  it('without Tesseract: the scanned page is listed unread, the rest stored, exit 1 with how to install it', async () => {
    const name = 'search-no-ocr.firebasestorage.app';
    const bucket = emulators.admin.bucket(name);
    await store(bucket, LETTER, await scannedPdf(LETTER_LINES));
    await store(bucket, PROGRAM, await demoFile(PROGRAM));
    // A PATH with poppler's two programs and no Tesseract.
    const bin = mkdtempSync(join(tmpdir(), 'no-tesseract-'));
    folders.push(bin);
    for (const program of ['pdftotext', 'pdftoppm']) symlinkSync(`/usr/bin/${program}`, join(bin, program));
    const path = process.env.PATH;
    process.env.PATH = bin;
    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run(search, ['index', '--bucket', name]);
    } finally {
      process.env.PATH = path;
    }
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /railway-letter-1904\s+0 pages with text; 1 page without text: 1; scanned pages not read: tesseract was not found on the PATH\. Install Tesseract/,
    );
    expect(result.out).toContain('1 file not read in full: see above.');
    const verified = (await readSearchTexts(bucket, 'verified')).texts;
    expect(verified.files.find((file) => file.id === LETTER.id)?.unread).toEqual([1]);
    expect(verified.files.find((file) => file.id === PROGRAM.id)?.parts.length).toBeGreaterThan(0);
  }, 60_000);

  it('usage errors: an unknown file (with the nearest id), a picture', async () => {
    const unknown = await run(search, ['index', 'genealogy-book-1968']);
    expect(unknown.code).toBe(2);
    expect(unknown.text).toContain(
      'No file "genealogy-book-1968" in the catalogue. Did you mean genealogy-book-1986?',
    );
    const picture = await run(search, ['index', 'group-photo-1976']);
    expect(picture.code).toBe(2);
    expect(picture.text).toContain('group-photo-1976 is a picture: it has no text');
  });
});

describe('organiser:upload stores the text of what it uploads', () => {
  it('a document uploaded: its text in its level, said in the report', async () => {
    const name = 'search-upload.firebasestorage.app';
    const folder = mkdtempSync(join(tmpdir(), 'upload-text-'));
    folders.push(folder);
    writeFileSync(
      join(folder, fileNameInStorage(PROGRAM)),
      await textPdf([['Program of the 1976 reunion'], ['Sunday: church']]),
    );
    writeFileSync(join(folder, fileNameInStorage(ATTENDEES)), await demoFile(ATTENDEES));
    // The verified texts as an older upload stored them: uncompressed JSON, holding the letter's.
    const bucket = emulators.admin.bucket(name);
    const older = {
      version: 1,
      files: [
        {
          id: LETTER.id,
          md5: 'x',
          unit: 'page',
          parts: [{ n: 1, text: 'Great Northern', method: 'ocr' }],
          unread: [],
        },
      ],
    };
    await saveObject(bucket, uncompressedSearchTextsPathOf('verified'), Buffer.from(JSON.stringify(older)), {
      contentType: 'application/json',
      metadata: { access: 'verified' },
    });
    const result = await run(upload, [folder, '--bucket', name]);
    expect(result.code, result.text).toBe(0);
    expect(result.out).toContain('Text for the search:');
    expect(result.out).toMatch(/program-1976\s+2 pages with text/);
    expect(
      (await readSearchTexts(bucket, 'verified')).texts.files.map((file) => [file.id, file.parts.length]),
    ).toEqual([
      [PROGRAM.id, 2],
      [LETTER.id, 1],
    ]);
    // Stored gzipped, in place of the uncompressed file, which is gone.
    const [packed] = await bucket.file(searchTextsPathOf('verified')).download();
    expect([...packed.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(JSON.parse(gunzipSync(packed).toString('utf8')).files).toHaveLength(2);
    expect((await bucket.file(uncompressedSearchTextsPathOf('verified')).exists())[0]).toBe(false);
    expect((await readSearchTexts(bucket, 'approved')).texts.files.map((file) => file.id)).toEqual([
      ATTENDEES.id,
    ]);
  }, 60_000);
});
