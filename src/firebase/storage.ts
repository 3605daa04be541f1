import { config } from '../config/env';
import { idToken } from './auth';
import { mediaUrl, objectUrl } from './media-url';

/**
 * Member files are read with the signed-in user's ID token on every request, so Cloud Storage checks
 * storage.rules each time; no long-lived `?token=` download link is ever made. This is the same REST
 * call the Storage SDK's getBlob() makes, written out so the page can report progress.
 */
const STORAGE_HOST = config.emulators?.storageUrl ?? 'https://firebasestorage.googleapis.com';

/** Storage answered with an error status (the request reached it). */
export class StorageRequestError extends Error {
  constructor(readonly status: number) {
    super(`Storage answered ${status}`);
    this.name = 'StorageRequestError';
  }
}

/**
 * True when storage.rules refused the request (403): for a signed-in, verified member that means an approval-only
 * file and an account an organiser has not approved (or a token from before the approval: refreshIdToken()).
 */
export function isPermissionDenied(error: unknown): boolean {
  return error instanceof StorageRequestError && error.status === 403;
}

export interface Progress {
  loaded: number;
  /** undefined when the server does not say the size */
  total: number | undefined;
}

/**
 * GETs a member file as a Blob with the user's ID token. XMLHttpRequest (not fetch) because it reports
 * progress natively while the browser streams the body straight into the Blob: no JavaScript touches
 * the bytes, so a large file costs neither time nor JS heap (see npm run bench:download).
 */
export async function fetchMemberFile(
  path: string,
  options: { contentType: string; signal?: AbortSignal; onProgress?: (progress: Progress) => void },
): Promise<Blob> {
  const token = await idToken();
  options.signal?.throwIfAborted();
  return new Promise<Blob>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const done = () => options.signal?.removeEventListener('abort', abort);
    request.open('GET', mediaUrl(STORAGE_HOST, config.firebase.storageBucket, path));
    request.responseType = 'blob';
    request.setRequestHeader('Authorization', `Firebase ${token}`);
    request.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    request.onload = () => {
      done();
      if (request.status < 200 || request.status >= 300) {
        reject(new StorageRequestError(request.status));
        return;
      }
      const blob = request.response as Blob;
      // The catalogue knows the type; give the Blob that type without copying its bytes.
      resolve(blob.type === options.contentType ? blob : blob.slice(0, blob.size, options.contentType));
    };
    request.onerror = () => {
      done();
      reject(new Error('Network error while downloading'));
    };
    request.onabort = () => {
      done();
      reject(options.signal?.reason ?? new DOMException('Download aborted', 'AbortError'));
    };
    options.signal?.addEventListener('abort', abort);
    request.send();
  });
}

async function authorizedFetch(url: string, signal?: AbortSignal): Promise<Response> {
  const token = await idToken();
  signal?.throwIfAborted();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Firebase ${token}` },
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error instanceof Error ? error : new Error('Network error while downloading');
  }
  if (!response.ok) {
    // The body (an error text) is not wanted.
    void response.body?.cancel().catch(() => {});
    throw new StorageRequestError(response.status);
  }
  return response;
}

export interface MemberFileInfo {
  /** Size in bytes. */
  size: number;
  /** When the file was last stored (ISO time), if Storage says. */
  updated: string | undefined;
}

/**
 * A member file's size and date from its metadata (a rules-checked `get` with the ID token, like the bytes):
 * rejects with StorageRequestError 403 when storage.rules would refuse the file itself.
 */
export async function fetchMemberFileInfo(path: string, signal?: AbortSignal): Promise<MemberFileInfo> {
  const response = await authorizedFetch(
    objectUrl(STORAGE_HOST, config.firebase.storageBucket, path),
    signal,
  );
  const metadata = (await response.json()) as { size?: string | number; updated?: string };
  const size = Number(metadata.size);
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`No size in the metadata of ${path}`);
  return { size, updated: metadata.updated };
}

/**
 * A member file's bytes as a stream (for the zip of every file, which goes to disk piece by piece), fetched
 * with the ID token: no Blob of the whole file is ever held. Rejects with StorageRequestError on a refusal.
 */
export async function openMemberFileStream(
  path: string,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await authorizedFetch(mediaUrl(STORAGE_HOST, config.firebase.storageBucket, path), signal);
  if (!response.body) throw new Error(`No body for ${path}`);
  return response.body;
}
