/**
 * The in-process Storage emulator over real HTTP, on the REST endpoints the Firebase JS SDK calls:
 *   read   GET    /v0/b/<bucket>/o/<encoded path>?alt=media   (getBlob / getBytes / an authenticated fetch)
 *   list   GET    /v0/b/<bucket>/o?prefix=<folder>/            (listAll / list; the site lists only photo folders)
 *   write  POST   /v0/b/<bucket>/o?name=<path>  multipart      (uploadBytes; resumable: uploadBytesResumable)
 *   update PATCH  /v0/b/<bucket>/o/<encoded path>              (updateMetadata)
 *   delete DELETE /v0/b/<bucket>/o/<encoded path>              (deleteObject)
 * with `Authorization: Firebase <ID token>`, as the SDK sends it.
 *
 * What storage.rules decide is specified in-process by rules.test.ts (every case of the matrices). Here runs what
 * HTTP adds: the emulator's start, its seeding and CORS, how it turns a request into the rules' request, resource and
 * request.resource (the token, the stored metadata, an upload's size, type, headers and metadata, a list's prefix),
 * and what a refusal leaves stored: each kind of case once (every case that carries a header, a size at a limit or
 * a metadata value), against the evaluator of storage.rules itself. If a firebase-tools upgrade changes the
 * internals emulator.ts relies on, this file fails: start-up errors name the missing export, a changed verify()
 * contract shows up as wrong status codes.
 *
 * Cross-check: with STORAGE_EMULATOR_CROSS_CHECK_URL set (e.g. http://127.0.0.1:9199, the official emulator started
 * with `npx firebase emulators:start --only storage --project demo-reunion`), every case of every matrix runs over
 * HTTP against that emulator and its Java rules engine on storage.rules instead of starting ours (see README.md).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CATALOGUE,
  MEMBERS_PREFIX,
  contentTypeOf,
  hasThumbnail,
  storagePathOf,
  thumbnailPathOf,
  type CatalogueEntry,
} from '../../../src/domain/catalogue.ts';
import { connectAdmin, hostOf, type AdminConnection } from '../../../admin/firebase-admin.ts';
import { freePort } from '../ports.ts';
import { LARGE_DEMO_PATH, demoFile, largeDemoFile } from '../seed/demo-files.ts';
import { seedStorage } from '../seed/seed-storage.ts';
import { startStorageEmulator, type RunningStorageEmulator } from './emulator.ts';
import {
  DOWNLOAD_TOKENS_METADATA_KEY,
  contentDispositionFor,
  memberFileMetadata,
  saveObject,
} from '../../../admin/bucket/member-files.ts';
import { emulatorIdToken } from './tokens.ts';
import { clientUploadRequest } from './client-upload.ts';
import {
  FACES_SEEDED,
  facesAccessCases,
  facesCreateCases,
  facesListCases,
  facesPathAt,
  suggestionMetadata,
} from './faces-rules-matrix.ts';
import { STORAGE_RULES_FILE } from './storage-rules.ts';
import {
  KEPT_SEEDED,
  keepingAccessCases,
  keepingCreateCases,
  keepingListCases,
} from './keeping-rules-matrix.ts';
import { FACES_CONTENT_TYPE, FACES_PREFIX } from '../../../src/domain/faces.ts';
import { DELETIONS_PREFIX } from '../../../src/domain/keeping.ts';
import { MAX_PHOTO_BYTES, PHOTOS_PREFIX, PHOTO_CONTENT_TYPE } from '../../../src/domain/photos.ts';
import {
  ownerMetadata,
  pathAt,
  photoAccessCases,
  photoCreateCases,
  photoListCases,
} from './photo-rules-matrix.ts';
import {
  OTHER_UID,
  OWNER_UID,
  matrixTokens,
  type MatrixCase,
  type MatrixObject,
  type MatrixUser,
} from './rules-matrix-kit.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const LARGE_BYTES = 1024 * 1024;
const OUTSIDE_PATH = 'public/outside-members.txt';
const OUTSIDE_BYTES = Buffer.from('A file outside the members prefix.\n');
/** A member file stored without the access metadata (say, uploaded through the Firebase console). */
const UNMARKED_PATH = `${MEMBERS_PREFIX}documents/uploaded-elsewhere.pdf`;
const UNMARKED_BYTES = Buffer.from('%PDF-1.4 stored without access metadata\n');
const CROSS_CHECK_URL = process.env.STORAGE_EMULATOR_CROSS_CHECK_URL?.replace(/\/+$/, '');
/** Tests of our emulator itself (lifecycle, its stricter token checks): not run in a cross-check. */
const ownEmulatorOnly = CROSS_CHECK_URL ? it.skip : it;

async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const users = {
  anonymous: null,
  unverified: emulatorIdToken({ projectId: PROJECT, uid: 'unverified-user', emailVerified: false }),
  verified: emulatorIdToken({ projectId: PROJECT, uid: 'verified-user', emailVerified: true }),
  approved: emulatorIdToken({
    projectId: PROJECT,
    uid: 'approved-user',
    emailVerified: true,
    approved: true,
  }),
} as const;
type User = keyof typeof users;
const USER_NAMES = Object.keys(users) as User[];
const isVerified = (user: User) => user === 'verified' || user === 'approved';

function authHeaders(user: User): Record<string, string> {
  const token = users[user];
  return token ? { Authorization: `Firebase ${token}` } : {};
}

/**
 * The matrix cases worth a request over HTTP (all of them in a cross-check): the first of each method and outcome
 * in each folder and of each account and outcome, and every create whose request carries what the emulator must turn into request.resource (a
 * serving header, a size at a limit, a metadata key or value, a caption).
 */
function httpSample(cases: MatrixCase[]): MatrixCase[] {
  if (CROSS_CHECK_URL) return cases;
  const seen = new Set<string>();
  return cases.filter((c) => {
    if (
      c.method === 'create' &&
      /set$|bytes$|metadata key|caption|emoji|suggester|uploader|takenAt/.test(c.label)
    )
      return true;
    const keys = [`${c.method} ${c.allowed} ${folderOf(c.path)}`, `${c.user} ${c.allowed}`];
    const fresh = keys.filter((key) => !seen.has(key));
    for (const key of fresh) seen.add(key);
    return fresh.length > 0;
  });
}

function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/** What a file is, for the rules: who may read it. */
type Kind = 'ordinary' | 'approval-only' | 'unmarked' | 'outside';

interface Target {
  label: string;
  path: string;
  kind: Kind;
  entry?: CatalogueEntry;
  /** An image's preview (thumbnail). */
  preview?: boolean;
}

const targets: Target[] = [
  ...CATALOGUE.map((entry): Target => ({
    label: entry.id,
    path: storagePathOf(entry),
    kind: entry.approvalOnly ? 'approval-only' : 'ordinary',
    entry,
  })),
  // The previews of the images: stored with their image's access, so guarded exactly like the image.
  ...CATALOGUE.filter(hasThumbnail).map((entry): Target => ({
    label: `${entry.id} preview`,
    path: thumbnailPathOf(entry),
    kind: entry.approvalOnly ? 'approval-only' : 'ordinary',
    preview: true,
  })),
  { label: 'large demo file', path: LARGE_DEMO_PATH, kind: 'ordinary' },
  { label: 'member file without access metadata', path: UNMARKED_PATH, kind: 'unmarked' },
  { label: 'outside members/', path: OUTSIDE_PATH, kind: 'outside' },
];

/**
 * The catalogue's files over HTTP: one of each kind (the in-process matrix covers every path), all of them in a
 * cross-check.
 */
const httpTargets = CROSS_CHECK_URL
  ? targets
  : targets.filter(
      (target, index) =>
        targets.findIndex((other) => other.kind === target.kind && !!other.preview === !!target.preview) ===
          index || target.label === 'large demo file',
    );

/** storage.rules: who may get (download or read the metadata of) which file. */
function mayGet(user: User, kind: Kind): boolean {
  if (kind === 'outside' || !isVerified(user)) return false;
  return kind === 'ordinary' || user === 'approved';
}

describe('in-process Storage emulator enforcing storage.rules', () => {
  let emulator: RunningStorageEmulator;
  let admin: AdminConnection;
  let port: number;
  let seeded: { files: number; bytes: number };
  const objectUrl = (path: string) => `${emulator.url}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}`;

  beforeAll(async () => {
    if (CROSS_CHECK_URL) {
      port = Number(new URL(CROSS_CHECK_URL).port);
      emulator = { url: CROSS_CHECK_URL, stop: () => Promise.resolve() };
    } else {
      port = await freePort();
      emulator = await startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port });
    }
    admin = connectAdmin({ projectId: PROJECT, emulators: { storage: hostOf(emulator.url) } });
    const bucket = admin.bucket(BUCKET);
    seeded = await seedStorage(bucket, { largeFileBytes: LARGE_BYTES, texts: false });
    // The file outside the members prefix, and a member file without the access metadata, through the Admin SDK.
    const plain = (name: string, contentType: string) => ({
      contentType,
      contentDisposition: contentDispositionFor(name),
      metadata: {},
    });
    await saveObject(bucket, OUTSIDE_PATH, OUTSIDE_BYTES, plain('outside-members.txt', 'text/plain'));
    await saveObject(
      bucket,
      UNMARKED_PATH,
      UNMARKED_BYTES,
      plain('uploaded-elsewhere.pdf', 'application/pdf'),
    );
  });

  afterAll(async () => {
    await admin?.close();
    await emulator?.stop();
  });

  it('starts on the requested port and answers the Firebase API root', async () => {
    if (!CROSS_CHECK_URL) expect(emulator.url).toBe(`http://127.0.0.1:${port}`);
    const response = await fetch(`${emulator.url}/v0/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ emulator: 'storage' });
  });

  it('is seeded with every catalogue file and the large demo file', async () => {
    expect(seeded.files).toBe(CATALOGUE.length + 1);
    const expectedSmall = (await Promise.all(CATALOGUE.map(demoFile))).reduce(
      (sum, b) => sum + b.byteLength,
      0,
    );
    expect(seeded.bytes).toBe(expectedSmall + LARGE_BYTES);
  });

  it('stores what organiser:upload stores: content type, download name, access metadata, and no download token', async () => {
    // Through the Cloud Storage JSON API (what the Admin SDK reads), before any client has read a file: the
    // emulator gives a file a download token the first time it is read through the Firebase API.
    const [files] = await admin.bucket(BUCKET).getFiles({ prefix: MEMBERS_PREFIX });
    for (const entry of CATALOGUE) {
      const file = files.find((candidate) => candidate.name === storagePathOf(entry));
      expect(file, entry.id).toBeDefined();
      const expected = memberFileMetadata(entry);
      expect(file!.metadata.contentType).toBe(expected.contentType);
      expect(file!.metadata.contentDisposition).toBe(expected.contentDisposition);
      expect(file!.metadata.metadata).toEqual(expected.metadata);
      expect(Number(file!.metadata.size)).toBe((await demoFile(entry)).byteLength);
    }
    for (const file of files)
      expect(file.metadata.metadata ?? {}).not.toHaveProperty(DOWNLOAD_TOKENS_METADATA_KEY);
  });

  it('answers a CORS preflight from the site at http://127.0.0.1:5000', async () => {
    const response = await fetch(objectUrl(storagePathOf(CATALOGUE[0]!)) + '?alt=media', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,x-firebase-storage-version,x-firebase-gmpid',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5000');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  // Writes and deletes first: every one must be refused, and the reads below then prove nothing changed.
  describe('rules matrix: write (upload) is refused for every client', () => {
    it.each(USER_NAMES.flatMap((user) => httpTargets.map((target) => ({ user, ...target }))))(
      '$user writes $label -> 403',
      async ({ user, path }) => {
        const { url, init } = clientUploadRequest(
          emulator.url,
          BUCKET,
          path,
          Buffer.from('overwritten by a client'),
          'text/plain',
          users[user] ? `Firebase ${users[user]}` : null,
        );
        const response = await fetch(url, init);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          error: { code: 403, message: 'Permission denied. No WRITE permission.' },
        });
      },
    );

    it.each(USER_NAMES)('%s cannot create a new object under members/ either -> 403', async (user) => {
      const { url, init } = clientUploadRequest(
        emulator.url,
        BUCKET,
        `${MEMBERS_PREFIX}documents/new-file-${user}.pdf`,
        Buffer.from('%PDF-1.4 not really'),
        'application/pdf',
        users[user] ? `Firebase ${users[user]}` : null,
      );
      expect((await fetch(url, init)).status).toBe(403);
    });
  });

  describe('rules matrix: delete is refused for every client', () => {
    it.each(USER_NAMES.flatMap((user) => httpTargets.map((target) => ({ user, ...target }))))(
      '$user deletes $label -> 403',
      async ({ user, path }) => {
        const response = await fetch(objectUrl(path), { method: 'DELETE', headers: authHeaders(user) });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          error: { code: 403, message: 'Permission denied. No WRITE permission.' },
        });
      },
    );
  });

  describe('rules matrix: get (download) under members/: verified accounts; approval-only files need approval', () => {
    it.each(USER_NAMES.flatMap((user) => httpTargets.map((target) => ({ user, ...target }))))(
      '$user reads $label ($kind)',
      async ({ user, path, kind, entry, preview }) => {
        const response = await fetch(`${objectUrl(path)}?alt=media`, { headers: authHeaders(user) });
        if (mayGet(user, kind)) {
          expect(response.status).toBe(200);
          const body = Buffer.from(await response.arrayBuffer());
          if (preview) {
            expect(response.headers.get('content-type')).toBe('image/jpeg');
            expect([...body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
          } else if (entry) {
            expect(response.headers.get('content-type')).toBe(contentTypeOf(entry));
            expect(body.equals(await demoFile(entry))).toBe(true);
          } else if (kind === 'unmarked') {
            expect(body.equals(UNMARKED_BYTES)).toBe(true);
          } else {
            expect(response.headers.get('content-type')).toBe('application/octet-stream');
            expect(response.headers.get('content-length')).toBe(String(LARGE_BYTES));
            expect(body.equals(largeDemoFile(LARGE_BYTES))).toBe(true);
          }
        } else {
          expect(response.status).toBe(403);
          expect(await response.json()).toEqual({
            error: { code: 403, message: 'Permission denied. No READ permission.' },
          });
        }
      },
    );

    const ordinary = targets.find((target) => target.kind === 'ordinary')!;
    const approvalOnly = targets.find((target) => target.kind === 'approval-only')!;
    it.each(USER_NAMES.flatMap((user) => [ordinary, approvalOnly].map((target) => ({ user, ...target }))))(
      '$user reading the metadata of $label (no alt=media) follows the same rule',
      async ({ user, path, kind }) => {
        const response = await fetch(objectUrl(path), { headers: authHeaders(user) });
        expect(response.status).toBe(mayGet(user, kind) ? 200 : 403);
      },
    );

    it.each(['verified', 'approved'] as const)(
      'a %s user gets 404 for a missing file under members/ (the rules pass, the object does not exist)',
      async (user) => {
        const response = await fetch(`${objectUrl(`${MEMBERS_PREFIX}documents/missing.pdf`)}?alt=media`, {
          headers: authHeaders(user),
        });
        expect(response.status).toBe(404);
      },
    );
  });

  describe("rules matrix: list is refused for every client in the catalogue's folders (the site never lists them)", () => {
    const folders = [...new Set([MEMBERS_PREFIX, ...httpTargets.map((target) => folderOf(target.path))])];
    it.each(USER_NAMES.flatMap((user) => folders.map((folder) => ({ user, folder }))))(
      '$user lists $folder -> 403',
      async ({ user, folder }) => {
        const response = await fetch(
          `${emulator.url}/v0/b/${BUCKET}/o?prefix=${encodeURIComponent(folder)}`,
          {
            headers: authHeaders(user),
          },
        );
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          error: { code: 403, message: 'Permission denied. No LIST permission.' },
        });
      },
    );

    it.each(USER_NAMES)('%s cannot list the bucket root -> 403', async (user) => {
      const response = await fetch(`${emulator.url}/v0/b/${BUCKET}/o`, { headers: authHeaders(user) });
      expect(response.status).toBe(403);
    });

    it('the admin credential still lists (organiser:check does, through the Admin SDK)', async () => {
      const [files] = await admin.bucket(BUCKET).getFiles({ prefix: MEMBERS_PREFIX });
      expect(files.map((file) => file.name).sort()).toEqual(
        targets
          .filter((t) => t.path.startsWith(MEMBERS_PREFIX))
          .map((t) => t.path)
          .sort(),
      );
    });
  });

  describe('tokens our emulator does not accept (the official emulator only decodes tokens)', () => {
    const path = storagePathOf(CATALOGUE[0]!);
    ownEmulatorOnly.each([
      [
        'expired',
        emulatorIdToken({ projectId: PROJECT, emailVerified: true, approved: true, expiresInSeconds: -60 }),
      ],
      [
        'for another project',
        emulatorIdToken({ projectId: PROJECT, emailVerified: true, approved: true, audience: 'demo-other' }),
      ],
      ['not a JWT', 'garbage'],
    ])('a verified token %s reads as anonymous -> 403', async (_label, token) => {
      const response = await fetch(`${objectUrl(path)}?alt=media`, {
        headers: { Authorization: `Firebase ${token}` },
      });
      expect(response.status).toBe(403);
    });
  });

  describe('the rules matrices (photos, who is who, what is kept), real uploads through the Firebase API', () => {
    const matrixToken = matrixTokens(PROJECT);
    const matrixHeaders = (user: MatrixUser): Record<string, string> =>
      matrixToken[user] ? { Authorization: `Firebase ${matrixToken[user]}` } : {};

    const bytesBySize = new Map<number, Buffer>();
    /** A JPEG's first bytes and filler: the rules look at the size and content type, not at the pixels. */
    function jpegBytes(size: number): Buffer {
      let bytes = bytesBySize.get(size);
      if (!bytes) {
        bytes = Buffer.alloc(size, 0x20);
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes, 0, 0, Math.min(4, size));
        bytesBySize.set(size, bytes);
      }
      return bytes;
    }

    /** What the Admin SDK sees at path (null: nothing), without the download token the Firebase API adds. */
    async function storedAt(path: string): Promise<MatrixObject | null> {
      const [exists] = await admin.bucket(BUCKET).file(path).exists();
      if (!exists) return null;
      const [metadata] = await admin.bucket(BUCKET).file(path).getMetadata();
      const custom = { ...(metadata.metadata ?? {}) } as Record<string, string>;
      delete custom[DOWNLOAD_TOKENS_METADATA_KEY];
      return { contentType: metadata.contentType ?? '', size: Number(metadata.size), metadata: custom };
    }

    /** Puts exactly `stored` at path (or nothing), through the Admin SDK. */
    async function reset(path: string, stored: MatrixObject | null): Promise<void> {
      const file = admin.bucket(BUCKET).file(path);
      await file.delete({ ignoreNotFound: true });
      if (stored) {
        await file.save(jpegBytes(stored.size), {
          resumable: false,
          metadata: { contentType: stored.contentType, metadata: stored.metadata },
        });
      }
    }

    async function request(c: MatrixCase): Promise<Response> {
      const authorization = matrixToken[c.user] ? `Firebase ${matrixToken[c.user]}` : null;
      switch (c.method) {
        case 'create': {
          const { url, init } = clientUploadRequest(
            emulator.url,
            BUCKET,
            c.path,
            jpegBytes(c.write!.size),
            c.write!.contentType,
            authorization,
            c.write!.metadata,
            c.write!.fields,
          );
          return fetch(url, init);
        }
        case 'update':
          return fetch(objectUrl(c.path), {
            method: 'PATCH',
            headers: { ...matrixHeaders(c.user), 'Content-Type': 'application/json' },
            body: JSON.stringify({ metadata: c.write!.metadata }),
          });
        case 'delete':
          return fetch(objectUrl(c.path), { method: 'DELETE', headers: matrixHeaders(c.user) });
        case 'get':
          return fetch(`${objectUrl(c.path)}?alt=media`, { headers: matrixHeaders(c.user) });
      }
    }

    const OK: Record<MatrixCase['method'], number> = { create: 200, update: 200, delete: 204, get: 200 };

    it.each(
      httpSample([
        ...photoAccessCases(),
        ...photoCreateCases(),
        ...facesAccessCases(),
        ...facesCreateCases(),
        ...keepingAccessCases(),
        ...keepingCreateCases(),
      ]),
    )('$label', async (c) => {
      await reset(c.path, c.stored);
      const response = await request(c);
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.status).toBe(c.allowed ? OK[c.method] : 403);
      const after = await storedAt(c.path);
      if (c.method === 'get' && c.allowed) expect(body.byteLength).toBe(c.stored!.size);
      if (c.method === 'create' && c.allowed) expect(after).toEqual(c.write);
      else if (c.method === 'delete' && c.allowed) expect(after).toBeNull();
      else expect(after, 'a refused request (or a read) changes nothing').toEqual(c.stored);
      await reset(c.path, null);
    });

    /** uploadBytesResumable's requests: start (metadata), then the bytes with upload, finalize. */
    async function resumableUpload(
      user: MatrixUser,
      path: string,
      data: Buffer,
      metadata: Record<string, string>,
    ): Promise<number> {
      const start = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(path)}`, {
        method: 'POST',
        headers: {
          ...matrixHeaders(user),
          'Content-Type': 'application/json; charset=utf-8',
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'start',
          'X-Goog-Upload-Header-Content-Length': String(data.byteLength),
          'X-Goog-Upload-Header-Content-Type': PHOTO_CONTENT_TYPE,
        },
        body: JSON.stringify({ name: path, contentType: PHOTO_CONTENT_TYPE, metadata }),
      });
      expect(start.status).toBe(200);
      const uploadUrl = start.headers.get('x-goog-upload-url')!;
      const finish = await fetch(uploadUrl, {
        method: 'POST',
        headers: {
          ...matrixHeaders(user),
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'upload, finalize',
          'X-Goog-Upload-Offset': '0',
        },
        body: new Uint8Array(data),
      });
      await finish.arrayBuffer();
      return finish.status;
    }

    it('a resumable upload (the SDK above 256 KiB) is checked the same way: 10 MiB passes, one byte more is refused', async () => {
      const path = pathAt('waiting photo', '20260711T190322Z_resumable1');
      await reset(path, null);
      expect(await resumableUpload('owner', path, jpegBytes(MAX_PHOTO_BYTES + 1), ownerMetadata())).toBe(403);
      expect(await storedAt(path)).toBeNull();
      expect(
        await resumableUpload('owner', path, jpegBytes(MAX_PHOTO_BYTES), ownerMetadata({ gps: '1,2' })),
      ).toBe(403);
      expect(await resumableUpload('another approved member', path, jpegBytes(1000), ownerMetadata())).toBe(
        403,
      );
      expect(await storedAt(path)).toBeNull();
      expect(await resumableUpload('owner', path, jpegBytes(MAX_PHOTO_BYTES), ownerMetadata())).toBe(200);
      expect(await storedAt(path)).toEqual({
        contentType: PHOTO_CONTENT_TYPE,
        size: MAX_PHOTO_BYTES,
        metadata: ownerMetadata(),
      });
      // And never over the existing photo.
      expect(await resumableUpload('owner', path, jpegBytes(1000), ownerMetadata())).toBe(403);
      expect((await storedAt(path))?.size).toBe(MAX_PHOTO_BYTES);
      await reset(path, null);
    });

    describe('list', () => {
      const seeded = [
        pathAt('waiting photo', 'ownerphoto1'),
        pathAt('waiting thumbnail', 'ownerphoto1'),
        pathAt('waiting photo', 'otherphoto1', OTHER_UID),
        pathAt('waiting thumbnail', 'otherphoto1', OTHER_UID),
        pathAt('shared photo', 'sharedphoto1'),
        pathAt('shared thumbnail', 'sharedphoto1'),
        pathAt('details file', 'sharedphoto1'),
        pathAt('uploader marker', 'sharedphoto1'),
        pathAt('uploader marker', 'otherphoto2', OTHER_UID),
        ...FACES_SEEDED,
        ...KEPT_SEEDED,
      ];
      beforeAll(async () => {
        await admin.bucket(BUCKET).deleteFiles({ prefix: PHOTOS_PREFIX });
        await admin.bucket(BUCKET).deleteFiles({ prefix: FACES_PREFIX });
        await admin.bucket(BUCKET).deleteFiles({ prefix: DELETIONS_PREFIX });
        for (const path of seeded) {
          await reset(path, { contentType: PHOTO_CONTENT_TYPE, size: 100, metadata: ownerMetadata() });
        }
      });

      it.each([...photoListCases(), ...facesListCases(), ...keepingListCases()])(
        '$label',
        async ({ user, prefix, allowed }) => {
          // A folder, as the SDK's list() asks for it: one level, with a delimiter. The Firebase API refuses a prefix
          // that is not a folder before any rule (400).
          const response = await fetch(
            `${emulator.url}/v0/b/${BUCKET}/o?prefix=${encodeURIComponent(prefix)}&delimiter=%2F`,
            { headers: matrixHeaders(user) },
          );
          expect(response.status).toBe(!prefix.endsWith('/') ? 400 : allowed ? 200 : 403);
          if (!allowed) return;
          const listing = (await response.json()) as { items?: { name: string }[]; prefixes?: string[] };
          const below = seeded
            .filter((path) => path.startsWith(prefix))
            .map((path) => path.slice(prefix.length));
          expect((listing.items ?? []).map((item) => item.name).sort()).toEqual(
            below.filter((rest) => !rest.includes('/')).map((rest) => prefix + rest),
          );
          expect([...(listing.prefixes ?? [])].sort()).toEqual(
            [
              ...new Set(
                below.filter((rest) => rest.includes('/')).map((rest) => prefix + rest.split('/')[0] + '/'),
              ),
            ].sort(),
          );
        },
      );
    });
  });

  it("lets the admin credential through the rules (as the organisers' command does)", async () => {
    const response = await fetch(`${objectUrl(OUTSIDE_PATH)}?alt=media`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(OUTSIDE_BYTES)).toBe(true);
  });

  ownEmulatorOnly('refuses a second emulator in the same process, naming the port', async () => {
    await expect(
      startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port: port + 1 }),
    ).rejects.toThrow(String(port + 1));
  });
});

describe.skipIf(CROSS_CHECK_URL)('the emulator enforces the rules file it is given', () => {
  it('a picture added to picturesForNaming() in a copy of storage.rules takes suggestions; with the file as it is, 403', async () => {
    const text = readFileSync(STORAGE_RULES_FILE, 'utf8');
    const copy = join(mkdtempSync(join(tmpdir(), 'storage-rules-')), 'storage.rules');
    writeFileSync(
      copy,
      text.replace("return ['group-photo-1976'];", "return ['group-photo-1976', 'threshing-crew'];"),
    );
    const owner = matrixTokens(PROJECT).owner;
    const upload = async (url: string) => {
      const { url: address, init } = clientUploadRequest(
        url,
        BUCKET,
        facesPathAt('suggestion', OWNER_UID, 'threshing-crew'),
        Buffer.from('{}'),
        FACES_CONTENT_TYPE,
        `Firebase ${owner}`,
        suggestionMetadata(),
      );
      return (await fetch(address, init)).status;
    };
    for (const [rulesFile, status] of [
      [undefined, 403],
      [copy, 200],
    ] as const) {
      const emulator = await startStorageEmulator({
        projectId: PROJECT,
        host: '127.0.0.1',
        port: await freePort(),
        ...(rulesFile && { rulesFile }),
      });
      try {
        expect(await upload(emulator.url), rulesFile ?? 'storage.rules').toBe(status);
      } finally {
        await emulator.stop();
      }
    }
  });

  it('refuses to start on rules it cannot enforce, naming the line', async () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'storage-rules-')), 'storage.rules');
    writeFileSync(
      copy,
      readFileSync(STORAGE_RULES_FILE, 'utf8').replace(
        'allow list: if isOrganiser();',
        'allow list: if firestore.exists(/databases/(default)/documents/x);',
      ),
    );
    const port = await freePort();
    await expect(
      startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port, rulesFile: copy }),
    ).rejects.toThrow(/storage\.rules:\d+:\d+: .*not supported/);
    expect(await portIsFree(port)).toBe(true);
  });
});

describe.skipIf(CROSS_CHECK_URL)('emulator lifecycle', () => {
  it('releases the port on stop and can start again', async () => {
    const port = await freePort();
    const first = await startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port });
    // An open keep-alive connection must not keep the port busy.
    expect((await fetch(`${first.url}/v0/`)).status).toBe(200);
    await first.stop();
    expect(await portIsFree(port)).toBe(true);

    const second = await startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port });
    await second.stop();
    await second.stop(); // idempotent
  });

  it('rejects with an error naming the port when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      await expect(startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port })).rejects.toThrow(
        new RegExp(`port ${port}\\b.*in use`),
      );
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
    // The failed start left nothing registered: a new start works.
    const emulator = await startStorageEmulator({
      projectId: PROJECT,
      host: '127.0.0.1',
      port: await freePort(),
    });
    await emulator.stop();
  });
});
