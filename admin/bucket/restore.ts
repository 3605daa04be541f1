/**
 * Putting a backup back (npm run organiser:restore): the objects the bucket lacks, byte for byte, with the content
 * type, headers and custom metadata storage.rules read, through the Admin SDK (so without a download token), and
 * the approvals and organiser roles of the accounts that still exist with the same e-mail address. Never what a
 * deletion marker covers (src/domain/keeping.ts), nor unless asked the files of an account that no longer exists:
 * a relative who deleted their account after the backup does not get their photos back, even when the bucket was
 * emptied since and took the marker with it. An object the bucket has with other bytes than the backup (changed since) is listed and
 * left alone unless asked (`overwrite`): the bucket's may be the newer.
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

import type { Auth, UserRecord } from 'firebase-admin/auth';
import { ORGANISER_CLAIM } from '../../src/domain/access.ts';
import { ownerOf } from '../../src/domain/keeping.ts';
import type { Bucket } from '../firebase-admin.ts';
import {
  isDeletedForGood,
  localPathOf,
  markersOf,
  md5OfFile,
  type AccountRecord,
  type BackupEntry,
  type BackupManifest,
} from './backup.ts';
import { APPROVED_CLAIM } from './member-files.ts';

/** What an account that still exists gets back. */
export interface AccountChange {
  email: string;
  uid: string;
  /** Claims and state to set: only those that differ from the account's now. */
  approved?: boolean;
  organiser?: boolean;
  blocked?: boolean;
}

export interface RestorePlan {
  /** Missing from the bucket: put back. */
  missing: BackupEntry[];
  /** The bucket has other bytes: put back only when asked. */
  changed: BackupEntry[];
  /** In the backup, gone from the bucket, and a deletion marker says for good: not put back. */
  deleted: BackupEntry[];
  /**
   * A relative's files (waiting photos, shared photos, suggestions) whose account no longer exists: deleted with
   * the account after the backup, most likely. Put back only when asked (`allAccounts`: the accounts were lost
   * with the project, not deleted by their owners).
   */
  ofGoneAccounts: BackupEntry[];
  /** The same in both. */
  same: number;
  accounts: AccountChange[];
  /** Accounts of the backup with no account of that e-mail address now (they sign up again). */
  accountsGone: AccountRecord[];
}

/** Pure: what a restore would do. `current` is the bucket's listing, `users` the accounts now. */
export function planRestore(
  manifest: BackupManifest,
  current: readonly BackupEntry[],
  backupAccounts: readonly AccountRecord[],
  users: readonly Pick<UserRecord, 'uid' | 'email' | 'customClaims' | 'disabled'>[],
): RestorePlan {
  const plan: RestorePlan = {
    missing: [],
    changed: [],
    deleted: [],
    ofGoneAccounts: [],
    same: 0,
    accounts: [],
    accountsGone: [],
  };
  const now = new Map(current.map((entry) => [entry.path, entry]));
  const markers = markersOf([...current, ...Object.values(manifest.objects)]);
  const uids = new Set(users.map((user) => user.uid));
  for (const entry of Object.values(manifest.objects)) {
    const there = now.get(entry.path);
    const owner = ownerOf(entry).uid;
    if (there && there.md5 === entry.md5) plan.same += 1;
    else if (isDeletedForGood(entry, markers)) plan.deleted.push(entry);
    else if (!there && owner && !uids.has(owner)) plan.ofGoneAccounts.push(entry);
    else if (there) plan.changed.push(entry);
    else plan.missing.push(entry);
  }
  const byEmail = new Map(
    users.filter((user) => user.email).map((user) => [user.email!.toLowerCase(), user]),
  );
  for (const account of backupAccounts) {
    if (!account.email) continue;
    const user = byEmail.get(account.email.toLowerCase());
    if (!user) {
      plan.accountsGone.push(account);
      continue;
    }
    const claims = user.customClaims ?? {};
    const change: AccountChange = { email: user.email!, uid: user.uid };
    if ((claims[APPROVED_CLAIM] === true) !== account.approved) change.approved = account.approved;
    if ((claims[ORGANISER_CLAIM] === true) !== account.organiser) change.organiser = account.organiser;
    if (user.disabled !== account.blocked) change.blocked = account.blocked;
    if (Object.keys(change).length > 2) plan.accounts.push(change);
  }
  const order = (a: BackupEntry, b: BackupEntry) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  plan.missing.sort(order);
  plan.changed.sort(order);
  plan.deleted.sort(order);
  plan.ofGoneAccounts.sort(order);
  return plan;
}

/**
 * Puts one object back from the backup folder, as it was: its bytes (checked against the manifest's MD5 before,
 * and against the bucket's after), content type, headers and custom metadata. The Admin SDK gives it no token.
 */
export async function putBack(bucket: Bucket, folder: string, entry: BackupEntry): Promise<void> {
  const source = localPathOf(folder, entry.path);
  if ((await md5OfFile(source)) !== entry.md5) {
    throw new Error(`${source} is not the file the backup recorded (run organiser:backup -- --verify)`);
  }
  const file = bucket.file(entry.path);
  await pipeline(
    createReadStream(source),
    file.createWriteStream({
      resumable: false,
      validation: 'md5',
      metadata: {
        contentType: entry.contentType ?? 'application/octet-stream',
        ...(entry.contentDisposition && { contentDisposition: entry.contentDisposition }),
        ...(entry.contentEncoding && { contentEncoding: entry.contentEncoding }),
        ...(entry.contentLanguage && { contentLanguage: entry.contentLanguage }),
        ...(entry.cacheControl && { cacheControl: entry.cacheControl }),
        metadata: entry.metadata,
      },
    }),
  );
  const [stored] = await file.getMetadata();
  if (stored.md5Hash !== entry.md5) throw new Error(`gs://${bucket.name}/${entry.path} did not arrive whole`);
}

/** Sets an account's approval, organiser role and block as the backup had them. */
export async function restoreAccount(auth: Auth, change: AccountChange): Promise<void> {
  if (change.approved !== undefined || change.organiser !== undefined) {
    const user = await auth.getUser(change.uid);
    const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
    for (const [claim, value] of [
      [APPROVED_CLAIM, change.approved],
      [ORGANISER_CLAIM, change.organiser],
    ] as const) {
      if (value === true) claims[claim] = true;
      else if (value === false) delete claims[claim];
    }
    await auth.setCustomUserClaims(change.uid, claims);
  }
  if (change.blocked !== undefined) {
    await auth.updateUser(change.uid, { disabled: change.blocked });
    if (change.blocked) await auth.revokeRefreshTokens(change.uid);
  }
}
