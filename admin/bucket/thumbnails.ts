/**
 * The previews of the members' images: for every catalogue image a JPEG about THUMBNAIL_WIDTH pixels wide, made
 * with sharp (libvips; its prebuilt binary comes with the npm package, so it works offline), stored under
 * members/ beside the image (thumbnailPathOf) with the image's `access` metadata, so that storage.rules guards it
 * exactly like the image. It also records which image it was made from (`sourceMd5`, the image's MD5 as Cloud
 * Storage reports it): organiser:check and organiser:upload see a preview that no longer matches its image.
 */
import sharp from 'sharp';

import {
  THUMBNAIL_WIDTH,
  safeFileName,
  thumbnailPathOf,
  type CatalogueEntry,
} from '../../src/domain/catalogue.ts';
import type { Bucket } from '../firebase-admin.ts';
import {
  ACCESS_METADATA_KEY,
  accessOf,
  contentDispositionFor,
  md5Base64,
  saveObject,
  type ObjectMetadata,
} from './member-files.ts';
import { englishTitle } from './english-title.ts';

/** The custom metadata key of a thumbnail that names its image's content (base64 MD5). */
export const SOURCE_MD5_METADATA_KEY = 'sourceMd5';
export const THUMBNAIL_CONTENT_TYPE = 'image/jpeg';

/**
 * A preview of an image: turned upright from its EXIF orientation, THUMBNAIL_WIDTH pixels wide (a smaller image
 * keeps its width), a progressive JPEG without the original's metadata (no GPS position or camera data).
 */
export async function makeThumbnail(image: Uint8Array): Promise<Buffer> {
  return sharp(image, { failOn: 'error' })
    .rotate()
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 80, progressive: true, mozjpeg: true })
    .toBuffer();
}

/** What a thumbnail is stored with: JPEG, a name, its image's access and the content it was made from. */
export function thumbnailMetadata(entry: CatalogueEntry, sourceMd5: string): ObjectMetadata {
  return {
    contentType: THUMBNAIL_CONTENT_TYPE,
    contentDisposition: contentDispositionFor(safeFileName(`${englishTitle(entry)} (preview)`, 'jpeg')),
    metadata: { [ACCESS_METADATA_KEY]: accessOf(entry), [SOURCE_MD5_METADATA_KEY]: sourceMd5 },
  };
}

/** Makes and stores the preview of a catalogue image from the image's bytes. */
export async function saveThumbnail(bucket: Bucket, entry: CatalogueEntry, image: Uint8Array): Promise<void> {
  const thumbnail = await makeThumbnail(image);
  await saveObject(bucket, thumbnailPathOf(entry), thumbnail, thumbnailMetadata(entry, md5Base64(image)));
}

/** The stored facts about an object that decide whether its thumbnail is right. */
export interface StoredFacts {
  contentType?: string;
  md5Hash?: string;
  metadata: Record<string, string>;
}

/**
 * Why a stored thumbnail does not suit its stored image (empty: it does): missing, of another type, with
 * another access than the image's entry, or made from other content than the image now has.
 */
export function thumbnailProblems(
  entry: CatalogueEntry,
  image: Pick<StoredFacts, 'md5Hash'> | undefined,
  thumbnail: StoredFacts | undefined,
): string[] {
  if (!thumbnail) return ['preview missing'];
  const problems: string[] = [];
  if (thumbnail.contentType !== THUMBNAIL_CONTENT_TYPE) problems.push('preview type');
  if (thumbnail.metadata[ACCESS_METADATA_KEY] !== accessOf(entry)) problems.push('preview access');
  if (image?.md5Hash && thumbnail.metadata[SOURCE_MD5_METADATA_KEY] !== image.md5Hash)
    problems.push('preview out of date');
  return problems;
}
