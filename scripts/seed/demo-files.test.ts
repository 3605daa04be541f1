import jpeg from 'jpeg-js';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { CATALOGUE, downloadFileName, type CatalogueEntry } from '../../src/domain/catalogue';
import { contentDispositionOf } from './content-disposition';
import { DEMO_NOTICE, LARGE_DEMO_PATH, demoFile, largeDemoFile } from './demo-files';

const byKind = (kind: CatalogueEntry['kind']) => CATALOGUE.filter((entry) => entry.kind === kind);

describe('demo files', () => {
  it('covers every kind in the catalogue', () => {
    expect(new Set(CATALOGUE.map((entry) => entry.kind))).toEqual(new Set(['pdf', 'jpeg', 'xlsx', 'pptx']));
  });

  it.each(byKind('pdf'))('$id is a one-page PDF that pdf-lib loads', async (entry) => {
    const bytes = await demoFile(entry);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(entry.displayName);
    expect(pdf.getSubject()).toBe(DEMO_NOTICE);
  });

  it.each(byKind('jpeg'))(
    '$id is an 800x500 JPEG that jpeg-js decodes, named in a comment',
    async (entry) => {
      const bytes = await demoFile(entry);
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const image = jpeg.decode(bytes, { useTArray: true });
      expect([image.width, image.height]).toEqual([800, 500]);
      expect(image.comments?.[0]).toBe(entry.displayName);
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
    expect(sheet).toContain(entry.displayName);
  });

  it.each(byKind('pptx'))('$id is a PPTX package with a title slide', async (entry) => {
    const zip = await JSZip.loadAsync(await demoFile(entry));
    for (const part of ['[Content_Types].xml', 'ppt/presentation.xml', 'ppt/slides/slide1.xml']) {
      expect(zip.file(part), part).not.toBeNull();
    }
    const slide = await zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(slide).toContain(entry.displayName);
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

  it('lives under the members prefix', () => {
    expect(LARGE_DEMO_PATH).toBe('members/benchmark/large-demo-file.bin');
  });
});

describe('contentDispositionOf', () => {
  it('names the download after the display name, quoted and RFC 5987 encoded', () => {
    const entry = CATALOGUE.find((e) => e.id === 'pioneer-interview-1')!;
    expect(downloadFileName(entry)).toBe("Federal Writers' Project Pioneer Interview 1.pdf");
    expect(contentDispositionOf(entry)).toBe(
      'attachment; filename="Federal Writers\' Project Pioneer Interview 1.pdf"; ' +
        "filename*=UTF-8''Federal%20Writers%27%20Project%20Pioneer%20Interview%201.pdf",
    );
  });

  it('replaces non-ASCII characters in the quoted fallback only', () => {
    const entry: CatalogueEntry = { ...CATALOGUE[0]!, title: () => 'Søren "Joe" Rolette', kind: 'pdf' };
    expect(contentDispositionOf(entry)).toBe(
      'attachment; filename="S_ren -Joe- Rolette.pdf"; filename*=UTF-8\'\'S%C3%B8ren%20-Joe-%20Rolette.pdf',
    );
  });
});
