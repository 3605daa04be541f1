/**
 * "Download all photos": every shared photo in .zip files made in the page (client-zip), the photos fetched one
 * after the other with the ID token and streamed through the zip. Where the browser has the save-file picker, one
 * zip streams straight into the file chosen; elsewhere each zip is built in a Blob before it is saved, so the zips
 * are cut into parts of at most 500 MB, which bounds the memory that takes (a photo is at most 10 MiB, so a part
 * ends when the next photo might not fit).
 */
import { makeZip } from 'client-zip';
import { MAX_PHOTO_BYTES, takenAtOfPhotoId } from '../../../domain/photos';
import { downloadNameOf } from '../../../components/photo-view/photo-text';

/** The most a part may hold when it is built in memory. */
export const PART_LIMIT_BYTES = 500 * 1000 * 1000;
/** Room for the zip's own headers (about 100 bytes a photo). */
const ZIP_OVERHEAD_BYTES = 1024 * 1024;

export interface ZipPart {
  /** 1, 2, ...; `last` when no photo is left after it. */
  number: number;
  last: boolean;
  photos: number;
}

/** Where one zip goes: a stream into a file, or a Blob saved afterwards. Rejects (and discards) on failure. */
export type ZipSink = (
  zip: ReadableStream<Uint8Array>,
  part: () => ZipPart,
  signal: AbortSignal,
) => Promise<void>;

export interface PhotosZipProgress {
  done: number;
  total: number;
}

export interface PhotosZipOptions {
  photoIds: readonly string[];
  openStream: (photoId: string, signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
  /** The sink for the next part (one for the picker, a Blob per part otherwise). */
  sink: ZipSink;
  /** The most one zip holds: Infinity when it streams into a file. */
  partLimit: number;
  signal: AbortSignal;
  onProgress?: (progress: PhotosZipProgress) => void;
  /**
   * True for an error that says the photo is no longer there (removed after the list was read): the zip goes on
   * without it, untried again, and counts only the photos it holds.
   */
  isGone?: (error: unknown) => boolean;
  /** Tries per photo (a dropped connection), with a short pause between. */
  attempts?: number;
  pause?: (ms: number) => Promise<void>;
}

async function openWithRetry(
  photoId: string,
  {
    openStream,
    signal,
    isGone,
    attempts = 3,
    pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: PhotosZipOptions,
): Promise<ReadableStream<Uint8Array>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openStream(photoId, signal);
    } catch (error) {
      if (signal.aborted || attempt >= attempts || isGone?.(error))
        throw signal.aborted ? signal.reason : error;
      await pause(500 * 2 ** (attempt - 1));
    }
  }
}

/** Writes every photo into one zip or more; resolves with the number of parts and of the photos they hold. */
export async function savePhotosZip(options: PhotosZipOptions): Promise<{ parts: number; photos: number }> {
  const { photoIds, sink, partLimit, signal, isGone = () => false } = options;
  const threshold = partLimit - MAX_PHOTO_BYTES - ZIP_OVERHEAD_BYTES;
  let next = 0;
  let done = 0;
  let parts = 0;
  let saved = 0;
  // A photo is done once it is in the zip, or once it is found gone.
  const progress = () => options.onProgress?.({ done, total: photoIds.length });
  const doneOne = () => {
    done += 1;
    progress();
  };
  progress();
  while (next < photoIds.length || parts === 0) {
    signal.throwIfAborted();
    parts += 1;
    const number = parts;
    let bytes = 0;
    let photos = 0;
    async function* inputs() {
      // The part ends before a photo that might take it over its limit (the first photo always goes in).
      while (next < photoIds.length && (photos === 0 || bytes <= threshold)) {
        const photoId = photoIds[next]!;
        let body: ReadableStream<Uint8Array>;
        try {
          body = await openWithRetry(photoId, options);
        } catch (error) {
          if (signal.aborted || !isGone(error)) throw error;
          next += 1;
          doneOne();
          continue;
        }
        const counted = body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, stream) {
              bytes += chunk.byteLength;
              stream.enqueue(chunk);
            },
            flush: doneOne,
          }),
          { signal },
        );
        next += 1;
        photos += 1;
        saved += 1;
        yield {
          name: downloadNameOf(photoId),
          input: counted,
          lastModified: takenAtOfPhotoId(photoId) ?? new Date(),
        };
      }
    }
    const zip = makeZip(inputs(), { buffersAreUTF8: true });
    await sink(zip, () => ({ number, last: next >= photoIds.length, photos }), signal);
    signal.throwIfAborted();
  }
  return { parts, photos: saved };
}
