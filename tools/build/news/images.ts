/**
 * The pictures of a news post, kept beside it (content/news/<date>-<slug>/photo.jpg), made fit for the web at
 * build time with sharp: turned the right way up (EXIF orientation), at most 1200 pixels wide, re-encoded as
 * WebP without the camera's metadata (no GPS position leaves the organiser's folder). Each is served from
 * /assets/ under a name carrying a hash of its content, so Hosting caches it for a year (firebase.json) and a
 * changed picture gets a new address.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import sharp from 'sharp';

export const NEWS_IMAGE_MAX_WIDTH = 1200;
const WEBP_QUALITY = 80;

export interface NewsImage {
  /** The picture as the organiser saved it (a path on disk). */
  source: string;
  /** Where the site serves the optimised copy, e.g. /assets/news-thank-you-capsule-1a2b3c4d.webp */
  url: string;
  width: number;
  height: number;
  bytes: Buffer;
}

const cache = new Map<string, Promise<NewsImage>>();

/** The optimised copy of a post's picture (computed once per content, however often it is asked for). */
export function newsImage(source: string, slug: string): Promise<NewsImage> {
  const input = readFileSync(source);
  const hash = createHash('sha256')
    .update(input)
    .update(`${NEWS_IMAGE_MAX_WIDTH}/${WEBP_QUALITY}`)
    .digest('hex');
  const name = basename(source, extname(source))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const url = `/assets/news-${slug}-${name || 'image'}-${hash.slice(0, 8)}.webp`;
  const key = `${url}:${hash}`;
  let made = cache.get(key);
  if (!made) {
    made = sharp(input)
      .rotate()
      .resize({ width: NEWS_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ source, url, width: info.width, height: info.height, bytes: data }));
    cache.set(key, made);
  }
  return made;
}
