/**
 * The organisers' side in the browser tests: `npm run organiser:members`'s command run against the local stack
 * (no --project: the command finds the emulators itself), and fresh verified accounts made through
 * the Admin SDK for tests that must not change the demo accounts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectAdmin, hostOf, type AdminConnection, type Bucket } from '../../admin/firebase-admin.ts';
import { APPROVED_CLAIM, ORGANISER_CLAIM } from '../../src/domain/access.ts';
import { CATALOGUE } from '../../src/domain/catalogue.ts';
import { suggestionsFolderOf } from '../../src/domain/faces.ts';
import { PENDING_PREFIX, SHARED_PREFIX, parsePhotoPath, uploaderFolderOf } from '../../src/domain/photos.ts';
import { AUTH_URL, BUCKET, PROJECT_ID, STORAGE_URL, type DemoAccount } from '../../tools/local/config.ts';

const run = promisify(execFile);

/**
 * Runs what `npm run organiser:members -- <args>` runs (organiser/core/cli.test.ts holds the script to it), without
 * npm's own start (about half a CPU-second each); resolves with its output, rejects (with the output) on exit ≠ 0.
 */
export async function organiserMembers(...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'organiser/commands/members.ts', ...args],
      { timeout: 90_000 },
    );
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    throw new Error(
      `organiser:members ${args.join(' ')} exited ${failed.code}:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    );
  }
}

/**
 * Makes these accounts afresh (one left by an earlier run against the same stack is replaced), with their
 * verification and approval; resolves with the function that removes them.
 */
export async function createAccounts(accounts: readonly DemoAccount[]): Promise<() => Promise<void>> {
  const admin = connectAdmin({ projectId: PROJECT_ID, emulators: { auth: hostOf(AUTH_URL) } });
  const uids: string[] = [];
  try {
    for (const account of accounts) {
      const old = await admin.auth.getUserByEmail(account.email).catch(() => undefined);
      if (old) await admin.auth.deleteUser(old.uid);
      const user = await admin.auth.createUser({
        email: account.email,
        password: account.password,
        emailVerified: account.verified,
        displayName: account.displayName,
      });
      if (account.approved) await admin.auth.setCustomUserClaims(user.uid, { [APPROVED_CLAIM]: true });
      uids.push(user.uid);
    }
  } catch (error) {
    await admin.close();
    throw error;
  }
  return async () => {
    try {
      await admin.auth.deleteUsers(uids);
    } finally {
      await admin.close();
    }
  };
}

/** The Admin SDK on the local stack's Auth and Storage emulators (what an organiser's command uses). */
export function localAdmin(): AdminConnection {
  return connectAdmin({
    projectId: PROJECT_ID,
    emulators: { auth: hostOf(AUTH_URL), storage: hostOf(STORAGE_URL) },
  });
}

/** The local stack's bucket through the Admin SDK, closed by the returned function. */
export function localBucket(): { bucket: Bucket; close: () => Promise<void> } {
  const admin = localAdmin();
  return { bucket: admin.bucket(BUCKET), close: () => admin.close() };
}

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  /** Deletes the account and every photo it left in the bucket (waiting, and shared ones it uploaded). */
  remove: () => Promise<void>;
}

export interface AccountOptions {
  approved?: boolean;
  organiser?: boolean;
  displayName?: string;
  password?: string;
}

/**
 * A new verified account for one test, with the claims it needs (`approved`, `organiser`), made through the Admin
 * SDK as an organiser's command would: tests that each use their own accounts can run side by side.
 */
export async function createAccount({
  label,
  approved = true,
  organiser = false,
  displayName = 'Test Relative',
  password = 'Reunion1976',
}: AccountOptions & { label: string }): Promise<TestAccount> {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const admin = localAdmin();
  try {
    const user = await admin.auth.createUser({ email, password, emailVerified: true, displayName });
    const claims = {
      ...(approved ? { [APPROVED_CLAIM]: true } : {}),
      ...(organiser ? { [ORGANISER_CLAIM]: true } : {}),
    };
    if (Object.keys(claims).length) await admin.auth.setCustomUserClaims(user.uid, claims);
    return {
      uid: user.uid,
      email,
      password,
      displayName,
      remove: () => removeAccount(user.uid),
    };
  } finally {
    await admin.close();
  }
}

/**
 * The accounts a spec's tests make for themselves: the function returned makes one (createAccount), and every
 * account a test made is removed, with its photos, after that test, whether it passed or not.
 */
export function accountsOfEachTest(test: { afterEach(hook: () => Promise<void>): void }) {
  const made: TestAccount[] = [];
  test.afterEach(async () => {
    await Promise.all(made.splice(0).map((account) => account.remove()));
  });
  return async (label: string, options: AccountOptions = {}): Promise<TestAccount> => {
    const created = await createAccount({ label, ...options });
    made.push(created);
    return created;
  };
}

/** Deletes an account (if it is still there), the photos it uploaded and the names it suggested. */
async function removeAccount(uid: string): Promise<void> {
  const admin = localAdmin();
  try {
    const bucket = admin.bucket(BUCKET);
    await bucket.deleteFiles({ prefix: `${PENDING_PREFIX}${uid}/` }).catch(() => {});
    await bucket.deleteFiles({ prefix: uploaderFolderOf(uid) }).catch(() => {});
    // Names it suggested for who is who, on any picture.
    for (const entry of CATALOGUE.filter(({ kind }) => kind === 'jpeg'))
      await bucket.deleteFiles({ prefix: suggestionsFolderOf(entry.id, uid) }).catch(() => {});
    const [shared] = await bucket.getFiles({ prefix: SHARED_PREFIX });
    const theirs = shared.filter((file) => file.metadata.metadata?.uploaderUid === uid);
    await Promise.all(theirs.map((file) => file.delete({ ignoreNotFound: true })));
    await admin.auth.deleteUser(uid).catch(() => {});
  } finally {
    await admin.close();
  }
}

/** Every object stored under a prefix (names relative to the bucket), via the Admin SDK. */
export async function storedNames(prefix: string): Promise<string[]> {
  const { bucket, close } = localBucket();
  try {
    const [files] = await bucket.getFiles({ prefix });
    return files.map((file) => file.name).sort();
  } finally {
    await close();
  }
}

/** The photo objects stored under a prefix (names relative to the bucket), via the Admin SDK. */
export async function storedPhotoObjects(prefix: string): Promise<string[]> {
  const { bucket, close } = localBucket();
  try {
    const [files] = await bucket.getFiles({ prefix });
    return files.map((file) => file.name).filter((name) => parsePhotoPath(name) !== null);
  } finally {
    await close();
  }
}
