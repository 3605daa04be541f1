/**
 * organiser:photos against the in-process Storage emulator (the rules mirror) and Auth emulator on random ports,
 * with the demo accounts: relatives share photos as the page does (their own ID token, through the Firebase API,
 * checked by the rules), then list, approve (also after a failure at every step part-way), reject and remove; what
 * an approval leaves is checked the way the gallery meets it (another approved member reads the shared photo).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';

import {
  PHOTOS_PREFIX,
  newPhotoId,
  photoMetadata,
  photoPathOf,
  thumbnailPathOf,
  type PhotoLocation,
} from '../../src/domain/photos.ts';
import { startAuthEmulator, type RunningAuthEmulator } from '../../tools/local/auth/emulator.ts';
import { demoAccounts, type DemoAccount } from '../../tools/local/config.ts';
import { seedAccounts } from '../../tools/local/seed/seed-accounts.ts';
import { clientUploadRequest } from '../../tools/local/storage/client-upload.ts';
import { startStorageEmulator, type RunningStorageEmulator } from '../../tools/local/storage/emulator.ts';
import { connectTarget } from '../core/admin.ts';
import { signInWithPassword } from '../core/auth-emulator.ts';
import type { CommandContext } from '../core/cli.ts';
import { connectAdmin, hostOf, type AdminConnection, type Bucket } from '../core/firebase-admin.ts';
import { captureIo, freePort } from '../core/test-support.ts';
import { formatTaken, main, shortCaption } from './photos.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const accounts = demoAccounts({});
let storage: RunningStorageEmulator;
let auth: RunningAuthEmulator;
let admin: AdminConnection;
let bucket: Bucket;
let uids: Map<string, string>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  storage = await startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port: await freePort() });
  auth = await startAuthEmulator({ projectId: PROJECT });
  admin = connectAdmin({
    projectId: PROJECT,
    emulators: { storage: hostOf(storage.url), auth: hostOf(auth.url) },
  });
  bucket = admin.bucket(BUCKET);
  uids = await seedAccounts(admin.auth, Object.values(accounts));
});
beforeEach(async () => {
  await bucket.deleteFiles({ prefix: PHOTOS_PREFIX });
});
afterAll(async () => {
  await admin?.close();
  await storage?.stop();
  await auth?.stop();
});

function context(): Partial<CommandContext> & { io: ReturnType<typeof captureIo> } {
  return { env: { STORAGE_EMULATOR_URL: storage.url, AUTH_EMULATOR_URL: auth.url }, io: captureIo() };
}

type TestContext = ReturnType<typeof context>;

async function photos(argv: string[], overrides: Partial<TestContext> = {}) {
  const ctx: TestContext = { ...context(), ...overrides };
  const code = await main(argv, ctx);
  return { code, io: ctx.io, out: ctx.io.stdout.join('\n'), err: ctx.io.stderr.join('\n') };
}

async function idToken(account: DemoAccount): Promise<string> {
  let token = tokens.get(account.email);
  if (!token) {
    token = await signInWithPassword({ url: auth.url, projectId: PROJECT }, account.email, account.password);
    tokens.set(account.email, token);
  }
  return token;
}

const uidOf = (account: DemoAccount) => uids.get(account.email)!;

interface Shared {
  photoId: string;
  photo: Buffer;
  thumbnail: Buffer;
  caption: string;
}

let counter = 0;
/**
 * Shares a photo as the page does: a JPEG and its thumbnail uploaded into the account's waiting folder with its
 * own ID token (the rules decide), with the contract's metadata.
 */
async function share(
  account: DemoAccount,
  { caption = 'Kaffe på tunet', taken = '2026-07-11T19:03:22Z', thumbnail = true } = {},
): Promise<Shared> {
  counter += 1;
  const photoId = newPhotoId(new Date(taken));
  const location: PhotoLocation = { state: 'pending', uid: uidOf(account), photoId };
  const image = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: counter * 20, g: 120, b: 90 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
  const photo = await image(640, 480);
  const small = await image(240, 180);
  const details = {
    caption,
    takenAt: new Date(taken),
    uploaderUid: location.uid,
    uploaderName: account.displayName,
  };
  const upload = async (path: string, data: Buffer, width: number, height: number) => {
    const { url, init } = clientUploadRequest(
      storage.url,
      BUCKET,
      path,
      data,
      'image/jpeg',
      `Firebase ${await idToken(account)}`,
      photoMetadata({ ...details, width, height }),
    );
    const response = await fetch(url, init);
    expect(response.status, await response.text()).toBe(200);
  };
  if (thumbnail) await upload(thumbnailPathOf(location), small, 240, 180);
  await upload(photoPathOf(location), photo, 640, 480);
  return { photoId, photo, thumbnail: small, caption };
}

const pending = (account: DemoAccount, photoId: string): PhotoLocation => ({
  state: 'pending',
  uid: uidOf(account),
  photoId,
});
const shared = (photoId: string): PhotoLocation => ({ state: 'shared', photoId });

/** Every object under members/photos/, sorted. */
async function objects(): Promise<string[]> {
  const [files] = await bucket.getFiles({ prefix: PHOTOS_PREFIX });
  return files.map((file) => file.name).sort();
}

async function metadataOf(path: string) {
  const [metadata] = await bucket.file(path).getMetadata();
  return metadata;
}

/** Reads an object as the gallery does: the Firebase API with an account's ID token. */
async function readAs(account: DemoAccount, path: string): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(`${storage.url}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}?alt=media`, {
    headers: { Authorization: `Firebase ${await idToken(account)}` },
  });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

describe('organiser:photos list', () => {
  it('with nothing shared: says so', async () => {
    const { code, io } = await photos(['list']);
    expect(code, io.text()).toBe(0);
    expect(io.stdout[0]).toBe(
      `Target: local emulators (${PROJECT}), bucket gs://${BUCKET} at ${storage.url}`,
    );
    expect(io.stdout).toContain('No photos waiting for approval.');
    expect(io.stdout.at(-1)).toBe('Shared: 0 photos (0 thumbnails).');
  });

  it('shows the waiting photos oldest first (id, uploader, taken, caption) and counts the shared ones', async () => {
    const later = await share(accounts.member, {
      taken: '2026-07-12T15:00:00Z',
      caption: 'Leaving\non Sunday',
    });
    const earlier = await share(accounts.organiser, {
      taken: '2026-07-10T18:30:00Z',
      caption: 'x'.repeat(80),
    });
    const noThumbnail = await share(accounts.member, { taken: '2026-07-11T12:00:00Z', thumbnail: false });
    const approved = await share(accounts.member, { taken: '2026-07-11T13:00:00Z' });
    expect((await photos(['approve', approved.photoId])).code).toBe(0);

    const { code, io, out } = await photos(['list']);
    expect(code, io.text()).toBe(0);
    expect(out).toContain('Waiting for approval (3):');
    const rows = io.stdout.filter((line) => /^ {2}\d{8}T/.test(line));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      new RegExp(`^ {2}${earlier.photoId}\\s+organiser@example\\.com\\s+2026-07-10 18:30\\s+x{49}…$`),
    );
    expect(rows[1]).toMatch(
      new RegExp(
        `^ {2}${noThumbnail.photoId} \\(no thumbnail\\)\\s+member@example\\.com\\s+2026-07-11 12:00\\s+Kaffe på tunet$`,
      ),
    );
    expect(rows[2]).toMatch(
      new RegExp(`^ {2}${later.photoId}\\s+member@example\\.com\\s+2026-07-12 15:00\\s+Leaving on Sunday$`),
    );
    expect(io.stdout.at(-1)).toBe(
      'Shared: 1 photo (1 thumbnail). Approve with: npm run organiser:photos -- approve <photoId>... (or --all)',
    );
  });

  it('names an uploader whose account is gone by the uid and the name in the metadata; lists stray files', async () => {
    const photo = await share(accounts.member);
    const uid = uidOf(accounts.member);
    await bucket.file(`${PHOTOS_PREFIX}pending/${uid}/notes.txt`).save('not a photo');
    const ctx = context();
    // Stands in for an Auth without that account (deleting the demo member would upset the other tests).
    ctx.connect = async (target) => {
      const real = await connectTarget(target);
      const users = { getUsers: () => Promise.resolve({ users: [], notFound: [{ uid }] }) };
      return Object.defineProperty(Object.create(real) as AdminConnection, 'auth', { value: users });
    };
    const { code, io } = await photos(['list'], ctx);
    expect(code, io.text()).toBe(0);
    expect(io.stdout.find((line) => line.includes(photo.photoId))).toContain(
      `(no account; was Demo Member) ${uid}`,
    );
    expect(io.stdout).toContain(`  ${PHOTOS_PREFIX}pending/${uid}/notes.txt`);
  });

  it('formats', () => {
    expect(formatTaken('2026-07-11T19:03:22Z')).toBe('2026-07-11 19:03');
    expect(formatTaken(undefined)).toBe('-');
    expect(shortCaption('  a\n b ')).toBe('a b');
    expect(shortCaption('')).toBe('-');
    expect(shortCaption('😀'.repeat(60))).toBe(`${'😀'.repeat(49)}…`);
  });
});

describe('organiser:photos approve', () => {
  it('copies the photo and thumbnail to shared/ with their metadata, deletes the waiting ones; approved relatives see it', async () => {
    const photo = await share(accounts.member, { caption: 'Grandma’s 90th / Bestemors 90-årsdag' });
    const other = await share(accounts.member);
    const waitingMetadata = await metadataOf(photoPathOf(pending(accounts.member, photo.photoId)));
    // Before: only the uploader and organisers see it.
    expect(
      (await readAs(accounts.organiser, photoPathOf(pending(accounts.member, photo.photoId)))).status,
    ).toBe(200);
    expect((await readAs(accounts.relative, photoPathOf(shared(photo.photoId)))).status).toBe(403);

    const { code, io } = await photos(['approve', `${photo.photoId}.jpg`]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain(
      `approved: ${photo.photoId} by member@example.com "Grandma’s 90th / Bestemors 90-årsdag"`,
    );
    expect(io.stdout.at(-1)).toBe('1 photo shared. Approved relatives see it in the gallery now.');

    expect(await objects()).toEqual(
      [
        photoPathOf(shared(photo.photoId)),
        thumbnailPathOf(shared(photo.photoId)),
        photoPathOf(pending(accounts.member, other.photoId)),
        thumbnailPathOf(pending(accounts.member, other.photoId)),
      ].sort(),
    );
    const sharedMetadata = await metadataOf(photoPathOf(shared(photo.photoId)));
    expect(sharedMetadata.contentType).toBe('image/jpeg');
    expect(sharedMetadata.md5Hash).toBe(waitingMetadata.md5Hash);
    // Every key as it was: the caption, the date, the uploader (not the organiser), the size.
    expect(sharedMetadata.metadata).toEqual(waitingMetadata.metadata);
    expect(sharedMetadata.metadata).toMatchObject({
      caption: photo.caption,
      takenAt: '2026-07-11T19:03:22Z',
      width: '640',
      height: '480',
      uploaderUid: uidOf(accounts.member),
      uploaderName: 'Demo Member',
    });
    expect((await metadataOf(thumbnailPathOf(shared(photo.photoId)))).metadata).toMatchObject({
      width: '240',
      height: '180',
    });

    // An approved relative (the organiser is one) reads the photo and its thumbnail through the rules.
    const read = await readAs(accounts.organiser, photoPathOf(shared(photo.photoId)));
    expect(read.status).toBe(200);
    expect(read.body.equals(photo.photo)).toBe(true);
    expect(
      (await readAs(accounts.member, thumbnailPathOf(shared(photo.photoId)))).body.equals(photo.thumbnail),
    ).toBe(true);
    expect((await readAs(accounts.relative, photoPathOf(shared(photo.photoId)))).status).toBe(403);

    // Again: nothing to do.
    const again = await photos(['approve', photo.photoId]);
    expect(again.code, again.io.text()).toBe(0);
    expect(again.io.stdout).toContain(`already shared, unchanged: ${photo.photoId}`);
    expect(again.io.stdout.at(-1)).toBe('Nothing to do.');
  });

  it('--all shares every waiting photo', async () => {
    const a = await share(accounts.member);
    const b = await share(accounts.organiser);
    const { code, io } = await photos(['approve', '--all']);
    expect(code, io.text()).toBe(0);
    expect(io.stdout.at(-1)).toBe('2 photos shared. Approved relatives see them in the gallery now.');
    expect(await objects()).toEqual(
      [a, b]
        .flatMap(({ photoId }) => [photoPathOf(shared(photoId)), thumbnailPathOf(shared(photoId))])
        .sort(),
    );
    const none = await photos(['approve', '--all']);
    expect(none.code).toBe(0);
    expect(none.io.stdout.at(-1)).toBe('No photos waiting for approval.');
  });

  it('an unknown id, or a photo without a thumbnail: exit 1, nothing changed', async () => {
    const good = await share(accounts.member);
    const before = await objects();
    const unknown = await photos(['approve', good.photoId, 'abcdefgh12']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe(
      'organiser:photos failed: No photo is waiting or shared with the id abcdefgh12. Nothing was changed. ' +
        '`npm run organiser:photos -- list` shows the waiting ones.',
    );
    const half = await share(accounts.member, { thumbnail: false });
    const refused = await photos(['approve', '--all']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `Nothing was changed: ${half.photoId} has no thumbnail (the upload did not finish)`,
    );
    expect(await objects()).toEqual([...before, photoPathOf(pending(accounts.member, half.photoId))].sort());
  });

  it('a different file already shared under the id: exit 1, nothing changed', async () => {
    const photo = await share(accounts.member);
    await bucket.file(photoPathOf(shared(photo.photoId))).save(Buffer.from('another photo'), {
      metadata: { contentType: 'image/jpeg' },
    });
    const before = await objects();
    const { code, err } = await photos(['approve', photo.photoId]);
    expect(code).toBe(1);
    expect(err).toContain(`${photo.photoId} differs from the photo already shared under the same id`);
    expect(await objects()).toEqual(before);
  });

  /**
   * A connection whose Storage fails once, at the step `fails` picks (a copy or delete of a path): as if the network
   * dropped there.
   */
  function failingAt(fails: (op: 'copy' | 'delete', path: string) => boolean): CommandContext['connect'] {
    return async (target) => {
      const real = await connectTarget(target);
      const connection = Object.create(real) as AdminConnection;
      connection.bucket = (name) => {
        const b = real.bucket(name);
        const file = b.file.bind(b);
        b.file = ((path: string, options?: Parameters<Bucket['file']>[1]) => {
          const f = file(path, options);
          const copy = f.copy.bind(f) as (...args: unknown[]) => Promise<unknown>;
          const remove = f.delete.bind(f) as (...args: unknown[]) => Promise<unknown>;
          const failure = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
          f.copy = ((...args: unknown[]) =>
            fails('copy', path) ? Promise.reject(failure()) : copy(...args)) as typeof f.copy;
          f.delete = ((...args: unknown[]) =>
            fails('delete', path) ? Promise.reject(failure()) : remove(...args)) as typeof f.delete;
          return f;
        }) as typeof b.file;
        return b;
      };
      return connection;
    };
  }

  it.each([
    ['copying the thumbnail', 'copy', 'thumbnail'],
    ['copying the photo', 'copy', 'photo'],
    ['deleting the waiting photo', 'delete', 'photo'],
    ['deleting the waiting thumbnail', 'delete', 'thumbnail'],
  ] as const)(
    'a failure while %s: exit 1; the same command again finishes the move',
    async (_label, op, kind) => {
      const photo = await share(accounts.member);
      const location = pending(accounts.member, photo.photoId);
      const failPath = kind === 'photo' ? photoPathOf(location) : thumbnailPathOf(location);
      const first = await photos(['approve', photo.photoId], {
        connect: failingAt((o, path) => o === op && path === failPath),
      });
      expect(first.code).toBe(1);
      expect(first.err).toMatch(
        new RegExp(
          `^organiser:photos failed: Approving ${photo.photoId}: ${op === 'copy' ? 'copying' : 'deleting'} ` +
            `${failPath.replace(/[.]/g, '\\.')}.*cannot reach the Storage emulator.* Run the same command again: ` +
            'it finishes what was left\\.$',
        ),
      );
      // Never a shared photo without its thumbnail, nor a waiting photo without one.
      const middle = await objects();
      if (middle.includes(photoPathOf(shared(photo.photoId)))) {
        expect(middle).toContain(thumbnailPathOf(shared(photo.photoId)));
      }
      if (middle.includes(photoPathOf(location))) expect(middle).toContain(thumbnailPathOf(location));

      const second = await photos(['approve', photo.photoId]);
      expect(second.code, second.io.text()).toBe(0);
      expect(
        second.io.stdout.some((line) => line.startsWith(`approved: ${photo.photoId} by member@example.com`)),
      ).toBe(true);
      expect(await objects()).toEqual([
        photoPathOf(shared(photo.photoId)),
        thumbnailPathOf(shared(photo.photoId)),
      ]);
      expect(
        (await readAs(accounts.organiser, photoPathOf(shared(photo.photoId)))).body.equals(photo.photo),
      ).toBe(true);
      expect(
        (await readAs(accounts.organiser, thumbnailPathOf(shared(photo.photoId)))).body.equals(
          photo.thumbnail,
        ),
      ).toBe(true);
    },
  );
});

describe('organiser:photos reject and remove', () => {
  it('reject deletes the waiting photo and its thumbnail; nothing is shared', async () => {
    const photo = await share(accounts.member);
    const keep = await share(accounts.organiser);
    const { code, io } = await photos(['reject', photo.photoId]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain(`rejected (deleted): ${photo.photoId}`);
    expect(io.stdout.at(-1)).toBe('1 waiting photo deleted.');
    expect(await objects()).toEqual(
      [
        photoPathOf(pending(accounts.organiser, keep.photoId)),
        thumbnailPathOf(pending(accounts.organiser, keep.photoId)),
      ].sort(),
    );
  });

  it('reject of a shared or unknown photo: exit 1, nothing changed', async () => {
    const photo = await share(accounts.member);
    await photos(['approve', photo.photoId]);
    const before = await objects();
    const { code, err } = await photos(['reject', photo.photoId, 'abcdefgh12']);
    expect(code).toBe(1);
    expect(err).toContain(
      `No photo is waiting with the id ${photo.photoId}, abcdefgh12. Nothing was changed.`,
    );
    expect(err).toContain(`Shared already: ${photo.photoId} (take a shared photo away with remove).`);
    expect(await objects()).toEqual(before);
  });

  it('remove deletes a shared photo and its thumbnail, also what an interrupted removal left', async () => {
    const a = await share(accounts.member);
    const b = await share(accounts.member);
    await photos(['approve', '--all']);
    await bucket.file(photoPathOf(shared(b.photoId))).delete();
    const { code, io } = await photos(['remove', a.photoId, b.photoId]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain(`removed: ${a.photoId}`);
    expect(io.stdout).toContain(`removed: ${b.photoId} (its thumbnail, left by an earlier removal)`);
    expect(io.stdout.at(-1)).toBe('2 shared photos removed from the gallery.');
    expect(await objects()).toEqual([]);

    const again = await photos(['remove', a.photoId]);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`No photo is shared with the id ${a.photoId}. Nothing was changed.`);
  });
});

describe('organiser:photos errors', () => {
  it.each([
    [[], /^organiser:photos: Which command\? One of: list, approve, reject, remove\./],
    [['share', 'abcdefgh'], /Unknown command "share"/],
    [['approve'], /approve needs at least one photo id \(or --all\); list shows them/],
    [['reject'], /reject needs at least one photo id; list shows them/],
    [['approve', '--all', 'abcdefgh'], /approve takes photo ids or --all, not both/],
    [['reject', '--all'], /--all goes with approve only, not with reject/],
    [['remove', 'short', '../../x'], /Not a photo id: short, \.\.\/\.\.\/x/],
    [['list', 'abcdefgh'], /list takes no photo ids/],
    [['list', '--bucket'], /Option '--bucket <value>' argument missing/],
  ])('%j: usage error, exit 2', async (argv, message) => {
    const { code, io } = await photos(argv as string[]);
    expect(code).toBe(2);
    expect(io.stderr[0]).toMatch(message);
    expect(io.stderr[1]).toBe('Run `npm run organiser:photos -- --help` for usage.');
  });

  it('a Storage emulator that is not running: exit 1 with a clear message', async () => {
    const ctx = context();
    ctx.env = { STORAGE_EMULATOR_URL: `http://127.0.0.1:${await freePort()}`, AUTH_EMULATOR_URL: auth.url };
    const { code, io } = await photos(['list'], ctx);
    expect(code).toBe(1);
    expect(io.stderr[0]).toMatch(
      /^organiser:photos failed: Listing gs:\/\/demo-reunion\.firebasestorage\.app\/members\/photos\/pending\/: cannot reach the Storage emulator at http:\/\/127\.0\.0\.1:\d+ .*Is the local stack running \(npm start\)\?/,
    );
  });

  it('--help exits 0', async () => {
    const { code, io } = await photos(['--help']);
    expect(code).toBe(0);
    expect(io.stdout[0]).toMatch(/^Usage: npm run organiser:photos -- <command>/);
    expect(io.stdout.join('\n')).toContain(
      'A shared photo, like any photo, can be passed on by anyone who can see it.',
    );
  });
});
