import jpeg from 'jpeg-js';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { CATALOGUE, type CatalogueEntry } from '../../../src/domain/catalogue';
import { DEMO_NOTICE, LARGE_DEMO_PATH, demoFile, largeDemoFile, largeDemoFileBytes } from './demo-files';
import { englishTitle } from '../../../admin/bucket/english-title.ts';
import { DEMO_DOCUMENT_IDS } from './demo-documents/index.ts';

const byKind = (kind: CatalogueEntry['kind']) => CATALOGUE.filter((entry) => entry.kind === kind);

describe('demo files', () => {
  it('covers every kind in the catalogue', () => {
    expect(new Set(CATALOGUE.map((entry) => entry.kind))).toEqual(new Set(['pdf', 'jpeg', 'xlsx', 'pptx']));
  });

  it.each(byKind('pdf'))('$id is a PDF that pdf-lib loads, titled, with the demo notice', async (entry) => {
    const bytes = await demoFile(entry);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    const pdf = await PDFDocument.load(bytes);
    // A placeholder is one page; a demo document (demo-documents/) as many as it takes.
    if (!DEMO_DOCUMENT_IDS.includes(entry.id)) expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(englishTitle(entry));
    expect(pdf.getSubject()).toBe(DEMO_NOTICE);
  });

  it.each(byKind('jpeg'))(
    '$id is an 800x500 JPEG that jpeg-js decodes, named in a comment',
    async (entry) => {
      const bytes = await demoFile(entry);
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const image = jpeg.decode(bytes, { useTArray: true });
      expect([image.width, image.height]).toEqual([800, 500]);
      expect(image.comments?.[0]).toBe(englishTitle(entry));
    },
  );

  it.each(byKind('xlsx'))('$id is an XLSX package with a workbook and a demo notice', async (entry) => {
    const zip = await JSZip.loadAsync(await demoFile(entry));
    for (const part of [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
    ]) {
      expect(zip.file(part), part).not.toBeNull();
    }
    const types = await zip.file('[Content_Types].xml')!.async('string');
    expect(types).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml');
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).toContain('<row r="1">');
    expect(sheet).toContain('Demo placeholder');
    expect(sheet).toContain(englishTitle(entry));
  });

  it.each(byKind('pptx'))('$id is a PPTX package with a title slide', async (entry) => {
    const zip = await JSZip.loadAsync(await demoFile(entry));
    for (const part of ['[Content_Types].xml', 'ppt/presentation.xml', 'ppt/slides/slide1.xml']) {
      expect(zip.file(part), part).not.toBeNull();
    }
    const slide = await zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(slide).toContain(englishTitle(entry));
    expect(slide).toContain('Demo placeholder');
  });

  it.each(CATALOGUE)('$id is generated deterministically', async (entry) => {
    expect((await demoFile(entry)).equals(await demoFile(entry))).toBe(true);
  });
});

describe('large demo file', () => {
  it('has the requested size, is deterministic and does not compress', () => {
    const size = 1024 * 1024 + 3; // not a multiple of 4 on purpose
    const bytes = largeDemoFile(size);
    expect(bytes.byteLength).toBe(size);
    expect(bytes.equals(largeDemoFile(size))).toBe(true);
    expect(gzipSync(bytes).byteLength).toBeGreaterThan(size * 0.99);
    expect(largeDemoFile(0).byteLength).toBe(0);
  });

  it('takes its size from LARGE_DEMO_FILE_MB, 64 MiB by default, 0 for none', () => {
    expect(largeDemoFileBytes({})).toBe(64 * 1024 * 1024);
    expect(largeDemoFileBytes({ LARGE_DEMO_FILE_MB: '1' })).toBe(1024 * 1024);
    expect(largeDemoFileBytes({ LARGE_DEMO_FILE_MB: '0' })).toBe(0);
    expect(() => largeDemoFileBytes({ LARGE_DEMO_FILE_MB: 'lots' })).toThrow(/LARGE_DEMO_FILE_MB="lots"/);
  });

  it('lives under the members prefix', () => {
    expect(LARGE_DEMO_PATH).toBe('members/benchmark/large-demo-file.bin');
  });
});
