import { config } from '../config/env';
import { idToken } from './auth';

/**
 * Member files are read with the signed-in user's ID token on every request, so Cloud Storage checks
 * storage.rules each time; no long-lived `?token=` download link is ever made. This is the same REST
 * call the Storage SDK's getBlob() makes, written out so the page can report progress and stream the
 * body straight into a Blob (the browser keeps it off the JavaScript heap).
 */
const STORAGE_HOST = config.emulators?.storageUrl ?? 'https://firebasestorage.googleapis.com';

export class StorageRequestError extends Error {
  constructor(readonly status: number) {
    super(`Storage answered ${status}`);
    this.name = 'StorageRequestError';
  }
}

export interface Progress {
  loaded: number;
  /** undefined when the server does not say the size */
  total: number | undefined;
}

export function mediaUrl(path: string, bucket = config.firebase.storageBucket, host = STORAGE_HOST): string {
  return `${host}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}?alt=media`;
}

/** Counts the bytes that pass through, reporting progress at most every `everyBytes`. */
export function progressCounter(
  total: number | undefined,
  onProgress: (progress: Progress) => void,
  everyBytes = 256 * 1024,
) {
  let loaded = 0;
  let reported = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      if (loaded - reported >= everyBytes) {
        reported = loaded;
        onProgress({ loaded, total });
      }
      controller.enqueue(chunk);
    },
    flush() {
      onProgress({ loaded, total });
    },
  });
}

export async function fetchMemberFile(
  path: string,
  options: { contentType: string; signal?: AbortSignal; onProgress?: (progress: Progress) => void },
): Promise<Blob> {
  const token = await idToken();
  const response = await fetch(mediaUrl(path), {
    headers: { Authorization: `Firebase ${token}` },
    cache: 'no-store',
    signal: options.signal,
  });
  if (!response.ok) throw new StorageRequestError(response.status);
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const body =
    response.body && options.onProgress
      ? new Response(response.body.pipeThrough(progressCounter(total, options.onProgress)))
      : response;
  const blob = await body.blob();
  // The catalogue knows the type; give the Blob that type without copying its bytes.
  return blob.type === options.contentType ? blob : blob.slice(0, blob.size, options.contentType);
}
