/**
 * organiser:members against firebase-tools' Auth emulator, in-process on a random port (AUTH_EMULATOR_URL), with
 * the demo accounts npm start creates: list, approve, unapprove, block, unblock, unknown addresses, usage errors.
 * What a change does is checked the way the site meets it: the ID token a sign-in gets (its `approved` claim,
 * judged by the storage.rules mirror), and a refused sign-in or token refresh for a blocked account.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { startAuthEmulator, type RunningAuthEmulator } from '../../tools/local/auth/emulator.ts';
import { connectAdmin, hostOf, type AdminConnection } from '../core/firebase-admin.ts';
import { demoAccounts } from '../../tools/local/config.ts';
import { seedAccounts } from '../../tools/local/seed/seed-accounts.ts';
import { decodeJwtPayload, isPermitted } from '../../tools/local/storage/rules.ts';
import type { CommandContext } from '../core/cli.ts';
import { main, formatTime } from './members.ts';
import { captureIo, freePort } from '../core/test-support.ts';

const PROJECT = 'demo-reunion';
const accounts = demoAccounts({});
let emulator: RunningAuthEmulator;
let admin: AdminConnection;

async function reset(): Promise<void> {
  await fetch(`${emulator.url}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' });
  await seedAccounts(admin.auth, Object.values(accounts));
  // A relative who signed in with Google.
  await admin.auth.importUsers([
    {
      uid: 'google-relative',
      email: 'kari@example.org',
      emailVerified: true,
      displayName: 'Kari Nordmann',
      providerData: [
        { uid: 'g-1234', providerId: 'google.com', email: 'kari@example.org', displayName: 'Kari Nordmann' },
      ],
    },
  ]);
}

beforeAll(async () => {
  emulator = await startAuthEmulator({ projectId: PROJECT });
  admin = connectAdmin({ projectId: PROJECT, emulators: { auth: hostOf(emulator.url) } });
});
beforeEach(reset);
afterAll(async () => {
  await admin?.close();
  await emulator?.stop();
});

function context(): Partial<CommandContext> & { io: ReturnType<typeof captureIo> } {
  return {
    env: { AUTH_EMULATOR_URL: emulator.url, STORAGE_EMULATOR_URL: 'http://127.0.0.1:9' },
    io: captureIo(),
  };
}

async function members(...argv: string[]) {
  const ctx = context();
  const code = await main(argv, ctx);
  return { code, io: ctx.io, out: ctx.io.stdout.join('\n'), err: ctx.io.stderr.join('\n') };
}

/** Signs in as the browser does; the emulator's answer (ID token and refresh token, or the error). */
async function signIn(email: string) {
  const response = await fetch(
    `${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: accounts.member.password, returnSecureToken: true }),
    },
  );
  return {
    status: response.status,
    body: (await response.json()) as { idToken?: string; refreshToken?: string; error?: { message: string } },
  };
}

/** What the page does when the ID token is due: exchanges the refresh token. */
async function refresh(refreshToken: string) {
  const response = await fetch(`${emulator.url}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { id_token?: string; error?: { message: string } },
  };
}

/** Whether storage.rules (its mirror) lets this ID token download the attendees list (approval-only). */
function readsAttendeesList(idToken: string): boolean {
  return isPermitted(
    {
      method: 'get',
      path: 'b/demo-reunion.firebasestorage.app/o/members/documents/attendees-list-1976.xlsx',
      token: idToken,
      resource: { metadata: { access: 'approved' } },
    },
    PROJECT,
  );
}

describe('organiser:members list', () => {
  it('shows every account: e-mail, name, verified, sign-in provider, created, last sign-in, approved, blocked', async () => {
    await signIn(accounts.member.email);
    const { code, io, out } = await members('list');
    expect(code, io.text()).toBe(0);
    expect(io.stdout[0]).toBe(`Target: local emulators (${PROJECT}), Auth emulator at ${emulator.url}`);
    expect(out).toMatch(
      /E-mail\s+Name\s+Verified\s+Sign-in\s+Created \(UTC\)\s+Last sign-in \(UTC\)\s+Approved\s+Organiser\s+Blocked/,
    );
    const row = (email: string) => io.stdout.find((line) => line.startsWith(email)) ?? '';
    const date = /\d{4}-\d\d-\d\d \d\d:\d\d/.source;
    expect(row('member@example.com')).toMatch(
      new RegExp(
        `^member@example\\.com\\s+Demo Member\\s+yes\\s+e-mail\\s+${date}\\s+${date}\\s+yes\\s+no\\s+no$`,
      ),
    );
    expect(row('relative@example.com')).toMatch(
      /^relative@example\.com\s+Demo Relative\s+yes\s+e-mail\s+.*\s+no\s+no\s+no$/,
    );
    expect(row('unverified@example.com')).toMatch(
      /^unverified@example\.com\s+Unverified Demo\s+no\s+e-mail\s/,
    );
    expect(row('kari@example.org')).toMatch(/^kari@example\.org\s+Kari Nordmann\s+yes\s+Google\s/);
    expect(row('organiser@example.com')).toMatch(
      /^organiser@example\.com\s+Demo Organiser\s+yes\s+e-mail\s+.*\s+yes\s+yes\s+no$/,
    );
    expect(io.stdout.at(-1)).toBe('5 accounts: 2 approved, 0 blocked, 1 not verified.');
  });

  it('formats the times in UTC, "-" for never', () => {
    expect(formatTime('Fri, 01 May 2026 09:30:12 GMT')).toBe('2026-05-01 09:30');
    expect(formatTime(null)).toBe('-');
    expect(formatTime(undefined)).toBe('-');
  });
});

describe('organiser:members approve / unapprove', () => {
  it('approve: the next ID token carries approved=true and reads the approval-only lists', async () => {
    const before = await signIn(accounts.relative.email);
    expect(readsAttendeesList(before.body.idToken!)).toBe(false);

    const { code, io } = await members('approve', 'Relative@Example.com', 'kari@example.org');
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain('approved: relative@example.com');
    expect(io.stdout).toContain('approved: kari@example.org');
    expect(io.stdout.at(-1)).toMatch(
      /^An approved member reads the approval-only files from their next ID token on/,
    );

    // The session that was open: its next token (a refresh, as "Check again" does) carries the claim.
    const refreshed = await refresh(before.body.refreshToken!);
    expect(refreshed.status).toBe(200);
    expect(decodeJwtPayload(refreshed.body.id_token!)?.approved).toBe(true);
    expect(readsAttendeesList(refreshed.body.id_token!)).toBe(true);
    // Other claims are kept.
    expect((await admin.auth.getUserByEmail('kari@example.org')).customClaims).toEqual({ approved: true });

    const again = await members('approve', 'relative@example.com');
    expect(again.code).toBe(0);
    expect(again.io.stdout).toContain('already approved, unchanged: relative@example.com');
  });

  it('approve keeps other custom claims; unapprove removes only approved', async () => {
    const user = await admin.auth.getUserByEmail(accounts.relative.email);
    await admin.auth.setCustomUserClaims(user.uid, { organiser: true });
    expect((await members('approve', accounts.relative.email)).code).toBe(0);
    expect((await admin.auth.getUser(user.uid)).customClaims).toEqual({ organiser: true, approved: true });

    const { code, io } = await members('unapprove', accounts.relative.email, accounts.member.email);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain('approval removed: relative@example.com');
    expect(io.stdout).toContain('approval removed: member@example.com');
    expect((await admin.auth.getUser(user.uid)).customClaims).toEqual({ organiser: true });
    expect((await admin.auth.getUserByEmail(accounts.member.email)).customClaims ?? {}).toEqual({});
    const token = (await signIn(accounts.member.email)).body.idToken!;
    expect(decodeJwtPayload(token)).not.toHaveProperty('approved');
    expect(readsAttendeesList(token)).toBe(false);

    expect((await members('unapprove', accounts.member.email)).io.stdout).toContain(
      'not approved, unchanged: member@example.com',
    );
  });

  it('approving an unverified account says that it reads nothing until verified', async () => {
    const { code, io } = await members('approve', accounts.unverified.email);
    expect(code).toBe(0);
    expect(io.stdout).toContain(
      'approved: unverified@example.com (note: its e-mail is not verified yet, so it reads nothing until it is)',
    );
  });
});

describe('organiser:members organiser / unorganiser', () => {
  /** Whether storage.rules (its mirror) lets this ID token list the uploaders' waiting folders. */
  function listsWaitingPhotos(idToken: string): boolean {
    return isPermitted(
      { method: 'list', path: 'b/demo-reunion.firebasestorage.app/o/members/photos/pending', token: idToken },
      PROJECT,
    );
  }

  it('organiser: the next ID token carries organiser=true and moderates the photos; other claims are kept', async () => {
    const before = await signIn(accounts.member.email);
    expect(listsWaitingPhotos(before.body.idToken!)).toBe(false);

    const { code, io } = await members('organiser', 'Member@Example.com');
    expect(code, io.text()).toBe(0);
    expect(io.stdout[0]).toBe(`Target: local emulators (${PROJECT}), Auth emulator at ${emulator.url}`);
    expect(io.stdout).toContain('organiser: member@example.com');
    expect(io.stdout.at(-1)).toMatch(/^An organiser moderates the photos from their next ID token on/);
    expect((await admin.auth.getUserByEmail(accounts.member.email)).customClaims).toEqual({
      approved: true,
      organiser: true,
    });
    const refreshed = await refresh(before.body.refreshToken!);
    expect(decodeJwtPayload(refreshed.body.id_token!)).toMatchObject({ approved: true, organiser: true });
    expect(listsWaitingPhotos(refreshed.body.id_token!)).toBe(true);
    expect(readsAttendeesList(refreshed.body.id_token!)).toBe(true);

    const list = await members('list');
    expect(list.io.stdout.find((line) => line.startsWith('member@example.com'))).toMatch(
      /\s+yes\s+yes\s+no$/,
    );

    const again = await members('organiser', accounts.member.email);
    expect(again.io.stdout).toContain('already an organiser, unchanged: member@example.com');
  });

  it('organiser notes an account that is not approved or not verified', async () => {
    const { code, io } = await members('organiser', accounts.relative.email, accounts.unverified.email);
    expect(code).toBe(0);
    expect(io.stdout).toContain(
      'organiser: relative@example.com (note: not approved: approve it too, to read the approval-only files)',
    );
    expect(io.stdout).toContain(
      'organiser: unverified@example.com (note: its e-mail is not verified yet, so it moderates nothing until ' +
        'it is; not approved: approve it too, to read the approval-only files)',
    );
    // The rules check the organiser claim on its own: an organiser who is not approved still moderates.
    const token = (await signIn(accounts.relative.email)).body.idToken!;
    expect(listsWaitingPhotos(token)).toBe(true);
    expect(readsAttendeesList(token)).toBe(false);
  });

  it('unorganiser removes only the organiser claim', async () => {
    const { code, io } = await members('unorganiser', accounts.organiser.email, accounts.member.email);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain('organiser no more: organiser@example.com');
    expect(io.stdout).toContain('not an organiser, unchanged: member@example.com');
    expect(io.stdout.at(-1)).toMatch(/keeps moderating the photos until their ID token expires/);
    expect((await admin.auth.getUserByEmail(accounts.organiser.email)).customClaims).toEqual({
      approved: true,
    });
    const token = (await signIn(accounts.organiser.email)).body.idToken!;
    expect(decodeJwtPayload(token)).not.toHaveProperty('organiser');
    expect(listsWaitingPhotos(token)).toBe(false);

    // Only claim left: none at all.
    await members('unapprove', accounts.organiser.email);
    await members('organiser', accounts.organiser.email);
    await members('unorganiser', accounts.organiser.email);
    expect((await admin.auth.getUserByEmail(accounts.organiser.email)).customClaims ?? {}).toEqual({});
  });

  it('an unknown address changes nothing', async () => {
    const { code, err } = await members('organiser', accounts.relative.email, 'nobody@example.com');
    expect(code).toBe(1);
    expect(err).toContain('No account has the address nobody@example.com');
    expect((await admin.auth.getUserByEmail(accounts.relative.email)).customClaims ?? {}).toEqual({});
    expect((await members('unorganiser', 'nobody@example.com')).code).toBe(1);
  });
});

describe('organiser:members block / unblock', () => {
  it('block: sign-in refused (USER_DISABLED), the refresh token revoked; unblock: signs in again', async () => {
    const open = await signIn(accounts.member.email);
    expect(open.status).toBe(200);

    const { code, io } = await members('block', accounts.member.email);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain('blocked: member@example.com (account disabled, refresh tokens revoked)');
    expect(io.stdout.at(-1)).toMatch(
      /until that token expires \(within the hour\): Cloud Storage cannot revoke/,
    );

    const user = await admin.auth.getUserByEmail(accounts.member.email);
    expect(user.disabled).toBe(true);
    expect(user.tokensValidAfterTime).toBeTruthy();
    const refused = await signIn(accounts.member.email);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe('USER_DISABLED'); // the client SDK reports auth/user-disabled
    const refreshed = await refresh(open.body.refreshToken!);
    expect(refreshed.status).toBe(400);
    // The ID token the open page already holds is still accepted by Storage (the rules only see the token)
    // until it expires: the limit the README states.
    expect(readsAttendeesList(open.body.idToken!)).toBe(true);

    expect((await members('block', accounts.member.email)).io.stdout).toContain(
      'already blocked (refresh tokens revoked again): member@example.com',
    );

    const unblock = await members('unblock', accounts.member.email);
    expect(unblock.code).toBe(0);
    expect(unblock.io.stdout).toContain('unblocked: member@example.com (may sign in again)');
    expect((await signIn(accounts.member.email)).status).toBe(200);
    expect((await members('unblock', accounts.member.email)).io.stdout).toContain(
      'not blocked, unchanged: member@example.com',
    );
  });
});

describe('organiser:members errors', () => {
  it('an unknown address: exit 1, a clear message, and nothing changed for the known ones', async () => {
    const { code, io, err } = await members(
      'approve',
      accounts.relative.email,
      'nobody@example.com',
      'ghost@example.org',
    );
    expect(code).toBe(1);
    expect(err).toMatch(
      /^organiser:members failed: No account has the address nobody@example\.com, ghost@example\.org\. Nothing was changed\./,
    );
    expect(io.stdout.join('\n')).not.toContain('approved:');
    expect((await admin.auth.getUserByEmail(accounts.relative.email)).customClaims ?? {}).toEqual({});

    for (const command of ['unapprove', 'block', 'unblock']) {
      const result = await members(command, 'nobody@example.com');
      expect(result.code, command).toBe(1);
      expect(result.err).toContain('No account has the address nobody@example.com');
    }
    expect((await admin.auth.getUserByEmail(accounts.member.email)).disabled).toBe(false);
  });

  it.each([
    [
      [],
      /^organiser:members: Which command\? One of: list, approve, unapprove, organiser, unorganiser, block, unblock\./,
    ],
    [['organiser'], /organiser needs at least one e-mail address/],
    [['approve'], /approve needs at least one e-mail address/],
    [['promote', 'a@example.com'], /Unknown command "promote"/],
    [['block', 'not-an-address'], /Not an e-mail address: not-an-address/],
    [['list', 'a@example.com'], /list takes no addresses/],
    [['list', '--bucket', 'x'], /Unknown option '--bucket'/],
  ])('%j: usage error, exit 2', async (argv, message) => {
    const { code, io } = await members(...(argv as string[]));
    expect(code).toBe(2);
    expect(io.stderr[0]).toMatch(message);
    expect(io.stderr[1]).toBe('Run `npm run organiser:members -- --help` for usage.');
  });

  it('an Auth emulator that is not running: exit 1 with a clear message', async () => {
    const ctx = context();
    ctx.env = { AUTH_EMULATOR_URL: `http://127.0.0.1:${await freePort()}` };
    expect(await main(['list'], ctx)).toBe(1);
    expect(ctx.io.stderr[0]).toMatch(
      /^organiser:members failed: Listing the accounts: cannot reach the Auth emulator at http:\/\/127\.0\.0\.1:\d+ .*Is the local stack running \(npm start\)\?/,
    );
  });

  it('--help exits 0', async () => {
    const { code, io } = await members('--help');
    expect(code).toBe(0);
    expect(io.stdout[0]).toMatch(/^Usage: npm run organiser:members -- <command>/);
  });
});
