import { config } from '../config/env';
import { HttpStatusError, NetworkError, parseRetryAfter } from '../lib/retry';
import { openResumable, rangeHeaders, type Answer } from '../lib/resume';
import { idToken } from './auth';
import { mediaUrl } from './media-url';

/**
 * Member files are read with the signed-in user's ID token on every request, so Cloud Storage checks
 * storage.rules each time; no long-lived `?token=` download link is ever made. This is the same REST
 * call the Storage SDK's getBlob() makes, written out so the page can report progress, retry and resume.
 *
 * Only media GETs (`?alt=media`, the bytes) are ever sent, never a GET of an object's metadata: Firebase Storage
 * gives an object a download token when a client reads its metadata and finds none. Sizes come from the media
 * answer's Content-Length (catalogue files are stored without Content-Encoding, so it is the byte count).
 */
export const STORAGE_HOST = config.emulators?.storageUrl ?? 'https://firebasestorage.googleapis.com';

/** Storage answered with an error status (the request reached it). */
export class StorageRequestError extends HttpStatusError {
  constructor(status: number, retryAfterMs?: number) {
    super(status, retryAfterMs);
    this.message = `Storage answered ${status}`;
    this.name = 'StorageRequestError';
  }
}

/**
 * True when storage.rules refused the request (403): for a signed-in, verified member that means an approval-only
 * file and an account an organiser has not approved (or a token from before the approval: memberAccess(true) asks for a new one).
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
 * What a download tells its caller besides its bytes: the stall watch runs only while a request is open, so a
 * wait between tries (a backoff, a Retry-After) never counts as a stall.
 */
export interface TransferEvents {
  /** A request is being sent: one is open until its answer ends. */
  onRequest?: () => void;
  /** No request is open: the next try waits `ms` first. */
  onWait?: (ms: number) => void;
}

function contentLength(response: Response): number | undefined {
  const value = response.headers.get('Content-Length');
  const length = value === null ? NaN : Number(value);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * One media GET of a member file with the ID token, from `offset` on (a Range request). Rejects with
 * StorageRequestError for an error status (with Retry-After when the answer exposes it), NetworkError when no
 * answer came, the signal's reason on a cancel, and the Auth error when no ID token can be had (auth/user-disabled
 * for a blocked account).
 */
async function requestMedia(path: string, offset: number, signal: AbortSignal): Promise<Answer> {
  const token = await idToken(signal);
  let response: Response;
  try {
    response = await fetch(mediaUrl(STORAGE_HOST, config.firebase.storageBucket, path), {
      headers: { Authorization: `Firebase ${token}`, ...rangeHeaders(offset) },
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new NetworkError(undefined, { cause: error });
  }
  if (!response.ok) {
    // The body (an error text) is not wanted.
    void response.body?.cancel().catch(() => {});
    throw new StorageRequestError(response.status, parseRetryAfter(response.headers.get('Retry-After')));
  }
  if (!response.body) throw new NetworkError(`No body for ${path}`);
  return { status: response.status, body: response.body, length: contentLength(response) };
}

/**
 * Whether a member file exists, asked with a media GET whose body is dropped at once (a metadata read would give
 * the object a download token). Rejects like requestMedia for anything but a 404.
 */
export async function memberFileExists(path: string): Promise<boolean> {
  try {
    const answer = await requestMedia(path, 0, new AbortController().signal);
    await answer.body.cancel().catch(() => {});
    return true;
  } catch (error) {
    if (error instanceof StorageRequestError && error.status === 404) return false;
    throw error;
  }
}

/**
 * A member file's bytes as a stream, fetched with the ID token (rules-checked requests), tried again and resumed
 * where it broke off (src/lib/resume.ts): nothing of the whole file is held, so the zip of every file goes to
 * disk piece by piece. Rejects with StorageRequestError on a refusal or after the last try; `size` comes from the
 * answer's Content-Length.
 */
export function openMemberFileStream(
  path: string,
  options: TransferEvents & { signal: AbortSignal },
): Promise<{ stream: ReadableStream<Uint8Array>; size: number | undefined }> {
  return openResumable({
    open: (offset, signal) => requestMedia(path, offset, signal),
    signal: options.signal,
    onRequest: options.onRequest,
    onWait: options.onWait,
  });
}

/** The bytes gathered in memory before they go into a Blob part (the page's JS heap holds at most this much). */
const PART_BYTES = 4 * 1024 * 1024;

/**
 * GETs a member file as a Blob of the given type with the user's ID token, reporting progress, trying again and
 * resuming a broken download from its last byte. The bytes go into Blob parts every few MiB, so the page's JS
 * heap holds only the latest ones, not the whole file (see npm run bench:download).
 */
export async function fetchMemberFile(
  path: string,
  options: TransferEvents & {
    contentType: string;
    signal: AbortSignal;
    onProgress?: (progress: Progress) => void;
  },
): Promise<Blob> {
  const { stream, size } = await openMemberFileStream(path, options);
  const parts: Blob[] = [];
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  let loaded = 0;
  const reader = stream.getReader();
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      const chunk = part.value as Uint8Array<ArrayBuffer>;
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      loaded += chunk.byteLength;
      if (pendingBytes >= PART_BYTES) {
        parts.push(new Blob(pending));
        pending = [];
        pendingBytes = 0;
      }
      options.onProgress?.({ loaded, total: size });
    }
  } catch (error) {
    throw options.signal.aborted ? options.signal.reason : error;
  } finally {
    reader.releaseLock();
  }
  // One Blob of the parts and the last bytes: each Blob made is a call to the browser's blob registry, and the
  // gallery's thumbnails (thousands, of a few kilobytes each) had paid for two each.
  return new Blob([...parts, ...pending], { type: options.contentType });
}

/**
 * A small member file (a photo's details, the search's texts) as text, with the ID token, tried again and resumed
 * as fetchMemberFile is; decoded as UTF-8 from the stream, with no Blob made on the way. `gzip`: the file is
 * gzipped, and unpacked here (the resumed bytes are the stored ones, so a broken answer resumes as any other).
 */
export async function fetchMemberText(
  path: string,
  options: TransferEvents & { signal: AbortSignal; gzip?: boolean },
): Promise<string> {
  const { stream } = await openMemberFileStream(path, options);
  try {
    return await new Response(
      options.gzip
        ? // TypeScript's DOM types give the decompressor's writable side BufferSource, not Uint8Array.
          stream.pipeThrough(new DecompressionStream('gzip') as TransformStream<Uint8Array, Uint8Array>)
        : stream,
    ).text();
  } catch (error) {
    throw options.signal.aborted ? options.signal.reason : error;
  }
}
