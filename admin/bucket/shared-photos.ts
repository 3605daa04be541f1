/**
 * How a shared photo is made and stored by the Admin SDK (organiser:photos approve and remove, the demo seeding,
 * the browser tests' seeding): the same files the page's approval writes (src/domain/photos.ts), made with sharp the
 * way the page's Web Worker makes them (src/domain/photo-size.ts). The Admin SDK creates no download token.
 */
import sharp from 'sharp';

import { fitWithin, LIMITS, qualitiesToTry, type Size } from '../../src/domain/photo-size.ts';
import {
  DETAILS_CONTENT_TYPE,
  PHOTO_CONTENT_TYPE,
  detailsPathOf,
  detailsText,
  markerPathOf,
  photoPathOf,
  removalPlan,
  sharedFileMetadata,
  thumbnailPathOf,
  type PhotoDetails,
} from '../../src/domain/photos.ts';
import type { Bucket } from '../firebase-admin.ts';

/** A shared photo and its thumbnail, as an approval makes them. */
export interface MadePhoto {
  photo: Buffer;
  thumbnail: Buffer;
  photoSize: Size;
  thumbnailSize: Size;
}

/** Thrown when the waiting file is not a picture sharp can read. */
export class UndecodablePhotoError extends Error {
  constructor(cause: unknown) {
    super('The waiting file is not a picture that can be read', { cause });
    this.name = 'UndecodablePhotoError';
  }
}

/**
 * A JPEG of `input` at most `limit.edge` px on its longest side and `limit.bytes` long: the quality lowered, then
 * the size, for a picture of noise (as the page's worker does). sharp writes no metadata unless asked: no EXIF, no
 * GPS, no ICC profile, no orientation (the pixels are turned upright first).
 */
async function encodeWithin(input: Buffer, size: Size, limit: { edge: number; bytes: number }) {
  let target = fitWithin(size, limit.edge);
  for (let round = 0; round < 3; round++) {
    for (const quality of qualitiesToTry()) {
      const data = await sharp(input)
        .rotate()
        .resize(target.width, target.height, { fit: 'fill' })
        .jpeg({ quality: Math.round(quality * 100) })
        .toBuffer();
      if (data.length <= limit.bytes) return { data, size: target };
    }
    target = fitWithin(target, Math.round(Math.max(target.width, target.height) * 0.7));
  }
  throw new UndecodablePhotoError(new Error('Too detailed to fit its limit'));
}

/**
 * Makes the shared photo from a waiting photo's bytes, whatever reached the waiting folder (a raw camera file
 * included): decoded, turned upright by its EXIF orientation, at most 2560 px, re-encoded without any metadata; and
 * its thumbnail made from that photo, never from the uploaded one.
 */
export async function makeSharedPhoto(waiting: Buffer): Promise<MadePhoto> {
  let upright: Size;
  try {
    const info = await sharp(waiting).metadata();
    if (!info.width || !info.height) throw new Error('No size');
    // Orientations 5-8 turn the picture a quarter: its sides swap.
    upright =
      (info.orientation ?? 1) >= 5
        ? { width: info.height, height: info.width }
        : { width: info.width, height: info.height };
  } catch (error) {
    throw new UndecodablePhotoError(error);
  }
  const photo = await encodeWithin(waiting, upright, LIMITS.photo).catch((error: unknown) => {
    throw error instanceof UndecodablePhotoError ? error : new UndecodablePhotoError(error);
  });
  const thumbnail = await encodeWithin(photo.data, photo.size, LIMITS.thumbnail);
  return {
    photo: photo.data,
    thumbnail: thumbnail.data,
    photoSize: photo.size,
    thumbnailSize: thumbnail.size,
  };
}

/**
 * Stores a shared photo: its thumbnail, its details file, its uploader's marker and last the photo, so that a
 * listing of shared/ never shows a photo whose thumbnail or details are not there yet (the page's order too).
 */
export async function publishSharedPhoto(
  bucket: Bucket,
  photoId: string,
  made: MadePhoto,
  details: PhotoDetails,
): Promise<void> {
  const shared = { state: 'shared', photoId } as const;
  const save = (path: string, data: Buffer, contentType: string, metadata: Record<string, string>) =>
    bucket.file(path).save(data, { resumable: false, metadata: { contentType, metadata } });
  await save(
    thumbnailPathOf(shared),
    made.thumbnail,
    PHOTO_CONTENT_TYPE,
    sharedFileMetadata(details, made.thumbnailSize),
  );
  await save(detailsPathOf(photoId), Buffer.from(detailsText(details)), DETAILS_CONTENT_TYPE, {
    uploaderUid: details.uploaderUid,
  });
  await save(markerPathOf(details.uploaderUid, photoId), Buffer.alloc(0), 'application/octet-stream', {});
  await save(
    photoPathOf(shared),
    made.photo,
    PHOTO_CONTENT_TYPE,
    sharedFileMetadata(details, made.photoSize),
  );
}

/** Deletes a shared photo's files (those that exist), the photo first: removalPlan's order. */
export async function deleteSharedPhoto(
  bucket: Bucket,
  photoId: string,
  uploaderUid: string | undefined,
): Promise<void> {
  for (const step of removalPlan(photoId, uploaderUid))
    if (step.op === 'delete') await bucket.file(step.path).delete({ ignoreNotFound: true });
}
