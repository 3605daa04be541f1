/**
 * The organisers' side in the browser tests: `npm run organiser:members` run as an organiser runs it against the
 * local stack (no --project: the command finds the emulators itself), and a fresh verified account made through
 * the Admin SDK for tests that must not change the demo accounts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectAdmin, hostOf } from '../organiser/core/firebase-admin.ts';
import { APPROVED_CLAIM } from '../src/domain/access.ts';
import { AUTH_URL, PROJECT_ID, type DemoAccount } from '../tools/local/config.ts';

const run = promisify(execFile);

/** Runs `npm run organiser:members -- <args>`; resolves with its output, rejects (with the output) on exit ≠ 0. */
export async function organiserMembers(...args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'organiser:members', '--', ...args], {
      timeout: 90_000,
    });
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

/** A new account with a verified address (as after clicking the verification link); removed by the returned function. */
export async function createVerifiedAccount(email: string, password: string): Promise<() => Promise<void>> {
  const admin = connectAdmin({ projectId: PROJECT_ID, emulators: { auth: hostOf(AUTH_URL) } });
  const user = await admin.auth.createUser({
    email,
    password,
    emailVerified: true,
    displayName: 'Test Relative',
  });
  return async () => {
    try {
      await admin.auth.deleteUser(user.uid);
    } finally {
      await admin.close();
    }
  };
}
