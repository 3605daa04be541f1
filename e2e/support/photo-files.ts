/**
 * Photos for the browser tests, made with sharp: a phone photo as phones write them (EXIF with the GPS position,
 * a camera serial number, the date taken and orientation 6: stored on its side, to be turned a quarter right; the
 * one the organisers' command tests use too), plain small ones, and shared photos seeded straight into the bucket
 * as an organiser's approval leaves them.
 */
import sharp from 'sharp';
import { formatTakenAt, newPhotoId } from '../../src/domain/photos.ts';
import { publishSharedPhoto } from '../../admin/bucket/shared-photos.ts';
import { localBucket } from './organiser.ts';

export { PHONE_EXIF, phonePhoto } from '../../tools/fixtures/camera-photo.ts';

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
