import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';

import { CATALOGUE, type FileKind } from '../../src/domain/catalogue.ts';
import { demoFile } from '../../tools/local/seed/demo-files.ts';
import { detectKind, kindMismatch } from './file-kind.ts';

const sampleOf = (kind: FileKind) => CATALOGUE.find((entry) => entry.kind === kind)!;

async function zipWith(...names: string[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const name of names) zip.file(name, 'x');
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('detectKind', () => {
  it.each(['pdf', 'jpeg', 'xlsx', 'pptx'] as const)('recognises a real %s (the demo files)', async (kind) => {
    expect(await detectKind(await demoFile(sampleOf(kind)))).toEqual({ kind });
  });

  it('tells zip packages apart by their folders', async () => {
    expect(await detectKind(await zipWith('[Content_Types].xml', 'xl/workbook.xml'))).toEqual({
      kind: 'xlsx',
    });
    expect(await detectKind(await zipWith('ppt/presentation.xml'))).toEqual({ kind: 'pptx' });
    expect(await detectKind(await zipWith('word/document.xml'))).toEqual({
      description: 'a Word document (.docx)',
    });
    expect(await detectKind(await zipWith('photo.jpg'))).toEqual({ description: 'a zip file' });
    expect(await detectKind(Buffer.from('PK\x03\x04 truncated'))).toEqual({
      description: 'a damaged zip file',
    });
  });

  it('names other common files', async () => {
    expect(await detectKind(Buffer.alloc(0))).toEqual({ description: 'an empty file' });
    expect(await detectKind(Buffer.from('\x89PNG\r\n\x1a\n....', 'latin1'))).toEqual({
      description: 'a PNG image',
    });
    expect(await detectKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toEqual({
      description: 'an old-format Office file (.doc/.xls/.ppt)',
    });
    expect(await detectKind(Buffer.from('Just some notes\n'))).toEqual({
      description: 'a file of an unrecognised type',
    });
  });

  it('accepts a PDF header after leading junk (within 1024 bytes), as readers do', async () => {
    expect(await detectKind(Buffer.from('\r\n\r\n%PDF-1.4\n...'))).toEqual({ kind: 'pdf' });
    expect(await detectKind(Buffer.concat([Buffer.alloc(2000, 0x20), Buffer.from('%PDF-1.4')]))).toEqual({
      description: 'a file of an unrecognised type',
    });
  });
});

describe('kindMismatch', () => {
  it('is undefined for the right kind and explains the wrong one', async () => {
    const pdf = await demoFile(sampleOf('pdf'));
    expect(await kindMismatch(pdf, 'pdf')).toBeUndefined();
    expect(await kindMismatch(pdf, 'jpeg')).toBe('is a PDF, not a JPEG image');
    expect(await kindMismatch(await demoFile(sampleOf('pptx')), 'xlsx')).toBe(
      'is a PowerPoint presentation (.pptx), not an Excel workbook (.xlsx)',
    );
  });
});
