/**
 * What the subcommands of organiser:photos share: the group's options, the photo ids an argument names, the
 * waiting and shared photos in the bucket, the accounts that sent them, and how a relative's words are shown (text
 * only, on one line: admin/terminal-text.ts).
 */
import type { UserRecord } from 'firebase-admin/auth';

import { PENDING_PREFIX, isPhotoId, parsePhotoPath, photoPathOf } from '../../../src/domain/photos.ts';
import type { Bucket } from '../../../admin/firebase-admin.ts';
import { authFailure, listObjects, statusOf, storageFailure, type StoredObject } from '../../core/admin.ts';
import { YES_OPTION, type CommandRun } from '../../core/cli.ts';
import { CommandError, UsageError } from '../../core/errors.ts';
import { subcommandOf } from '../../core/subcommands.ts';
import { TARGET_OPTIONS, type Target } from '../../core/target.ts';
import { oneLine } from '../../../admin/terminal-text.ts';

export const NAME = 'organiser:photos';

/** The options every subcommand takes. */
export const OPTIONS = { ...TARGET_OPTIONS, ...YES_OPTION } as const;
export type PhotosRun = CommandRun<typeof OPTIONS>;

/** Defines one subcommand of organiser:photos (../../core/subcommands.ts). */
export const photosSubcommand = subcommandOf<typeof OPTIONS>();

/**
 * Photo ids, each once; a file name pasted from the console is fine (its .jpg is dropped). `orElse` says what may
 * stand instead of ids (approve: ' (or --all)').
 */
export function photoIds(command: string, rest: readonly string[], orElse = ''): string[] {
  if (!rest.length) throw new UsageError(`${command} needs at least one photo id${orElse}; list shows them.`);
  const ids = rest.map((id) => id.trim().replace(/\.jpg$/i, ''));
  const invalid = ids.filter((id) => !isPhotoId(id));
  if (invalid.length) {
    throw new UsageError(`Not a photo id: ${invalid.join(', ')} (8-64 letters, digits, _ or -).`);
  }
  return [...new Set(ids)];
}

/** The target's bucket. Connects first (a real project: the credentials are tried), so a login problem reads as one. */
export async function bucketOf(run: PhotosRun): Promise<Bucket> {
  return (await run.admin()).bucket(run.target.bucket);
}

// ---------------------------------------------------------------------------------------------------------------
// What is in the bucket
// ---------------------------------------------------------------------------------------------------------------

export interface WaitingPhoto {
  uid: string;
  photoId: string;
  photo?: StoredObject;
  thumbnail?: StoredObject;
}

/** The waiting photos, grouped by uploader and id; the objects under pending/ that are no photo apart. */
export function groupWaiting(objects: readonly StoredObject[]): {
  waiting: WaitingPhoto[];
  strays: StoredObject[];
} {
  const byKey = new Map<string, WaitingPhoto>();
  const strays: StoredObject[] = [];
  for (const object of objects) {
    const parsed = parsePhotoPath(object.name);
    if (!parsed || parsed.location.state !== 'pending') {
      if (!object.name.endsWith('/')) strays.push(object);
      continue;
    }
    const { uid, photoId } = parsed.location;
    const key = `${uid}/${photoId}`;
    const entry = byKey.get(key) ?? { uid, photoId };
    if (parsed.file === 'thumbnail') entry.thumbnail = object;
    else entry.photo = object;
    byKey.set(key, entry);
  }
  // By photo id: the order they were taken in.
  const waiting = [...byKey.values()].sort(
    (a, b) => a.photoId.localeCompare(b.photoId, 'en') || a.uid.localeCompare(b.uid, 'en'),
  );
  return { waiting, strays };
}

export async function listWaiting(bucket: Bucket, target: Target) {
  try {
    return groupWaiting(await listObjects(bucket, PENDING_PREFIX));
  } catch (err) {
    throw storageFailure(`Listing gs://${target.bucket}/${PENDING_PREFIX}`, err, target);
  }
}

/** The photo shared under an id: the uploader its metadata names; undefined when there is none. */
export async function sharedPhotoOf(
  bucket: Bucket,
  photoId: string,
  target: Target,
): Promise<{ uploaderUid?: string } | undefined> {
  const path = photoPathOf({ state: 'shared', photoId });
  try {
    const [metadata] = await bucket.file(path).getMetadata();
    const uploaderUid = metadata.metadata?.uploaderUid;
    return typeof uploaderUid === 'string' ? { uploaderUid } : {};
  } catch (err) {
    if (statusOf(err) === 404) return undefined;
    throw storageFailure(`Reading gs://${target.bucket}/${path}`, err, target);
  }
}

/** Finds the waiting photos of the ids; those waiting nowhere go to `missing`. */
export function findWaiting(waiting: readonly WaitingPhoto[], ids: readonly string[]) {
  const found: WaitingPhoto[] = [];
  const missing: string[] = [];
  const twice: string[] = [];
  for (const id of ids) {
    const matches = waiting.filter((photo) => photo.photoId === id);
    if (matches.length > 1) twice.push(`${id} (${matches.map((photo) => photo.uid).join(', ')})`);
    else if (matches[0]) found.push(matches[0]);
    else missing.push(id);
  }
  if (twice.length) {
    throw new CommandError(
      `Waiting in the folders of more than one uploader: ${twice.join('; ')}. Nothing was changed. ` +
        'Reject the wrong one in the Firebase console (members/photos/pending/<uid>/).',
    );
  }
  return { found, missing };
}

// ---------------------------------------------------------------------------------------------------------------
// Who shared them, and how it is shown
// ---------------------------------------------------------------------------------------------------------------

/** The accounts of the uids (the uploaders' folders), by uid; a uid without an account is left out. */
export async function accountsOf(
  run: Pick<PhotosRun, 'admin' | 'target'>,
  uids: string[],
): Promise<Map<string, UserRecord>> {
  const found = new Map<string, UserRecord>();
  if (!uids.length) return found;
  const { auth } = await run.admin();
  try {
    for (let i = 0; i < uids.length; i += 100) {
      const result = await auth.getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
      for (const user of result.users) found.set(user.uid, user);
    }
  } catch (err) {
    throw authFailure("Looking up the uploaders' accounts", err, run.target);
  }
  return found;
}

/** The account that sent a photo: its e-mail address (verified: storage.rules compare it with the ID token's). */
export function uploaderOf(photo: WaitingPhoto, accounts: Map<string, UserRecord>): string {
  const account = accounts.get(photo.uid);
  if (account?.email) return oneLine(account.email);
  const email = (photo.photo ?? photo.thumbnail)?.metadata.uploaderEmail;
  return `(no account${email ? `; was ${oneLine(email)}` : ''}) ${photo.uid}`;
}

/** How much of a caption a line of output shows. */
export const CAPTION_SHOWN = 50;
