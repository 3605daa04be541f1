/**
 * The organisers' side in the browser tests: `npm run organiser:members` run as an organiser runs it against the
 * local stack (no --project: the command finds the emulators itself), and a fresh verified account made through
 * the Admin SDK for tests that must not change the demo accounts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectAdmin, hostOf } from '../organiser/core/firebase-admin.ts';
import { AUTH_URL, PROJECT_ID } from '../tools/local/config.ts';

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
