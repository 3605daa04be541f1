import { exifBlockOf, hasExif, parseExifDateTime, parseExifOffset, readExif } from './exif';

/** One IFD entry to write: ASCII text, a SHORT, or a LONG pointer filled in by the builder. */
type Field =
  { tag: number; ascii: string } | { tag: number; short: number } | { tag: number; pointer: 'exif' | 'gps' };

/**
 * A JPEG with an EXIF block as cameras write it: SOI, APP0 (JFIF), APP1 (Exif\0\0 + TIFF with IFD0, the Exif IFD
 * and a GPS IFD when `gps`; IFD0 then names it with a `pointer: 'gps'` field), then SOS and EOI. `little`: II (little-endian, most phones) or MM (big-endian, many cameras).
 */
function jpegWithExif({
  little = true,
  ifd0 = [],
  exif = [],
  gps = false,
}: {
  little?: boolean;
  ifd0?: Field[];
  exif?: Field[];
  gps?: boolean;
}): Uint8Array {
  const tiff: number[] = [];
  const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
  const u32 = (value: number) =>
    little
      ? [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24]
      : [value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
  const set = (at: number, bytes: number[]) => bytes.forEach((byte, index) => (tiff[at + index] = byte));

  tiff.push(...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8));
  const pointers: { at: number; to: 'exif' | 'gps' }[] = [];
  const ifdAt: Record<string, number> = {};
  const writeIfd = (name: string, fields: Field[]) => {
    ifdAt[name] = tiff.length;
    tiff.push(...u16(fields.length));
    const later: { at: number; bytes: number[] }[] = [];
    for (const field of fields) {
      tiff.push(...u16(field.tag));
      if ('ascii' in field) {
        const bytes = [...field.ascii].map((char) => char.charCodeAt(0)).concat(0);
        tiff.push(...u16(2), ...u32(bytes.length));
        const at = tiff.length;
        tiff.push(0, 0, 0, 0);
        if (bytes.length <= 4) set(at, bytes);
        else later.push({ at, bytes });
      } else if ('short' in field) {
        tiff.push(...u16(3), ...u32(1), ...u16(field.short), 0, 0);
      } else {
        tiff.push(...u16(4), ...u32(1));
        pointers.push({ at: tiff.length, to: field.pointer });
        tiff.push(0, 0, 0, 0);
      }
    }
    tiff.push(...u32(0)); // no next IFD
    for (const { at, bytes } of later) {
      set(at, u32(tiff.length));
      tiff.push(...bytes);
    }
  };
  writeIfd('ifd0', [...ifd0, ...(exif.length ? [{ tag: 0x8769, pointer: 'exif' as const }] : [])]);
  if (exif.length) writeIfd('exif', exif);
  if (gps) {
    // GPSLatitudeRef 'N' as the only GPS field: enough for a GPS IFD to exist.
    writeIfd('gps', [{ tag: 0x0001, ascii: 'N' }]);
  }
  for (const { at, to } of pointers) set(at, u32(ifdAt[to]!));
  const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app0 = [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  return new Uint8Array([
    0xff,
    0xd8,
    ...segment(0xe0, app0),
    ...segment(0xe1, app1),
    ...segment(0xda, [0, 0, 0, 0]),
    0x12,
    0x34,
    0xff,
    0xd9,
  ]);
}

describe('readExif', () => {
  it.each([true, false])(
    'reads the date taken, its offset and the orientation (little-endian: %s)',
    (little) => {
      const file = jpegWithExif({
        little,
        ifd0: [
          { tag: 0x0112, short: 6 },
          { tag: 0x0132, ascii: '2026:07:20 09:00:00' },
        ],
        exif: [
          { tag: 0x9003, ascii: '2026:07:11 14:03:22' },
          { tag: 0x9004, ascii: '2026:07:11 14:03:23' },
          { tag: 0x9011, ascii: '+02:00' },
        ],
      });
      expect(readExif(file)).toEqual({
        orientation: 6,
        dateTime: '2026:07:20 09:00:00',
        dateTimeOriginal: '2026:07:11 14:03:22',
        dateTimeDigitized: '2026:07:11 14:03:23',
        offsetTimeOriginal: '+02:00',
        hasGps: false,
      });
      expect(hasExif(file)).toBe(true);
    },
  );

  it('notices a GPS block', () => {
    const file = jpegWithExif({ ifd0: [{ tag: 0x8825, pointer: 'gps' }], gps: true });
    expect(readExif(file)?.hasGps).toBe(true);
  });

  it('reads a view into a larger buffer (the first part of a file)', () => {
    const file = jpegWithExif({ exif: [{ tag: 0x9003, ascii: '2026:07:10 10:00:00' }] });
    const padded = new Uint8Array(file.length + 10);
    padded.set(file, 5);
    expect(readExif(padded.subarray(5, 5 + file.length))?.dateTimeOriginal).toBe('2026:07:10 10:00:00');
  });

  it('gives null for files without EXIF: no JPEG, a JPEG without APP1, a PNG, an empty file', () => {
    expect(readExif(new Uint8Array([]))).toBeNull();
    expect(readExif(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    const plain = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
    expect(readExif(plain)).toBeNull();
    expect(hasExif(plain)).toBe(false);
  });

  it('survives damaged files: cut short, offsets past the end, a segment length past the end', () => {
    const file = jpegWithExif({
      ifd0: [{ tag: 0x0112, short: 3 }],
      exif: [{ tag: 0x9003, ascii: '2026:07:10 10:00:00' }],
    });
    for (let length = 0; length < file.length; length += 3) {
      expect(() => readExif(file.subarray(0, length))).not.toThrow();
    }
    const broken = file.slice();
    // IFD0's offset (TIFF bytes 4-7, after SOI 2 + APP0 18 + APP1 header 4 + "Exif\0\0" 6) points far away.
    const tiffAt = 2 + 18 + 4 + 6;
    broken.set([0xff, 0xff, 0xff, 0x7f], tiffAt + 4);
    expect(readExif(broken)).toEqual({ hasGps: false });
    // The date's offset (in the Exif IFD's entry) points past the end.
    const text = file.slice();
    const at = file.findIndex((_, index) => file[index] === 0x03 && file[index + 1] === 0x90);
    text.set([0xff, 0xff, 0, 0], at + 8);
    expect(readExif(text)).toBeNull();
    const longSegment = file.slice();
    longSegment.set([0xff, 0xff], 2 + 18 + 2);
    expect(readExif(longSegment)).toBeNull();
    expect(exifBlockOf(longSegment)).toBeNull();
  });

  it('ignores an orientation out of range', () => {
    const file = jpegWithExif({ ifd0: [{ tag: 0x0112, short: 9 }] });
    expect(readExif(file)).toEqual({ hasGps: false });
  });
});

describe('parseExifDateTime', () => {
  it('reads a camera date', () => {
    expect(parseExifDateTime('2026:07:11 14:03:22')).toEqual({
      year: 2026,
      month: 7,
      day: 11,
      hour: 14,
      minute: 3,
      second: 22,
    });
  });

  it.each(['', '0000:00:00 00:00:00', '2026:02:30 10:00:00', '2026:07:11 24:00:00', '2026-07-11', 'garbage'])(
    'refuses %j',
    (text) => expect(parseExifDateTime(text)).toBeNull(),
  );
});

describe('parseExifOffset', () => {
  it.each([
    ['+02:00', 120],
    ['-05:00', -300],
    ['+05:30', 330],
    ['+00:00', 0],
  ])('%s is %i minutes', (text, minutes) => expect(parseExifOffset(text)).toBe(minutes));

  it.each(['', '2:00', '+2:00', '+15:00', 'Z'])('refuses %j', (text) =>
    expect(parseExifOffset(text)).toBeNull(),
  );
});
