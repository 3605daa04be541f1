/**
 * Download tokens (the custom metadata `firebaseStorageDownloadTokens`): Firebase Storage gives an object one when a
 * client reads its metadata through the Firebase API and finds none, and on every upload through that API. A link
 * with `?alt=media&token=<token>` then reads the object without storage.rules, without signing in, for as long as
 * the token exists: blocking or unapproving an account does not stop it, and anyone can forward it.
 *
 *   - Catalogue files and their previews must never carry one (organiser:check fails; --remove-tokens, block and
 *     unapprove remove them). Every other file under members/ outside the photos is held to the same rule.
 *   - Relatives' photos (members/photos/...) get one at upload by Firebase's design: listed apart, as information.
 *
 * Removing one goes through the Admin SDK, which never creates a token: the metadata key set to null.
 */
import { CATALOGUE, hasThumbnail, storagePathOf, thumbnailPathOf } from '../../src/domain/catalogue.ts';
import { PHOTOS_PREFIX } from '../../src/domain/photos.ts';
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
 * The objects a blocked or unapproved account must lose every link to: the catalogue's approval-only files (the
 * lists of living people) and their previews, if they have any.
 */
export function approvalOnlyPaths(): string[] {
  return CATALOGUE.filter((entry) => entry.approvalOnly).flatMap((entry) => [
    storagePathOf(entry),
    ...(hasThumbnail(entry) ? [thumbnailPathOf(entry)] : []),
  ]);
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
