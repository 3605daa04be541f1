import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Face } from '../../../src/domain/faces.ts';
import {
  dateTags,
  exiftoolJson,
  fitBytes,
  regionTags,
  storable,
  writeFaceRegions,
  writePhotoMetadata,
} from './embed.ts';
import { ExifToolProcess } from './exiftool.ts';
import { readMetadata, type ReadMetadata } from './read.ts';

/** The marker of the brief, and one of our own that nothing else could have made. */
const PWNED = '/tmp/pwned';
const OUR_MARKER = join(tmpdir(), `pwned-${process.pid}-${Date.now()}`);
const pwnedBefore = existsSync(PWNED);

/** Relatives' text at its worst: each must come back exactly (IIM: its longest beginning that fits). */
const HOSTILE: [string, string][] = [
  ['quotes', `He said "hei" and 'hallo'`],
  ['line breaks', 'line one\nline two\n'],
  ['an option', '-x'],
  ['an option writing a file', `-o ${OUR_MARKER}.jpg`],
  ['an argument file', '@file'],
  ["exiftool's argument file option", '-@ /etc/passwd'],
  ['a value read from a file', '-Comment<=/etc/passwd'],
  ['a formula', '=1+1'],
  [
    'shell commands',
    `$(touch ${PWNED}) \`touch ${PWNED}\` ; touch ${OUR_MARKER} | touch ${OUR_MARKER} && $(touch ${OUR_MARKER})`,
  ],
  ["exiftool's tag names", '${FileName} $XMP:all -TagsFromFile @'],
  ['JSON escapes', '\\u0041 \\" \\\\ \\n'],
  ['a base64 value', 'base64:QUJD'],
  ['a number', '1.50'],
  ['a boolean', 'true'],
  ['XML', `<x:xmpmeta>]]>&amp;<?xpacket end='w'?></rdf:RDF>`],
  ['emoji', 'Bestemor 👵🏼 og familien 👨‍👩‍👧‍👦'],
  ['Norwegian letters', 'Ærlig Øyvind Åse, blåbærsyltetøy'],
  ['a right-to-left override', 'Anne \u202Emoc.elpmaxe@enna'],
  ['very long text', '😀'.repeat(300)],
  ['spaces around it', '  padded  '],
];

/** A small JPEG whose pixels differ, so that a changed pixel would show. */
async function testJpeg(width = 48, height = 36): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 37 + (index >> 5) * 11) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const decoded = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();

/** The bytes of each segment with this marker (0xED: APP13, where IIM lives) before the image data. */
function segments(jpeg: Buffer, marker: number): Buffer[] {
  const found: Buffer[] = [];
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda;) {
    const length = jpeg.readUInt16BE(at + 2);
    if (jpeg[at + 1] === marker) found.push(jpeg.subarray(at + 4, at + 2 + length));
    at += 2 + length;
  }
  return found;
}

/** The image data: from the start of scan (FF DA) to the end. */
const imageData = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));

/** The groups (IFD0, IPTC, XMP-dc, ...) of the tags read. */
const groupsOf = (metadata: ReadMetadata) =>
  [...new Set(Object.keys(metadata.tags).map((key) => key.split(':')[0]))].sort();

const face = (number: number, rest: Omit<Face, 'number'>): Face => ({ number, ...rest });

let exiftool: ExifToolProcess;
let jpeg: Buffer;
beforeAll(async () => {
  exiftool = new ExifToolProcess();
  jpeg = await testJpeg();
});
afterAll(async () => {
  await exiftool.close();
  await rm(`${OUR_MARKER}.jpg`, { force: true });
});

describe('writePhotoMetadata', () => {
  it.each(HOSTILE)('keeps %s exactly, in EXIF, IPTC and XMP', async (_label, text) => {
    const written = await writePhotoMetadata(jpeg, { caption: text, sharedBy: text, title: text }, exiftool);
    const { caption, sharedBy, title, tags } = await readMetadata(written, exiftool);
    expect(caption).toBe(text);
    expect(tags['IFD0:ImageDescription']).toBe(text);
    expect(tags['IPTC:Caption-Abstract']).toBe(text); // 300 emoji are 1,200 bytes: within IIM's 2,000
    expect(sharedBy).toBe(text);
    expect(tags['XMP-plus:ImageSupplier']).toEqual([{ ImageSupplierName: text }]);
    expect(tags['IPTC:Credit']).toBe(fitBytes(text, 32));
    expect(title).toBe(text);
    expect(tags['IPTC:ObjectName']).toBe(fitBytes(text, 64));
  });

  it('gives IIM the longest beginning of whole characters that fits, and XMP the whole text', async () => {
    const caption = 'Ø'.repeat(1001); // 2,002 bytes
    const sharedBy = 'Ola Nordmann 👨‍👩‍👧‍👦 og Kari'; // the family emoji (25 bytes) would end past byte 32
    const { tags } = await readMetadata(
      await writePhotoMetadata(jpeg, { caption, sharedBy }, exiftool),
      exiftool,
    );
    expect(tags['XMP-dc:Description']).toBe(caption);
    expect(tags['IPTC:Caption-Abstract']).toBe('Ø'.repeat(1000));
    expect(tags['XMP-photoshop:Credit']).toBe(sharedBy);
    expect(tags['IPTC:Credit']).toBe('Ola Nordmann ');
    // The digest says IIM and XMP agree, so MWG readers take XMP's whole text.
    expect(tags['Photoshop:IPTCDigest']).toBe(tags['File:CurrentIPTCDigest']);
  });

  it('writes the date taken in all three blocks, as the same instant, in the zone asked for', async () => {
    const takenAt = '2026-07-11T19:03:22.120Z';
    const metadata = await readMetadata(
      await writePhotoMetadata(jpeg, { takenAt, timeZone: 'America/Chicago' }, exiftool),
      exiftool,
    );
    expect(metadata.takenAt).toBe(takenAt);
    expect(metadata.tags).toMatchObject({
      'ExifIFD:DateTimeOriginal': '2026:07:11 14:03:22',
      'ExifIFD:OffsetTimeOriginal': '-05:00',
      'ExifIFD:SubSecTimeOriginal': '120',
      'IPTC:DateCreated': '2026:07:11',
      'IPTC:TimeCreated': '14:03:22-05:00',
      'XMP-photoshop:DateCreated': '2026:07:11 14:03:22.120-05:00',
      // exiftool's own reading of EXIF and of IIM: the same instant
      'Composite:SubSecDateTimeOriginal': '2026:07:11 14:03:22.120-05:00',
      'Composite:DateTimeCreated': '2026:07:11 14:03:22-05:00',
    });
    // Not claimed: when it was digitised.
    expect(Object.keys(metadata.tags).filter((key) => /CreateDate|DateTimeDigitized/.test(key))).toEqual([]);

    const utc = await readMetadata(
      await writePhotoMetadata(jpeg, { takenAt: '2026-07-11T19:03:22Z' }, exiftool),
      exiftool,
    );
    expect(utc.takenAt).toBe('2026-07-11T19:03:22.000Z');
    expect(utc.tags).toMatchObject({
      'ExifIFD:DateTimeOriginal': '2026:07:11 19:03:22',
      'ExifIFD:OffsetTimeOriginal': '+00:00',
      'IPTC:TimeCreated': '19:03:22+00:00',
      'XMP-photoshop:DateCreated': '2026:07:11 19:03:22+00:00',
    });
    expect(utc.tags['ExifIFD:SubSecTimeOriginal']).toBeUndefined();
  });

  it('stores IIM in UTF-8 and says so (CodedCharacterSet ESC % G)', async () => {
    const name = 'Ærlig Øyvind Åse';
    const written = await writePhotoMetadata(jpeg, { caption: name, sharedBy: name }, exiftool);
    const [app13] = segments(written, 0xed);
    expect(app13!.includes(Buffer.from([0x1b, 0x25, 0x47]))).toBe(true);
    expect(app13!.includes(Buffer.from(name, 'utf8'))).toBe(true);
    expect(app13!.includes(Buffer.from(name, 'latin1'))).toBe(false);
    expect((await readMetadata(written, exiftool)).tags['IPTC:CodedCharacterSet']).toBe('UTF8');
  });

  it('leaves the pixels alone and adds no EXIF but its own fields: no GPS, no camera, no fillers', async () => {
    const written = await writePhotoMetadata(
      jpeg,
      { caption: 'Picnic', takenAt: '2026-07-11T19:03:22.5Z', sharedBy: 'Anne', title: 'Picnic' },
      exiftool,
    );
    expect((await decoded(written)).equals(await decoded(jpeg))).toBe(true);
    expect(imageData(written).equals(imageData(jpeg))).toBe(true);
    const metadata = await readMetadata(written, exiftool);
    expect(groupsOf(metadata)).toEqual([
      'Composite',
      'ExifIFD',
      'ExifTool',
      'File',
      'IFD0',
      'IPTC',
      'Photoshop',
      'XMP-dc',
      'XMP-photoshop',
      'XMP-plus',
      'XMP-x',
    ]);
    const exif = Object.keys(metadata.tags).filter((key) => /^(IFD\d|ExifIFD|GPS|InteropIFD):/.test(key));
    expect(exif.sort()).toEqual([
      'ExifIFD:DateTimeOriginal',
      'ExifIFD:OffsetTimeOriginal',
      'ExifIFD:SubSecTimeOriginal',
      'IFD0:ImageDescription',
    ]);
  });

  it("keeps the EXIF a photo already has, and reads it from a file's path", async () => {
    const camera = await sharp(await testJpeg())
      .withExif({ IFD0: { Make: 'Kodak', Model: 'Instamatic' } })
      .jpeg()
      .toBuffer();
    const folder = await mkdtemp(join(tmpdir(), 'archive-metadata-test-'));
    try {
      const path = join(folder, '-o camera.jpg'); // a name like an option
      await writeFile(path, camera);
      const written = await writePhotoMetadata(path, { takenAt: '2026-07-11T19:03:22Z' }, exiftool);
      await writeFile(path, written);
      const { tags } = await readMetadata(path, exiftool);
      expect(tags).toMatchObject({
        'IFD0:Make': 'Kodak',
        'IFD0:Model': 'Instamatic',
        'ExifIFD:DateTimeOriginal': '2026:07:11 19:03:22',
      });
      expect(tags['IFD0:XResolution']).toBeDefined(); // the photo's own, kept
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('removes only what the formats cannot hold, the same in all three blocks', async () => {
    const text = 'a\u0000b\u0001c\r\nd\re\tf\uFFFEg\uD800h\u007Fi\u0085j';
    expect(storable(text)).toBe('abc\nd\ne\tfg\uFFFDh\u007Fi\u0085j');
    const { tags } = await readMetadata(
      await writePhotoMetadata(jpeg, { caption: text }, exiftool),
      exiftool,
    );
    expect([
      tags['XMP-dc:Description'],
      tags['IFD0:ImageDescription'],
      tags['IPTC:Caption-Abstract'],
    ]).toEqual(Array(3).fill(storable(text)));
  });

  it('runs exiftool once per call when no process is given', async () => {
    const written = await writePhotoMetadata(jpeg, { caption: 'Hei' });
    expect((await readMetadata(written)).caption).toBe('Hei');
  });

  it('fails with what exiftool said when it writes nothing or warns', async () => {
    const complaining = { run: async () => ({ stdout: '', stderr: 'Warning: Something odd - in.jpg\n' }) };
    await expect(writePhotoMetadata(jpeg, { caption: 'x' }, complaining)).rejects.toThrow(
      'exiftool could not write the metadata: Warning: Something odd - in.jpg',
    );
    const silent = { run: async () => ({ stdout: '', stderr: '' }) };
    await expect(writePhotoMetadata(jpeg, { caption: 'x' }, silent)).rejects.toThrow(/no reason given/);
    const png = await sharp(jpeg).png().toBuffer();
    await expect(writePhotoMetadata(png, { caption: 'x' }, exiftool)).rejects.toThrow(/Not a JPEG/);
    await expect(writePhotoMetadata(jpeg, { takenAt: '2026-07-11 19:03' }, exiftool)).rejects.toThrow(
      /takenAt/,
    );
  });
});

describe('writeFaceRegions', () => {
  const hostileName = `$(touch ${PWNED}) "Ærlig" -x 👨‍👩‍👧‍👦 \u202Eabc`;
  const faces: Face[] = [
    face(4, { name: hostileName, box: { x: 0.7, y: 0.6, width: 0.3, height: 0.4 } }),
    face(1, { name: 'Ole Olson', note: 'from Fargo', box: { x: 0.1, y: 0.2, width: 0.2, height: 0.4 } }),
    face(2, { box: { x: 0.5, y: 0.1, width: 0.25, height: 0.3 } }),
    face(3, { name: 'Kari Nordmann' }),
    face(5, {}),
  ];

  it('writes every face with a box as an MWG region around its centre, and every name as Person Shown', async () => {
    const picture = await testJpeg(400, 300);
    // The faces file's size is the full scan's; this copy is smaller, with the same proportions.
    const written = await writeFaceRegions(picture, { width: 4000, height: 3000, faces }, exiftool);
    const metadata = await readMetadata(written, exiftool);
    expect(metadata.regionsAppliedTo).toEqual({ width: 400, height: 300 });
    expect(metadata.regions).toEqual([
      {
        type: 'Face',
        name: 'Ole Olson',
        description: 'from Fargo',
        area: { x: 0.2, y: 0.4, w: 0.2, h: 0.4, unit: 'normalized' },
      },
      { type: 'Face', area: { x: 0.625, y: 0.25, w: 0.25, h: 0.3, unit: 'normalized' } },
      { type: 'Face', name: hostileName, area: { x: 0.85, y: 0.8, w: 0.3, h: 0.4, unit: 'normalized' } },
    ]);
    expect(metadata.peopleShown).toEqual(['Ole Olson', 'Kari Nordmann', hostileName]);
    // XMP alone: no EXIF, no IIM; the pixels as they were.
    expect(groupsOf(metadata)).toEqual([
      'Composite',
      'ExifTool',
      'File',
      'XMP-iptcExt',
      'XMP-mwg-rs',
      'XMP-x',
    ]);
    expect((await decoded(written)).equals(await decoded(picture))).toBe(true);
    expect(imageData(written).equals(imageData(picture))).toBe(true);

    // Written again, the regions are replaced, not added to.
    const again = await readMetadata(
      await writeFaceRegions(written, { width: 400, height: 300, faces }, exiftool),
      exiftool,
    );
    expect(again.regions).toEqual(metadata.regions);
    expect(again.peopleShown).toEqual(metadata.peopleShown);
  });

  it('gives the JPEG back unchanged when no face has a box or a name', async () => {
    expect(await writeFaceRegions(jpeg, { width: 48, height: 36, faces: [face(1, {})] }, exiftool)).toBe(
      jpeg,
    );
  });

  it('refuses a picture stored turned, one of other proportions, and a box outside the picture', async () => {
    const turned = await sharp(jpeg).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await expect(writeFaceRegions(turned, { width: 36, height: 48, faces }, exiftool)).rejects.toThrow(
      /orientation 6/,
    );
    await expect(writeFaceRegions(jpeg, { width: 36, height: 48, faces }, exiftool)).rejects.toThrow(
      /36 x 48 picture, this one is 48 x 36/,
    );
    const outside = [face(7, { box: { x: 0.9, y: 0, width: 0.2, height: 0.5 } })];
    await expect(writeFaceRegions(jpeg, { width: 48, height: 36, faces: outside }, exiftool)).rejects.toThrow(
      /Face 7's box/,
    );
  });
});

describe('the values handed to exiftool', () => {
  it('are every one base64 in the JSON file, so exiftool reads them as bytes and nothing else', () => {
    const [, text] = HOSTILE.find(([label]) => label === 'shell commands')!;
    const json = exiftoolJson({
      'XMP-dc:Description': text,
      'XMP-mwg-rs:RegionInfo': { RegionList: [{ Name: text }] },
    });
    expect(json).not.toContain('touch');
    const strings = [...json.matchAll(/"((?:[^"\\]|\\.)*)"\s*([:,\]}])/g)].filter(
      ([, , after]) => after !== ':',
    );
    for (const [, value] of strings) expect(value).toMatch(/^base64:[A-Za-z0-9+/]*={0,2}$/);
    const [tags] = JSON.parse(json) as [{ 'XMP-dc:Description': string }];
    expect(Buffer.from(tags['XMP-dc:Description'].slice('base64:'.length), 'base64').toString()).toBe(text);
  });

  it('fit IIM by whole characters', () => {
    expect(fitBytes('Ærlig', 32)).toBe('Ærlig');
    expect(fitBytes('ÆØÅ', 5)).toBe('ÆØ'); // not half an Å
    expect(fitBytes('ab👨‍👩‍👧‍👦', 20)).toBe('ab'); // not part of a family
    expect(fitBytes('e\u0301e\u0301', 3)).toBe('e\u0301'); // an accent stays with its letter
  });

  it("write the date in the zone's offset of that day", () => {
    expect(dateTags('2026-01-15T18:00:00Z', 'America/Chicago')).toMatchObject({
      'EXIF:DateTimeOriginal': '2026:01:15 12:00:00',
      'EXIF:OffsetTimeOriginal': '-06:00',
    });
    expect(dateTags('2026-07-11T19:03:22Z', 'Asia/Kathmandu')['XMP-photoshop:DateCreated']).toBe(
      '2026:07:12 00:48:22+05:45',
    );
    expect(() => dateTags('2026-07-11T19:03:22+02:00')).toThrow(/not an ISO 8601 instant in UTC/);
  });

  it('put regions at the centre of their boxes, without floating-point dust', () => {
    const tags = regionTags(
      { width: 10, height: 10, faces: [face(1, { box: { x: 0.1, y: 0.2, width: 0.4, height: 0.1 } })] },
      { width: 10, height: 10 },
    );
    const info = tags['XMP-mwg-rs:RegionInfo'] as { RegionList: { Area: object }[] };
    expect(info.RegionList[0]!.Area).toEqual({ X: 0.3, Y: 0.25, W: 0.4, H: 0.1, Unit: 'normalized' });
    expect(tags['XMP-iptcExt:PersonInImage']).toBeUndefined();
  });
});

it('ran none of the shell commands in the text', () => {
  expect(existsSync(OUR_MARKER)).toBe(false);
  expect(existsSync(`${OUR_MARKER}.jpg`)).toBe(false);
  if (!pwnedBefore) expect(existsSync(PWNED)).toBe(false);
});
