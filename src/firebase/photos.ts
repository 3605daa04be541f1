/**
 * The relatives' photos in Cloud Storage (paths, ids, limits, metadata and plans in src/domain/photos.ts): the
 * only code that lists, reads, uploads, publishes and deletes them. storage.rules decides every request:
 *   - uploads with the Storage SDK's resumable upload (`uploadBytesResumable`: files under 256 KiB, the thumbnails,
 *     go in one request, larger ones in pieces that survive a dropped connection), into the uploader's waiting
 *     folder, thumbnail first, so that a waiting photo is never listed without its thumbnail;
 *   - lists with `list` and `maxResults` (one page of at most 100 at a time);
 *   - reads bytes the way the members area does (./storage.ts: the ID token in an Authorization header on every
 *     request, never a `?token=` address), a shared photo's caption, date and name from its details file the same
 *     way, and asks Storage for a photo's metadata (which answers with its download token) only for an organiser;
 *   - approves a photo for an organiser with the plan of src/domain/photos.ts: the shared photo and its thumbnail
 *     are made from the waiting photo (the caller's preparer: the upload's Web Worker), never copied.
 */
import {
  deleteObject,
  getMetadata,
  list,
  uploadBytes,
  uploadBytesResumable,
  type UploadTask,
} from 'firebase/storage';
import {
  approvalPlan,
  approvedDetails,
  DETAILS_CONTENT_TYPE,
  detailsPathOf,
  detailsText,
  isPhotoId,
  markerPathOf,
  pendingFolderOf,
  PENDING_PREFIX,
  PHOTO_CONTENT_TYPE,
  PHOTO_EXTENSION,
  photoPathOf,
  readPendingMetadata,
  readPhotoDetails,
  rejectionPlan,
  removalPlan,
  sharedFileMetadata,
  SHARED_PREFIX,
  thumbnailPathOf,
  THUMBNAILS_FOLDER,
  uploaderFolderOf,
  type PendingMetadata,
  type PhotoDetails,
  type PhotoLocation,
  type PhotoState,
  type PhotoStep,
} from '../domain/photos';
import {
  isNotFound,
  listFolder,
  listNames,
  objectRef,
  PAGE_SIZE,
  storageErrorKind,
  type StorageErrorKind,
} from './storage-sdk';
import {
  fetchMemberFile,
  fetchMemberText,
  memberFileExists,
  openMemberFileStream,
  type Progress,
} from './storage';
import { keptPathOf, removalRecordPathOf, removalRecordText, type RemovalRecord } from '../domain/keeping';
import { leaveWithdrawalMarker } from './deletion-markers';
import { invalidate } from '../lib/use-load';
import { PHOTO_LISTS } from './photo-lists';

/** The custom metadata key that holds a download token: never copied onto a kept file. */
const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

export type { PendingMetadata, PhotoDetails, PhotoLocation, Progress };

/** One page of a listing: at most this many photos per request (the gallery's first view makes one). */
export { PAGE_SIZE };
/** What went wrong with a request, as the page explains it. */
export { isNotFound, storageErrorKind as photoErrorKind, type StorageErrorKind as PhotoErrorKind };

/** The signal of a request nobody cancels. */
const NEVER_ABORTED = new AbortController().signal;

/** The lists a change made here alters, read again wherever they show (the page, the members menu's count). */
function listsChanged(...scopes: string[]): void {
  for (const scope of scopes) invalidate(scope);
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

/** The photos waiting in one uploader's folder (the uploader's own, approved or not, or any for an organiser). */
export async function listPendingOf(uid: string): Promise<string[]> {
  return (await listNames(pendingFolderOf(uid))).flatMap((name) => photoIdOfName(name) ?? []);
}

/** The thumbnails in an uploader's waiting folder (a cancelled or failed upload may have left one alone). */
async function listPendingThumbnailsOf(uid: string): Promise<string[]> {
  return (await listNames(`${pendingFolderOf(uid)}${THUMBNAILS_FOLDER}/`)).flatMap(
    (name) => photoIdOfName(name) ?? [],
  );
}

export interface WaitingPhoto {
  uid: string;
  photoId: string;
}

/** Every photo waiting for approval, oldest first (organisers: the uploaders' folders, then each folder). */
export async function listWaiting(): Promise<WaitingPhoto[]> {
  // The uploaders' folders: each is named by the uploader's uid.
  const { folders: uids } = await listFolder(PENDING_PREFIX);
  const folders = await Promise.all(
    uids.map(async (uid) => (await listPendingOf(uid)).map((photoId) => ({ uid, photoId }))),
  );
  return folders.flat().sort((a, b) => (a.photoId < b.photoId ? -1 : a.photoId > b.photoId ? 1 : 0));
}

/** How many photos wait for approval (organisers; the members menu shows it). */
export async function countWaiting(): Promise<number> {
  return (await listWaiting()).length;
}

/**
 * What the gallery shows of a shared photo: its details file, read like its bytes (null when the file is not a
 * photo's details). Any account that may see the photo may read it; the uploader may read their own.
 */
export async function sharedDetails(photoId: string, signal = NEVER_ABORTED): Promise<PhotoDetails | null> {
  return readPhotoDetails(await fetchMemberText(detailsPathOf(photoId), { signal }));
}

/**
 * A waiting photo's metadata: its caption, date and who shared it, their account's name and verified e-mail address
 * (organisers only: Storage answers a metadata read with the photo's download token, which only an organiser's
 * browser may ever receive). null when the metadata is not a waiting photo's.
 */
export async function waitingDetails(uid: string, photoId: string): Promise<PendingMetadata | null> {
  const metadata = await getMetadata(objectRef(photoPathOf({ state: 'pending', uid, photoId })));
  return readPendingMetadata(metadata.customMetadata);
}

/** The shared photos an account uploaded, from its markers (the uploader's own, approved or not; organisers). */
export async function listSharedOf(uid: string): Promise<string[]> {
  return (await listNames(uploaderFolderOf(uid))).filter(isPhotoId).sort();
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
  photoMetadata: PendingMetadata;
  thumbnailMetadata: PendingMetadata;
}

export interface UploadProgress {
  /** Bytes of this photo (and its thumbnail) stored so far, and all of them. */
  sent: number;
  total: number;
}

function uploadOne(
  path: string,
  blob: Blob,
  customMetadata: PendingMetadata,
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
    if (!isNotFound(error)) throw error;
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
    // What already arrived, from the folder's listing (never a metadata read: Storage would answer with a token).
    const arrived = options.resume
      ? new Set([
          ...(await listPendingOf(uid)).map((id) => photoPathOf({ state: 'pending', uid, photoId: id })),
          ...(await listPendingThumbnailsOf(uid)).map((id) =>
            thumbnailPathOf({ state: 'pending', uid, photoId: id }),
          ),
        ])
      : new Set<string>();
    for (const [index, part] of parts.entries()) {
      if (arrived.has(part.path)) {
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
    listsChanged(PHOTO_LISTS.waiting, PHOTO_LISTS.mine);
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

async function runDeletes(steps: readonly PhotoStep[]): Promise<void> {
  for (const step of steps) if (step.op === 'delete') await deleteIfPresent(step.path);
}

/** A shared photo and its thumbnail as the approver made them (the upload's Web Worker). */
export interface MadePhoto {
  photo: Blob;
  thumbnail: Blob;
  photoSize: { width: number; height: number };
  thumbnailSize: { width: number; height: number };
}

/** Makes the shared photo and its thumbnail from the waiting photo's bytes: decoded, upright, re-encoded. */
export type MakePhoto = (waiting: File) => Promise<MadePhoto>;

/** Why an approval could not be done (see approvalPlan; undecodable: the waiting file is not a picture). */
export class ApprovalError extends Error {
  constructor(readonly problem: 'not-found' | 'conflict' | 'undecodable') {
    super(`The photo cannot be approved: ${problem}`);
    this.name = 'ApprovalError';
  }
}

/**
 * The uploader of the photo shared under this id, or undefined when none is: from its details file, or (a photo
 * whose details are gone) from its metadata, which only an organiser may read.
 */
async function sharedPhotoOf(photoId: string): Promise<{ uploaderUid?: string } | undefined> {
  try {
    const details = await sharedDetails(photoId);
    if (details) return { uploaderUid: details.uploaderUid };
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const path = photoPathOf({ state: 'shared', photoId });
  if (!(await memberFileExists(path))) return undefined;
  return { uploaderUid: (await getMetadata(objectRef(path))).customMetadata?.uploaderUid };
}

/**
 * Writes what an approval publishes: the thumbnail, the details file, the uploader's marker and last the photo, so
 * that the gallery never lists a photo whose thumbnail or details are not there yet.
 */
async function publish(uid: string, photoId: string, made: MadePhoto, details: PhotoDetails): Promise<void> {
  const shared: PhotoLocation = { state: 'shared', photoId };
  await uploadBytes(objectRef(thumbnailPathOf(shared)), made.thumbnail, {
    contentType: PHOTO_CONTENT_TYPE,
    customMetadata: sharedFileMetadata(details, made.thumbnailSize),
  });
  await uploadBytes(objectRef(detailsPathOf(photoId)), new Blob([detailsText(details)]), {
    contentType: DETAILS_CONTENT_TYPE,
    customMetadata: { uploaderUid: details.uploaderUid },
  });
  await uploadBytes(objectRef(markerPathOf(uid, photoId)), new Blob([]), {
    contentType: 'application/octet-stream',
  });
  await uploadBytes(objectRef(photoPathOf(shared)), made.photo, {
    contentType: PHOTO_CONTENT_TYPE,
    customMetadata: sharedFileMetadata(details, made.photoSize),
  });
}

/**
 * Approves a waiting photo (organisers): the waiting photo is read, the shared photo and its thumbnail are made
 * from it by `make` (decoded, upright, at most 2560 px, without EXIF), published with its details (`name`: the
 * name the organiser confirmed), then the waiting files are deleted. Planned from what exists: usually nothing of
 * the photo is shared yet, so the first plan reads the waiting photo only (every request for an object that does
 * not exist shows in the browser's console as a failed load); when a write is refused because a file exists in
 * shared/ after all (an earlier try that stopped part-way), everything is read and the approval goes on from there.
 */
export async function approvePhoto(
  uid: string,
  photoId: string,
  /** name: the name the organiser confirmed; undefined: the account's, as the waiting photo carries it. */
  options: { name: string | undefined; make: MakePhoto },
): Promise<void> {
  const pending: PhotoLocation = { state: 'pending', uid, photoId };
  const run = async (state: PhotoState) => {
    const plan = approvalPlan(uid, photoId, state);
    if (!plan.ok) throw new ApprovalError(plan.problem);
    for (const step of plan.steps) {
      if (step.op === 'delete') await deleteIfPresent(step.path);
      else {
        const waiting = await waitingDetails(uid, photoId).catch((error: unknown) => {
          throw isNotFound(error) ? new ApprovalError('not-found') : error;
        });
        if (!waiting) throw new ApprovalError('undecodable');
        const bytes = await fetchMemberFile(photoPathOf(pending), {
          contentType: PHOTO_CONTENT_TYPE,
          signal: NEVER_ABORTED,
        });
        let made: MadePhoto;
        try {
          made = await options.make(
            new File([bytes], `${photoId}${PHOTO_EXTENSION}`, { type: PHOTO_CONTENT_TYPE }),
          );
        } catch (error) {
          console.warn('The waiting photo could not be made into a shared one', error);
          throw new ApprovalError('undecodable');
        }
        const name = options.name ?? waiting.uploaderName;
        await publish(uid, photoId, made, approvedDetails(waiting, made.photoSize, name));
      }
    }
  };
  // The waiting files are named as present (deleting one that is gone counts as done; a photo that is gone fails
  // its read); so are the shared ones beside the photo, which go before the photo is made again.
  const pendingState = { photo: true, thumbnail: true };
  try {
    try {
      await run({ pending: pendingState, shared: {} });
    } catch (error) {
      // A write refused (a file of this photo is in shared/ already), or the waiting photo gone (approved
      // meanwhile): what is there decides.
      const gone = error instanceof ApprovalError && error.problem === 'not-found';
      if (!gone && storageErrorKind(error) !== 'denied') throw error;
      const photo = await sharedPhotoOf(photoId);
      await run({
        pending: { ...pendingState, photo: await memberFileExists(photoPathOf(pending)) },
        shared: { ...(photo ? { photo } : {}), thumbnail: true, details: true, marker: true },
      });
    }
  } finally {
    // Even part-way, the lists may have changed (the waiting one, the gallery, the sender's).
    listsChanged(PHOTO_LISTS.all);
  }
}

/** Deletes a waiting photo and its thumbnail (a failed upload's leftovers, or after a rejection or withdrawal). */
export async function deleteWaitingPhoto(uid: string, photoId: string): Promise<void> {
  // Both named as present: deleting one that is already gone counts as done.
  await runDeletes(rejectionPlan(uid, photoId, { pending: { photo: true, thumbnail: true } }));
  listsChanged(PHOTO_LISTS.waiting, PHOTO_LISTS.mine);
}

/** The uploader withdraws a waiting photo: gone at once, after a marker that tells the backups so. */
export async function withdrawWaitingPhoto(uid: string, photoId: string): Promise<void> {
  await leaveWithdrawalMarker(uid, photoId);
  await deleteWaitingPhoto(uid, photoId);
}

/**
 * Keeps one object apart for 30 days (an organiser's page): its bytes, content type and custom metadata under
 * members/photos/removed/<photo id>/, as they were. False when there is no such object. A copy already kept (a
 * removal tried again after a failure part-way) is left as it is.
 */
async function keepApart(photoId: string, path: string): Promise<boolean> {
  const kept = objectRef(keptPathOf(photoId, path));
  let stored;
  try {
    stored = await getMetadata(objectRef(path));
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
  if (await exists(kept)) return true;
  const contentType = stored.contentType ?? 'application/octet-stream';
  const blob = await fetchMemberFile(path, { contentType, signal: NEVER_ABORTED });
  const { [DOWNLOAD_TOKENS_KEY]: _tokens, ...customMetadata } = stored.customMetadata ?? {};
  void _tokens;
  await uploadBytes(kept, blob, { contentType, customMetadata });
  return true;
}

async function exists(reference: ReturnType<typeof objectRef>): Promise<boolean> {
  try {
    await getMetadata(reference);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/**
 * Keeps a photo's files apart before an organiser's rejection or removal deletes them, with removal.json saying
 * what, when and by whom: `npm run organiser:photos -- restore <photo id>` puts them back within 30 days.
 */
async function keepPhotoApart(
  photoId: string,
  kind: RemovalRecord['kind'],
  paths: readonly string[],
  removedBy: string,
  now = new Date(),
): Promise<void> {
  const kept: string[] = [];
  for (const path of paths) if (await keepApart(photoId, path)) kept.push(path);
  const record = objectRef(removalRecordPathOf(photoId));
  if (await exists(record)) return;
  const text = removalRecordText({ photoId, kind, removedAt: now.toISOString(), removedBy, paths: kept });
  await uploadBytes(record, new Blob([text]), { contentType: DETAILS_CONTENT_TYPE });
}

/** An organiser rejects a waiting photo: kept apart for 30 days, then deleted from the waiting folder. */
export async function rejectWaitingPhoto(uid: string, photoId: string, removedBy: string): Promise<void> {
  const location: PhotoLocation = { state: 'pending', uid, photoId };
  await keepPhotoApart(photoId, 'rejected', [photoPathOf(location), thumbnailPathOf(location)], removedBy);
  await deleteWaitingPhoto(uid, photoId);
}

/**
 * Removes a shared photo with its thumbnail, details and its uploader's marker. The uploader's own removal is a
 * deletion (a marker tells the backups so); an organiser's keeps the files apart for 30 days first (undo). An
 * organiser who does not know the uploader (the details could not be read) reads it from the photo's metadata.
 */
export async function removeSharedPhoto(
  photoId: string,
  uploaderUid: string | undefined,
  by: { uid: string; email?: string },
): Promise<void> {
  let uid = uploaderUid;
  if (!uid) {
    try {
      uid = (await getMetadata(objectRef(photoPathOf({ state: 'shared', photoId })))).customMetadata
        ?.uploaderUid;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  const plan = removalPlan(photoId, uid);
  if (uid === by.uid) await leaveWithdrawalMarker(by.uid, photoId);
  else
    await keepPhotoApart(
      photoId,
      'removed',
      plan.flatMap((step) => (step.op === 'delete' ? [step.path] : [])),
      by.email ?? by.uid,
    );
  await runDeletes(plan);
  // Not the gallery: the view that removed it takes it out in place (listing afresh would close the view).
  listsChanged(PHOTO_LISTS.mine);
}

/** Deletes whatever exists of a photo in one place: photo first, then thumbnail. */
export async function deletePhotoFiles(location: PhotoLocation): Promise<void> {
  await deleteIfPresent(photoPathOf(location));
  await deleteIfPresent(thumbnailPathOf(location));
}

export interface DeletionProgress {
  phase: 'looking' | 'deleting';
  done: number;
  total: number;
}

/**
 * Deletes every photo of an account (before the account itself goes), approved or not: its waiting photos (and any
 * thumbnail an upload left without its photo), then the shared photos its markers name (storage.rules let the
 * uploader list their markers and delete what they shared). Resolves with how many photos were deleted. A second
 * run after a failure finds what is left.
 */
export async function deleteAllPhotosOf(
  uid: string,
  options: { signal?: AbortSignal; onProgress?: (progress: DeletionProgress) => void } = {},
): Promise<number> {
  options.onProgress?.({ phase: 'looking', done: 0, total: 0 });
  const [waiting, strayThumbnails, shared] = await Promise.all([
    listPendingOf(uid),
    listPendingThumbnailsOf(uid),
    listSharedOf(uid),
  ]);
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
    await runDeletes(removalPlan(photoId, uid));
    options.onProgress?.({ phase: 'deleting', done: ++done, total });
  }
  return total;
}
