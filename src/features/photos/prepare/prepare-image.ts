/**
 * What the Web Worker does to each photo before anything is sent: reads the date taken from its EXIF,
 * decodes it with its EXIF orientation applied, draws it at most 2560 px on its longest side and re-encodes it as
 * JPEG (quality 0.85), and the same for a 480 px thumbnail. A canvas holds pixels only, so what comes out carries
 * no EXIF at all: no GPS position, no camera serial (e2e/photos.spec.ts reads the stored file to prove it).
 * The platform (decode, encode) is passed in, so that the steps are tested without a browser.
 */
import { readExif } from '../../../lib/exif';
import { fitWithin, LIMITS, qualitiesToTry, MAX_ORIGINAL_BYTES, type Size } from '../../../domain/photo-size';
import { takenAtOf } from './taken-at';

/** Why a file cannot be shared. */
export type PrepareProblem = 'too-large' | 'heic' | 'undecodable' | 'too-detailed';

export class PrepareError extends Error {
  constructor(readonly problem: PrepareProblem) {
    super(`Photo not prepared: ${problem}`);
    this.name = 'PrepareError';
  }
}

export interface PreparedImage {
  photo: Blob;
  thumbnail: Blob;
  /** The photo's size as stored (after the orientation and the resize). */
  photoSize: Size;
  thumbnailSize: Size;
  /** When it was taken (ISO instant), and where that came from. */
  takenAt: string;
  takenAtSource: 'exif' | 'file';
  /** Milliseconds spent in the worker (read, decode, resize, encode). */
  ms: number;
}

export interface DecodedImage extends Size {
  close(): void;
}

export interface ImagePlatform<Image extends DecodedImage = DecodedImage> {
  /** Decodes with the EXIF orientation applied (rejects when the browser cannot read the format). */
  decode(file: Blob): Promise<Image>;
  /** Draws the image at `size` and encodes it as JPEG at `quality`. */
  encode(image: Image, size: Size, quality: number): Promise<Blob>;
  now(): number;
}

/** The first bytes of a file, where its EXIF block is (an APP1 segment is at most 64 KiB, after a few others). */
const EXIF_SCAN_BYTES = 256 * 1024;

/** HEIF brands (HEIC photos from iPhones and many Android phones): ISO-BMFF with an `ftyp` box naming one. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** True for a HEIF/HEIC file (its `ftyp` box, at the start). */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const text = (from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));
  if (text(4) !== 'ftyp') return false;
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const brands = [text(8)];
  for (let at = 16; at + 4 <= Math.min(size, bytes.length, 64); at += 4) brands.push(text(at));
  return brands.some((brand) => HEIF_BRANDS.has(brand));
}

async function encodeWithin<Image extends DecodedImage>(
  platform: ImagePlatform<Image>,
  image: Image,
  limit: { edge: number; bytes: number },
): Promise<{ blob: Blob; size: Size }> {
  let size = fitWithin(image, limit.edge);
  // Usually the first try: a phone photo at 2560 px and quality 0.85 is 0.5-3 MB. Noise-like pictures get a lower
  // quality, then a smaller size, so that storage.rules' limit (10 MiB, 512 KiB) always holds.
  for (let round = 0; round < 3; round++) {
    for (const quality of qualitiesToTry()) {
      const blob = await platform.encode(image, size, quality);
      if (blob.size <= limit.bytes) return { blob, size };
    }
    size = fitWithin(size, Math.round(Math.max(size.width, size.height) * 0.7));
  }
  throw new PrepareError('too-detailed');
}

export async function prepareImage<Image extends DecodedImage>(
  file: File,
  platform: ImagePlatform<Image>,
): Promise<PreparedImage> {
  const started = platform.now();
  if (file.size > MAX_ORIGINAL_BYTES) throw new PrepareError('too-large');
  const head = new Uint8Array(await file.slice(0, EXIF_SCAN_BYTES).arrayBuffer());
  const takenAt = takenAtOf(readExif(head), file.lastModified);
  let image: Image;
  try {
    image = await platform.decode(file);
  } catch {
    throw new PrepareError(isHeif(head) ? 'heic' : 'undecodable');
  }
  try {
    if (!(image.width > 0 && image.height > 0)) throw new PrepareError('undecodable');
    const photo = await encodeWithin(platform, image, LIMITS.photo);
    const thumbnail = await encodeWithin(platform, image, LIMITS.thumbnail);
    return {
      photo: photo.blob,
      thumbnail: thumbnail.blob,
      photoSize: photo.size,
      thumbnailSize: thumbnail.size,
      takenAt: takenAt.date.toISOString(),
      takenAtSource: takenAt.source,
      ms: platform.now() - started,
    };
  } finally {
    image.close();
  }
}

/**
 * The browser's platform, in a worker: createImageBitmap with the EXIF orientation applied, and an
 * OffscreenCanvas per encode (released when it goes out of scope).
 */
export const browserPlatform: ImagePlatform<ImageBitmap> = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  async encode(image, size, quality) {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas in this browser');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  },
  now: () => performance.now(),
};
