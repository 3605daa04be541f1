/**
 * Download tokens (the custom metadata `firebaseStorageDownloadTokens`): Firebase Storage gives an object one when a
 * client reads its metadata through the Firebase API and finds none, and on every upload through that API. A link
 * with `?alt=media&token=<token>` then reads the object without storage.rules, without signing in, for as long as
 * the token exists: blocking or unapproving an account does not stop it, and anyone can forward it.
 *
 *   - No file under members/ may carry one (organiser:check fails; --remove-tokens removes them), but a waiting
 *     upload (a relative's waiting photo or suggestion), which gets one by Firebase's design and is read only by its
 *     sender and the organisers: listed apart, as information.
 *   - Rules cannot tell a metadata read from a download, so any account can mint a token for a file while it may
 *     read it. What the site promises is that no link outlives that access: block and unapprove remove the tokens
 *     of every file the account could read (tokensReadableBy).
 *
 * Removing one goes through the Admin SDK, which never creates a token: the metadata key set to null.
 */
import { MEMBERS_PREFIX } from '../../src/domain/catalogue.ts';
import { FACES_PREFIX } from '../../src/domain/faces.ts';
import { PENDING_PREFIX, PHOTOS_PREFIX } from '../../src/domain/photos.ts';
import { statusOf, type Bucket } from '../firebase-admin.ts';
import { DOWNLOAD_TOKENS_METADATA_KEY } from './member-files.ts';

export function isPhotoPath(name: string): boolean {
  return name.startsWith(PHOTOS_PREFIX);
}

/** How many download tokens custom metadata holds (comma-separated in the one key); 0 for none. */
export function tokenCount(metadata: Readonly<Record<string, unknown>> | null | undefined): number {
  const value = metadata?.[DOWNLOAD_TOKENS_METADATA_KEY];
  if (typeof value !== 'string') return 0;
  return value.split(',').filter((token) => token.trim() !== '').length;
}

/**
 * The account a waiting upload belongs to: the folder of a waiting photo (members/photos/pending/<uid>/...) or of a
 * suggestion (members/faces/<file id>/suggestions/<uid>/...). Undefined for every other path.
 */
export function waitingUploaderOf(path: string): string | undefined {
  if (path.startsWith(PENDING_PREFIX)) return path.slice(PENDING_PREFIX.length).split('/')[0] || undefined;
  if (!path.startsWith(FACES_PREFIX)) return undefined;
  const [, folder, uid, ...rest] = path.slice(FACES_PREFIX.length).split('/');
  return folder === 'suggestions' && uid && rest.length ? uid : undefined;
}

/** Who an account is, as far as what it may read under members/ goes. */
export interface Reader {
  uid: string;
  organiser: boolean;
}

/**
 * Whether one of the accounts could read the object while it was allowed (approved: every file under members/; an
 * organiser: everything), and so could have minted a download token for it: everything under members/ but the
 * waiting uploads of other accounts, which only their senders and the organisers read.
 */
export function couldRead(path: string, readers: readonly Reader[]): boolean {
  if (!path.startsWith(MEMBERS_PREFIX)) return false;
  const uploader = waitingUploaderOf(path);
  return !uploader || readers.some((reader) => reader.organiser || reader.uid === uploader);
}

/** What became of one object's tokens. */
export interface TokenRemoval {
  path: string;
  /** Tokens the object carried (0: nothing to do, or no such object). */
  removed: number;
  /** The object is not in the bucket. */
  missing?: boolean;
}

async function customMetadataOf(bucket: Bucket, path: string) {
  const [metadata] = await bucket.file(path).getMetadata();
  return metadata;
}

/**
 * Removes every download token of one object, through the Admin SDK (which creates none): the metadata key set to
 * null, as Cloud Storage keeps them (the local emulator is aligned with it), then the object read back to be sure.
 * Throws when a token remains.
 */
export async function removeDownloadTokens(bucket: Bucket, path: string): Promise<TokenRemoval> {
  let before;
  try {
    before = await customMetadataOf(bucket, path);
  } catch (err) {
    if (statusOf(err) === 404) return { path, removed: 0, missing: true };
    throw err;
  }
  const removed = tokenCount(before.metadata);
  if (!removed) return { path, removed: 0 };
  await bucket.file(path).setMetadata({ metadata: { [DOWNLOAD_TOKENS_METADATA_KEY]: null } });
  const after = await customMetadataOf(bucket, path);
  if (tokenCount(after.metadata)) {
    throw new Error(`gs://${bucket.name}/${path} still carries a download token after its removal`);
  }
  return { path, removed };
}

/** What removing the tokens readable by some accounts did. */
export interface ReadableTokenRemoval {
  /** Objects under members/ the accounts could read. */
  checked: number;
  /** The objects that carried tokens, and how many each. */
  removals: TokenRemoval[];
}

/**
 * Removes the download token of every object under members/ the accounts could read (couldRead): a link any of them
 * made while allowed stops working. One listing, then only the objects with a token are touched.
 */
export async function removeTokensReadableBy(
  bucket: Bucket,
  readers: readonly Reader[],
): Promise<ReadableTokenRemoval> {
  const [files] = await bucket.getFiles({ prefix: MEMBERS_PREFIX, autoPaginate: true });
  const readable = files.filter((file) => couldRead(file.name, readers));
  const removals: TokenRemoval[] = [];
  for (const file of readable) {
    if (tokenCount(file.metadata.metadata)) removals.push(await removeDownloadTokens(bucket, file.name));
  }
  return { checked: readable.length, removals };
}
