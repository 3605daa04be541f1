/**
 * organiser:members against firebase-tools' Auth emulator, in-process on a random port (AUTH_EMULATOR_URL), and the
 * in-process Storage emulator (STORAGE_EMULATOR_URL) holding the approval-only files, with the demo accounts npm
 * start creates: list, approve, unapprove, block, unblock, unknown addresses, a failure on one account, the
 * summary, the download tokens block and unapprove remove, usage errors.
 * What a change does is checked the way the site meets it: the ID token a sign-in gets (its `approved` claim,
 * judged by storage.rules), a refused sign-in or token refresh for a blocked account, and a token link
 * that no longer opens the file.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { CATALOGUE, storagePathOf } from '../../src/domain/catalogue.ts';
import { demoFile } from '../../tools/local/seed/demo-files.ts';
import { tokenCount } from '../../admin/bucket/download-tokens.ts';
import { facesFilePathOf, tilePathOf, GROUP_PHOTO_1976, suggestionPathOf } from '../../src/domain/faces.ts';
import { detailsPathOf, photoPathOf, thumbnailPathOf } from '../../src/domain/photos.ts';
import { memberFileMetadata, saveObject } from '../../admin/bucket/member-files.ts';
import { connectTarget } from '../core/admin.ts';
import { demoAccounts } from '../../tools/local/config.ts';
import { seedAccounts } from '../../tools/local/seed/seed-accounts.ts';
import { decide, loadStorageRules } from '../../tools/local/storage/storage-rules.ts';
import { decodeJwtPayload } from '../../tools/local/storage/tokens.ts';
import type { CommandContext } from '../core/cli.ts';
import { resolveTarget } from '../core/target.ts';
import { SUBCOMMANDS, main } from './members.ts';
import { freePort, useTestEmulators } from '../core/test-support.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const accounts = demoAccounts({});
const emulators = useTestEmulators(PROJECT);
const attendees = CATALOGUE.find((entry) => entry.id === 'attendees-list-1976')!;
const program = CATALOGUE.find((entry) => entry.id === 'program-1976')!;

async function reset(): Promise<void> {
  await emulators.admin.bucket(BUCKET).deleteFiles({ prefix: 'members/' });
  // The approval-only files and an ordinary one, stored as organiser:upload stores them (no token).
  for (const entry of [...CATALOGUE.filter((e) => e.approvalOnly), program]) {
    await saveObject(
      emulators.admin.bucket(BUCKET),
      storagePathOf(entry),
      await demoFile(entry),
      memberFileMetadata(entry),
    );
  }
  await fetch(`${emulators.auth.url}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' });
  await seedAccounts(emulators.admin.auth, Object.values(accounts));
  // A relative who signed in with Google.
  await emulators.admin.auth.importUsers([
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

beforeEach(reset);

const context = () => emulators.context();

const objectUrl = (path: string) => `${emulators.storage.url}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}`;

/**
 * Gives a file a download token the way production does: a client reads its metadata through the Firebase API
 * (here with the admin credential, so the rules do not get in the way). Returns the token.
 */
async function giveToken(path: string): Promise<string> {
  const response = await fetch(objectUrl(path), { headers: { Authorization: 'Bearer owner' } });
  expect(response.status).toBe(200);
  const { downloadTokens } = (await response.json()) as { downloadTokens: string };
  expect(downloadTokens).toBeTruthy();
  return downloadTokens.split(',')[0]!;
}

/** The file's download tokens as the Admin SDK reads them (which creates none). */
async function tokensOf(path: string): Promise<number> {
  const [metadata] = await emulators.admin.bucket(BUCKET).file(path).getMetadata();
  return tokenCount(metadata.metadata);
}

/** What a token link (no sign-in) answers. */
async function openByToken(path: string, token: string): Promise<number> {
  const response = await fetch(`${objectUrl(path)}?alt=media&token=${token}`);
  await response.arrayBuffer();
  return response.status;
}

async function members(...argv: string[]) {
  const ctx = context();
  const code = await main(argv, ctx);
  return { code, io: ctx.io, out: ctx.io.stdout.join('\n'), err: ctx.io.stderr.join('\n') };
}

/** Signs in as the browser does; the emulator's answer (ID token and refresh token, or the error). */
async function signIn(email: string) {
  const response = await fetch(
    `${emulators.auth.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
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
  const response = await fetch(`${emulators.auth.url}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { id_token?: string; error?: { message: string } },
  };
}

const rules = loadStorageRules();

/** Whether storage.rules lets this ID token download the attendees list (approval-only). */
function readsAttendeesList(idToken: string): boolean {
  return decide(
    rules,
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
    expect(io.stdout[0]).toBe(`Target: local emulators (${PROJECT}), Auth emulator at ${emulators.auth.url}`);
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
});

describe('organiser:members approve / unapprove', () => {
  it('approve: the next ID token carries approved=true and reads the approval-only lists', async () => {
    const before = await signIn(accounts.relative.email);
    expect(readsAttendeesList(before.body.idToken!)).toBe(false);

    const { code, io } = await members('approve', 'Relative@Example.com', 'kari@example.org');
    expect(code, io.text()).toBe(0);
    expect(io.stdout[0]).toBe(`Target: local emulators (${PROJECT}), Auth emulator at ${emulators.auth.url}`);
    expect(io.stdout).toContain('approved: relative@example.com');
    expect(io.stdout).toContain('approved: kari@example.org');
    expect(io.text()).toMatch(/An approved member reads the approval-only files from their next ID token on/);
    expect(io.stdout.at(-1)).toBe('Summary (2 accounts): approved: relative@example.com, kari@example.org.');

    // The session that was open: its next token (a refresh, as "Check again" does) carries the claim.
    const refreshed = await refresh(before.body.refreshToken!);
    expect(refreshed.status).toBe(200);
    expect(decodeJwtPayload(refreshed.body.id_token!)?.approved).toBe(true);
    expect(readsAttendeesList(refreshed.body.id_token!)).toBe(true);
    // Other claims are kept.
    expect((await emulators.admin.auth.getUserByEmail('kari@example.org')).customClaims).toEqual({
      approved: true,
    });

    const again = await members('approve', 'relative@example.com', 'member@example.com', 'kari@example.org');
    expect(again.code).toBe(0);
    expect(again.io.stdout).toContain('already approved, unchanged: relative@example.com');
    expect(again.io.stdout.at(-1)).toBe(
      'Summary (3 accounts): already approved, unchanged: relative@example.com, member@example.com, kari@example.org.',
    );
  });

  it('approve keeps other custom claims; unapprove removes only approved', async () => {
    const user = await emulators.admin.auth.getUserByEmail(accounts.relative.email);
    await emulators.admin.auth.setCustomUserClaims(user.uid, { organiser: true });
    expect((await members('approve', accounts.relative.email)).code).toBe(0);
    expect((await emulators.admin.auth.getUser(user.uid)).customClaims).toEqual({
      organiser: true,
      approved: true,
    });

    const { code, io } = await members('unapprove', accounts.relative.email, accounts.member.email);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain('approval removed: relative@example.com');
    expect(io.stdout).toContain('approval removed: member@example.com');
    expect((await emulators.admin.auth.getUser(user.uid)).customClaims).toEqual({ organiser: true });
    expect((await emulators.admin.auth.getUserByEmail(accounts.member.email)).customClaims ?? {}).toEqual({});
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
  /** Whether storage.rules lets this ID token list the uploaders' waiting folders. */
  function listsWaitingPhotos(idToken: string): boolean {
    return decide(
      rules,
      { method: 'list', path: 'b/demo-reunion.firebasestorage.app/o/members/photos/pending', token: idToken },
      PROJECT,
    );
  }

  it('organiser: the next ID token carries organiser=true and moderates the photos; other claims are kept', async () => {
    const before = await signIn(accounts.member.email);
    expect(listsWaitingPhotos(before.body.idToken!)).toBe(false);

    const { code, io } = await members('organiser', 'Member@Example.com');
    expect(code, io.text()).toBe(0);
    expect(io.stdout[0]).toBe(`Target: local emulators (${PROJECT}), Auth emulator at ${emulators.auth.url}`);
    expect(io.stdout).toContain('organiser: member@example.com');
    expect(io.stdout).toContainEqual(
      expect.stringMatching(/^An organiser moderates the photos from their next ID token on/),
    );
    expect((await emulators.admin.auth.getUserByEmail(accounts.member.email)).customClaims).toEqual({
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
    expect(io.stdout).toContainEqual(
      expect.stringMatching(/keeps moderating the photos until their ID token expires/),
    );
    expect((await emulators.admin.auth.getUserByEmail(accounts.organiser.email)).customClaims).toEqual({
      approved: true,
    });
    const token = (await signIn(accounts.organiser.email)).body.idToken!;
    expect(decodeJwtPayload(token)).not.toHaveProperty('organiser');
    expect(listsWaitingPhotos(token)).toBe(false);

    // Only claim left: none at all.
    await members('unapprove', accounts.organiser.email);
    await members('organiser', accounts.organiser.email);
    await members('unorganiser', accounts.organiser.email);
    expect((await emulators.admin.auth.getUserByEmail(accounts.organiser.email)).customClaims ?? {}).toEqual(
      {},
    );
  });

  it('an unknown address changes nothing', async () => {
    const { code, err } = await members('organiser', accounts.relative.email, 'nobody@example.com');
    expect(code).toBe(1);
    expect(err).toContain('No account has the address nobody@example.com');
    expect((await emulators.admin.auth.getUserByEmail(accounts.relative.email)).customClaims ?? {}).toEqual(
      {},
    );
    expect((await members('unorganiser', 'nobody@example.com')).code).toBe(1);
  });
});

describe('organiser:members block / unblock', () => {
  it('block: sign-in refused (USER_DISABLED), the refresh token revoked; unblock: signs in again', async () => {
    const open = await signIn(accounts.member.email);
    expect(open.status).toBe(200);

    const { code, io } = await members('block', accounts.member.email);
    expect(code, io.text()).toBe(0);
    expect(io.stdout[0]).toBe(
      `Target: local emulators (${PROJECT}), Auth emulator at ${emulators.auth.url}, bucket gs://${BUCKET} at ${emulators.storage.url}`,
    );
    expect(io.stdout).toContain('blocked: member@example.com (account disabled, refresh tokens revoked)');
    expect(io.text()).toMatch(
      /accepted by Cloud Storage until it expires, at most an hour after it was issued: an issued ID token cannot be revoked/,
    );
    expect(io.stdout.slice(-2)).toEqual([
      'Summary (1 account): blocked: member@example.com.',
      `Download tokens of the files these accounts could read: none found (${CATALOGUE.filter((e) => e.approvalOnly).length + 1} files checked).`,
    ]);

    const user = await emulators.admin.auth.getUserByEmail(accounts.member.email);
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

describe('organiser:members: the download tokens of everything the account could read', () => {
  const list = storagePathOf(attendees);
  const ordinary = storagePathOf(program);
  const SHARED = '20260711T190322Z_sharedPhot';
  const WAITING = '20260711T190322Z_waitingPho';
  /** What an approved account reads (and so could have made a link to), beside the catalogue's files. */
  const readable = [
    photoPathOf({ state: 'shared', photoId: SHARED }),
    thumbnailPathOf({ state: 'shared', photoId: SHARED }),
    detailsPathOf(SHARED),
    facesFilePathOf(GROUP_PHOTO_1976),
    tilePathOf(GROUP_PHOTO_1976, 8, 0, 0),
  ];

  /** The member's own waiting photo and suggestion, and another account's (which only it and organisers read). */
  const own = (uid: string) => [
    photoPathOf({ state: 'pending', uid, photoId: WAITING }),
    suggestionPathOf(GROUP_PHOTO_1976, uid, '20260801T100000Z_abcdefghij'),
  ];

  beforeEach(async () => {
    const bucket = emulators.admin.bucket(BUCKET);
    const memberUid = (await emulators.admin.auth.getUserByEmail(accounts.member.email)).uid;
    for (const path of [...readable, ...own(memberUid), ...own('another-uid')])
      await saveObject(bucket, path, Buffer.from('x'), {
        contentType: 'application/octet-stream',
        metadata: {},
      });
  });

  it.each(['block', 'unapprove'] as const)(
    '%s removes every token of what the account could read, says how many, and the old links no longer open anything',
    async (command) => {
      const memberUid = (await emulators.admin.auth.getUserByEmail(accounts.member.email)).uid;
      const links = new Map<string, string>();
      for (const path of [list, ordinary, ...readable, ...own(memberUid)])
        links.set(path, await giveToken(path));
      const others = own('another-uid');
      for (const path of others) await giveToken(path);
      for (const [path, token] of links) expect(await openByToken(path, token), path).toBe(200);

      const { code, io } = await members(command, accounts.member.email);
      expect(code, io.text()).toBe(0);
      expect(io.stdout.at(-1)).toMatch(
        new RegExp(
          `^Download tokens of the files these accounts could read: removed 9 tokens from 9 files \\(\\d+ files checked\\): .*; those links no longer open them\\.$`,
        ),
      );
      for (const [path, token] of links) {
        expect(await tokensOf(path), path).toBe(0);
        expect(await openByToken(path, token), path).toBe(403);
      }
      // Another account's waiting photo and suggestion: this account never read them; their tokens are their own.
      for (const path of others) expect(await tokensOf(path), path).toBe(1);
      // The file itself is as it was: same content, type, name and access.
      const [metadata] = await emulators.admin.bucket(BUCKET).file(list).getMetadata();
      expect(metadata).toMatchObject({ ...memberFileMetadata(attendees), metadata: { access: 'approved' } });
      const [bytes] = await emulators.admin.bucket(BUCKET).file(list).download();
      expect(bytes.equals(await demoFile(attendees))).toBe(true);
    },
  );

  it("blocking an organiser removes every token: it could read every account's waiting uploads", async () => {
    await members('organiser', accounts.relative.email);
    const others = own('another-uid');
    for (const path of others) await giveToken(path);
    const { code, io } = await members('block', accounts.relative.email);
    expect(code, io.text()).toBe(0);
    for (const path of others) expect(await tokensOf(path), path).toBe(0);
  });

  it('approve and unblock leave tokens alone', async () => {
    await giveToken(list);
    for (const command of ['approve', 'unblock']) {
      const { code, io } = await members(command, accounts.relative.email);
      expect(code, io.text()).toBe(0);
      expect(io.text()).not.toContain('Download tokens');
    }
    expect(await tokensOf(list)).toBe(1);
  });

  it('a Storage emulator that is not running: the accounts are blocked all the same; exit 1, the summary says what is left', async () => {
    const ctx = context();
    ctx.env = { ...ctx.env, STORAGE_EMULATOR_URL: `http://127.0.0.1:${await freePort()}` };
    expect(await main(['block', accounts.member.email], ctx)).toBe(1);
    expect((await emulators.admin.auth.getUserByEmail(accounts.member.email)).disabled).toBe(true);
    expect(ctx.io.stdout.slice(-2)).toEqual([
      'Summary (1 account): blocked: member@example.com.',
      expect.stringMatching(
        /^Download tokens of the files these accounts could read: NOT all removed \(.*cannot reach the Storage emulator.*\)\. Run the command again, or `npm run organiser:check -- --remove-tokens`\.$/,
      ),
    ]);
  });
});

describe('organiser:members: a failure on one account', () => {
  /** The real Admin SDK, except that changing `failing`'s account fails as a flaky network would. */
  function failingFor(failing: string): CommandContext['connect'] {
    return async (target) => {
      const real = await connectTarget(target);
      const uid = (await real.auth.getUserByEmail(failing)).uid;
      const refuse = () =>
        Promise.reject(
          Object.assign(new Error('Error while making request: socket hang up'), {
            code: 'app/network-error',
          }),
        );
      const auth = new Proxy(real.auth, {
        get(auth, property) {
          const value: unknown = Reflect.get(auth, property);
          if (typeof value !== 'function') return value;
          if (property === 'updateUser' || property === 'setCustomUserClaims') {
            return (id: string, ...rest: unknown[]) =>
              id === uid ? refuse() : (value as (...args: unknown[]) => unknown).call(auth, id, ...rest);
          }
          return (value as (...args: unknown[]) => unknown).bind(auth);
        },
      });
      return {
        projectId: real.projectId,
        app: real.app,
        auth,
        bucket: (name: string) => real.bucket(name),
        accessToken: () => real.accessToken(),
        close: () => real.close(),
      };
    };
  }

  it.each([
    ['block', (email: string) => emulators.admin.auth.getUserByEmail(email).then((user) => user.disabled)],
    [
      'approve',
      (email: string) =>
        emulators.admin.auth.getUserByEmail(email).then((user) => user.customClaims?.approved === true),
    ],
  ] as const)(
    '%s: the others are changed, the summary says what was not, exit 1',
    async (command, changed) => {
      const ctx = { ...context(), connect: failingFor(accounts.relative.email) };
      const emails = [accounts.relative.email, 'kari@example.org', accounts.unverified.email];
      expect(await main([command, ...emails], ctx)).toBe(1);
      expect(ctx.io.stderr).toEqual([
        expect.stringMatching(/^FAILED: relative@example\.com: .*socket hang up/),
      ]);
      expect(await changed(accounts.relative.email)).toBe(false);
      expect(await changed('kari@example.org')).toBe(true);
      expect(await changed(accounts.unverified.email)).toBe(true);
      expect(ctx.io.stdout).toContainEqual(
        `Summary (3 accounts): ${command === 'block' ? 'blocked' : 'approved'}: kari@example.org, ` +
          'unverified@example.com; FAILED (the reason is above): relative@example.com.',
      );
    },
  );
});

describe('organiser:members on a real project: block and unapprove show what they will change and ask first', () => {
  it.each(['block', 'unapprove'] as const)('%s', async (command) => {
    await emulators.admin.auth.setCustomUserClaims(
      (await emulators.admin.auth.getUserByEmail(accounts.member.email)).uid,
      { approved: true },
    );
    const state = async () => {
      const user = await emulators.admin.auth.getUserByEmail(accounts.member.email);
      return { disabled: user.disabled, approved: user.customClaims?.approved === true };
    };
    const before = await state();
    const run = async (answer: string | undefined, ...flags: string[]) => {
      const asked: string[] = [];
      const ctx = {
        ...context(),
        // The emulators stand in for the real project's Auth and Storage.
        connect: () => connectTarget(resolveTarget({}, { env: context().env ?? {}, firebaserc: {} })),
        ask: (question: string) => {
          asked.push(question);
          return Promise.resolve(answer);
        },
      };
      const code = await main(
        [command, accounts.member.email, '--project', 'my-reunion', ...flags],
        ctx as Partial<CommandContext>,
      );
      return { code, asked, out: ctx.io.stdout.join('\n'), err: ctx.io.stderr.join('\n') };
    };
    const refused = await run(undefined);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('This will change the real project my-reunion:');
    expect(refused.out).toContain(`${command} ${accounts.member.email} (${accounts.member.displayName})`);
    expect(refused.err).toContain('there is no terminal to ask');
    expect(await state()).toEqual(before);
    const no = await run('no');
    expect(no.code).toBe(1);
    expect(no.asked).toHaveLength(1);
    expect(await state()).toEqual(before);
    const yes = await run('y');
    expect(yes.code, yes.err).toBe(0);
    expect(await state()).not.toEqual(before);
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
    expect((await emulators.admin.auth.getUserByEmail(accounts.relative.email)).customClaims ?? {}).toEqual(
      {},
    );

    for (const command of ['unapprove', 'block', 'unblock']) {
      const result = await members(command, 'nobody@example.com');
      expect(result.code, command).toBe(1);
      expect(result.err).toContain('No account has the address nobody@example.com');
    }
    expect((await emulators.admin.auth.getUserByEmail(accounts.member.email)).disabled).toBe(false);
  });

  it.each([
    [
      [],
      /^organiser:members: Which command\? One of: list, approve, unapprove, organiser, unorganiser, block, unblock\./,
    ],
    [['organiser'], /organiser needs at least one e-mail address/],
    [['approve'], /approve needs at least one e-mail address/],
    [['promote', 'a@example.com'], /Unknown command "promote"\. Use one of: list, approve/],
    [['aprove', 'a@example.com'], /Unknown command "aprove"\. Did you mean approve\? Use one of:/],
    [['block', 'not-an-address'], /Not an e-mail address: not-an-address/],
    [['list', 'a@example.com'], /list takes no addresses/],
    [
      ['list', '--replace'],
      /Unknown option '--replace'\. The options are: --project, --bucket, --yes, -h\/--help\./,
    ],
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

  it('--help lists every subcommand with its usage; `<command> --help` shows that one alone', async () => {
    const run: (argv: string[]) => ReturnType<typeof members> = (argv) => members(...argv);
    const lines = (await run(['--help'])).io.stdout.join('\n').split('\n');
    for (const sub of SUBCOMMANDS) {
      const label = sub.usage ? `${sub.name} ${sub.usage}` : sub.name;
      expect(
        lines.some((line) => line.startsWith(`  ${label}  `)),
        label,
      ).toBe(true);
      const one = await run([sub.name, '--help']);
      expect(one.code).toBe(0);
      expect(one.io.stdout.join('\n').split('\n')[0]).toBe(
        `Usage: npm run organiser:members -- ${label} [options]`,
      );
    }
  });

  it('--help exits 0', async () => {
    const { code, io } = await members('--help');
    expect(code).toBe(0);
    expect(io.stdout[0]).toMatch(/^Usage: npm run organiser:members -- <command>/);
  });
});
