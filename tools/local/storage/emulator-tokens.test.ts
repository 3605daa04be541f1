/**
 * Download tokens in the local Storage emulator, as production makes them (see emulator.ts): a token appears on a
 * metadata GET that finds none and on an upload through Firebase's API; never on a media GET (`?alt=media`), with
 * or without Range; never on an upload through the Cloud Storage API (the Admin SDK, as organiser:upload and the
 * seeding store files). firebase-tools' own emulator adds one on every GET, so each media case here fails on it:
 * the tests are not run in a cross-check against the official emulator (STORAGE_EMULATOR_CROSS_CHECK_URL).
 * Tokens are read through the Admin SDK, which creates none.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MEMBERS_PREFIX } from '../../../src/domain/catalogue.ts';
import { connectAdmin, hostOf, type AdminConnection, type Bucket } from '../../../admin/firebase-admin.ts';
import { freePort } from '../ports.ts';
import { startStorageEmulator, type RunningStorageEmulator } from './emulator.ts';
import {
  ACCESS_METADATA_KEY,
  DOWNLOAD_TOKENS_METADATA_KEY,
  saveObject,
} from '../../../admin/bucket/member-files.ts';
import { emulatorIdToken } from './tokens.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const MEMBER = `Firebase ${emulatorIdToken({ projectId: PROJECT, uid: 'member', emailVerified: true })}`;
const BYTES = randomBytes(64 * 1024);

describe.skipIf(process.env.STORAGE_EMULATOR_CROSS_CHECK_URL)('download tokens as in production', () => {
  let emulator: RunningStorageEmulator;
  let admin: AdminConnection;
  let bucket: Bucket;
  let stored = 0;
  const objectUrl = (path: string) => `${emulator.url}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}`;

  /** A new member file stored through the Admin SDK (the Cloud Storage API), as organiser:upload stores one. */
  async function storeFile(): Promise<string> {
    stored += 1;
    const path = `${MEMBERS_PREFIX}documents/token-test-${stored}.pdf`;
    await saveObject(bucket, path, BYTES, {
      contentType: 'application/pdf',
      contentDisposition: 'attachment; filename="token-test.pdf"',
      metadata: { [ACCESS_METADATA_KEY]: 'verified' },
    });
    return path;
  }

  /** The object's download tokens, read through the Admin SDK (a Cloud Storage API metadata GET: creates none). */
  async function tokensOf(path: string): Promise<string[]> {
    const [metadata] = await bucket.file(path).getMetadata();
    const value = metadata.metadata?.[DOWNLOAD_TOKENS_METADATA_KEY];
    return typeof value === 'string' && value ? value.split(',') : [];
  }

  beforeAll(async () => {
    emulator = await startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port: await freePort() });
    admin = connectAdmin({ projectId: PROJECT, emulators: { storage: hostOf(emulator.url) } });
    bucket = admin.bucket(BUCKET);
  });

  afterAll(async () => {
    await admin?.close();
    await emulator?.stop();
  });

  it('an upload through the Admin SDK has none, and reading its metadata through the Admin SDK makes none', async () => {
    const path = await storeFile();
    expect(await tokensOf(path)).toEqual([]);
    expect(await tokensOf(path)).toEqual([]);
  });

  it('a media GET makes none, whole or from a Range, and leaves the metadata as it was', async () => {
    const path = await storeFile();
    const [before] = await bucket.file(path).getMetadata();

    const whole = await fetch(`${objectUrl(path)}?alt=media`, { headers: { Authorization: MEMBER } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(BYTES)).toBe(true);

    const rest = await fetch(`${objectUrl(path)}?alt=media`, {
      headers: { Authorization: MEMBER, Range: 'bytes=1000-' },
    });
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(BYTES.subarray(1000))).toBe(true);

    expect(await tokensOf(path)).toEqual([]);
    const [after] = await bucket.file(path).getMetadata();
    expect(after.metageneration).toBe(before.metageneration);
    expect(after.updated).toBe(before.updated);
  });

  it('media GETs running beside metadata GETs of other files still make none', async () => {
    const media = await storeFile();
    const other = await storeFile();
    await Promise.all([
      ...Array.from({ length: 5 }, () =>
        fetch(`${objectUrl(media)}?alt=media`, { headers: { Authorization: MEMBER } }).then((r) =>
          r.arrayBuffer(),
        ),
      ),
      ...Array.from({ length: 5 }, () =>
        fetch(objectUrl(other), { headers: { Authorization: MEMBER } }).then((r) => r.json()),
      ),
    ]);
    expect(await tokensOf(media)).toEqual([]);
    expect(await tokensOf(other)).toHaveLength(1);
  });

  it('a metadata GET that finds none makes one, and the next metadata GET keeps it', async () => {
    const path = await storeFile();
    const first = await fetch(objectUrl(path), { headers: { Authorization: MEMBER } });
    expect(first.status).toBe(200);
    const { downloadTokens } = (await first.json()) as { downloadTokens: string };
    expect(downloadTokens).toMatch(/^[0-9a-f-]{36}$/);
    expect(await tokensOf(path)).toEqual([downloadTokens]);

    const second = (await (await fetch(objectUrl(path), { headers: { Authorization: MEMBER } })).json()) as {
      downloadTokens: string;
    };
    expect(second.downloadTokens).toBe(downloadTokens);
    // A media GET afterwards neither adds nor removes one.
    await (await fetch(`${objectUrl(path)}?alt=media`, { headers: { Authorization: MEMBER } })).arrayBuffer();
    expect(await tokensOf(path)).toEqual([downloadTokens]);
  });

  it('the Admin SDK sets the tokens through the metadata key, and removes them all with null', async () => {
    const path = await storeFile();
    await fetch(objectUrl(path), { headers: { Authorization: MEMBER } });
    await fetch(objectUrl(path), { headers: { Authorization: MEMBER } });
    expect(await tokensOf(path)).toHaveLength(1);
    const file = bucket.file(path);
    await file.setMetadata({ metadata: { [DOWNLOAD_TOKENS_METADATA_KEY]: 'token-a,token-b' } });
    expect(await tokensOf(path)).toEqual(['token-a', 'token-b']);
    await file.setMetadata({ metadata: { [DOWNLOAD_TOKENS_METADATA_KEY]: null } });
    expect(await tokensOf(path)).toEqual([]);
    // The other custom metadata stays; the bytes are those stored.
    const [metadata] = await file.getMetadata();
    expect(metadata.metadata?.[ACCESS_METADATA_KEY]).toBe('verified');
    // A token link no longer reads it.
    const link = await fetch(`${objectUrl(path)}?alt=media&token=token-a`);
    expect(link.status).toBe(403);
  });

  it("an upload through Firebase's API makes one", async () => {
    const path = `${MEMBERS_PREFIX}documents/token-test-firebase-upload.pdf`;
    const boundary = `boundary-${randomBytes(16).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n` +
          `${JSON.stringify({ name: path, contentType: 'application/pdf', metadata: { access: 'verified' } })}\r\n` +
          `--${boundary}\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      BYTES,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // The admin credential passes the rules (no client may write here), on the same Firebase API a client uses.
    const response = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=${encodeURIComponent(path)}`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer owner',
        'Content-Type': `multipart/related; boundary=${boundary}`,
        'X-Goog-Upload-Protocol': 'multipart',
      },
      body,
    });
    expect(response.status).toBe(200);
    expect(await tokensOf(path)).toHaveLength(1);
  });
});
