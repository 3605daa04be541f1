/**
 * What a file really is, from its first bytes (magic numbers), so that a photo saved under a PDF's name is never
 * uploaded as the PDF. Office files are zip packages: a workbook has an xl/ folder, a presentation ppt/.
 */
import JSZip from 'jszip';

import type { FileKind } from '../../src/domain/catalogue.ts';

export const KIND_NAMES: Record<FileKind, string> = {
  pdf: 'a PDF',
  jpeg: 'a JPEG image',
  xlsx: 'an Excel workbook (.xlsx)',
  pptx: 'a PowerPoint presentation (.pptx)',
};

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + magic.length && magic.every((byte, i) => bytes[offset + i] === byte);
}

const PDF = [...Buffer.from('%PDF-')];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF = [...Buffer.from('GIF8')];
/** Compound File Binary: the old .doc / .xls / .ppt formats. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export type Detected = { kind: FileKind } | { kind?: undefined; description: string };

/** The catalogue kind the bytes are, or a description of what they are instead. */
export async function detectKind(bytes: Uint8Array): Promise<Detected> {
  if (bytes.length === 0) return { description: 'an empty file' };
  if (startsWith(bytes, PDF)) return { kind: 'pdf' };
  if (startsWith(bytes, JPEG)) return { kind: 'jpeg' };
  if (startsWith(bytes, PNG)) return { description: 'a PNG image' };
  if (startsWith(bytes, GIF)) return { description: 'a GIF image' };
  if (startsWith(bytes, OLE)) return { description: 'an old-format Office file (.doc/.xls/.ppt)' };
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return { description: 'a HEIC/MP4-type file' };
  if (startsWith(bytes, ZIP)) {
    let names: string[];
    try {
      names = Object.keys((await JSZip.loadAsync(bytes, { checkCRC32: false })).files);
    } catch {
      return { description: 'a damaged zip file' };
    }
    if (names.some((name) => name.startsWith('xl/'))) return { kind: 'xlsx' };
    if (names.some((name) => name.startsWith('ppt/'))) return { kind: 'pptx' };
    if (names.some((name) => name.startsWith('word/'))) return { description: 'a Word document (.docx)' };
    return { description: 'a zip file' };
  }
  // PDF readers accept the header anywhere in the first 1024 bytes (some scanners write junk before it).
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes('%PDF-')) {
    return { kind: 'pdf' };
  }
  return { description: 'a file of an unrecognised type' };
}

/** undefined when the bytes are of the expected kind, else why not, e.g. "is a PNG image, not a JPEG image". */
export async function kindMismatch(bytes: Uint8Array, expected: FileKind): Promise<string | undefined> {
  const detected = await detectKind(bytes);
  if (detected.kind === expected) return undefined;
  const actual = detected.kind ? KIND_NAMES[detected.kind] : detected.description;
  return `is ${actual}, not ${KIND_NAMES[expected]}`;
}
