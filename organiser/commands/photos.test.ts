/**
 * organiser:photos against the in-process Storage emulator (the rules mirror) and Auth emulator on random ports,
 * with the demo accounts: relatives share photos through the Firebase API with their own ID token (checked by the
 * rules), as the page does or bypassing it (a raw camera file), then list, approve (also after a failure at every
 * step part-way), reject and remove; what an approval leaves is checked the way the gallery meets it (another
 * approved member reads the shared photo and its details) and byte by byte (no EXIF, no download token).
 */
import { DOWNLOAD_TOKENS_METADATA_KEY } from '../../admin/bucket/member-files.ts';
import {
  REMOVED_PREFIX,
  keptPathOf,
  purgedMarkerPathOf,
  removalRecordPathOf,
} from '../../src/domain/keeping.ts';
import { purgeRemoved } from '../../admin/bucket/keeping.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PHONE_EXIF, phonePhoto } from '../../tools/fixtures/camera-photo.ts';

import { readExif } from '../../src/lib/exif.ts';
import {
  PHOTOS_PREFIX,
  detailsPathOf,
  markerPathOf,
  newPhotoId,
  pendingMetadata,
  photoPathOf,
  readPhotoDetails,
  thumbnailPathOf,
  type PhotoLocation,
} from '../../src/domain/photos.ts';
import { demoAccounts, type DemoAccount } from '../../tools/local/config.ts';
import { seedAccounts } from '../../tools/local/seed/seed-accounts.ts';
import { clientUploadRequest } from '../../tools/local/storage/client-upload.ts';
import { publishSharedPhoto } from '../../admin/bucket/shared-photos.ts';
import { connectTarget } from '../core/admin.ts';
import { signInWithPassword } from '../../admin/auth-emulator.ts';
import type { CommandContext } from '../core/cli.ts';
import type { AdminConnection, Bucket } from '../../admin/firebase-admin.ts';
import { controlCharacters, freePort, useTestEmulators } from '../core/test-support.ts';
import { SUBCOMMANDS, main } from './photos.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const accounts = demoAccounts({});
const emulators = useTestEmulators(PROJECT);
let bucket: Bucket;
let uids: Map<string, string>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  bucket = emulators.admin.bucket(BUCKET);
  uids = await seedAccounts(emulators.admin.auth, Object.values(accounts));
});
beforeEach(async () => {
  await bucket.deleteFiles({ prefix: PHOTOS_PREFIX });
});

const context = () => emulators.context();

type TestContext = ReturnType<typeof context>;

async function photos(argv: string[], overrides: Partial<TestContext> = {}) {
  const ctx: TestContext = { ...context(), ...overrides };
  const code = await main(argv, ctx);
  return { code, io: ctx.io, out: ctx.io.stdout.join('\n'), err: ctx.io.stderr.join('\n') };
}

async function idToken(account: DemoAccount): Promise<string> {
  let token = tokens.get(account.email);
  if (!token) {
    token = await signInWithPassword(
      { url: emulators.auth.url, projectId: PROJECT },
      account.email,
      account.password,
    );
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

/** A plain JPEG of one colour. */
const plain = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

/**
 * Shares a photo through the Firebase API with the account's own ID token (the rules decide), with the metadata the
 * page writes: by default as the page makes it, a JPEG and its thumbnail; `photo` and `thumbnail` send other bytes
 * (what a relative who bypasses the page can send).
 */
async function share(
  account: DemoAccount,
  {
    caption = 'Kaffe på tunet',
    taken = '2026-07-11T19:03:22Z',
    photo,
    thumbnail,
    withThumbnail = true,
  }: { caption?: string; taken?: string; photo?: Buffer; thumbnail?: Buffer; withThumbnail?: boolean } = {},
): Promise<Shared> {
  counter += 1;
  const photoId = newPhotoId(new Date(taken));
  const location: PhotoLocation = { state: 'pending', uid: uidOf(account), photoId };
  const color = { r: (counter * 40) % 256, g: 120, b: 90 };
  const bytes = photo ?? (await plain(640, 480, color));
  const small = thumbnail ?? (await plain(240, 180, color));
  const facts = {
    caption,
    takenAt: new Date(taken),
    uploaderUid: location.uid,
    uploaderName: account.displayName,
    uploaderEmail: account.email,
  };
  const upload = async (path: string, data: Buffer, width: number, height: number) => {
    const { url, init } = clientUploadRequest(
      emulators.storage.url,
      BUCKET,
      path,
      data,
      'image/jpeg',
      `Firebase ${await idToken(account)}`,
      pendingMetadata({ ...facts, width, height }),
    );
    const response = await fetch(url, init);
    expect(response.status, await response.text()).toBe(200);
  };
  if (withThumbnail) await upload(thumbnailPathOf(location), small, 240, 180);
  await upload(photoPathOf(location), bytes, 640, 480);
  return { photoId, photo: bytes, thumbnail: small, caption };
}

const pending = (account: DemoAccount, photoId: string): PhotoLocation => ({
  state: 'pending',
  uid: uidOf(account),
  photoId,
});
const shared = (photoId: string): PhotoLocation => ({ state: 'shared', photoId });

/** Every file a shared photo has. */
const sharedFiles = (account: DemoAccount, photoId: string) => [
  photoPathOf(shared(photoId)),
  thumbnailPathOf(shared(photoId)),
  detailsPathOf(photoId),
  markerPathOf(uidOf(account), photoId),
];

/** Shares `photoId` as if approved earlier from `account`'s upload (another relative's photo under that id). */
async function publishAs(account: DemoAccount, photoId: string): Promise<void> {
  const image = await plain(64, 48, { r: 9, g: 9, b: 9 });
  await publishSharedPhoto(
    bucket,
    photoId,
    {
      photo: image,
      thumbnail: image,
      photoSize: { width: 64, height: 48 },
      thumbnailSize: { width: 64, height: 48 },
    },
    { takenAt: '2026-07-11T19:03:22Z', width: '64', height: '48', uploaderUid: uidOf(account) },
  );
}

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
  const response = await fetch(
    `${emulators.storage.url}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}?alt=media`,
    {
      headers: { Authorization: `Firebase ${await idToken(account)}` },
    },
  );
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

describe('organiser:photos list', () => {
  it('with nothing shared: says so', async () => {
    const { code, io } = await photos(['list']);
    expect(code, io.text()).toBe(0);
    expect(io.stdout[0]).toBe(
      `Target: local emulators (${PROJECT}), bucket gs://${BUCKET} at ${emulators.storage.url}`,
    );
    expect(io.stdout).toContain('No photos waiting for approval.');
    expect(io.stdout.at(-1)).toBe('Shared: 0 photos (0 thumbnails).');
  });

  it('shows the waiting photos oldest first (id, account, name, taken, caption) and counts the shared ones', async () => {
    const later = await share(accounts.member, {
      taken: '2026-07-12T15:00:00Z',
      caption: 'Leaving\non Sunday',
    });
    const earlier = await share(accounts.organiser, {
      taken: '2026-07-10T18:30:00Z',
      caption: 'x'.repeat(80),
    });
    const noThumbnail = await share(accounts.member, { taken: '2026-07-11T12:00:00Z', withThumbnail: false });
    const approved = await share(accounts.member, { taken: '2026-07-11T13:00:00Z' });
    expect((await photos(['approve', approved.photoId])).code).toBe(0);

    const { code, io, out } = await photos(['list']);
    expect(code, io.text()).toBe(0);
    expect(out).toContain('Waiting for approval (3):');
    expect(io.stdout.find((line) => line.includes('Photo id'))).toMatch(
      /Photo id\s+Sent by \(account\)\s+Name\s+Taken \(UTC\)\s+Caption/,
    );
    const rows = io.stdout.filter((line) => /^ {2}\d{8}T/.test(line));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      new RegExp(
        `^ {2}${earlier.photoId}\\s+organiser@example\\.com\\s+Demo Organiser\\s+2026-07-10 18:30\\s+x{49}…$`,
      ),
    );
    expect(rows[1]).toMatch(
      new RegExp(
        `^ {2}${noThumbnail.photoId} \\(no thumbnail\\)\\s+member@example\\.com\\s+Demo Member\\s+2026-07-11 12:00\\s+Kaffe på tunet$`,
      ),
    );
    expect(rows[2]).toMatch(
      new RegExp(
        `^ {2}${later.photoId}\\s+member@example\\.com\\s+Demo Member\\s+2026-07-12 15:00\\s+Leaving on Sunday$`,
      ),
    );
    expect(io.stdout.at(-1)).toBe(
      'Shared: 1 photo (1 thumbnail). Approve with: npm run organiser:photos -- approve <photoId>... (or --all)',
    );
  });

  it('prints what relatives wrote as text only: escape sequences and control characters are removed', async () => {
    // Erase the line and rewrite it; set the clipboard (OSC 52); set the window title; an 8-bit CSI; a bell.
    const caption =
      'Nice\u001b[2K\r\u001b[1AApproved!\u001b]52;c;cm0gLXJm\u0007 photo\u001b]0;pwned\u001b\\\u009b31m\u0007';
    const photo = await share(accounts.member, { caption });
    const { code, io } = await photos(['list']);
    expect(code, io.text()).toBe(0);
    const row = io.stdout.find((line) => line.includes(photo.photoId))!;
    expect(row).toMatch(/Nice Approved! photo$/);
    // No control character at all but tab and line feed (C0, DEL, C1).
    expect(controlCharacters([...io.stdout, ...io.stderr])).toEqual([]);
  });

  it('names an uploader whose account is gone by the uid and the address in the metadata; lists stray files', async () => {
    const photo = await share(accounts.member);
    const uid = uidOf(accounts.member);
    await bucket.file(`${PHOTOS_PREFIX}pending/${uid}/notes\u001b[31m.txt`).save('not a photo');
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
      `(no account; was member@example.com) ${uid}`,
    );
    expect(io.stdout).toContain(`  ${PHOTOS_PREFIX}pending/${uid}/notes.txt`);
  });
});

describe('organiser:photos approve', () => {
  it('makes the shared photo from the waiting one (upright, no EXIF, its own thumbnail), with its details and no token; approved relatives see it', async () => {
    // A relative bypassed the page: a raw camera file with GPS, and a thumbnail of something else entirely.
    const raw = await phonePhoto();
    const decoy = await plain(240, 180, { r: 20, g: 200, b: 20 });
    const photo = await share(accounts.member, {
      caption: 'Grandma’s 90th / Bestemors 90-årsdag',
      photo: raw,
      thumbnail: decoy,
    });
    const other = await share(accounts.member);
    expect(readExif(raw)).not.toBeNull();
    // Before: only the uploader and organisers see it.
    expect(
      (await readAs(accounts.organiser, photoPathOf(pending(accounts.member, photo.photoId)))).status,
    ).toBe(200);
    expect(
      (await readAs(accounts.relative, photoPathOf(pending(accounts.member, photo.photoId)))).status,
    ).toBe(403);

    const { code, io } = await photos(['approve', `${photo.photoId}.jpg`]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain(
      `approved: ${photo.photoId} from member@example.com "Grandma’s 90th / Bestemors 90-årsdag"`,
    );
    expect(io.stdout.at(-1)).toBe('1 photo shared. Approved relatives see it in the gallery now.');

    expect(await objects()).toEqual(
      [
        ...sharedFiles(accounts.member, photo.photoId),
        photoPathOf(pending(accounts.member, other.photoId)),
        thumbnailPathOf(pending(accounts.member, other.photoId)),
      ].sort(),
    );
    // The photo: decoded, upright (2000x3000 on its side: 1707x2560), without EXIF; no token on any file.
    const [bytes] = await bucket.file(photoPathOf(shared(photo.photoId))).download();
    const info = await sharp(bytes).metadata();
    expect([info.width, info.height]).toEqual([1707, 2560]);
    expect(info.exif).toBeUndefined();
    expect(info.orientation).toBeUndefined();
    expect(readExif(bytes)).toBeNull();
    for (const secret of [PHONE_EXIF.serial, PHONE_EXIF.make, 'Exif'])
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    for (const path of sharedFiles(accounts.member, photo.photoId)) {
      const metadata = await metadataOf(path);
      expect(metadata.metadata?.firebaseStorageDownloadTokens, path).toBeUndefined();
      expect(JSON.stringify(metadata), path).not.toContain('member@example.com');
    }
    // The thumbnail is made from the photo, upright (blue on the left, red on the right), not from the decoy the
    // relative sent (green).
    const [thumbnail] = await bucket.file(thumbnailPathOf(shared(photo.photoId))).download();
    const { data, info: small } = await sharp(thumbnail).raw().toBuffer({ resolveWithObject: true });
    expect([small.width, small.height]).toEqual([320, 480]);
    const pixel = (x: number) => [...data.subarray(x * 3, x * 3 + 3)];
    const [leftRed, leftGreen, leftBlue] = pixel(10);
    const [rightRed, rightGreen, rightBlue] = pixel(small.width - 10);
    expect([leftBlue! > 150, leftRed! < 80, leftGreen! < 80]).toEqual([true, true, true]);
    expect([rightRed! > 150, rightBlue! < 80, rightGreen! < 80]).toEqual([true, true, true]);
    // The files' metadata: the date, each file's size and the uploader only.
    expect((await metadataOf(photoPathOf(shared(photo.photoId)))).metadata).toEqual({
      takenAt: '2026-07-11T19:03:22Z',
      width: '1707',
      height: '2560',
      uploaderUid: uidOf(accounts.member),
    });
    // What the gallery shows, read as the gallery reads it: the caption, the date, the account's name.
    const details = await readAs(accounts.relative, detailsPathOf(photo.photoId));
    expect(details.status).toBe(403);
    const read = await readAs(accounts.organiser, detailsPathOf(photo.photoId));
    expect(readPhotoDetails(read.body.toString('utf8'))).toEqual({
      caption: photo.caption,
      takenAt: '2026-07-11T19:03:22Z',
      width: '1707',
      height: '2560',
      uploaderUid: uidOf(accounts.member),
      uploaderName: 'Demo Member',
    });
    expect((await readAs(accounts.member, photoPathOf(shared(photo.photoId)))).body.equals(bytes)).toBe(true);
    expect((await readAs(accounts.relative, photoPathOf(shared(photo.photoId)))).status).toBe(403);

    // Again: nothing to do.
    const again = await photos(['approve', photo.photoId]);
    expect(again.code, again.io.text()).toBe(0);
    expect(again.io.stdout).toContain(`already shared, unchanged: ${photo.photoId}`);
    expect(again.io.stdout.at(-1)).toBe('Nothing to do.');
  });

  it('--name: the name shown with the photo is the one the organiser gives', async () => {
    const photo = await share(accounts.member);
    const { code, io } = await photos(['approve', photo.photoId, '--name', ' Kari Nordmann ']);
    expect(code, io.text()).toBe(0);
    const [text] = await bucket.file(detailsPathOf(photo.photoId)).download();
    expect(readPhotoDetails(text.toString('utf8'))?.uploaderName).toBe('Kari Nordmann');
    const usage = await photos(['approve', photo.photoId, 'abcdefgh12', '--name', 'x']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--name goes with approve and one photo id.');
  });

  it('--all shares every waiting photo it can, and reports the others (exit 1)', async () => {
    const a = await share(accounts.member);
    const b = await share(accounts.organiser, { withThumbnail: false });
    // Another relative's photo is shared under the id the organiser's next upload has.
    const clash = await share(accounts.organiser);
    await publishAs(accounts.member, clash.photoId);
    const notAPhoto = await share(accounts.member, { photo: Buffer.from('not a picture at all') });
    const { code, io } = await photos(['approve', '--all']);
    expect(code, io.text()).toBe(1);
    expect(io.stdout).toContain('2 photos shared. Approved relatives see them in the gallery now.');
    expect(io.stderr).toContain('Not shared (2):');
    expect(io.stderr).toContain(
      `  ${clash.photoId} has the id of another relative's shared photo: reject it (or remove that one first, if it should go)`,
    );
    expect(io.stderr).toContain(
      `  ${notAPhoto.photoId} was not shared: it is not a picture that can be read: reject it`,
    );
    const after = await objects();
    for (const path of [
      ...sharedFiles(accounts.member, a.photoId),
      ...sharedFiles(accounts.organiser, b.photoId),
    ])
      expect(after).toContain(path);
    expect(after).toContain(photoPathOf(pending(accounts.organiser, clash.photoId)));
    expect(after).toContain(photoPathOf(pending(accounts.member, notAPhoto.photoId)));
    expect(after).not.toContain(photoPathOf(shared(notAPhoto.photoId)));
    const none = await photos(['approve', '--all']);
    expect(none.code).toBe(1);
  });

  it('an unknown id: exit 1, nothing changed; named one by one, a conflict changes nothing either', async () => {
    const good = await share(accounts.member);
    const before = await objects();
    const unknown = await photos(['approve', good.photoId, 'abcdefgh12']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe(
      'organiser:photos failed: No photo is waiting or shared with the id abcdefgh12. Nothing was changed. ' +
        '`npm run organiser:photos -- list` shows the waiting ones.',
    );
    const clash = await share(accounts.organiser);
    await publishAs(accounts.member, clash.photoId);
    const during = await objects();
    const refused = await photos(['approve', good.photoId, clash.photoId]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `Nothing was changed: ${clash.photoId} has the id of another relative's shared photo`,
    );
    expect(await objects()).toEqual(during);
    expect(before).toEqual(during.filter((path) => !path.includes(clash.photoId)));
  });

  /**
   * A connection whose Storage fails once, at the step `fails` picks (a save or a delete of a path): as if the
   * network dropped there.
   */
  function failingAt(fails: (op: 'save' | 'delete', path: string) => boolean): CommandContext['connect'] {
    return async (target) => {
      const real = await connectTarget(target);
      const connection = Object.create(real) as AdminConnection;
      connection.bucket = (name) => {
        const b = real.bucket(name);
        const file = b.file.bind(b);
        b.file = ((path: string, options?: Parameters<Bucket['file']>[1]) => {
          const f = file(path, options);
          const save = f.save.bind(f) as (...args: unknown[]) => Promise<unknown>;
          const remove = f.delete.bind(f) as (...args: unknown[]) => Promise<unknown>;
          const failure = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
          f.save = ((...args: unknown[]) =>
            fails('save', path) ? Promise.reject(failure()) : save(...args)) as typeof f.save;
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
    ['storing the thumbnail', 'save', 'thumbnail'],
    ['storing the details', 'save', 'details'],
    ['storing the marker', 'save', 'marker'],
    ['storing the photo', 'save', 'photo'],
    ['deleting the waiting photo', 'delete', 'waiting photo'],
    ['deleting the waiting thumbnail', 'delete', 'waiting thumbnail'],
  ] as const)(
    'a failure while %s: exit 1; the same command again finishes the approval',
    async (_label, op, file) => {
      const photo = await share(accounts.member);
      const location = pending(accounts.member, photo.photoId);
      const [photoPath, thumbnailPath, detailsPath, markerPath] = sharedFiles(accounts.member, photo.photoId);
      const failPath = {
        thumbnail: thumbnailPath,
        details: detailsPath,
        marker: markerPath,
        photo: photoPath,
        'waiting photo': photoPathOf(location),
        'waiting thumbnail': thumbnailPathOf(location),
      }[file]!;
      const first = await photos(['approve', photo.photoId], {
        connect: failingAt((o, path) => o === op && path === failPath),
      });
      expect(first.code).toBe(1);
      expect(first.err).toMatch(
        new RegExp(
          `^organiser:photos failed: Approving ${photo.photoId}: ` +
            `${op === 'save' ? 'making and storing the shared photo' : `deleting ${failPath.replace(/[.]/g, '\\.')}`}` +
            '.*cannot reach the Storage emulator.* Run the same command again: it finishes what was left\\.$',
        ),
      );
      // Never a shared photo without its thumbnail and details, nor a waiting photo without its thumbnail.
      const middle = await objects();
      if (middle.includes(photoPath))
        expect(middle).toEqual(expect.arrayContaining([thumbnailPath, detailsPath]));
      if (middle.includes(photoPathOf(location))) expect(middle).toContain(thumbnailPathOf(location));

      const second = await photos(['approve', photo.photoId]);
      expect(second.code, second.io.text()).toBe(0);
      expect(
        second.io.stdout.some((line) =>
          line.startsWith(`approved: ${photo.photoId} from member@example.com`),
        ),
      ).toBe(true);
      expect(await objects()).toEqual([...sharedFiles(accounts.member, photo.photoId)].sort());
      expect((await readAs(accounts.organiser, photoPath)).status).toBe(200);
      expect(
        readPhotoDetails((await readAs(accounts.organiser, detailsPath)).body.toString('utf8')),
      ).toMatchObject({
        caption: photo.caption,
      });
    },
  );
});

describe('organiser:photos reject and remove', () => {
  it('reject takes the waiting photo and its thumbnail away, kept apart for 30 days; restore puts them back as they were', async () => {
    const photo = await share(accounts.member);
    const keep = await share(accounts.organiser);
    const waitingPaths = [
      photoPathOf(pending(accounts.member, photo.photoId)),
      thumbnailPathOf(pending(accounts.member, photo.photoId)),
    ];
    const before = await Promise.all(
      waitingPaths.map(async (path) => {
        const { contentType, metadata } = await metadataOf(path);
        return { contentType, metadata, bytes: (await bucket.file(path).download())[0] };
      }),
    );
    const { code, io } = await photos(['reject', photo.photoId]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain(`rejected: ${photo.photoId} (kept apart for 30 days)`);
    expect(io.stdout.at(-1)).toBe(
      '1 waiting photo rejected. Undo within 30 days: npm run organiser:photos -- restore <photoId>',
    );
    expect(await objects()).toEqual(
      [
        photoPathOf(pending(accounts.organiser, keep.photoId)),
        thumbnailPathOf(pending(accounts.organiser, keep.photoId)),
        ...waitingPaths.map((path) => keptPathOf(photo.photoId, path)),
        removalRecordPathOf(photo.photoId),
      ].sort(),
    );

    const listed = await photos(['removed']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      new RegExp(`${photo.photoId} +rejected +\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} +\\S+@\\S+ +(29|30) +2`),
    );

    const restored = await photos(['restore', photo.photoId]);
    expect(restored.code, restored.io.text()).toBe(0);
    expect(restored.io.stdout).toContain(`restored: ${photo.photoId} (waiting for approval again)`);
    const after = await Promise.all(
      waitingPaths.map(async (path) => {
        const { contentType, metadata } = await metadataOf(path);
        return { contentType, metadata, bytes: (await bucket.file(path).download())[0] };
      }),
    );
    // As they were, but the download token the relative's upload had: a restore through the Admin SDK makes none.
    const withoutToken = (files: typeof before) =>
      files.map(({ metadata, ...rest }) => {
        const { [DOWNLOAD_TOKENS_METADATA_KEY]: _token, ...custom } = (metadata ?? {}) as Record<
          string,
          unknown
        >;
        void _token;
        return { ...rest, metadata: custom };
      });
    expect(after).toEqual(withoutToken(before));
    expect((await objects()).filter((path) => path.includes('/removed/'))).toEqual([]);
    expect((await photos(['restore', photo.photoId])).code).toBe(1);

    // After 30 days the monthly purge lets a kept photo go, leaving a marker for the backups.
    expect((await photos(['reject', photo.photoId])).code).toBe(0);
    await purgeRemoved(bucket, photo.photoId);
    expect((await objects()).filter((path) => path.includes(photo.photoId))).toEqual([]);
    expect((await bucket.file(purgedMarkerPathOf(photo.photoId)).exists())[0]).toBe(true);
    expect((await photos(['restore', photo.photoId])).err).toContain('after 30 days they are gone');
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

  it('remove takes a shared photo, its thumbnail, details and marker away, also what an interrupted removal left, kept apart', async () => {
    const a = await share(accounts.member);
    const b = await share(accounts.member);
    await photos(['approve', '--all']);
    await bucket.file(photoPathOf(shared(b.photoId))).delete();
    const { code, io } = await photos(['remove', a.photoId, b.photoId]);
    expect(code, io.text()).toBe(0);
    expect(io.stdout).toContain(`removed: ${a.photoId} (kept apart for 30 days)`);
    expect(io.stdout).toContain(
      `removed: ${b.photoId} (what an earlier removal left) (kept apart for 30 days)`,
    );
    expect(io.stdout.at(-1)).toBe(
      '2 shared photos removed from the gallery. Undo within 30 days: npm run organiser:photos -- restore <photoId>',
    );
    expect((await objects()).filter((path) => !path.startsWith(REMOVED_PREFIX))).toEqual([]);

    const again = await photos(['remove', a.photoId]);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`No photo is shared with the id ${a.photoId}. Nothing was changed.`);

    // Put back, in the gallery again.
    expect((await photos(['restore', a.photoId])).code).toBe(0);
    expect((await bucket.file(photoPathOf(shared(a.photoId))).exists())[0]).toBe(true);
    expect((await bucket.file(detailsPathOf(a.photoId)).exists())[0]).toBe(true);
  });
});

describe('organiser:photos on a real project: shows what it will change and asks first', () => {
  const REAL = 'my-reunion';
  const REAL_BUCKET = `${REAL}.firebasestorage.app`;

  it.each([
    ['reject', false],
    ['remove', true],
    ['approve --all', false],
  ] as const)(
    '%s: refuses without a terminal, changes nothing on "no", goes ahead on "yes" or --yes',
    async (command, isShared) => {
      const real = emulators.admin.bucket(REAL_BUCKET);
      await real.deleteFiles({ prefix: PHOTOS_PREFIX });
      const photoId = newPhotoId(new Date('2026-07-11T19:03:22Z'));
      const files = isShared
        ? [...sharedFiles(accounts.member, photoId)]
        : [
            photoPathOf(pending(accounts.member, photoId)),
            thumbnailPathOf(pending(accounts.member, photoId)),
          ];
      const jpeg = await plain(64, 48, { r: 1, g: 2, b: 3 });
      for (const path of files) {
        const metadata = isShared
          ? {
              takenAt: '2026-07-11T19:03:22Z',
              width: '64',
              height: '48',
              uploaderUid: uidOf(accounts.member),
            }
          : pendingMetadata({
              takenAt: new Date('2026-07-11T19:03:22Z'),
              width: 64,
              height: 48,
              uploaderUid: uidOf(accounts.member),
              uploaderEmail: accounts.member.email,
              caption: 'Ved kirken',
            });
        await real.file(path).save(path.endsWith('.json') ? '{}' : jpeg, { metadata: { metadata } });
      }
      const argv = [
        ...command.split(' '),
        ...(command === 'approve --all' ? [] : [photoId]),
        '--project',
        REAL,
      ];
      const stored = async () =>
        (await real.getFiles({ prefix: PHOTOS_PREFIX }))[0].map((file) => file.name).sort();
      const before = await stored();

      const noTerminal = emulators.realProjectContext(undefined);
      const refused = await photos(argv, noTerminal.ctx);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`This will change the real project ${REAL}:`);
      expect(refused.out).toContain(photoId);
      expect(refused.err).toContain(
        'Nothing was changed: this changes a real project, and there is no terminal to ask.',
      );
      expect(await stored()).toEqual(before);

      const no = emulators.realProjectContext('n');
      expect((await photos(argv, no.ctx)).code).toBe(1);
      expect(no.asked).toEqual(['Go ahead? Type yes to continue: ']);
      expect(await stored()).toEqual(before);

      const yes = emulators.realProjectContext('yes');
      const done = await photos(argv, yes.ctx);
      expect(done.code, done.io.text()).toBe(0);
      expect(await stored()).not.toEqual(before);
      await real.deleteFiles({ prefix: PHOTOS_PREFIX });

      // --yes: no question.
      for (const path of files) await real.file(path).save(jpeg);
      const flagged = emulators.realProjectContext(undefined);
      await photos([...argv, '--yes'], flagged.ctx);
      expect(flagged.asked).toEqual([]);
      await real.deleteFiles({ prefix: PHOTOS_PREFIX });
    },
  );

  it('--bucket must be one of the project’s buckets', async () => {
    const { code, err } = await photos(
      ['list', '--project', REAL, '--bucket', 'someone-else.appspot.com'],
      emulators.realProjectContext('yes').ctx,
    );
    expect(code).toBe(2);
    expect(err).toContain(
      '--bucket is someone-else.appspot.com, which is not a bucket of the project my-reunion',
    );
  });
});

describe('organiser:photos errors', () => {
  it.each([
    [[], /^organiser:photos: Which command\? One of: list, approve, reject, remove, removed, restore\./],
    [['share', 'abcdefgh'], /Unknown command "share"/],
    [['approve'], /approve needs at least one photo id \(or --all\); list shows them/],
    [['reject'], /reject needs at least one photo id; list shows them/],
    [['approve', '--all', 'abcdefgh'], /approve takes photo ids or --all, not both/],
    [['reject', '--all'], /--all goes with approve only, not with reject/],
    [['remove', 'short', '../../x'], /Not a photo id: short, \.\.\/\.\.\/x/],
    [['list', 'abcdefgh'], /list takes no photo ids/],
    [['list', '--bucket'], /--bucket needs a value/],
  ])('%j: usage error, exit 2', async (argv, message) => {
    const { code, io } = await photos(argv as string[]);
    expect(code).toBe(2);
    expect(io.stderr[0]).toMatch(message);
    expect(io.stderr[1]).toBe('Run `npm run organiser:photos -- --help` for usage.');
  });

  it('a Storage emulator that is not running: exit 1 with a clear message', async () => {
    const ctx = context();
    ctx.env = {
      STORAGE_EMULATOR_URL: `http://127.0.0.1:${await freePort()}`,
      AUTH_EMULATOR_URL: emulators.auth.url,
    };
    const { code, io } = await photos(['list'], ctx);
    expect(code).toBe(1);
    expect(io.stderr[0]).toMatch(
      /^organiser:photos failed: Listing gs:\/\/demo-reunion\.firebasestorage\.app\/members\/photos\/pending\/: cannot reach the Storage emulator at http:\/\/127\.0\.0\.1:\d+ .*Is the local stack running \(npm start\)\?/,
    );
  });

  it('--help lists every subcommand with its usage; `<command> --help` shows that one alone', async () => {
    const run: (argv: string[]) => ReturnType<typeof photos> = (argv) => photos(argv);
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
        `Usage: npm run organiser:photos -- ${label} [options]`,
      );
    }
  });

  it('--help exits 0', async () => {
    const { code, io } = await photos(['--help']);
    expect(code).toBe(0);
    expect(io.stdout[0]).toMatch(/^Usage: npm run organiser:photos -- <command>/);
    expect(io.stdout.join('\n')).toContain('npm run organiser:check -- --remove-tokens');
  });
});
