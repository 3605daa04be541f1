/**
 * Photos for the browser tests, made with sharp: a phone photo as phones write them (EXIF with the GPS position,
 * a camera serial number, the date taken and orientation 6: stored on its side, to be turned a quarter right),
 * plain small ones, and shared photos seeded straight into the bucket as an organiser's approval leaves them.
 */
import sharp from 'sharp';
import { formatTakenAt, newPhotoId } from '../../src/domain/photos.ts';
import { publishSharedPhoto } from '../../admin/bucket/shared-photos.ts';
import { localBucket } from './organiser.ts';

/** What the phone photo's EXIF says (and none of it may reach the bucket). */
export const PHONE_EXIF = {
  serial: 'SERIAL-4417-RX',
  make: 'TestCam',
  dateTimeOriginal: '2026:07:11 14:03:22',
  /** 14:03:22 in Rolette (CDT, UTC-5). */
  takenAt: '2026-07-11T19:03:22Z',
};

/**
 * A 3000x2000 JPEG stored on its side (orientation 6): red in its top half and blue in its bottom half as stored,
 * so the right way up (turned a quarter right) it is blue on the left and red on the right; noise keeps the
 * re-encoded photo well over 256 KiB (the SDK then uploads it in pieces, resumably).
 */
export async function phonePhoto(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % 50;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const n = noise();
      if (y < height / 2) raw.set([200 + (n >> 1), n, n], at);
      else raw.set([n, n, 200 + (n >> 1)], at);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: PHONE_EXIF.make, Model: 'Reunion 1' },
      IFD2: { DateTimeOriginal: PHONE_EXIF.dateTimeOriginal, BodySerialNumber: PHONE_EXIF.serial },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 39/1 40/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '99/1 50/1 30/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small plain JPEG of one colour (a photo without EXIF). */
export function plainPhoto(
  color: { r: number; g: number; b: number },
  width = 800,
  height = 600,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export interface SeededPhoto {
  photoId: string;
  caption?: string;
}

/**
 * Shared photos stored straight into the bucket as an approval publishes them (photo, thumbnail, details, the
 * uploader's marker), uploaded by `uploaderUid`; returns them oldest first. Their dates are in 1990, so they come
 * first in the gallery.
 */
export async function seedSharedPhotos(
  uploaderUid: string,
  photos: { caption?: string; uploaderName?: string }[],
): Promise<SeededPhoto[]> {
  const { bucket, close } = localBucket();
  // Noon UTC: the same day (and year) in Rolette.
  const base = Date.UTC(1990, 0, 2, 12) + Math.floor(Math.random() * 300) * 86_400_000;
  try {
    const seeded: SeededPhoto[] = [];
    for (const [index, photo] of photos.entries()) {
      const takenAt = new Date(base + index * 60_000);
      const photoId = newPhotoId(takenAt);
      const color = { r: 40 + index * 50, g: 120, b: 200 - index * 40 };
      await publishSharedPhoto(
        bucket,
        photoId,
        {
          photo: await plainPhoto(color, 800, 600),
          thumbnail: await plainPhoto(color, 480, 360),
          photoSize: { width: 800, height: 600 },
          thumbnailSize: { width: 480, height: 360 },
        },
        {
          ...(photo.caption ? { caption: photo.caption } : {}),
          takenAt: formatTakenAt(takenAt),
          width: '800',
          height: '600',
          uploaderUid,
          ...(photo.uploaderName ? { uploaderName: photo.uploaderName } : {}),
        },
      );
      seeded.push({ photoId, ...(photo.caption ? { caption: photo.caption } : {}) });
    }
    return seeded;
  } finally {
    await close();
  }
}

/** A stored object's bytes and custom metadata, via the Admin SDK (undefined when it does not exist). */
export async function readStored(
  path: string,
): Promise<{ bytes: Buffer; metadata: Record<string, string>; contentType?: string } | undefined> {
  const { bucket, close } = localBucket();
  try {
    const file = bucket.file(path);
    const [exists] = await file.exists();
    if (!exists) return undefined;
    const [[bytes], [metadata]] = await Promise.all([file.download(), file.getMetadata()]);
    return {
      bytes,
      metadata: (metadata.metadata ?? {}) as Record<string, string>,
      contentType: metadata.contentType,
    };
  } finally {
    await close();
  }
}
