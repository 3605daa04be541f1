/**
 * What is kept so that nothing the family gave is lost by a mistake, and what says that something is gone for good.
 * storage.rules read these paths (and the tests check that they agree); the organisers' commands, the organisers'
 * pages, the backups and the restore all read this one module.
 *
 *   members/faces/<file id>/history/<version>.json      the faces file as it was before a change (organisers only)
 *   members/photos/removed/<photo id>/removal.json       a photo rejected or removed: when, by whom, from where
 *   members/photos/removed/<photo id>/<its old path>     its files as they were (pending/<uid>/..., shared/...)
 *   deletions/accounts/<uid>/<marker>                    empty: this account deleted itself at the object's time
 *   deletions/withdrawn/<uid>/<photo or suggestion id>   empty: this account withdrew or removed that upload
 *   deletions/purged/<photo id>                          empty: a removed photo's 30 days passed, and it went
 *
 * Undo lasts 30 days: a removed photo and a faces version are deleted by the monthly routine once older. A
 * relative's own deletion is never kept apart and never undone (the privacy page promises it): its marker tells the
 * backups and the restore to let the files go too.
 */
import {
  FACES_CONTENT_TYPE,
  FACES_PREFIX,
  facesFileText,
  facesFolderOf,
  type FacesFile,
  type FacesObject,
} from './faces';
import { PHOTOS_PREFIX, PHOTO_ID_PATTERN, newPhotoId } from './photos';

/** How long an organiser's decision can be undone. */
export const UNDO_DAYS = 30;
export const UNDO_MS = UNDO_DAYS * 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------------
// Faces history
// ---------------------------------------------------------------------------------------------------------------

/** A version's id: when the change was made (UTC, to the second) and a random part, like a photo's. */
export const VERSION_ID_PATTERN = '^[0-9]{8}T[0-9]{6}Z_[A-Za-z0-9]{10}$';
/** The metadata of a version: who made the change that replaced it, and what the change was (one line). */
export const VERSION_METADATA_KEYS = ['organiserUid', 'organiserEmail', 'change'] as const;
export const MAX_CHANGE_LENGTH = 300;
export type VersionMetadata = { organiserUid: string; organiserEmail: string; change: string };

/** A new version's (or marker's) id: when (UTC, to the second) and a random part, as a photo's id. */
export function newKeepingId(now: Date, random?: string): string {
  return newPhotoId(now, random);
}

export const historyFolderOf = (fileId: string) => `${facesFolderOf(fileId)}history/`;
export const versionPathOf = (fileId: string, versionId: string) =>
  `${historyFolderOf(fileId)}${versionId}.json`;

/** The picture and version a path under members/faces/ stands for, or undefined. */
export function parseVersionPath(path: string): { fileId: string; versionId: string } | undefined {
  const match = new RegExp(
    `^${FACES_PREFIX}([^/]+)/history/(${VERSION_ID_PATTERN.slice(1, -1)})\\.json$`,
  ).exec(path);
  return match ? { fileId: match[1]!, versionId: match[2]! } : undefined;
}

/** A change's description as the metadata keeps it: one line, at most MAX_CHANGE_LENGTH characters. */
export function changeLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_CHANGE_LENGTH ? `${line.slice(0, MAX_CHANGE_LENGTH - 1)}…` : line;
}

/**
 * The faces file as it was before a change, as kept (src/domain/faces.ts' FacesObject: the page and the commands
 * store it alike): JSON, with who made the change and what it was, in one line, as its custom metadata.
 */
export function versionObject(replaced: FacesFile, versionId: string, by: VersionMetadata): FacesObject {
  return {
    path: versionPathOf(replaced.fileId, versionId),
    text: facesFileText(replaced),
    contentType: FACES_CONTENT_TYPE,
    customMetadata: {
      organiserUid: by.organiserUid,
      organiserEmail: by.organiserEmail,
      change: changeLine(by.change),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Removed photos, kept apart
// ---------------------------------------------------------------------------------------------------------------

export const REMOVED_PREFIX = `${PHOTOS_PREFIX}removed/`;
export const removedFolderOf = (photoId: string) => `${REMOVED_PREFIX}${photoId}/`;
export const removalRecordPathOf = (photoId: string) => `${removedFolderOf(photoId)}removal.json`;

/** Where a photo's file (a path under members/photos/) is kept while it is removed. */
export function keptPathOf(photoId: string, path: string): string {
  if (!path.startsWith(PHOTOS_PREFIX)) throw new RangeError(`Not a photo's file: ${path}`);
  return `${removedFolderOf(photoId)}${path.slice(PHOTOS_PREFIX.length)}`;
}

/** The path a kept file came from (and goes back to), or undefined for removal.json and anything else. */
export function originalPathOf(keptPath: string): string | undefined {
  const match = /^([^/]+)\/(.+)$/.exec(keptPath.slice(REMOVED_PREFIX.length));
  if (!keptPath.startsWith(REMOVED_PREFIX) || !match || match[2] === 'removal.json') return undefined;
  return `${PHOTOS_PREFIX}${match[2]}`;
}

/** What removal.json says. */
export interface RemovalRecord {
  photoId: string;
  /** rejected: a waiting photo; removed: a shared one. */
  kind: 'rejected' | 'removed';
  /** ISO 8601, when. */
  removedAt: string;
  /** Who: the organiser's address, or the command and where it ran. */
  removedBy: string;
  /** Every file kept, by the path it had. */
  paths: string[];
}

export function removalRecordText(record: RemovalRecord): string {
  return JSON.stringify(record);
}

/** A removal.json read back, or undefined when it is not one. */
export function parseRemovalRecord(text: string): RemovalRecord | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = data as Partial<RemovalRecord> | null;
  if (
    !record ||
    typeof record.photoId !== 'string' ||
    !PHOTO_ID_PATTERN.test(record.photoId) ||
    (record.kind !== 'rejected' && record.kind !== 'removed') ||
    typeof record.removedAt !== 'string' ||
    Number.isNaN(Date.parse(record.removedAt)) ||
    typeof record.removedBy !== 'string' ||
    !Array.isArray(record.paths) ||
    !record.paths.every((path) => typeof path === 'string' && path.startsWith(PHOTOS_PREFIX))
  )
    return undefined;
  return {
    photoId: record.photoId,
    kind: record.kind,
    removedAt: record.removedAt,
    removedBy: record.removedBy,
    paths: record.paths as string[],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Deletion markers
// ---------------------------------------------------------------------------------------------------------------

export const DELETIONS_PREFIX = 'deletions/';
export const MARKER_CONTENT_TYPE = 'application/octet-stream';

export const accountMarkerPathOf = (uid: string, markerId: string) =>
  `${DELETIONS_PREFIX}accounts/${uid}/${markerId}`;
export const withdrawnMarkerPathOf = (uid: string, id: string) => `${DELETIONS_PREFIX}withdrawn/${uid}/${id}`;
export const purgedMarkerPathOf = (photoId: string) => `${DELETIONS_PREFIX}purged/${photoId}`;

/** A deletion marker, read from its path, with the time of its object. */
export type DeletionMarker =
  | { kind: 'account'; uid: string; at: Date }
  | { kind: 'withdrawn'; uid: string; id: string; at: Date }
  | { kind: 'purged'; photoId: string; at: Date };

const ID = PHOTO_ID_PATTERN.source.slice(1, -1);

/** The marker a path under deletions/ stands for (at: the object's creation time), or undefined. */
export function parseMarker(path: string, at: Date): DeletionMarker | undefined {
  const account = new RegExp(`^${DELETIONS_PREFIX}accounts/([^/]+)/${ID}$`).exec(path);
  if (account) return { kind: 'account', uid: account[1]!, at };
  const withdrawn = new RegExp(`^${DELETIONS_PREFIX}withdrawn/([^/]+)/(${ID})$`).exec(path);
  if (withdrawn) return { kind: 'withdrawn', uid: withdrawn[1]!, id: withdrawn[2]!, at };
  const purged = new RegExp(`^${DELETIONS_PREFIX}purged/(${ID})$`).exec(path);
  if (purged) return { kind: 'purged', photoId: purged[1]!, at };
  return undefined;
}

/** An object as a backup knows it: its path, when it was made, and its custom metadata. */
export interface KnownObject {
  path: string;
  created: Date;
  metadata: Readonly<Record<string, string>>;
}

/** The account and the id (photo or suggestion) an object belongs to, as far as its path and metadata say. */
export function ownerOf(object: Omit<KnownObject, 'created'>): { uid?: string; id?: string } {
  const { path, metadata } = object;
  const file = path.slice(path.lastIndexOf('/') + 1).replace(/\.(jpg|json)$/, '');
  const pending = /^members\/photos\/pending\/([^/]+)\//.exec(path);
  if (pending) return { uid: pending[1], id: file };
  const marker = /^members\/photos\/shared\/uploaders\/([^/]+)\//.exec(path);
  if (marker) return { uid: marker[1], id: file };
  if (path.startsWith(`${PHOTOS_PREFIX}shared/`)) return { uid: metadata.uploaderUid, id: file };
  const suggestion = new RegExp(`^${FACES_PREFIX}[^/]+/suggestions/([^/]+)/`).exec(path);
  if (suggestion) return { uid: suggestion[1], id: file };
  const kept = new RegExp(`^${REMOVED_PREFIX}(${ID})/`).exec(path);
  if (kept) {
    const inner = originalPathOf(path);
    const owner = inner ? ownerOf({ ...object, path: inner }) : {};
    return { uid: owner.uid, id: kept[1] };
  }
  return {};
}

/**
 * Whether a marker says that an object is gone for good: a relative's deletion covers what that account sent
 * before it (an account: everything of theirs; a withdrawal: that photo or suggestion), a purge covers every file
 * of that photo. Only what existed before the marker: an upload made after it is not covered.
 */
export function isCoveredBy(object: KnownObject, marker: DeletionMarker): boolean {
  if (object.created.getTime() > marker.at.getTime()) return false;
  const owner = ownerOf(object);
  switch (marker.kind) {
    case 'account':
      return owner.uid === marker.uid;
    case 'withdrawn':
      return owner.uid === marker.uid && owner.id === marker.id;
    case 'purged':
      return owner.id === marker.photoId && object.path.startsWith(PHOTOS_PREFIX);
  }
}
