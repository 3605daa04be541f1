import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFDict, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { CATALOGUE } from '../../../../src/domain/catalogue.ts';
import { englishTitle } from '../../../../admin/bucket/english-title.ts';
import { pdfText } from '../../../../admin/search/extract.ts';
import { demoFile } from '../demo-files.ts';
import { DEMO_NOTICE } from './common.ts';
import { SCANNED_LETTER_PHRASE, renderScannedPages, scannedLetterPages } from './scanned-letter.ts';

const entry = CATALOGUE.find((candidate) => candidate.id === 'railway-letter-1904')!;
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Tesseract with English and Norwegian, or why the OCR test cannot run. */
function tesseractMissing(): string | undefined {
  const langs = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  if (langs.error || langs.status !== 0) return 'tesseract is not installed (Debian: tesseract-ocr)';
  const installed = `${langs.stdout}${langs.stderr}`.split('\n').map((line) => line.trim());
  for (const lang of ['eng', 'nor'])
    if (!installed.includes(lang)) return `tesseract has no ${lang} (Debian: tesseract-ocr-${lang})`;
  return undefined;
}
const missing = tesseractMissing();

describe('the demo scanned letter', () => {
  let pdf: Buffer;
  let folder: string;

  beforeAll(async () => {
    pdf = await demoFile(entry);
    folder = mkdtempSync(join(tmpdir(), 'scanned-letter-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is one or two pages that are each a picture, with no fonts and no text layer', async () => {
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getTitle()).toBe(englishTitle(entry));
    expect(loaded.getSubject()).toBe(DEMO_NOTICE);
    expect(loaded.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(loaded.getPageCount()).toBeLessThanOrEqual(2);
    for (const page of loaded.getPages()) {
      const resources = page.node.Resources()!;
      expect(resources.lookupMaybe(PDFName.of('Font'), PDFDict)?.keys() ?? []).toHaveLength(0);
      expect(resources.lookup(PDFName.of('XObject'), PDFDict).keys()).toHaveLength(1);
    }
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });
    expect(text.trim()).toBe('');
  });

  it('has the phrase and the demo notice in what was typed', () => {
    const typed = normalise(scannedLetterPages().flat().join(' '));
    expect(typed).toContain(normalise(SCANNED_LETTER_PHRASE));
    expect(typed).toContain(normalise(DEMO_NOTICE));
  });

  it.skipIf(missing)(
    `reads back with the search's OCR (pdftoppm at 300 dpi, Tesseract in Norwegian and English)${missing ? `: skipped, ${missing}` : ''}`,
    async () => {
      const { parts } = await pdfText(pdf);
      expect(parts[0]).toMatchObject({ n: 1, method: 'ocr' });
      expect(normalise(parts[0]!.text)).toContain(normalise(SCANNED_LETTER_PHRASE));
    },
  );

  it('is the same bytes every time: rendered again, and read from the cache by a fresh start', async () => {
    expect((await demoFile(entry)).equals(pdf)).toBe(true);
    const [first, second] = [
      await renderScannedPages(scannedLetterPages()),
      await renderScannedPages(scannedLetterPages()),
    ];
    first.forEach((jpeg, i) => expect(jpeg.equals(second[i]!), `page ${i + 1}`).toBe(true));

    const cache = join(folder, 'cache');
    const made = await import('./scanned-letter.ts');
    const rendered = await made.scannedLetterJpegs(cache);
    expect(rendered.fromCache).toBe(false);
    vi.resetModules();
    const fresh = await import('./scanned-letter.ts');
    const cached = await fresh.scannedLetterJpegs(cache);
    expect(cached.fromCache).toBe(true);
    cached.jpegs.forEach((jpeg, i) => expect(jpeg.equals(first[i]!), `page ${i + 1}`).toBe(true));
    expect((await fresh.scanPdf(cached.jpegs, englishTitle(entry))).equals(pdf)).toBe(true);
  });
});
