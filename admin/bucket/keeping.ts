/**
 * Undo for the organisers' decisions, as the Admin SDK does it (the organisers' commands and their monthly routine;
 * the pages do the same through storage.rules, src/firebase/): the faces file's earlier versions, photos kept apart
 * after a rejection or a removal, and the end of both after 30 days, when a purge marker tells the backups that a
 * kept photo is gone for good. Paths and formats: src/domain/keeping.ts. The Admin SDK creates no download token.
 */
import { hostname, userInfo } from 'node:os';

import { parseFacesFile, type FacesFile } from '../../src/domain/faces.ts';
import {
  MARKER_CONTENT_TYPE,
  REMOVED_PREFIX,
  UNDO_MS,
  VERSION_METADATA_KEYS,
  historyFolderOf,
  keptPathOf,
  newKeepingId,
  parseRemovalRecord,
  parseVersionPath,
  purgedMarkerPathOf,
  removalRecordPathOf,
  removalRecordText,
  removedFolderOf,
  versionObject,
  versionPathOf,
  type RemovalRecord,
  type VersionMetadata,
} from '../../src/domain/keeping.ts';
import { statusOf, type Bucket } from '../firebase-admin.ts';
import { saveFacesObject } from './faces.ts';
import { DOWNLOAD_TOKENS_METADATA_KEY, saveObject } from './member-files.ts';

/** Who a command's change is by: the account on the machine it ran on (a command has no Firebase account). */
export function commandOperator(command: string): VersionMetadata {
  let user = 'someone';
  try {
    user = userInfo().username;
  } catch {
    // No user database entry (a container): the host alone.
  }
  return { organiserUid: command, organiserEmail: `${user}@${hostname()}`, change: '' };
}

// ---------------------------------------------------------------------------------------------------------------
// Faces versions
// ---------------------------------------------------------------------------------------------------------------

/** A kept version of a faces file: the file as it was before a change, and who made that change and what it was. */
export interface FacesVersion {
  versionId: string;
  path: string;
  /** When the change was made (the object's time). */
  at: Date;
  metadata: VersionMetadata;
}

/** Keeps `replaced` as a version before a change, as the page keeps one (versionObject); returns its id. */
export async function saveVersion(
  bucket: Bucket,
  replaced: FacesFile,
  by: VersionMetadata,
  now = new Date(),
): Promise<string> {
  const versionId = newKeepingId(now);
  await saveFacesObject(bucket, versionObject(replaced, versionId, by));
  return versionId;
}

/** A picture's versions, newest first. */
export async function listVersions(bucket: Bucket, fileId: string): Promise<FacesVersion[]> {
  const [files] = await bucket.getFiles({ prefix: historyFolderOf(fileId), autoPaginate: true });
  const versions: FacesVersion[] = [];
  for (const file of files) {
    const parsed = parseVersionPath(file.name);
    if (!parsed || parsed.fileId !== fileId) continue;
    const custom = (file.metadata.metadata ?? {}) as Record<string, unknown>;
    const metadata = Object.fromEntries(
      VERSION_METADATA_KEYS.map((key) => [key, typeof custom[key] === 'string' ? custom[key] : '']),
    ) as VersionMetadata;
    versions.push({
      versionId: parsed.versionId,
      path: file.name,
      at: new Date(String(file.metadata.timeCreated ?? 0)),
      metadata,
    });
  }
  // By the object's time (to the millisecond): two changes in one second have ids in a random order.
  return versions.sort(
    (a, b) =>
      b.at.getTime() - a.at.getTime() || (a.versionId < b.versionId ? 1 : a.versionId > b.versionId ? -1 : 0),
  );
}

/** A version's faces file; undefined when there is no such version or it cannot be read. */
export async function readVersion(
  bucket: Bucket,
  fileId: string,
  versionId: string,
): Promise<FacesFile | undefined> {
  try {
    const [bytes] = await bucket.file(versionPathOf(fileId, versionId)).download();
    return parseFacesFile(bytes.toString('utf8'));
  } catch (err) {
    if (statusOf(err) === 404) return undefined;
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Photos kept apart
// ---------------------------------------------------------------------------------------------------------------

/** Copies an object, as it is (bytes, content type, headers, custom metadata without tokens), to another path. */
async function copyAsItIs(bucket: Bucket, from: string, to: string): Promise<boolean> {
  const source = bucket.file(from);
  let metadata;
  let bytes: Buffer;
  try {
    [metadata] = await source.getMetadata();
    [bytes] = await source.download();
  } catch (err) {
    if (statusOf(err) === 404) return false;
    throw err;
  }
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata.metadata ?? {}))
    if (key !== DOWNLOAD_TOKENS_METADATA_KEY && value !== null && value !== undefined)
      custom[key] = String(value);
  await saveObject(bucket, to, bytes, {
    contentType: metadata.contentType ?? 'application/octet-stream',
    ...(metadata.contentDisposition && { contentDisposition: metadata.contentDisposition }),
    ...(metadata.cacheControl && { cacheControl: metadata.cacheControl }),
    metadata: custom,
  });
  return true;
}

/**
 * Keeps a photo's files apart before a rejection or removal deletes them (the caller deletes): each copied under
 * members/photos/removed/<photo id>/ as it is, then removal.json.
 */
export async function keepPhotoApart(
  bucket: Bucket,
  photoId: string,
  kind: RemovalRecord['kind'],
  paths: readonly string[],
  removedBy: string,
  now = new Date(),
): Promise<RemovalRecord> {
  const kept: string[] = [];
  for (const path of paths) if (await copyAsItIs(bucket, path, keptPathOf(photoId, path))) kept.push(path);
  const record: RemovalRecord = { photoId, kind, removedAt: now.toISOString(), removedBy, paths: kept };
  await saveObject(bucket, removalRecordPathOf(photoId), Buffer.from(removalRecordText(record)), {
    contentType: 'application/json',
    metadata: {},
  });
  return record;
}

/** A photo kept apart: its record, and when its 30 days end. */
export interface RemovedPhoto {
  record: RemovalRecord;
  /** When it may be purged. */
  until: Date;
}

/** Every photo kept apart, oldest first; `unreadable`: folders whose removal.json cannot be read. */
export async function listRemoved(
  bucket: Bucket,
): Promise<{ removed: RemovedPhoto[]; unreadable: string[] }> {
  const [files] = await bucket.getFiles({ prefix: REMOVED_PREFIX, autoPaginate: true });
  const folders = new Set(files.map((file) => file.name.slice(REMOVED_PREFIX.length).split('/')[0]!));
  const removed: RemovedPhoto[] = [];
  const unreadable: string[] = [];
  for (const photoId of folders) {
    const record = files.find((file) => file.name === removalRecordPathOf(photoId));
    const parsed = record && parseRemovalRecord((await record.download())[0].toString('utf8'));
    if (!parsed || parsed.photoId !== photoId) {
      unreadable.push(removedFolderOf(photoId));
      continue;
    }
    removed.push({ record: parsed, until: new Date(Date.parse(parsed.removedAt) + UNDO_MS) });
  }
  removed.sort((a, b) => a.record.removedAt.localeCompare(b.record.removedAt));
  return { removed, unreadable: unreadable.sort() };
}

/** What a restore found in the way. */
export class RestoreConflictError extends Error {
  constructor(paths: readonly string[]) {
    super(`Something is stored again where the photo was: ${paths.join(', ')}`);
    this.name = 'RestoreConflictError';
  }
}

/**
 * Puts a kept photo back where it was, as it was, then lets the kept copies go. Refuses (changing nothing) when
 * something is stored at one of its old paths again.
 */
export async function restoreRemoved(bucket: Bucket, record: RemovalRecord): Promise<string[]> {
  const taken: string[] = [];
  for (const path of record.paths) if ((await bucket.file(path).exists())[0]) taken.push(path);
  if (taken.length) throw new RestoreConflictError(taken);
  for (const path of record.paths) await copyAsItIs(bucket, keptPathOf(record.photoId, path), path);
  await bucket.deleteFiles({ prefix: removedFolderOf(record.photoId) });
  return record.paths;
}

/**
 * Ends a kept photo's 30 days: a purge marker first (so that the backups let its copies go too), then the kept
 * files.
 */
export async function purgeRemoved(bucket: Bucket, photoId: string): Promise<void> {
  await saveObject(bucket, purgedMarkerPathOf(photoId), Buffer.alloc(0), {
    contentType: MARKER_CONTENT_TYPE,
    metadata: {},
  });
  await bucket.deleteFiles({ prefix: removedFolderOf(photoId) });
}
