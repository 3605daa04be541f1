/**
 * The size of a photo as the site stores it: at most 2560 px on its longest side, re-encoded as JPEG at quality
 * 0.85, and a 480 px thumbnail made the same way. Pure numbers, shared by the page's Web Worker (a relative's upload,
 * an organiser's approval) and the organisers' command, which makes the same files with sharp.
 */
import { MAX_PHOTO_BYTES, MAX_THUMBNAIL_BYTES } from './photos';

/** The longest side of a shared photo, in pixels. */
export const PHOTO_MAX_EDGE = 2560;
/** The longest side of its thumbnail. */
export const THUMBNAIL_MAX_EDGE = 480;
/** JPEG quality of both (the browser's encoder, 0-1). */
export const JPEG_QUALITY = 0.85;
/**
 * Lower qualities tried in turn when an encoded file is over its limit (10 MiB, 512 KiB thumbnails): only a
 * photo of pure noise ever needs them.
 */
export const FALLBACK_QUALITIES = [0.75, 0.6, 0.45] as const;
/** A file larger than this is refused before it is read (40 MB): no phone photo is, and decoding one could run out of memory. */
export const MAX_ORIGINAL_BYTES = 40 * 1024 * 1024;

export const LIMITS = {
  photo: { edge: PHOTO_MAX_EDGE, bytes: MAX_PHOTO_BYTES },
  thumbnail: { edge: THUMBNAIL_MAX_EDGE, bytes: MAX_THUMBNAIL_BYTES },
} as const;

export interface Size {
  width: number;
  height: number;
}

/**
 * The size of a picture scaled down (never up) so that its longest side is at most `maxEdge`, keeping its
 * proportions; both sides at least 1 px.
 */
export function fitWithin({ width, height }: Size, maxEdge: number): Size {
  if (!(width > 0 && height > 0)) throw new RangeError(`Not a picture size: ${width}x${height}`);
  const longest = Math.max(width, height);
  if (longest <= maxEdge) return { width: Math.round(width), height: Math.round(height) };
  const scale = maxEdge / longest;
  return {
    width: Math.max(1, Math.min(maxEdge, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxEdge, Math.round(height * scale))),
  };
}

/** The qualities to try in order: the usual one, then the lower ones. */
export function qualitiesToTry(): readonly number[] {
  return [JPEG_QUALITY, ...FALLBACK_QUALITIES];
}
