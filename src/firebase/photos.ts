/**
 * The relatives' photos in Cloud Storage (issue 15; paths, ids, limits and metadata in src/domain/photos.ts): the
 * only code that lists, reads, uploads, copies and deletes them. storage.rules decides every request:
 *   - uploads with the Storage SDK's resumable upload (`uploadBytesResumable`: files under 256 KiB, the thumbnails,
 *     go in one request, larger ones in pieces that survive a dropped connection), into the uploader's waiting
 *     folder, thumbnail first, so that a waiting photo is never listed without its thumbnail;
 *   - lists with `list` and `maxResults` (one page of at most 100 at a time);
 *   - reads the bytes the way the members area does (./storage.ts: the ID token in an Authorization header on
 *     every request, never a `?token=` address), and a photo's metadata with getMetadata (a photo carries a
 *     download token from its upload anyway, by Firebase's design; its caption, date and uploader are wanted);
 *   - moves a photo to shared/ for an organiser with the pure plan of src/domain/photos.ts (copy with its metadata,
 *     then delete the waiting one; a retry after a failure part-way ends in the same state).
 */
import {
  connectStorageEmulator,
  deleteObject,
  getMetadata,
  getStorage,
  list,
  ref,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
  type FullMetadata,
  type UploadTask,
} from 'firebase/storage';
import { config } from '../config/env';
import {
  approvalPlan,
  pendingFolderOf,
  PENDING_PREFIX,
  PHOTO_CONTENT_TYPE,
  PHOTO_EXTENSION,
  photoPathOf,
  readPhotoMetadata,
  rejectionPlan,
  removalPlan,
  SHARED_PREFIX,
  thumbnailPathOf,
  THUMBNAILS_FOLDER,
  isPhotoId,
  type MoveStep,
  type PhotoLocation,
  type PhotoMetadata,
  type PhotoState,
  type StoredCopy,
} from '../domain/photos';
import { firebaseApp } from './app';
import { fetchMemberFile, openMemberFileStream, StorageRequestError, type Progress } from './storage';

export type { PhotoLocation, PhotoMetadata, Progress };

/** One page of a listing: at most this many photos per request (issue 15: the first view makes one such request). */
export const PAGE_SIZE = 100;

/** The signal of a request nobody cancels. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * The DOM event raised on `window` after this page changed the photos waiting for approval (an upload, an
 * approval, a rejection, a withdrawal): the members menu's count reads them again.
 */
export const WAITING_PHOTOS_CHANGED = 'reunion:waiting-photos-changed';

function waitingPhotosChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(WAITING_PHOTOS_CHANGED));
}

function createStorage(): FirebaseStorage {
  const storage = getStorage(firebaseApp);
  if (config.emulators) {
    const { hostname, port } = new URL(config.emulators.storageUrl);
    connectStorageEmulator(storage, hostname, Number(port));
  }
  // The SDK retries a dropped connection with back-off; give up sooner than its 10 minutes, so that a photo that
  // cannot go shows Retry while the relative is still there.
  storage.maxUploadRetryTime = 60_000;
  storage.maxOperationRetryTime = 30_000;
  return storage;
}

let instance: FirebaseStorage | undefined;
function storage(): FirebaseStorage {
  instance ??= createStorage();
  return instance;
}

const objectRef = (path: string) => ref(storage(), path);

// ---------------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------------

/** What went wrong with a request, as the page explains it. */
export type PhotoErrorKind = 'denied' | 'not-found' | 'cancelled' | 'network' | 'other';

export function photoErrorKind(error: unknown): PhotoErrorKind {
  if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
  if (error instanceof StorageRequestError)
    return error.status === 403 || error.status === 401
      ? 'denied'
      : error.status === 404
        ? 'not-found'
        : 'other';
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'storage/unauthorized':
    case 'storage/unauthenticated':
      return 'denied';
    case 'storage/object-not-found':
      return 'not-found';
    case 'storage/canceled':
      return 'cancelled';
    case 'storage/retry-limit-exceeded':
      return 'network';
    default:
      return error instanceof Error && /network/i.test(error.message) ? 'network' : 'other';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------------

function photoIdOfName(name: string): string | undefined {
  if (!name.endsWith(PHOTO_EXTENSION)) return undefined;
  const id = name.slice(0, -PHOTO_EXTENSION.length);
  return isPhotoId(id) ? id : undefined;
}

export interface PhotoPage {
  /** The photos' ids in listing order: by date taken, oldest first. */
  photoIds: string[];
  /** Where the next page starts; absent on the last page. */
  nextPageToken?: string;
}

/** One page of the shared photos (their thumbnails' folder is a prefix of the listing, not an item). */
export async function listSharedPage(pageToken?: string, maxResults = PAGE_SIZE): Promise<PhotoPage> {
  const result = await list(objectRef(SHARED_PREFIX), { maxResults, ...(pageToken ? { pageToken } : {}) });
  return {
    photoIds: result.items.flatMap((item) => photoIdOfName(item.name) ?? []),
    ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
  };
}

/** Every shared photo's id, page by page (Download all, deleting an account's photos). */
export async function listAllShared(signal?: AbortSignal): Promise<string[]> {
  const ids: string[] = [];
  let token: string | undefined;
  do {
    signal?.throwIfAborted();
    const page = await listSharedPage(token);
    ids.push(...page.photoIds);
    token = page.nextPageToken;
  } while (token);
  return ids;
}

/** The photos waiting in one uploader's folder (the uploader's own, or any for an organiser). */
export async function listPendingOf(uid: string): Promise<string[]> {
  const ids: string[] = [];
  let token: string | undefined;
  do {
    const result = await list(objectRef(pendingFolderOf(uid)), {
      maxResults: PAGE_SIZE,
      ...(token ? { pageToken: token } : {}),
    });
    ids.push(...result.items.flatMap((item) => photoIdOfName(item.name) ?? []));
    token = result.nextPageToken;
  } while (token);
  return ids;
}

export interface WaitingPhoto {
  uid: string;
  photoId: string;
}

/** Every photo waiting for approval, oldest first (organisers: the uploaders' folders, then each folder). */
export async function listWaiting(): Promise<WaitingPhoto[]> {
  const uids: string[] = [];
  let token: string | undefined;
  do {
    const result = await list(objectRef(PENDING_PREFIX), {
      maxResults: PAGE_SIZE,
      ...(token ? { pageToken: token } : {}),
    });
    uids.push(...result.prefixes.map((prefix) => prefix.name));
    token = result.nextPageToken;
  } while (token);
  const folders = await Promise.all(
    uids.map(async (uid) => (await listPendingOf(uid)).map((photoId) => ({ uid, photoId }))),
  );
  return folders.flat().sort((a, b) => (a.photoId < b.photoId ? -1 : a.photoId > b.photoId ? 1 : 0));
}

/** How many photos wait for approval (organisers; the members menu shows it). */
export async function countWaiting(): Promise<number> {
  return (await listWaiting()).length;
}

/** A photo's caption, date, size and who shared it (null when its metadata is not what the rules let in). */
export async function photoDetails(location: PhotoLocation): Promise<PhotoMetadata | null> {
  const metadata = await getMetadata(objectRef(photoPathOf(location)));
  return readPhotoMetadata(metadata.customMetadata);
}

/** What exists of one stored object: its MD5, or undefined when there is none. */
async function storedCopy(path: string): Promise<StoredCopy | undefined> {
  try {
    const metadata: FullMetadata = await getMetadata(objectRef(path));
    return { ...(metadata.md5Hash ? { md5Hash: metadata.md5Hash } : {}) };
  } catch (error) {
    if (photoErrorKind(error) === 'not-found') return undefined;
    throw error;
  }
}

/** Whether the shared copy of a photo exists (the uploader's view of what became of it). */
export async function isShared(photoId: string): Promise<boolean> {
  return (await storedCopy(photoPathOf({ state: 'shared', photoId }))) !== undefined;
}

/** A thumbnail's bytes, with the ID token (rules-checked), as a JPEG Blob. */
export function fetchThumbnail(location: PhotoLocation, signal = NEVER_ABORTED): Promise<Blob> {
  return fetchMemberFile(thumbnailPathOf(location), { contentType: PHOTO_CONTENT_TYPE, signal });
}

/** A photo's bytes, with the ID token, reporting progress. */
export function fetchPhoto(
  location: PhotoLocation,
  options: { signal?: AbortSignal; onProgress?: (progress: Progress) => void } = {},
): Promise<Blob> {
  return fetchMemberFile(photoPathOf(location), {
    contentType: PHOTO_CONTENT_TYPE,
    ...options,
    signal: options.signal ?? NEVER_ABORTED,
  });
}

/** A shared photo's bytes as a stream (the zip of every photo). */
export async function openPhotoStream(
  photoId: string,
  signal = NEVER_ABORTED,
): Promise<ReadableStream<Uint8Array>> {
  return (await openMemberFileStream(photoPathOf({ state: 'shared', photoId }), { signal })).stream;
}

// ---------------------------------------------------------------------------------------------------------------
// Uploading
// ---------------------------------------------------------------------------------------------------------------

export interface PhotoFiles {
  photo: Blob;
  thumbnail: Blob;
  /** The metadata of each (the same keys; width and height of that file). */
  photoMetadata: PhotoMetadata;
  thumbnailMetadata: PhotoMetadata;
}

export interface UploadProgress {
  /** Bytes of this photo (and its thumbnail) stored so far, and all of them. */
  sent: number;
  total: number;
}

function uploadOne(
  path: string,
  blob: Blob,
  customMetadata: PhotoMetadata,
  signal: AbortSignal | undefined,
  onBytes: (bytes: number) => void,
): Promise<void> {
  signal?.throwIfAborted();
  const task: UploadTask = uploadBytesResumable(objectRef(path), blob, {
    contentType: PHOTO_CONTENT_TYPE,
    customMetadata,
  });
  return new Promise<void>((resolve, reject) => {
    const abort = () => task.cancel();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    task.on(
      'state_changed',
      (snapshot) => onBytes(snapshot.bytesTransferred),
      (error) => {
        done();
        reject(signal?.aborted ? signal.reason : error);
      },
      () => {
        done();
        onBytes(blob.size);
        resolve();
      },
    );
  });
}

/** Deletes an object; one that is not there counts as deleted. */
async function deleteIfPresent(path: string): Promise<void> {
  try {
    await deleteObject(objectRef(path));
  } catch (error) {
    if (photoErrorKind(error) !== 'not-found') throw error;
  }
}

/**
 * Uploads a prepared photo into the uploader's waiting folder: the thumbnail, then the photo. `resume` (Retry
 * after a failure) first asks which of the two already arrived and sends only the other (an upload over an
 * existing file is refused). `signal` cancels: the upload under way stops and whatever of this photo already
 * arrived is deleted, so nothing half-made stays in the bucket; rejects with the signal's reason then.
 */
export async function uploadPhoto(
  uid: string,
  photoId: string,
  files: PhotoFiles,
  options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void; resume?: boolean } = {},
): Promise<void> {
  const location: PhotoLocation = { state: 'pending', uid, photoId };
  const parts = [
    { path: thumbnailPathOf(location), blob: files.thumbnail, metadata: files.thumbnailMetadata },
    { path: photoPathOf(location), blob: files.photo, metadata: files.photoMetadata },
  ];
  const total = files.photo.size + files.thumbnail.size;
  const sent = parts.map(() => 0);
  const report = () => options.onProgress?.({ sent: sent.reduce((a, b) => a + b, 0), total });
  try {
    for (const [index, part] of parts.entries()) {
      if (options.resume && (await storedCopy(part.path))) {
        sent[index] = part.blob.size;
        report();
        continue;
      }
      await uploadOne(part.path, part.blob, part.metadata, options.signal, (bytes) => {
        sent[index] = bytes;
        report();
      });
    }
    options.signal?.throwIfAborted();
    waitingPhotosChanged();
  } catch (error) {
    if (options.signal?.aborted) {
      // Cancelled: whatever arrived goes (the thumbnail, or both if the photo finished in the same moment).
      await deletePhotoFiles(location).catch((cleanup: unknown) =>
        console.warn('Could not delete a cancelled upload', cleanup),
      );
      throw options.signal.reason;
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Moving and deleting
// ---------------------------------------------------------------------------------------------------------------

async function runSteps(steps: readonly MoveStep[]): Promise<void> {
  for (const step of steps) {
    if (step.op === 'delete') await deleteIfPresent(step.path);
    else await copyObject(step.from, step.to);
  }
}

/** Copies a photo or thumbnail with its metadata (an organiser: read it with the ID token, write it to shared/). */
async function copyObject(from: string, to: string): Promise<void> {
  const metadata = await getMetadata(objectRef(from));
  const custom = readPhotoMetadata(metadata.customMetadata);
  if (!custom) throw new Error(`The metadata of ${from} is not a photo's`);
  const bytes = await fetchMemberFile(from, { contentType: PHOTO_CONTENT_TYPE, signal: NEVER_ABORTED });
  await uploadBytes(objectRef(to), bytes, { contentType: PHOTO_CONTENT_TYPE, customMetadata: custom });
}

async function stateOf(uid: string, photoId: string): Promise<PhotoState> {
  const pending: PhotoLocation = { state: 'pending', uid, photoId };
  const shared: PhotoLocation = { state: 'shared', photoId };
  const [pendingPhoto, pendingThumbnail, sharedPhoto, sharedThumbnail] = await Promise.all([
    storedCopy(photoPathOf(pending)),
    storedCopy(thumbnailPathOf(pending)),
    storedCopy(photoPathOf(shared)),
    storedCopy(thumbnailPathOf(shared)),
  ]);
  return {
    pending: { photo: pendingPhoto, thumbnail: pendingThumbnail },
    shared: { photo: sharedPhoto, thumbnail: sharedThumbnail },
  };
}

/** Why an approval could not be done (see approvalPlan). */
export class ApprovalError extends Error {
  constructor(readonly problem: 'not-found' | 'no-thumbnail' | 'conflict') {
    super(`The photo cannot be approved: ${problem}`);
    this.name = 'ApprovalError';
  }
}

/**
 * Approves a waiting photo (organisers): copies the thumbnail and the photo to shared/ with their metadata, then
 * deletes the waiting ones. Planned from what exists now, so a retry after a failure part-way finishes the move.
 * Usually nothing of the photo is shared yet, so the first plan reads the waiting copies only (every request for
 * an object that does not exist shows in the browser's console as a failed load); when a copy is refused because
 * a shared copy exists after all (an earlier try that stopped part-way), both places are read and the move goes on
 * from there.
 */
export async function approvePhoto(uid: string, photoId: string): Promise<void> {
  const pending: PhotoLocation = { state: 'pending', uid, photoId };
  const [photo, thumbnail] = await Promise.all([
    storedCopy(photoPathOf(pending)),
    storedCopy(thumbnailPathOf(pending)),
  ]);
  const complete = !!photo && !!thumbnail;
  const run = async (state: PhotoState) => {
    const plan = approvalPlan(uid, photoId, state);
    if (!plan.ok) throw new ApprovalError(plan.problem);
    await runSteps(plan.steps);
  };
  try {
    if (!complete) await run(await stateOf(uid, photoId));
    else {
      try {
        await run({ pending: { photo, thumbnail }, shared: {} });
      } catch (error) {
        if (photoErrorKind(error) !== 'denied') throw error;
        await run(await stateOf(uid, photoId));
      }
    }
  } finally {
    // Even part-way, the waiting list may have changed.
    waitingPhotosChanged();
  }
}

/** Deletes a waiting photo and its thumbnail: an organiser's Reject, or the uploader withdrawing it. */
export async function deleteWaitingPhoto(uid: string, photoId: string): Promise<void> {
  // Both named as present: deleting one that is already gone counts as done.
  await runSteps(rejectionPlan(uid, photoId, { pending: { photo: {}, thumbnail: {} } }));
  waitingPhotosChanged();
}

/** Removes a shared photo and its thumbnail (organisers, or the uploader of the photo). */
export async function removeSharedPhoto(photoId: string): Promise<void> {
  await runSteps(removalPlan(photoId, { shared: { photo: {}, thumbnail: {} } }));
}

/** Deletes whatever exists of a photo in one place: photo first, then thumbnail. */
export async function deletePhotoFiles(location: PhotoLocation): Promise<void> {
  await deleteIfPresent(photoPathOf(location));
  await deleteIfPresent(thumbnailPathOf(location));
}

/**
 * The shared photos an account uploaded (deleting the account): every page of the listing, then each photo's
 * metadata, a few at a time. `onProgress` gets how many photos have been looked at, of how many.
 */
export async function sharedPhotosOf(
  uid: string,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<string[]> {
  const ids = await listAllShared(options.signal);
  const mine: string[] = [];
  let done = 0;
  const queue = [...ids];
  const worker = async () => {
    for (let photoId = queue.shift(); photoId; photoId = queue.shift()) {
      options.signal?.throwIfAborted();
      try {
        const details = await photoDetails({ state: 'shared', photoId });
        if (details?.uploaderUid === uid) mine.push(photoId);
      } catch (error) {
        if (photoErrorKind(error) !== 'not-found') throw error; // removed meanwhile
      }
      done += 1;
      options.onProgress?.(done, ids.length);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return mine.sort();
}

export interface DeletionProgress {
  phase: 'looking' | 'deleting';
  done: number;
  total: number;
}

/**
 * Deletes every photo of an account (before the account itself goes): its waiting photos (and any thumbnail an
 * upload left without its photo), then the shared photos it uploaded, found by their metadata (storage.rules lets
 * the uploader delete those). Resolves with how many photos were deleted. A second run after a failure finds
 * what is left.
 */
export async function deleteAllPhotosOf(
  uid: string,
  options: { signal?: AbortSignal; onProgress?: (progress: DeletionProgress) => void } = {},
): Promise<number> {
  const waiting = await listPendingOf(uid);
  const strayThumbnails = await listThumbnailsOf(uid);
  let shared: string[] = [];
  try {
    shared = await sharedPhotosOf(uid, {
      signal: options.signal,
      onProgress: (done, total) => options.onProgress?.({ phase: 'looking', done, total }),
    });
  } catch (error) {
    // An account that is no longer approved cannot list the gallery (nor see its photos there): nothing to find.
    if (photoErrorKind(error) !== 'denied') throw error;
  }
  const total = waiting.length + shared.length;
  let done = 0;
  options.onProgress?.({ phase: 'deleting', done, total });
  for (const photoId of waiting) {
    options.signal?.throwIfAborted();
    await deleteWaitingPhoto(uid, photoId);
    options.onProgress?.({ phase: 'deleting', done: ++done, total });
  }
  for (const photoId of strayThumbnails.filter((id) => !waiting.includes(id)))
    await deleteIfPresent(thumbnailPathOf({ state: 'pending', uid, photoId }));
  for (const photoId of shared) {
    options.signal?.throwIfAborted();
    await removeSharedPhoto(photoId);
    options.onProgress?.({ phase: 'deleting', done: ++done, total });
  }
  return total;
}

/** The thumbnails in an uploader's waiting folder (a cancelled or failed upload may have left one alone). */
async function listThumbnailsOf(uid: string): Promise<string[]> {
  const result = await list(objectRef(`${pendingFolderOf(uid)}${THUMBNAILS_FOLDER}/`), { maxResults: 1000 });
  return result.items.flatMap((item) => photoIdOfName(item.name) ?? []);
}
