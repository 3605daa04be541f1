/**
 * Demo photos for the local stack: a dozen shared photos of the reunion weekend (placeholders made with
 * sharp that say they are demos, dated July 10-12, 2026, captions in English and Norwegian), two photos waiting for
 * approval from the demo member, and, for the scale test and bench:photos, LARGE_DEMO_PHOTOS more shared photos
 * (small images whose bytes are reused, uploaded in parallel). Stored through the Admin SDK as they would be: the
 * waiting ones as the page uploads them, the shared ones as an approval publishes them (with their details).
 *
 * Deterministic: fixed ids (the random part is "demo" and a number), dates and pictures, so tests can find them.
 */
import sharp from 'sharp';

import {
  PHOTO_CONTENT_TYPE,
  approvedDetails,
  formatTakenAt,
  newPhotoId,
  pendingMetadata,
  photoPathOf,
  thumbnailPathOf,
} from '../../../src/domain/photos.ts';
import { publishSharedPhoto } from '../../../admin/bucket/shared-photos.ts';
import type { Bucket } from '../../../admin/firebase-admin.ts';

/** The environment variable that adds that many shared photos (the scale test: 2000). */
export const LARGE_DEMO_PHOTOS_VARIABLE = 'LARGE_DEMO_PHOTOS';
/** The thumbnails' longest side, as the page makes them. */
export const DEMO_THUMBNAIL_SIDE = 480;

export interface DemoPhoto {
  photoId: string;
  takenAt: Date;
  /** Absent: a photo shared without a caption (the page then describes it by who shared it and when). */
  caption?: string;
  state: 'shared' | 'pending';
  portrait?: boolean;
}

/** A time of the reunion weekend in the host town (America/Chicago, CDT = UTC-5). */
const cdt = (day: 10 | 11 | 12, time: string) => new Date(`2026-07-${day}T${time}:00-05:00`);

const DEMO_ROWS: [day: 10 | 11 | 12, time: string, caption: string | undefined, portrait?: boolean][] = [
  [10, '16:30', 'Arriving at the community hall in Rolette'],
  [10, '18:15', 'Første kveld: kaffe og lefse ute på plenen', true],
  [10, '20:40', 'Cousins from Minot and Bergen meet for the first time'],
  [11, '09:10', 'Frokost før tidskapselen åpnes'],
  [11, '11:00', 'Opening the 1976 time capsule'],
  [11, '11:25', 'Brevene fra 1976 blir delt ut', true],
  [11, '14:00', undefined],
  [11, '16:45', 'The family tree wall in the school gym'],
  [11, '19:30', 'Kveldsmat i parken – nesten 300 av oss!'],
  [12, '10:00', 'Sunday service at the Lutheran church', true],
  [12, '13:15', 'Den nye tidskapselen forsegles – åpnes igjen i 2076'],
  [12, '15:30', 'Goodbyes at the hall: see you in 2076?'],
];
const WAITING_ROWS: [day: 12, time: string, caption: string][] = [
  [12, '16:10', 'Last photo before driving home'],
  [12, '17:05', 'Solnedgang over prærien på vei hjem'],
];

/** The 10-character random part of a demo id: a prefix and a number. */
const demoRandom = (prefix: string, n: number) => `${prefix}${String(n).padStart(10 - prefix.length, '0')}`;

/** The dozen shared demo photos and the two waiting ones, oldest first. */
export function demoPhotos(): DemoPhoto[] {
  const shared = DEMO_ROWS.map(([day, time, caption, portrait], i): DemoPhoto => {
    const takenAt = cdt(day, time);
    return {
      photoId: newPhotoId(takenAt, demoRandom('demo', i + 1)),
      takenAt,
      ...(caption ? { caption } : {}),
      state: 'shared',
      ...(portrait ? { portrait } : {}),
    };
  });
  const waiting = WAITING_ROWS.map(([day, time, caption], i): DemoPhoto => {
    const takenAt = cdt(day, time);
    return { photoId: newPhotoId(takenAt, demoRandom('wait', i + 1)), takenAt, caption, state: 'pending' };
  });
  return [...shared, ...waiting];
}

/** LARGE_DEMO_PHOTOS: how many more shared photos to seed (0 when unset). */
export function largeDemoPhotoCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[LARGE_DEMO_PHOTOS_VARIABLE]?.trim();
  if (!raw) return 0;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0 || count > 99_999) {
    throw new RangeError(`${LARGE_DEMO_PHOTOS_VARIABLE}="${raw}" is not a number of photos (0 to 99999).`);
  }
  return count;
}

/**
 * The large set's photos: spread over the weekend (Friday 12:00 to Sunday 18:00, Chicago time), one id each,
 * captioned with their number.
 */
export function largeDemoPhotos(count: number): DemoPhoto[] {
  const start = cdt(10, '12:00').getTime();
  const span = cdt(12, '18:00').getTime() - start;
  return Array.from({ length: count }, (_, i) => {
    const takenAt = new Date(start + Math.floor((span * i) / Math.max(count, 1) / 1000) * 1000);
    return {
      photoId: newPhotoId(takenAt, demoRandom('many', i + 1)),
      takenAt,
      caption: `Demo photo ${i + 1} of ${count} (scale test)`,
      state: 'shared',
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Pictures
// ---------------------------------------------------------------------------------------------------------------

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a caption into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Chicago',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A placeholder picture: a coloured sky and prairie, "DEMO PHOTO", the caption and the date. */
function demoSvg(width: number, height: number, hue: number, lines: string[]): string {
  const unit = Math.min(width, height) / 20;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${height * 0.42 + unit * (2.6 + i * 1.4)}" font-size="${unit}" ` +
        `fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="DejaVu Sans, sans-serif">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},60%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},55%,40%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#sky)"/>` +
    `<rect y="${height * 0.72}" width="100%" height="${height * 0.28}" fill="hsl(${(hue + 90) % 360},35%,32%)"/>` +
    `<text x="${width / 2}" y="${height * 0.42}" font-size="${unit * 2.1}" font-weight="bold" fill="#fff" ` +
    `text-anchor="middle" stroke="#0006" stroke-width="${unit / 12}">DEMO PHOTO</text>${text}</svg>`
  );
}

export interface DemoPicture {
  photo: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

/** The JPEG and its thumbnail (at most 480 px on its longest side), as the page would upload them. */
export async function demoPicture(
  lines: string[],
  { width, height, hue }: { width: number; height: number; hue: number },
): Promise<DemoPicture> {
  const photo = await sharp(Buffer.from(demoSvg(width, height, hue, lines)))
    .jpeg({ quality: 82 })
    .toBuffer();
  const { data: thumbnail, info } = await sharp(photo)
    .resize(DEMO_THUMBNAIL_SIDE, DEMO_THUMBNAIL_SIDE, { fit: 'inside' })
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { photo, thumbnail, width, height, thumbnailWidth: info.width, thumbnailHeight: info.height };
}

function pictureOf(photo: DemoPhoto, index: number): Promise<DemoPicture> {
  const lines = [
    ...(photo.caption ? wrap(photo.caption, photo.portrait ? 24 : 34) : ['(no caption)']),
    WHEN.format(photo.takenAt),
    'Placeholder, not a real photo',
  ];
  const [width, height] = photo.portrait ? [1200, 1600] : [1600, 1200];
  return demoPicture(lines, { width, height, hue: (index * 47) % 360 });
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------------------------

export interface Uploader {
  uid: string;
  /** The account's display name (uploaderName). */
  name: string;
  /** The account's e-mail address (a waiting photo's uploaderEmail). */
  email: string;
}

async function store(
  bucket: Bucket,
  photo: DemoPhoto,
  picture: DemoPicture,
  uploader: Uploader,
): Promise<void> {
  const facts = {
    ...(photo.caption ? { caption: photo.caption } : {}),
    takenAt: photo.takenAt,
    uploaderUid: uploader.uid,
    uploaderName: uploader.name,
    uploaderEmail: uploader.email,
  };
  if (photo.state === 'shared') {
    const size = (width: number, height: number) => ({ width, height });
    await publishSharedPhoto(
      bucket,
      photo.photoId,
      {
        photo: picture.photo,
        thumbnail: picture.thumbnail,
        photoSize: size(picture.width, picture.height),
        thumbnailSize: size(picture.thumbnailWidth, picture.thumbnailHeight),
      },
      approvedDetails(
        { ...facts, takenAt: formatTakenAt(photo.takenAt) },
        size(picture.width, picture.height),
        uploader.name,
      ),
    );
    return;
  }
  const location = { state: 'pending', uid: uploader.uid, photoId: photo.photoId } as const;
  const save = (path: string, data: Buffer, width: number, height: number) =>
    bucket.file(path).save(data, {
      resumable: false,
      metadata: { contentType: PHOTO_CONTENT_TYPE, metadata: pendingMetadata({ ...facts, width, height }) },
    });
  // The thumbnail first, as the page uploads them: a listed photo always has one.
  await save(thumbnailPathOf(location), picture.thumbnail, picture.thumbnailWidth, picture.thumbnailHeight);
  await save(photoPathOf(location), picture.photo, picture.width, picture.height);
}

/** Runs `task` over the items, at most `parallel` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  parallel: number,
  task: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await task(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

export interface SeedPhotosOptions {
  /** Extra shared photos for the scale test; default: LARGE_DEMO_PHOTOS. */
  large?: number;
}

/**
 * Stores the demo photos: the dozen shared ones and the two waiting in the uploader's folder, then the large set.
 * The uploader is the demo member.
 */
export async function seedPhotos(
  bucket: Bucket,
  uploader: Uploader,
  opts: SeedPhotosOptions = {},
): Promise<{ shared: number; waiting: number }> {
  const photos = demoPhotos();
  await eachLimited(photos, 4, async (photo, i) => store(bucket, photo, await pictureOf(photo, i), uploader));

  const large = largeDemoPhotos(opts.large ?? largeDemoPhotoCount());
  if (large.length) {
    // A few small pictures, their bytes reused: the scale test measures listing and thumbnails, not decoding.
    const pictures = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        demoPicture(['Scale test', `picture ${i + 1} of 6`], { width: 640, height: 480, hue: i * 60 }),
      ),
    );
    await eachLimited(large, 24, (photo, i) =>
      store(bucket, photo, pictures[i % pictures.length]!, uploader),
    );
  }
  const waiting = photos.filter((photo) => photo.state === 'pending').length;
  return { shared: photos.length - waiting + large.length, waiting };
}
