/**
 * Relatives' photos: where they live in Cloud Storage, what a photo id is, the limits and the custom metadata
 * storage.rules accepts, the details a shared photo is shown with, and the plans that approve, reject and remove a
 * photo. Pure: the photos page, the organisers' command (organiser:photos), the local seeding and the rules mirror
 * all read this one module, and storage.rules checks the same values (tools/local/storage/rules.test.ts fails
 * when the two drift apart).
 *
 * Layout:
 *   waiting  members/photos/pending/{uid}/{photoId}.jpg        the relative's upload, as the relative's page made it
 *            members/photos/pending/{uid}/thumbnails/{photoId}.jpg
 *   shared   members/photos/shared/{photoId}.jpg                made by the approver from the waiting photo
 *            members/photos/shared/thumbnails/{photoId}.jpg     made by the approver from that photo
 *            members/photos/shared/details/{photoId}.json       what the gallery shows (PhotoDetails), read as media
 *            members/photos/shared/uploaders/{uid}/{photoId}    empty: the uploader finds their shared photos here
 *
 * Nothing under members/photos/ is ever read for its metadata by a relative's browser: Storage answers a metadata
 * read with the object's download token (and makes one where there is none). What relatives see of a shared photo
 * travels in its details file, which they read like its bytes.
 */
import { cleanText } from '../lib/relative-text';

export const PHOTOS_PREFIX = 'members/photos/';
export const PENDING_PREFIX = `${PHOTOS_PREFIX}pending/`;
export const SHARED_PREFIX = `${PHOTOS_PREFIX}shared/`;
/** The folder beside the photos that holds their thumbnails. */
export const THUMBNAILS_FOLDER = 'thumbnails';
export const SHARED_THUMBNAILS_PREFIX = `${SHARED_PREFIX}${THUMBNAILS_FOLDER}/`;
export const SHARED_DETAILS_PREFIX = `${SHARED_PREFIX}details/`;
export const SHARED_UPLOADERS_PREFIX = `${SHARED_PREFIX}uploaders/`;
export const PHOTO_EXTENSION = '.jpg';
export const DETAILS_EXTENSION = '.json';
export const PHOTO_CONTENT_TYPE = 'image/jpeg';
export const DETAILS_CONTENT_TYPE = 'application/json';

/** A photo as stored: at most 10 MiB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** A thumbnail as stored: at most 512 KiB. */
export const MAX_THUMBNAIL_BYTES = 512 * 1024;
/** A details file: at most 4 KiB (a 300-character caption of four-byte characters and a name fit well). */
export const MAX_DETAILS_BYTES = 4 * 1024;
/** At most 300 characters (Unicode code points, as the rules language's size() counts them). */
export const MAX_CAPTION_LENGTH = 300;
/** The name shown with a shared photo, as the approver confirms it: at most 100 characters. */
export const MAX_NAME_LENGTH = 100;

/** Any photo id storage.rules accepts. The ids this site makes are stricter: see newPhotoId(). */
export const PHOTO_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** A photo's (or thumbnail's) file name, as storage.rules checks it (the rules language's regular expression). */
export const PHOTO_FILE_PATTERN = '^[A-Za-z0-9_-]{8,64}[.]jpg$';
/** A details file's name, as storage.rules checks it. */
export const DETAILS_FILE_PATTERN = '^[A-Za-z0-9_-]{8,64}[.]json$';
/** An uploader's marker: the photo id alone. */
export const MARKER_FILE_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
/** The ids newPhotoId() makes: `<UTC time taken, YYYYMMDDTHHMMSSZ>_<10 random letters and digits>`. */
export const NEW_PHOTO_ID_PATTERN = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z_[A-Za-z0-9]{10}$/;
const RANDOM_LENGTH = 10;
const RANDOM_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The custom metadata keys a waiting photo (and its thumbnail) may carry; nothing else is accepted. Who shared it
 * is the ID token's: its uid, its verified e-mail address (for organisers only: it is never copied to shared/) and
 * the account's display name, which the approver may correct.
 */
export const PENDING_METADATA_KEYS = [
  'caption',
  'takenAt',
  'width',
  'height',
  'uploaderUid',
  'uploaderName',
  'uploaderEmail',
] as const;
/** The keys every waiting photo and thumbnail must carry. */
export const REQUIRED_PENDING_METADATA_KEYS = [
  'takenAt',
  'width',
  'height',
  'uploaderUid',
  'uploaderEmail',
] as const;
/**
 * A shared photo's and thumbnail's custom metadata: exactly these keys. The uploader's uid lets storage.rules
 * allow the uploader to read and delete their own photo; the caption and the name live in the details file.
 */
export const SHARED_METADATA_KEYS = ['takenAt', 'width', 'height', 'uploaderUid'] as const;
/** A details file's custom metadata: exactly this key (the same rules read it). */
export const DETAILS_METADATA_KEYS = ['uploaderUid'] as const;
/**
 * What Storage would send back as a response header on every read of a file: no photo, thumbnail, details file or
 * marker may set any of them (a download name or an encoding chosen by a relative would reach everyone).
 */
export const SERVING_FIELDS = [
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
] as const;

/**
 * `takenAt`: an ISO 8601 instant in UTC, e.g. 2026-07-11T19:03:22Z (milliseconds allowed, as
 * Date.prototype.toISOString writes them). The same regular expression is in storage.rules.
 */
export const TAKEN_AT_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,3})?Z$';
/** `width` and `height`: a decimal integer from 1 to 99999, without leading zeros. Also in storage.rules. */
export const DIMENSION_PATTERN = '^[1-9][0-9]{0,4}$';

/** What the gallery shows of a shared photo: its details file (strings, as the metadata it was made from). */
export type PhotoDetails = {
  caption?: string;
  takenAt: string;
  /** The shared photo's pixel size. */
  width: string;
  height: string;
  uploaderUid: string;
  /** The name the approver confirmed; absent: "a relative". */
  uploaderName?: string;
};

/**
 * A waiting photo's (or thumbnail's) custom metadata, as Cloud Storage keeps it: strings only. The size is that
 * file's; the name is the account's display name (the ID token's `name`), which the approver confirms; the e-mail
 * address is the account's verified one (the ID token's `email`), for organisers only.
 */
export type PendingMetadata = PhotoDetails & { uploaderEmail: string };

/** A shared photo's (or thumbnail's) custom metadata. */
export type SharedFileMetadata = {
  takenAt: string;
  width: string;
  height: string;
  uploaderUid: string;
};

/** What a new waiting photo says about itself (the page fills it from the photo and the ID token). */
export interface PhotoFacts {
  /** Optional; an empty or blank caption is left out. */
  caption?: string | null;
  takenAt: Date;
  /** Pixel size of the file itself (the photo's, or the thumbnail's). */
  width: number;
  height: number;
  uploaderUid: string;
  /** Must be the account's display name (the ID token's `name`), or absent. */
  uploaderName?: string | null;
  /** Must be the account's e-mail address (the ID token's `email`), verified. */
  uploaderEmail: string;
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

/** `members/photos/shared/details/{photoId}.json` */
export function detailsPathOf(photoId: string): string {
  checkId(photoId);
  return `${SHARED_DETAILS_PREFIX}${photoId}${DETAILS_EXTENSION}`;
}

/** `members/photos/shared/uploaders/{uid}/`: the markers of the photos this uploader has shared. */
export function uploaderFolderOf(uid: string): string {
  checkUid(uid);
  return `${SHARED_UPLOADERS_PREFIX}${uid}/`;
}

/** `members/photos/shared/uploaders/{uid}/{photoId}` */
export function markerPathOf(uid: string, photoId: string): string {
  checkId(photoId);
  return `${uploaderFolderOf(uid)}${photoId}`;
}

/** Which of a photo's files an object is. */
export type PhotoFileKind = 'photo' | 'thumbnail' | 'details' | 'marker';

export type ParsedPhotoPath =
  | { location: PhotoLocation; file: 'photo' | 'thumbnail' }
  | { location: { state: 'shared'; photoId: string }; file: 'details' }
  | { location: { state: 'shared'; photoId: string }; file: 'marker'; uploaderUid: string };

/** The photo file an object name stands for; null for any other name, including deeper paths. */
export function parsePhotoPath(name: string): ParsedPhotoPath | null {
  const idOf = (segment: string | undefined, extension: string) => {
    if (segment === undefined || !segment.endsWith(extension)) return null;
    const photoId = extension ? segment.slice(0, -extension.length) : segment;
    return isPhotoId(photoId) ? photoId : null;
  };
  const imageOf = (rest: string[]) => {
    const thumbnail = rest.length === 2 && rest[0] === THUMBNAILS_FOLDER;
    if (rest.length !== 1 && !thumbnail) return null;
    const photoId = idOf(rest.at(-1), PHOTO_EXTENSION);
    return photoId ? { photoId, file: thumbnail ? ('thumbnail' as const) : ('photo' as const) } : null;
  };
  if (name.startsWith(SHARED_PREFIX)) {
    const rest = name.slice(SHARED_PREFIX.length).split('/');
    if (rest.length === 2 && `${SHARED_PREFIX}${rest[0]}/` === SHARED_DETAILS_PREFIX) {
      const photoId = idOf(rest[1], DETAILS_EXTENSION);
      return photoId ? { location: { state: 'shared', photoId }, file: 'details' } : null;
    }
    if (rest.length === 3 && `${SHARED_PREFIX}${rest[0]}/` === SHARED_UPLOADERS_PREFIX && rest[1]) {
      const photoId = idOf(rest[2], '');
      return photoId
        ? { location: { state: 'shared', photoId }, file: 'marker', uploaderUid: rest[1] }
        : null;
    }
    const image = imageOf(rest);
    return image ? { location: { state: 'shared', photoId: image.photoId }, file: image.file } : null;
  }
  if (name.startsWith(PENDING_PREFIX)) {
    const [uid, ...rest] = name.slice(PENDING_PREFIX.length).split('/');
    if (!uid) return null;
    const image = imageOf(rest);
    return image ? { location: { state: 'pending', uid, photoId: image.photoId }, file: image.file } : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Metadata and details
// ---------------------------------------------------------------------------------------------------------------

/**
 * A caption's length as storage.rules' size() may count it. The rules reference says only "the number of
 * characters"; the runtime is Java, whose strings count UTF-16 code units, so an emoji may count twice. Counted the
 * same way here (and by the local emulator), a caption the page accepts passes in production whichever way it
 * counts: 300 letters, or 150 emoji.
 */
export function captionLength(caption: string): number {
  return caption.length;
}

function dimensions(width: number | string, height: number | string): { width: string; height: string } {
  for (const [key, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!new RegExp(DIMENSION_PATTERN).test(String(value))) throw new RangeError(`Not a ${key}: ${value}`);
  }
  return { width: String(width), height: String(height) };
}

/** The custom metadata a relative's page uploads with a waiting photo or its thumbnail (that file's size). */
export function pendingMetadata(facts: PhotoFacts): PendingMetadata {
  const caption = cleanText(facts.caption ?? '');
  const name = facts.uploaderName?.trim();
  if (!facts.uploaderUid) throw new RangeError('A photo needs its uploader.');
  if (!facts.uploaderEmail) throw new RangeError('A photo needs its uploader’s e-mail address.');
  return {
    ...(caption ? { caption } : {}),
    takenAt: formatTakenAt(facts.takenAt),
    ...dimensions(facts.width, facts.height),
    uploaderUid: facts.uploaderUid,
    // Exactly the account's name: storage.rules compares it with the token's.
    ...(name && name === facts.uploaderName ? { uploaderName: name } : {}),
    uploaderEmail: facts.uploaderEmail,
  };
}

/** The custom metadata of a shared photo or thumbnail the approver makes (that file's size). */
export function sharedFileMetadata(
  details: Pick<PhotoDetails, 'takenAt' | 'uploaderUid'>,
  size: { width: number; height: number },
): SharedFileMetadata {
  return {
    takenAt: details.takenAt,
    ...dimensions(size.width, size.height),
    uploaderUid: details.uploaderUid,
  };
}

/**
 * The details of a shared photo, as the approver writes them: the waiting photo's caption and date, the new
 * photo's size, and the name the approver confirmed (blank: none, "a relative"). Never the e-mail address.
 */
export function approvedDetails(
  waiting: Pick<PendingMetadata, 'caption' | 'takenAt' | 'uploaderUid'>,
  size: { width: number; height: number },
  confirmedName: string | undefined,
): PhotoDetails {
  // Cleaned as the moderation page showed them (readPendingMetadata): what was approved is what is kept.
  const name = cleanText(confirmedName ?? '');
  const caption = cleanText(waiting.caption ?? '');
  return {
    ...(caption ? { caption } : {}),
    takenAt: waiting.takenAt,
    ...dimensions(size.width, size.height),
    uploaderUid: waiting.uploaderUid,
    ...(name ? { uploaderName: [...name].slice(0, MAX_NAME_LENGTH).join('') } : {}),
  };
}

const stringOf = (md: Readonly<Record<string, unknown>>, key: string) =>
  typeof md[key] === 'string' ? md[key] : undefined;

/** The problems of takenAt, width, height and caption, each in words. */
function formatProblems(md: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const takenAt = stringOf(md, 'takenAt');
  if (takenAt !== undefined && !new RegExp(TAKEN_AT_PATTERN).test(takenAt))
    problems.push('takenAt not a UTC time');
  for (const key of ['width', 'height'] as const) {
    const value = stringOf(md, key);
    if (value !== undefined && !new RegExp(DIMENSION_PATTERN).test(value)) problems.push(`${key} not a size`);
  }
  const caption = md.caption;
  if (caption !== undefined && typeof caption !== 'string') problems.push('caption not a text');
  if (typeof caption === 'string' && captionLength(caption) > MAX_CAPTION_LENGTH) {
    problems.push(`caption over ${MAX_CAPTION_LENGTH} characters`);
  }
  return problems;
}

function keyProblems(
  md: Readonly<Record<string, unknown>>,
  allowed: readonly string[],
  required: readonly string[],
): string[] {
  const problems: string[] = [];
  const unknown = Object.keys(md).filter((key) => !allowed.includes(key));
  if (unknown.length) problems.push(`unknown metadata ${unknown.join(', ')}`);
  for (const key of required) if (typeof md[key] !== 'string') problems.push(`no ${key}`);
  return problems;
}

/**
 * What is wrong with a waiting photo's (or thumbnail's) custom metadata, in words; empty when storage.rules accepts
 * it. Checks the key list, the required keys, the formats and the length; not who uploaded it (the rules compare
 * uploaderUid, uploaderName and uploaderEmail with the ID token).
 */
export function pendingMetadataProblems(
  metadata: Readonly<Record<string, unknown>> | null | undefined,
): string[] {
  const md = metadata ?? {};
  const problems = [
    ...keyProblems(md, PENDING_METADATA_KEYS, REQUIRED_PENDING_METADATA_KEYS),
    ...formatProblems(md),
  ];
  for (const key of ['uploaderName', 'uploaderEmail'] as const)
    if (md[key] !== undefined && typeof md[key] !== 'string') problems.push(`${key} not a text`);
  return problems;
}

/**
 * A photo's details out of checked metadata, without any other key it may hold, the relative's texts (caption,
 * name) as cleanText() shows and keeps them: a blank one is left out.
 */
function detailsOnly({
  caption,
  takenAt,
  width,
  height,
  uploaderUid,
  uploaderName,
}: PhotoDetails): PhotoDetails {
  const cleanCaption = cleanText(caption ?? '');
  const cleanName = cleanText(uploaderName ?? '');
  return {
    ...(cleanCaption ? { caption: cleanCaption } : {}),
    takenAt,
    width,
    height,
    uploaderUid,
    ...(cleanName ? { uploaderName: cleanName } : {}),
  };
}

/** The metadata of a waiting photo, or null when it is not what storage.rules lets in. */
export function readPendingMetadata(
  metadata: Readonly<Record<string, unknown>> | null | undefined,
): PendingMetadata | null {
  if (!metadata || pendingMetadataProblems(metadata).length) return null;
  const checked = metadata as unknown as PendingMetadata;
  return { ...detailsOnly(checked), uploaderEmail: checked.uploaderEmail };
}

/** What is wrong with a shared photo's (or thumbnail's) custom metadata; empty when storage.rules accepts it. */
export function sharedMetadataProblems(
  metadata: Readonly<Record<string, unknown>> | null | undefined,
): string[] {
  const md = metadata ?? {};
  return [...keyProblems(md, SHARED_METADATA_KEYS, SHARED_METADATA_KEYS), ...formatProblems(md)];
}

/** A details file's text. */
export function detailsText(details: PhotoDetails): string {
  return JSON.stringify(details);
}

/**
 * The details in a details file's text, or null when it is not a photo's details (the page then shows the date the
 * photo id carries, and "a relative").
 */
export function readPhotoDetails(text: string): PhotoDetails | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const md = value as Record<string, unknown>;
  const allowed = ['caption', 'takenAt', 'width', 'height', 'uploaderUid', 'uploaderName'];
  const problems = [
    ...keyProblems(md, allowed, ['takenAt', 'width', 'height', 'uploaderUid']),
    ...formatProblems(md),
  ];
  const name = md.uploaderName;
  if (name !== undefined && (typeof name !== 'string' || captionLength(name) > MAX_NAME_LENGTH))
    problems.push('uploaderName not a name');
  if (problems.length) return null;
  return detailsOnly(md as unknown as PhotoDetails);
}

// ---------------------------------------------------------------------------------------------------------------
// Approving (pending -> shared), rejecting (delete pending), removing (delete shared)
// ---------------------------------------------------------------------------------------------------------------

/** What exists of one photo in both places (each flag: the object is there). */
export interface PhotoState {
  pending: { photo?: boolean; thumbnail?: boolean };
  shared: {
    /** The shared photo, with the uploader its metadata names. */
    photo?: { uploaderUid?: string };
    thumbnail?: boolean;
    details?: boolean;
    marker?: boolean;
  };
}

/**
 * One step of a plan. `publish`: decode the waiting photo, make the shared photo and its thumbnail from it, and
 * write the thumbnail, the details file, the uploader's marker and last the photo (a listing of shared/ never
 * shows a photo whose thumbnail or details are not there yet).
 */
export type PhotoStep = { op: 'delete'; path: string } | { op: 'publish' };

export type ApprovalPlan =
  | {
      ok: true;
      steps: PhotoStep[];
      /** Nothing is left to do: the photo is shared and nothing of it waits. */
      done: boolean;
    }
  | {
      ok: false;
      /**
       * not-found: neither waiting nor shared; conflict: a photo of another uploader is already shared under the
       * same id.
       */
      problem: 'not-found' | 'conflict';
    };

/**
 * The steps that approve a waiting photo, from what exists now. Idempotent: after a failure part-way, the plan
 * made from the new state finishes the approval, and a finished one plans nothing. The shared photo is the
 * approval's last write: while it is missing, whatever else of it exists in shared/ is left from a try that stopped
 * (it is deleted, and everything is made again from the waiting photo); once it is there, only the waiting copies
 * are left to delete. Shared by another uploader under the same id, it is a conflict.
 */
export function approvalPlan(uid: string, photoId: string, state: PhotoState): ApprovalPlan {
  const pending: PhotoLocation = { state: 'pending', uid, photoId };
  const shared: PhotoLocation = { state: 'shared', photoId };
  const deleteWaiting: PhotoStep[] = [
    ...(state.pending.photo ? [{ op: 'delete', path: photoPathOf(pending) } as const] : []),
    ...(state.pending.thumbnail ? [{ op: 'delete', path: thumbnailPathOf(pending) } as const] : []),
  ];
  if (state.shared.photo) {
    if (state.shared.photo.uploaderUid !== uid) return { ok: false, problem: 'conflict' };
    return { ok: true, steps: deleteWaiting, done: deleteWaiting.length === 0 };
  }
  if (!state.pending.photo) return { ok: false, problem: 'not-found' };
  const leftovers: PhotoStep[] = [
    ...(state.shared.thumbnail ? [{ op: 'delete', path: thumbnailPathOf(shared) } as const] : []),
    ...(state.shared.details ? [{ op: 'delete', path: detailsPathOf(photoId) } as const] : []),
    ...(state.shared.marker ? [{ op: 'delete', path: markerPathOf(uid, photoId) } as const] : []),
  ];
  return { ok: true, steps: [...leftovers, { op: 'publish' }, ...deleteWaiting], done: false };
}

/** Deletes the waiting photo and thumbnail (those that exist): reject, or the uploader's withdrawal. */
export function rejectionPlan(uid: string, photoId: string, state: Pick<PhotoState, 'pending'>): PhotoStep[] {
  const location: PhotoLocation = { state: 'pending', uid, photoId };
  return [
    // The photo first: a listing never shows a photo whose thumbnail is already gone.
    ...(state.pending.photo ? [{ op: 'delete', path: photoPathOf(location) } as const] : []),
    ...(state.pending.thumbnail ? [{ op: 'delete', path: thumbnailPathOf(location) } as const] : []),
  ];
}

/**
 * Deletes a shared photo: the photo first (it leaves the gallery at once), then its thumbnail, its details and its
 * uploader's marker (`uploaderUid` unknown: no marker to delete).
 */
export function removalPlan(photoId: string, uploaderUid: string | undefined): PhotoStep[] {
  const shared: PhotoLocation = { state: 'shared', photoId };
  return [
    { op: 'delete', path: photoPathOf(shared) },
    { op: 'delete', path: thumbnailPathOf(shared) },
    { op: 'delete', path: detailsPathOf(photoId) },
    ...(uploaderUid ? [{ op: 'delete', path: markerPathOf(uploaderUid, photoId) } as const] : []),
  ];
}
