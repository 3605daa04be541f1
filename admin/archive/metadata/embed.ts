/**
 * The metadata the 2076 archive carries inside its JPEGs, in the standard fields photo programs read (no sidecar
 * files: Google Takeout's JSON beside each photo is what we avoid). Written by exiftool (exiftool.ts); the pixels
 * are not touched, only metadata segments.
 *
 * A shared photo (writePhotoMetadata), by the IPTC Photo Metadata Standard's names and the fields the Metadata
 * Working Group's guidelines (MWG 2.0) keep in step in EXIF, IPTC IIM and XMP:
 * - the caption: IPTC "Description" = XMP dc:description (x-default), IIM 2:120 Caption-Abstract, and EXIF
 *   ImageDescription, as MWG's "Description" maps it. Every photo program shows one of them.
 * - when it was taken: IPTC "Date Created" = XMP photoshop:DateCreated, IIM 2:55 DateCreated and 2:60 TimeCreated,
 *   and EXIF DateTimeOriginal with OffsetTimeOriginal (and SubSecTimeOriginal for milliseconds), as MWG's
 *   "DateTimeOriginal" maps it. Not xmp:CreateDate: MWG defines that as when the picture was digitised, which we do
 *   not know (for a scan it is the day of scanning).
 * - who shared it: IPTC "Credit Line" = XMP photoshop:Credit and IIM 2:110 Credit, shown by Lightroom Classic,
 *   Adobe Bridge, Photo Mechanic, digiKam and exiftool; and IPTC Extension "Image Supplier" = XMP
 *   plus:ImageSupplier/plus:ImageSupplierName, whose definition is exactly this ("the most recent supplier of the
 *   image, who is not necessarily its owner or creator"), for programs with an IPTC Extension panel. Not IPTC
 *   "Creator" (dc:creator, IIM By-line, EXIF Artist): the relative who shared a photo may not have taken it (a
 *   phone passed round, a print scanned), and a wrong creator would be a false claim kept for ever. Not
 *   dc:contributor: not in the IPTC standard, and few programs show it.
 * - a title, when there is one: IPTC "Title" = XMP dc:title (x-default) and IIM 2:05 ObjectName.
 * IIM in UTF-8: 1:90 CodedCharacterSet is ESC % G, so "Ærlig Øyvind Åse" survives. IIM fields have byte limits
 * (ObjectName 64, Credit 32, Caption-Abstract 2,000): IIM gets the longest run of whole characters that fits, XMP
 * the whole text, and Photoshop's IPTCDigest is set to the new IIM's digest, which tells MWG readers that IIM and
 * XMP agree and XMP is the one to read.
 *
 * exiftool's MWG composite tags (-use MWG) would write the caption and date to all three blocks, but they write IIM
 * only where the file has IIM already (these photos have none: the site re-encodes them without metadata), and cut
 * a long IIM value at a byte, not a character; so each tag is named here as MWG's mapping names it. (IIM a photo
 * already had in another character set would be declared UTF-8 without being converted: the site's have none.)
 *
 * A named picture (writeFaceRegions): MWG regions (XMP mwg-rs:Regions), what Lightroom Classic, digiKam and Picasa
 * read as people in a picture, and IPTC Extension "Person Shown" (Iptc4xmpExt:PersonInImage), the names alone, for
 * programs without regions. See regionTags.
 *
 * Relatives' text is handed to exiftool in a JSON file (`-json=`), never on a command line: a value there cannot
 * become an option (`-o`, `-@ file`, `-TAG<=file`) or a second argument, as it could in an argument file, where a
 * line break starts one. Every string in that file is written `base64:...`, a form exiftool's JSON reader decodes
 * to exactly those bytes (its documented form for binary values): exiftool's own un-escaping of JSON strings
 * turns the text `\u0041` into `A`, and a caption that itself began with `base64:` would be decoded. Text is
 * expected clean (src/lib/relative-text.ts); only what the formats cannot hold is changed (storable).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

import type { Face, FacesFile } from '../../../src/domain/faces.ts';
import { TAKEN_AT_PATTERN } from '../../../src/domain/photos.ts';
import { runOnce, type ExifToolRunner } from './exiftool.ts';

export type JpegInput = Buffer | string;

export interface PhotoMetadata {
  caption?: string;
  /** When it was taken: an ISO 8601 instant in UTC (PhotoDetails.takenAt). */
  takenAt?: string;
  /**
   * The IANA zone whose wall-clock time the dates are written in, with its offset (default UTC). Many programs show
   * EXIF DateTimeOriginal as it stands and ignore the offset: for the reunion's photos pass REUNION_TIME_ZONE
   * (src/config/site.ts) and they show 14:03, not 19:03. The instant is the same either way.
   */
  timeZone?: string;
  /** Who shared it (PhotoDetails.uploaderName). */
  sharedBy?: string;
  title?: string;
}

/** The faces of a picture: its size (the upright picture's, in pixels) and its faces (FacesFile). */
export type PictureFaces = Pick<FacesFile, 'width' | 'height' | 'faces'>;

/** IIM's limits in bytes (IPTC IIM 4.2, record 2). */
const IIM_LIMITS = { objectName: 64, credit: 32, caption: 2000 } as const;

/**
 * What cannot be stored is changed, nothing else: XML 1.0 (XMP) cannot hold the C0 control characters other than
 * tab, line feed and carriage return, nor U+FFFE and U+FFFF, so they are removed (EXIF would also end its text at a
 * NUL); a surrogate without its pair is no character in UTF-8 and becomes U+FFFD, as every UTF-8 encoder makes
 * it; a carriage return (alone or before a line feed) becomes a line feed, which is what an XML reader makes of it,
 * so that EXIF, IIM and XMP hold the same text.
 */
export function storable(text: string): string {
  return (
    text
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/\r\n?/g, '\n')
  );
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The longest beginning of `text` of whole characters (grapheme clusters: an emoji family stays whole) in `bytes`. */
export function fitBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let fitted = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    used += Buffer.byteLength(segment);
    if (used > bytes) break;
    fitted += segment;
  }
  return fitted;
}

/** Text worth writing: storable, or undefined when there is none. */
const present = (text: string | undefined) => (text ? storable(text) || undefined : undefined);

/** `instant` as wall-clock time in `timeZone`: "YYYY:MM:DD HH:MM:SS" (EXIF's form) and its offset "+HH:MM". */
export function wallClock(instant: Date, timeZone: string): { dateTime: string; offset: string } {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  });
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  // "GMT-05:00", or "GMT" for UTC itself.
  const offset = parts.timeZoneName!.replace(/^GMT/, '') || '+00:00';
  return {
    dateTime: `${parts.year}:${parts.month}:${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`,
    offset: offset.replace('\u2212', '-'),
  };
}

/** The date taken, in each of the three blocks (see the top of this file). */
export function dateTags(takenAt: string, timeZone = 'UTC'): Record<string, string> {
  if (!new RegExp(TAKEN_AT_PATTERN).test(takenAt))
    throw new Error(`takenAt is not an ISO 8601 instant in UTC: ${JSON.stringify(takenAt)}`);
  const { dateTime, offset } = wallClock(new Date(takenAt), timeZone);
  const fraction = /\.(\d+)Z$/.exec(takenAt)?.[1];
  const [date, time] = dateTime.split(' ') as [string, string];
  return {
    'EXIF:DateTimeOriginal': dateTime,
    'EXIF:OffsetTimeOriginal': offset,
    ...(fraction && { 'EXIF:SubSecTimeOriginal': fraction }),
    'IPTC:DateCreated': date,
    'IPTC:TimeCreated': `${time}${offset}`,
    'XMP-photoshop:DateCreated': `${dateTime}${fraction ? `.${fraction}` : ''}${offset}`,
  };
}

/** The tags writePhotoMetadata writes, by exiftool's group:name (see the top of this file). */
export function photoTags(metadata: PhotoMetadata): Record<string, unknown> {
  const caption = present(metadata.caption);
  const title = present(metadata.title);
  const sharedBy = present(metadata.sharedBy);
  return {
    'IPTC:CodedCharacterSet': 'UTF8',
    ...(caption && {
      'EXIF:ImageDescription': caption,
      'IPTC:Caption-Abstract': fitBytes(caption, IIM_LIMITS.caption),
      'XMP-dc:Description': caption,
    }),
    ...(title && { 'IPTC:ObjectName': fitBytes(title, IIM_LIMITS.objectName), 'XMP-dc:Title': title }),
    ...(sharedBy && {
      'IPTC:Credit': fitBytes(sharedBy, IIM_LIMITS.credit),
      'XMP-photoshop:Credit': sharedBy,
      'XMP-plus:ImageSupplier': [{ ImageSupplierName: sharedBy }],
    }),
    ...(metadata.takenAt && dateTags(metadata.takenAt, metadata.timeZone)),
    'Photoshop:IPTCDigest': 'new',
  };
}

/** A fraction rounded to a millionth: a hundredth of a pixel on a 10,000-pixel scan, and no 0.30000000000000004. */
const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

function checkedBox(face: Face): NonNullable<Face['box']> {
  const box = face.box!;
  const inside = (start: number, length: number) =>
    Number.isFinite(start) &&
    Number.isFinite(length) &&
    start >= 0 &&
    length > 0 &&
    start + length <= 1 + 1e-9;
  if (!inside(box.x, box.width) || !inside(box.y, box.height))
    throw new Error(`Face ${face.number}'s box is not inside the picture: ${JSON.stringify(box)}`);
  return box;
}

/**
 * The regions of a picture's faces. MWG's area is the region's centre (X, Y) and size (W, H) as fractions of the
 * picture; a FaceBox is its top-left corner and size. Every face with a box is a region of type Face, with its name
 * if it has one and its note as the region's description. A face with a box but no name stays, without a name: it
 * is still true that a face is there, programs show it as someone not yet named, and a made-up name ("No. 12")
 * would become a person in their people lists (and No. 12 of 1976 the same person as No. 12 of another picture). A
 * face without a box has no place to mark and is left out of the regions; its name is still in Person Shown, which
 * lists every named face.
 */
export function regionTags(
  picture: PictureFaces,
  size: { width: number; height: number },
): Record<string, unknown> {
  const faces = [...picture.faces].sort((a, b) => a.number - b.number);
  const regions = faces
    .filter((face) => face.box)
    .map((face) => {
      const box = checkedBox(face);
      const name = present(face.name);
      const note = present(face.note);
      return {
        Area: {
          X: rounded(box.x + box.width / 2),
          Y: rounded(box.y + box.height / 2),
          W: rounded(box.width),
          H: rounded(box.height),
          Unit: 'normalized',
        },
        Type: 'Face',
        ...(name && { Name: name }),
        ...(note && { Description: note }),
      };
    });
  const names = faces.flatMap((face) => present(face.name) ?? []);
  return {
    ...(regions.length && {
      'XMP-mwg-rs:RegionInfo': {
        AppliedToDimensions: { W: size.width, H: size.height, Unit: 'pixel' },
        RegionList: regions,
      },
    }),
    ...(names.length && { 'XMP-iptcExt:PersonInImage': names }),
  };
}

/**
 * exiftool adds EXIF's "mandatory" fields when it creates the EXIF block: the resolution (already in the JPEG's
 * JFIF header), version numbers and ColorSpace "Uncalibrated", which says the picture is not sRGB when nobody
 * knows that. A block we create holds only our fields; a block the photo has is left as it is.
 */
const NO_EXIF_FILLERS = [
  'XResolution',
  'YResolution',
  'ResolutionUnit',
  'YCbCrPositioning',
  'ExifVersion',
  'ComponentsConfiguration',
  'FlashpixVersion',
  'ColorSpace',
].map((tag) => `-EXIF:${tag}=`);

/** Every string becomes `base64:...` in the JSON file (see the top of this file); numbers are ours. */
const asBase64 = (_key: string, value: unknown) =>
  typeof value === 'string' ? `base64:${Buffer.from(value, 'utf8').toString('base64')}` : value;

/** The JSON exiftool imports: one object, for every file of the command (no SourceFile: "*"). */
export function exiftoolJson(tags: Record<string, unknown>): string {
  return JSON.stringify([tags], asBase64);
}

async function jpegBytes(jpeg: JpegInput): Promise<Buffer> {
  return typeof jpeg === 'string' ? readFile(jpeg) : jpeg;
}

/** What sharp sees in the JPEG's headers, refusing what is not a JPEG. */
async function inspect(jpeg: Buffer) {
  const info = await sharp(jpeg).metadata();
  if (info.format !== 'jpeg') throw new Error(`Not a JPEG (${info.format})`);
  return info;
}

/**
 * Writes `tags` into a copy of `jpeg` and gives back the copy. exiftool works on files in a folder of our own:
 * the only paths it is given are ours, so no name of a relative's file can look like an option. Any warning
 * fails: something asked for may be missing from the file.
 */
async function writeTags(
  jpeg: Buffer,
  tags: Record<string, unknown>,
  options: readonly string[],
  exiftool: ExifToolRunner,
): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'archive-metadata-'));
  try {
    const [input, json, output] = ['in.jpg', 'tags.json', 'out.jpg'].map((name) => join(folder, name)) as [
      string,
      string,
      string,
    ];
    await writeFile(input, jpeg);
    await writeFile(json, exiftoolJson(tags));
    // -q: no "1 image files created", so that anything on stderr is a warning or an error.
    const { stdout, stderr } = await exiftool.run([
      '-q',
      `-json=${json}`,
      '-charset',
      'iptc=UTF8',
      ...options,
      '-o',
      output,
      input,
    ]);
    const written = await readFile(output).catch(() => undefined);
    if (!written || stderr.trim())
      throw new Error(
        `exiftool could not write the metadata: ${(stderr || stdout).trim() || 'no reason given'}`,
      );
    return written;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A copy of the JPEG with a shared photo's caption, date taken, who shared it and title in it. */
export async function writePhotoMetadata(
  jpeg: JpegInput,
  metadata: PhotoMetadata,
  exiftool: ExifToolRunner = runOnce,
): Promise<Buffer> {
  const bytes = await jpegBytes(jpeg);
  const { exif } = await inspect(bytes);
  return writeTags(bytes, photoTags(metadata), exif ? [] : NO_EXIF_FILLERS, exiftool);
}

/**
 * A copy of the JPEG with its faces as MWG regions and their names as Person Shown (regionTags). The faces' boxes
 * are fractions of the upright picture, and programs differ on whether MWG areas apply before or after EXIF
 * orientation: a picture stored turned is refused (turn it upright first). The picture must have the proportions
 * the faces were placed on; AppliedToDimensions is its own size. Nothing to write: the JPEG comes back unchanged.
 */
export async function writeFaceRegions(
  jpeg: JpegInput,
  picture: PictureFaces,
  exiftool: ExifToolRunner = runOnce,
): Promise<Buffer> {
  const bytes = await jpegBytes(jpeg);
  const { width = 0, height = 0, orientation = 1 } = await inspect(bytes);
  if (orientation !== 1)
    throw new Error(`The picture is stored turned (EXIF orientation ${orientation}): turn it upright first`);
  if (Math.abs(width / height - picture.width / picture.height) > 0.01)
    throw new Error(
      `The faces were placed on a ${picture.width} x ${picture.height} picture, this one is ${width} x ${height}`,
    );
  const tags = regionTags(picture, { width, height });
  return Object.keys(tags).length ? writeTags(bytes, tags, [], exiftool) : bytes;
}
