/**
 * Relatives' photos (issue 15; /work/wt/PHOTOS-CONTRACT.md): where they live in Cloud Storage, what a photo id
 * is, the limits and the custom metadata storage.rules accepts, and the plan for moving a photo from the
 * waiting folder to the shared one. Pure: the photos page, the organisers' command (organiser:photos), the
 * local seeding and the rules mirror all read this one module, and storage.rules checks the same values
 * (tools/local/storage/rules.test.ts fails when the two drift apart).
 *
 * Layout:
 *   waiting  members/photos/pending/{uid}/{photoId}.jpg   and  members/photos/pending/{uid}/thumbnails/{photoId}.jpg
 *   shared   members/photos/shared/{photoId}.jpg          and  members/photos/shared/thumbnails/{photoId}.jpg
 */

export const PHOTOS_PREFIX = 'members/photos/';
export const PENDING_PREFIX = `${PHOTOS_PREFIX}pending/`;
export const SHARED_PREFIX = `${PHOTOS_PREFIX}shared/`;
/** The folder beside the photos that holds their thumbnails. */
export const THUMBNAILS_FOLDER = 'thumbnails';
export const SHARED_THUMBNAILS_PREFIX = `${SHARED_PREFIX}${THUMBNAILS_FOLDER}/`;
export const PHOTO_EXTENSION = '.jpg';
export const PHOTO_CONTENT_TYPE = 'image/jpeg';

/** A photo as stored: at most 10 MiB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** A thumbnail as stored: at most 512 KiB. */
export const MAX_THUMBNAIL_BYTES = 512 * 1024;
/** At most 300 characters (Unicode code points, as the rules language's size() counts them). */
export const MAX_CAPTION_LENGTH = 300;

/** Any photo id storage.rules accepts. The ids this site makes are stricter: see newPhotoId(). */
export const PHOTO_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A photo's (or thumbnail's) file name, as storage.rules checks it (the rules language's regular expression). */
export const PHOTO_FILE_PATTERN = '^[A-Za-z0-9_-]{8,64}[.]jpg$';
/** The ids newPhotoId() makes: `<UTC time taken, YYYYMMDDTHHMMSSZ>_<10 random letters and digits>`. */
export const NEW_PHOTO_ID_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z_[A-Za-z0-9]{10}$/;
const RANDOM_LENGTH = 10;
const RANDOM_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The custom metadata keys a photo (and its thumbnail) may carry; nothing else is accepted. */
export const PHOTO_METADATA_KEYS = [
  'caption',
  'takenAt',
  'width',
  'height',
  'uploaderUid',
  'uploaderName',
] as const;
export type PhotoMetadataKey = (typeof PHOTO_METADATA_KEYS)[number];
/** The keys every photo and thumbnail must carry. */
export const REQUIRED_PHOTO_METADATA_KEYS = ['takenAt', 'width', 'height', 'uploaderUid'] as const;

/**
 * `takenAt`: an ISO 8601 instant in UTC, e.g. 2026-07-11T19:03:22Z (milliseconds allowed, as
 * Date.prototype.toISOString writes them). The same regular expression is in storage.rules.
 */
export const TAKEN_AT_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,3})?Z$';
/** `width` and `height`: a decimal integer from 1 to 99999, without leading zeros. Also in storage.rules. */
export const DIMENSION_PATTERN = '^[1-9][0-9]{0,4}$';

/** Custom metadata as Cloud Storage keeps it: strings only. (A type, so that it is a Record<string, string>.) */
export type PhotoMetadata = {
  caption?: string;
  takenAt: string;
  width: string;
  height: string;
  uploaderUid: string;
  uploaderName?: string;
};

export interface PhotoDetails {
  /** Optional; an empty or blank caption is left out. */
  caption?: string | null;
  takenAt: Date;
  /** Pixel size of the file itself (the photo's, or the thumbnail's). */
  width: number;
  height: number;
  uploaderUid: string;
  /** Must be the account's display name (the ID token's `name`), or absent. */
  uploaderName?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Photo ids
// ---------------------------------------------------------------------------------------------------------------

export function isPhotoId(value: string): boolean {
  return PHOTO_ID_PATTERN.test(value);
}

/** `2026-07-11T19:03:22Z` for the instant; throws RangeError for an invalid date. */
export function formatTakenAt(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date for a photo.');
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Letters and digits from crypto.getRandomValues (Web Crypto: browsers, workers and Node). */
export function randomPart(length = RANDOM_LENGTH): string {
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 248 = 4 * 62: no bias towards the first letters.
      if (byte < 248 && out.length < length) out += RANDOM_ALPHABET[byte % 62];
    }
  }
  return out;
}

/**
 * A new photo id: when the photo was taken (UTC, to the second) and a random part, e.g.
 * `20260711T190322Z_k3J9xQ2mPa`. A listing (lexicographic) then reads oldest first, and two photos of the same
 * second never clash.
 */
export function newPhotoId(takenAt: Date, random: string = randomPart()): string {
  if (!/^[A-Za-z0-9]{10}$/.test(random)) throw new RangeError(`Not a random part of a photo id: ${random}`);
  const iso = formatTakenAt(takenAt);
  const compact = iso.replace(/[-:]/g, '');
  if (!/^\d{8}T\d{6}Z$/.test(compact)) throw new RangeError(`A year out of range for a photo: ${iso}`);
  return `${compact}_${random}`;
}

/** When the photo was taken, read from an id newPhotoId() made; null for any other id. */
export function takenAtOfPhotoId(photoId: string): Date | null {
  const match = NEW_PHOTO_ID_PATTERN.exec(photoId);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, ...number[]];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return formatTakenAt(date) === `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`
    ? date
    : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------------------------

/** Where a photo is: waiting in its uploader's folder, or shared. */
export type PhotoLocation =
  { state: 'pending'; uid: string; photoId: string } | { state: 'shared'; photoId: string };

function checkId(photoId: string): void {
  if (!isPhotoId(photoId)) throw new RangeError(`Not a photo id: ${photoId}`);
}

function checkUid(uid: string): void {
  // A uid is one path segment (Firebase uids: 1-128 characters, no slash).
  if (!uid || uid.includes('/') || uid.length > 128) throw new RangeError(`Not a uid: ${uid}`);
}

/** `members/photos/pending/{uid}/` */
export function pendingFolderOf(uid: string): string {
  checkUid(uid);
  return `${PENDING_PREFIX}${uid}/`;
}

/** The folder of a location's photos: `members/photos/pending/{uid}/` or `members/photos/shared/`. */
export function folderOf(location: PhotoLocation): string {
  return location.state === 'pending' ? pendingFolderOf(location.uid) : SHARED_PREFIX;
}

/** The folder of a location's thumbnails: `.../thumbnails/`. */
export function thumbnailsFolderOf(location: PhotoLocation): string {
  return `${folderOf(location)}${THUMBNAILS_FOLDER}/`;
}

export function photoPathOf(location: PhotoLocation): string {
  checkId(location.photoId);
  return `${folderOf(location)}${location.photoId}${PHOTO_EXTENSION}`;
}

export function thumbnailPathOf(location: PhotoLocation): string {
  checkId(location.photoId);
  return `${thumbnailsFolderOf(location)}${location.photoId}${PHOTO_EXTENSION}`;
}

export interface ParsedPhotoPath {
  location: PhotoLocation;
  /** The thumbnail rather than the photo. */
  thumbnail: boolean;
}

/** The photo (or thumbnail) an object name stands for; null for any other name, including deeper paths. */
export function parsePhotoPath(name: string): ParsedPhotoPath | null {
  const fileOf = (segment: string | undefined) => {
    if (!segment?.endsWith(PHOTO_EXTENSION)) return null;
    const photoId = segment.slice(0, -PHOTO_EXTENSION.length);
    return isPhotoId(photoId) ? photoId : null;
  };
  if (name.startsWith(SHARED_PREFIX)) {
    const rest = name.slice(SHARED_PREFIX.length).split('/');
    const thumbnail = rest.length === 2 && rest[0] === THUMBNAILS_FOLDER;
    if (rest.length !== 1 && !thumbnail) return null;
    const photoId = fileOf(rest.at(-1));
    return photoId ? { location: { state: 'shared', photoId }, thumbnail } : null;
  }
  if (name.startsWith(PENDING_PREFIX)) {
    const [uid, ...rest] = name.slice(PENDING_PREFIX.length).split('/');
    if (!uid) return null;
    const thumbnail = rest.length === 2 && rest[0] === THUMBNAILS_FOLDER;
    if (rest.length !== 1 && !thumbnail) return null;
    const photoId = fileOf(rest.at(-1));
    return photoId ? { location: { state: 'pending', uid, photoId }, thumbnail } : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Metadata
// ---------------------------------------------------------------------------------------------------------------

/** Length in Unicode code points, as storage.rules' size() counts a string. */
export function captionLength(caption: string): number {
  return [...caption].length;
}

/** The custom metadata for a photo or its thumbnail (the width and height of that file). */
export function photoMetadata(details: PhotoDetails): PhotoMetadata {
  const caption = details.caption?.trim();
  const name = details.uploaderName?.trim();
  for (const [key, value] of [
    ['width', details.width],
    ['height', details.height],
  ] as const) {
    if (!new RegExp(DIMENSION_PATTERN).test(String(value))) throw new RangeError(`Not a ${key}: ${value}`);
  }
  if (!details.uploaderUid) throw new RangeError('A photo needs its uploader.');
  return {
    ...(caption ? { caption } : {}),
    takenAt: formatTakenAt(details.takenAt),
    width: String(details.width),
    height: String(details.height),
    uploaderUid: details.uploaderUid,
    // Exactly the account's name: storage.rules compares it with the token's.
    ...(name && name === details.uploaderName ? { uploaderName: name } : {}),
  };
}

/**
 * What is wrong with a photo's (or thumbnail's) custom metadata, in words; empty when storage.rules accepts it.
 * Checks the key list, the required keys and the formats and length; not who uploaded it (the rules compare
 * uploaderUid and uploaderName with the ID token).
 */
export function photoMetadataProblems(
  metadata: Readonly<Record<string, unknown>> | null | undefined,
): string[] {
  const problems: string[] = [];
  const md = metadata ?? {};
  const unknown = Object.keys(md).filter((key) => !(PHOTO_METADATA_KEYS as readonly string[]).includes(key));
  if (unknown.length) problems.push(`unknown metadata ${unknown.join(', ')}`);
  for (const key of REQUIRED_PHOTO_METADATA_KEYS) {
    if (typeof md[key] !== 'string') problems.push(`no ${key}`);
  }
  const string = (key: PhotoMetadataKey) => (typeof md[key] === 'string' ? (md[key] as string) : undefined);
  const takenAt = string('takenAt');
  if (takenAt !== undefined && !new RegExp(TAKEN_AT_PATTERN).test(takenAt))
    problems.push('takenAt not a UTC time');
  for (const key of ['width', 'height'] as const) {
    const value = string(key);
    if (value !== undefined && !new RegExp(DIMENSION_PATTERN).test(value)) problems.push(`${key} not a size`);
  }
  const caption = md.caption;
  if (caption !== undefined && typeof caption !== 'string') problems.push('caption not a text');
  if (typeof caption === 'string' && captionLength(caption) > MAX_CAPTION_LENGTH) {
    problems.push(`caption over ${MAX_CAPTION_LENGTH} characters`);
  }
  if (md.uploaderName !== undefined && typeof md.uploaderName !== 'string')
    problems.push('uploaderName not a text');
  return problems;
}

/** The metadata of a stored photo, or null when it is not what storage.rules lets in. */
export function readPhotoMetadata(
  metadata: Readonly<Record<string, unknown>> | null | undefined,
): PhotoMetadata | null {
  if (!metadata || photoMetadataProblems(metadata).length) return null;
  const { caption, takenAt, width, height, uploaderUid, uploaderName } = metadata as unknown as PhotoMetadata;
  return {
    ...(caption !== undefined ? { caption } : {}),
    takenAt,
    width,
    height,
    uploaderUid,
    ...(uploaderName !== undefined ? { uploaderName } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Moving a photo: approve (pending -> shared), reject (delete pending), remove (delete shared)
// ---------------------------------------------------------------------------------------------------------------

/** One stored object as the plan needs it: it exists, with this MD5 (base64, as Cloud Storage reports it). */
export interface StoredCopy {
  md5Hash?: string;
}

/** What exists of one photo in both places (absent: no such object). */
export interface PhotoState {
  pending: { photo?: StoredCopy; thumbnail?: StoredCopy };
  shared: { photo?: StoredCopy; thumbnail?: StoredCopy };
}

export type MoveStep = { op: 'copy'; from: string; to: string } | { op: 'delete'; path: string };

export type ApprovalPlan =
  | {
      ok: true;
      /** In order: copy the thumbnail, copy the photo, delete the waiting photo, delete the waiting thumbnail. */
      steps: MoveStep[];
      /** Nothing is left to do: the photo is shared and nothing of it waits. */
      done: boolean;
    }
  | {
      ok: false;
      /**
       * not-found: neither waiting nor shared; no-thumbnail: the photo has no thumbnail in either place;
       * conflict: a different file is already shared under the same id (its MD5 differs).
       */
      problem: 'not-found' | 'no-thumbnail' | 'conflict';
    };

/**
 * The steps that move a waiting photo and its thumbnail to shared/ (copy with their metadata, then delete the
 * waiting ones), from what exists now. Idempotent: after a failure part-way, the plan made from the new state
 * finishes the move (a copy already made is only deleted from the waiting folder), and a finished move plans
 * nothing. The copies come first, the thumbnail before the photo, so the gallery never lists a photo whose
 * thumbnail is not there yet; the waiting photo is deleted before its thumbnail, so the waiting list never shows a
 * photo without one.
 */
export function approvalPlan(uid: string, photoId: string, state: PhotoState): ApprovalPlan {
  const pending: PhotoLocation = { state: 'pending', uid, photoId };
  const shared: PhotoLocation = { state: 'shared', photoId };
  const files = [
    { kind: 'thumbnail', from: thumbnailPathOf(pending), to: thumbnailPathOf(shared) },
    { kind: 'photo', from: photoPathOf(pending), to: photoPathOf(shared) },
  ] as const;
  const copies: MoveStep[] = [];
  const deletes: MoveStep[] = [];
  if (!state.pending.photo && !state.shared.photo) return { ok: false, problem: 'not-found' };
  if (!state.pending.thumbnail && !state.shared.thumbnail) return { ok: false, problem: 'no-thumbnail' };
  for (const { kind, from, to } of files) {
    const waiting = state.pending[kind];
    const copied = state.shared[kind];
    if (!waiting) continue;
    if (copied) {
      if (waiting.md5Hash && copied.md5Hash && waiting.md5Hash !== copied.md5Hash) {
        return { ok: false, problem: 'conflict' };
      }
    } else {
      copies.push({ op: 'copy', from, to });
    }
    deletes.unshift({ op: 'delete', path: from });
  }
  const steps = [...copies, ...deletes];
  return { ok: true, steps, done: steps.length === 0 };
}

/** Deletes the waiting photo and thumbnail (those that exist): reject, or the uploader's withdrawal. */
export function rejectionPlan(uid: string, photoId: string, state: Pick<PhotoState, 'pending'>): MoveStep[] {
  const location: PhotoLocation = { state: 'pending', uid, photoId };
  return deletionSteps(location, state.pending);
}

/** Deletes the shared photo and its thumbnail (those that exist). */
export function removalPlan(photoId: string, state: Pick<PhotoState, 'shared'>): MoveStep[] {
  return deletionSteps({ state: 'shared', photoId }, state.shared);
}

function deletionSteps(location: PhotoLocation, present: PhotoState['pending']): MoveStep[] {
  const steps: MoveStep[] = [];
  // The photo first: a listing never shows a photo whose thumbnail is already gone.
  if (present.photo) steps.push({ op: 'delete', path: photoPathOf(location) });
  if (present.thumbnail) steps.push({ op: 'delete', path: thumbnailPathOf(location) });
  return steps;
}
