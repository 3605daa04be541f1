import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/domain/catalogue.ts';
import { demoFile } from '../../tools/local/seed/demo-files.ts';
import { extractText, pdfText, TextToolMissingError } from './extract.ts';
import { scannedPdf, textPdf } from './test-pdfs.ts';

const hasTesseract = spawnSync('tesseract', ['--version'], { stdio: 'ignore' }).status === 0;

describe('a PDF’s text, page by page', () => {
  it('reads each page’s own text, and lists a blank page as unread', async () => {
    const text = await pdfText(
      await textPdf([
        ['Ole Haugen married Kari Sather in 1898,', 'at Rolette, North Dakota.'],
        [],
        ['Page three: Halvorsen farm.'],
      ]),
      { ocr: null },
    );
    expect(text.unit).toBe('page');
    expect(text.parts).toEqual([
      {
        n: 1,
        text: 'Ole Haugen married Kari Sather in 1898, at Rolette, North Dakota.',
        method: 'text-layer',
      },
      { n: 3, text: 'Page three: Halvorsen farm.', method: 'text-layer' },
    ]);
    expect(text.unread).toEqual([2]);
  });

  it('without OCR, a scanned page is unread rather than skipped silently', async () => {
    const text = await pdfText(await scannedPdf([['A letter from the railway company, 1904']]), {
      ocr: null,
    });
    expect(text.parts).toEqual([]);
    expect(text.unread).toEqual([1]);
  });

  it.skipIf(!hasTesseract)(
    'reads a scanned page by OCR (Tesseract, Norwegian and English), with its page number',
    async () => {
      const pages: number[] = [];
      const text = await pdfText(
        await scannedPdf([
          ['Typed text of the first page', 'about the Great Northern railway.'],
          ['Kjære søster, vi kom fram til Rolette', 'i går kveld etter en lang reise.'],
        ]),
        { onOcrPage: (page) => pages.push(page) },
      );
      expect(pages).toEqual([1, 2]);
      expect(text.parts.map((part) => [part.n, part.method])).toEqual([
        [1, 'ocr'],
        [2, 'ocr'],
      ]);
      expect(text.parts[0]!.text).toContain('Great Northern railway');
      expect(text.parts[1]!.text).toContain('Kjære søster, vi kom fram til Rolette');
    },
    60_000,
  );

  it('says how to install a missing program', async () => {
    const error = new TextToolMissingError('tesseract');
    expect(error.message).toMatch(/^tesseract was not found on the PATH\. Install Tesseract/);
    expect(error.message).toContain('tesseract-ocr-nor');
    expect(error.message).toContain('brew install tesseract tesseract-lang');
  });

  it('refuses bytes that are not a PDF with a clear error, not a crash', async () => {
    await expect(pdfText(new TextEncoder().encode('not a pdf'), { ocr: null })).rejects.toThrow(
      /pdftotext failed/,
    );
  });
});

describe('a spreadsheet’s rows and a presentation’s slides', () => {
  const entryOf = (kind: string) => CATALOGUE.find((entry) => entry.kind === kind)!;

  it('reads every row with text of a spreadsheet, numbered as the spreadsheet numbers them', async () => {
    const text = (await extractText('xlsx', await demoFile(entryOf('xlsx'))))!;
    expect(text.unit).toBe('row');
    expect(text.parts.length).toBeGreaterThan(0);
    expect(text.parts.every((part) => part.method === 'cells' && part.n >= 1 && part.text.length > 0)).toBe(
      true,
    );
    expect(new Set(text.parts.map((part) => part.n)).size).toBe(text.parts.length);
  });

  it('reads each slide’s text', async () => {
    const text = (await extractText('pptx', await demoFile(entryOf('pptx'))))!;
    expect(text.unit).toBe('slide');
    expect(text.parts[0]).toMatchObject({ n: 1, method: 'slides' });
    expect(text.parts[0]!.text.length).toBeGreaterThan(10);
  });

  it('has no text for a picture (its faces are searched by name instead)', async () => {
    expect(await extractText('jpeg', new Uint8Array([0xff, 0xd8]))).toBeUndefined();
  });
});
