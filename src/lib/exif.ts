/**
 * A small EXIF reader for JPEG files: what the photos page needs to know about a photo before it is re-encoded
 * (the re-encoding drops every EXIF field, so these are read first): when it was taken, and, for the tests and
 * the benchmark, whether a file carries EXIF at all. Pure and bounds-checked: a damaged or hostile file gives
 * null or fewer fields, never an exception or a read past its end. Runs in the Web Worker and in Node.
 *
 * JPEG: SOI, then segments (FF xx + 2-byte big-endian length) until the image data (SOS). EXIF is an APP1
 * segment starting "Exif\0\0", holding a TIFF structure: a byte-order mark (II little-endian, MM big-endian),
 * 42, the offset of IFD0; each IFD is a count, then 12-byte entries (tag, type, count, value or offset).
 */

/** The fields the site reads. Dates are as EXIF writes them ("2026:07:11 14:03:22"), offsets as "+02:00". */
export interface ExifFields {
  /** DateTimeOriginal (0x9003): when the photo was taken, in the camera's clock. */
  dateTimeOriginal?: string;
  /** OffsetTimeOriginal (0x9011): that clock's offset from UTC (EXIF 2.31), if the camera wrote it. */
  offsetTimeOriginal?: string;
  /** DateTimeDigitized (0x9004), a fallback for DateTimeOriginal. */
  dateTimeDigitized?: string;
  /** DateTime (0x0132, IFD0): when the file was last changed; not a date taken. */
  dateTime?: string;
  /** Orientation (0x0112): 1-8. */
  orientation?: number;
  /** A GPS IFD (0x8825) is present: the file says where it was taken. */
  hasGps: boolean;
}

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP1 = 0xe1;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"

const TAG_ORIENTATION = 0x0112;
const TAG_DATE_TIME = 0x0132;
const TAG_EXIF_IFD = 0x8769;
const TAG_GPS_IFD = 0x8825;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_DATE_TIME_DIGITIZED = 0x9004;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;

const TYPE_ASCII = 2;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;
/** An IFD with more entries than this is not a camera's: give up rather than loop. */
const MAX_ENTRIES = 512;

function bytesOf(data: ArrayBuffer | ArrayBufferView): Uint8Array {
  return data instanceof ArrayBuffer
    ? new Uint8Array(data)
    : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * The EXIF (TIFF) block of a JPEG file: the bytes after "Exif\0\0" in the first APP1 segment that has them, or
 * null when the file is not a JPEG or has none. Only the segments before the image data are looked at.
 */
export function exifBlockOf(data: ArrayBuffer | ArrayBufferView): Uint8Array | null {
  const bytes = bytesOf(data);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null; // not a marker: damaged
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === SOS || marker === EOI) return null;
    // Markers without a length (RSTn, TEM) do not occur before SOS in a valid file, but skip them anyway.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return null;
    const start = at + 4;
    const end = at + 2 + length;
    if (end > bytes.length) return null;
    if (
      marker === APP1 &&
      end - start >= EXIF_HEADER.length + 8 &&
      EXIF_HEADER.every((value, index) => bytes[start + index] === value)
    ) {
      return bytes.subarray(start + EXIF_HEADER.length, end);
    }
    at = end;
  }
  return null;
}

/** True when a JPEG file carries an EXIF block (GPS position, camera serial, date and so on). */
export function hasExif(data: ArrayBuffer | ArrayBufferView): boolean {
  return exifBlockOf(data) !== null;
}

class Tiff {
  private readonly view: DataView;
  readonly little: boolean;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const order = this.u16(0, false);
    if (order !== 0x4949 && order !== 0x4d4d) throw new RangeError('No TIFF byte order');
    this.little = order === 0x4949;
    if (this.u16(2) !== 42) throw new RangeError('No TIFF magic number');
  }

  get length(): number {
    return this.bytes.length;
  }

  u16(at: number, little = this.little): number {
    if (at < 0 || at + 2 > this.length) throw new RangeError('Past the end of the EXIF block');
    return this.view.getUint16(at, little);
  }

  u32(at: number): number {
    if (at < 0 || at + 4 > this.length) throw new RangeError('Past the end of the EXIF block');
    return this.view.getUint32(at, this.little);
  }

  ascii(at: number, count: number): string {
    if (count <= 0) return '';
    // Up to 4 bytes sit in the entry itself; longer values at an offset.
    if (at < 0 || at + count > this.length) throw new RangeError('Past the end of the EXIF block');
    let text = '';
    for (let index = 0; index < count; index++) {
      const code = this.bytes[at + index]!;
      if (code === 0) break;
      text += String.fromCharCode(code);
    }
    return text.trim();
  }
}

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** Where the entry's value is: in the entry (4 bytes or fewer) or at the offset it gives. */
  valueAt: number;
  /** The raw 4-byte value field, for pointers (LONG). */
  raw: number;
}

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };

function entriesOf(tiff: Tiff, offset: number): Entry[] {
  const count = tiff.u16(offset);
  if (count > MAX_ENTRIES) throw new RangeError('Too many EXIF entries');
  const entries: Entry[] = [];
  for (let index = 0; index < count; index++) {
    const at = offset + 2 + index * 12;
    const type = tiff.u16(at + 2);
    const valueCount = tiff.u32(at + 4);
    const size = (TYPE_SIZES[type] ?? 0) * valueCount;
    const raw = tiff.u32(at + 8);
    entries.push({ tag: tiff.u16(at), type, count: valueCount, valueAt: size <= 4 ? at + 8 : raw, raw });
  }
  return entries;
}

function readIfd(tiff: Tiff, offset: number, visit: (entry: Entry) => void): void {
  if (offset <= 0 || offset >= tiff.length) return;
  for (const entry of entriesOf(tiff, offset)) visit(entry);
}

function asciiOf(tiff: Tiff, entry: Entry): string | undefined {
  if (entry.type !== TYPE_ASCII) return undefined;
  const text = tiff.ascii(entry.valueAt, entry.count);
  return text || undefined;
}

/**
 * The EXIF fields of a JPEG file (see ExifFields), or null when it has no EXIF block or the block is unreadable.
 * Pass the whole file or its start: the block is always in the first 64 KiB (an APP1 segment's limit) after the
 * few segments before it, so the first 256 KiB are plenty.
 */
export function readExif(data: ArrayBuffer | ArrayBufferView): ExifFields | null {
  const block = exifBlockOf(data);
  if (!block) return null;
  try {
    const tiff = new Tiff(block);
    const fields: ExifFields = { hasGps: false };
    let exifIfd = 0;
    readIfd(tiff, tiff.u32(4), (entry) => {
      if (entry.tag === TAG_ORIENTATION && entry.type === TYPE_SHORT) {
        const value = tiff.u16(entry.valueAt);
        if (value >= 1 && value <= 8) fields.orientation = value;
      } else if (entry.tag === TAG_DATE_TIME) {
        fields.dateTime = asciiOf(tiff, entry);
      } else if (entry.tag === TAG_EXIF_IFD && entry.type === TYPE_LONG) {
        exifIfd = entry.raw;
      } else if (entry.tag === TAG_GPS_IFD) {
        fields.hasGps = true;
      }
    });
    readIfd(tiff, exifIfd, (entry) => {
      if (entry.tag === TAG_DATE_TIME_ORIGINAL) fields.dateTimeOriginal = asciiOf(tiff, entry);
      else if (entry.tag === TAG_DATE_TIME_DIGITIZED) fields.dateTimeDigitized = asciiOf(tiff, entry);
      else if (entry.tag === TAG_OFFSET_TIME_ORIGINAL) fields.offsetTimeOriginal = asciiOf(tiff, entry);
    });
    for (const key of Object.keys(fields) as (keyof ExifFields)[])
      if (fields[key] === undefined) delete fields[key];
    return fields;
  } catch {
    return null;
  }
}

/** An EXIF date ("2026:07:11 14:03:22") as its parts, or null when it is blank or not a real date and time. */
export function parseExifDateTime(
  text: string | undefined,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Cameras with an unset clock write "0000:00:00 00:00:00".
  if (year < 1900 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1) return null;
  return { year, month, day, hour, minute, second };
}

/** An EXIF offset ("+02:00", "-05:00") in minutes east of UTC, or null. */
export function parseExifOffset(text: string | undefined): number | null {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (Number(match[2]) > 14 || Number(match[3]) > 59) return null;
  return match[1] === '-' ? -minutes : minutes;
}
