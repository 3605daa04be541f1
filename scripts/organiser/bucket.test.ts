/**
 * The storage client against the in-process Storage emulator (random port), on the Google Cloud Storage JSON API
 * endpoints it uses for real buckets too, and against a fake fetch for the real-project path (URLs, token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CATALOGUE, contentTypeOf, storagePathOf } from '../../src/domain/catalogue.ts';
import { contentDispositionOf } from '../seed/content-disposition.ts';
import { demoFile } from '../seed/demo-files.ts';
import { startStorageEmulator, type RunningStorageEmulator } from '../storage/emulator.ts';
import { BucketClient, GCS_API_URL, StorageApiError, multipartBody } from './bucket.ts';
import { CommandError } from './cli.ts';
import type { EmulatorTarget, ProjectTarget } from './target.ts';
import { freePort, noCredentials } from './test-support.ts';

const PROJECT = 'demo-reunion';
let emulator: RunningStorageEmulator;

function emulatorTarget(bucket: string): EmulatorTarget {
  return {
    kind: 'emulator',
    projectId: PROJECT,
    bucket,
    storageUrl: emulator.url,
    authUrl: 'http://127.0.0.1:1',
  };
}

function emulatorClient(bucket: string): BucketClient {
  return new BucketClient(emulatorTarget(bucket), { fetch, getAccessToken: noCredentials });
}

beforeAll(async () => {
  emulator = await startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port: await freePort() });
});
afterAll(async () => {
  await emulator?.stop();
});

describe('BucketClient against the Storage emulator (GCS JSON API)', () => {
  it('uploads with content type and Content-Disposition, and the Firebase API serves the same object', async () => {
    const client = emulatorClient('bucket-upload.appspot.com');
    const entry = CATALOGUE.find((e) => e.kind === 'pdf')!;
    const bytes = await demoFile(entry);
    const path = storagePathOf(entry);
    const uploaded = await client.uploadObject(path, bytes, {
      contentType: contentTypeOf(entry),
      contentDisposition: contentDispositionOf(entry),
    });
    expect(uploaded).toEqual({
      name: path,
      contentType: 'application/pdf',
      contentDisposition: contentDispositionOf(entry),
      size: bytes.byteLength,
    });

    // The same bytes through the GCS media endpoint...
    const media = await fetch(
      `${emulator.url}/storage/v1/b/bucket-upload.appspot.com/o/${encodeURIComponent(path)}?alt=media`,
      { headers: { Authorization: 'Bearer owner' } },
    );
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(bytes)).toBe(true);
    // ...and the Firebase /v0 API the site's downloads use sees the metadata.
    const firebase = await fetch(
      `${emulator.url}/v0/b/bucket-upload.appspot.com/o/${encodeURIComponent(path)}`,
      {
        headers: { Authorization: 'Bearer owner' },
      },
    );
    expect(await firebase.json()).toMatchObject({
      name: path,
      contentType: 'application/pdf',
      contentDisposition: contentDispositionOf(entry),
    });
  });

  it('replaces an object on a second upload', async () => {
    const client = emulatorClient('bucket-replace.appspot.com');
    await client.uploadObject('members/x.pdf', Buffer.from('%PDF-1 first'), { contentType: 'text/plain' });
    await client.uploadObject('members/x.pdf', Buffer.from('%PDF-1 second!'), {
      contentType: 'application/pdf',
    });
    expect(await client.listObjects('members/')).toEqual([
      { name: 'members/x.pdf', contentType: 'application/pdf', size: 14 },
    ]);
  });

  it('lists by prefix and follows nextPageToken', async () => {
    const client = emulatorClient('bucket-list.appspot.com');
    const names = Array.from({ length: 7 }, (_, i) => `members/documents/file-${i}.pdf`);
    for (const name of [...names, 'public/outside.txt', 'membersx/not-under-prefix.txt']) {
      await client.uploadObject(name, Buffer.from(`content of ${name}`), { contentType: 'text/plain' });
    }
    const listed = await client.listObjects('members/', { pageSize: 3 });
    expect(listed.map((o) => o.name)).toEqual(names);
    expect(listed[0]).toEqual({
      name: names[0],
      contentType: 'text/plain',
      size: `content of ${names[0]}`.length,
    });
    expect(await client.listObjects('members/', { pageSize: 2, limit: 1 })).toHaveLength(2);
    expect(await emulatorClient('bucket-empty.appspot.com').listObjects('members/')).toEqual([]);
  });

  it('keeps binary data intact even when it contains multipart-looking bytes', async () => {
    const client = emulatorClient('bucket-binary.appspot.com');
    const tricky = Buffer.concat([
      Buffer.from('\r\n--organiser-\r\n'),
      Buffer.from([0, 255, 13, 10, 45, 45]),
    ]);
    await client.uploadObject('members/tricky.bin', tricky, { contentType: 'application/octet-stream' });
    const media = await fetch(
      `${emulator.url}/storage/v1/b/bucket-binary.appspot.com/o/members%2Ftricky.bin?alt=media`,
    );
    expect(Buffer.from(await media.arrayBuffer()).equals(tricky)).toBe(true);
  });

  it('reports errors with the status and the API message', async () => {
    // The emulator's GCS API accepts whatever this client sends, so the error answer is faked.
    const client = new BucketClient(emulatorTarget('bucket-errors.appspot.com'), {
      fetch: () =>
        Promise.resolve(
          Response.json(
            { error: { code: 400, message: 'Bad object name' } },
            { status: 400, statusText: 'Bad Request' },
          ),
        ),
      getAccessToken: noCredentials,
    });
    const error = await client
      .uploadObject('members/a.pdf', Buffer.from('x'), { contentType: 'text/plain' })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StorageApiError);
    expect((error as StorageApiError).status).toBe(400);
    expect((error as Error).message).toBe(
      'Uploading gs://bucket-errors.appspot.com/members/a.pdf: 400 Bad Request: Bad object name.',
    );
  });

  it('says so when the emulator is not running', async () => {
    const target = { ...emulatorTarget('x.appspot.com'), storageUrl: `http://127.0.0.1:${await freePort()}` };
    const client = new BucketClient(target, { fetch, getAccessToken: noCredentials });
    await expect(client.listObjects('members/')).rejects.toThrow(
      /cannot reach the Storage emulator at http:\/\/127\.0\.0\.1:\d+ .*Is the local stack running \(npm start\)\?/,
    );
    await expect(client.listObjects('members/')).rejects.toBeInstanceOf(CommandError);
  });
});

describe('BucketClient for a real project (fake fetch)', () => {
  const target: ProjectTarget = {
    kind: 'project',
    projectId: 'my-reunion',
    bucket: 'my-reunion.firebasestorage.app',
  };

  it('talks to storage.googleapis.com with the access token, and pages', async () => {
    const calls: { url: string; method: string; authorization: string | null; contentType: string | null }[] =
      [];
    const fakeFetch: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      const url = String(input);
      calls.push({
        url,
        method: init?.method ?? 'GET',
        authorization: headers.get('Authorization'),
        contentType: headers.get('Content-Type'),
      });
      if (url.includes('/upload/')) {
        return Response.json({ name: 'members/a.pdf', contentType: 'application/pdf', size: '3' });
      }
      const page = new URL(url).searchParams.get('pageToken');
      return Response.json(
        page
          ? { items: [{ name: 'members/b.pdf', size: '2' }] }
          : {
              items: [{ name: 'members/a.pdf', contentType: 'application/pdf', size: '3' }],
              nextPageToken: 'p2',
            },
      );
    };
    let tokens = 0;
    const client = new BucketClient(target, {
      fetch: fakeFetch,
      getAccessToken: () => Promise.resolve(`token-${++tokens}`),
    });

    expect(await client.listObjects('members/')).toEqual([
      { name: 'members/a.pdf', contentType: 'application/pdf', size: 3 },
      { name: 'members/b.pdf', size: 2 },
    ]);
    await client.uploadObject('members/a.pdf', Buffer.from('abc'), { contentType: 'application/pdf' });

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${GCS_API_URL}/storage/v1/b/my-reunion.firebasestorage.app/o?prefix=members%2F&maxResults=1000`,
      `GET ${GCS_API_URL}/storage/v1/b/my-reunion.firebasestorage.app/o?prefix=members%2F&maxResults=1000&pageToken=p2`,
      `POST ${GCS_API_URL}/upload/storage/v1/b/my-reunion.firebasestorage.app/o?uploadType=multipart`,
    ]);
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-3']);
    expect(calls[2]!.contentType).toMatch(/^multipart\/related; boundary=organiser-[0-9a-f]{32}$/);
  });

  it('explains a missing bucket and missing rights', async () => {
    const answer = (status: number, message: string) =>
      new BucketClient(target, {
        fetch: () => Promise.resolve(Response.json({ error: { code: status, message } }, { status })),
        getAccessToken: () => Promise.resolve('t'),
      });
    await expect(answer(404, 'The specified bucket does not exist.').listObjects('members/')).rejects.toThrow(
      /404: The specified bucket does not exist\.\. Is gs:\/\/my-reunion\.firebasestorage\.app the project's bucket\?.*my-reunion\.appspot\.com: pass --bucket/,
    );
    await expect(answer(403, 'denied').listObjects('members/')).rejects.toThrow(
      /403: denied\. Log in with `gcloud auth application-default login`/,
    );
  });
});

describe('multipartBody', () => {
  it('is JSON metadata then the bytes, with a boundary that is not in the data', () => {
    const data = Buffer.from('%PDF-1.7 data');
    const { body, contentType } = multipartBody(
      { name: 'members/a.pdf', contentType: 'application/pdf' },
      data,
    );
    const boundary = contentType.split('boundary=')[1]!;
    expect(Buffer.from(body).toString('latin1')).toBe(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n` +
        '{"name":"members/a.pdf","contentType":"application/pdf"}\r\n' +
        `--${boundary}\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 data\r\n--${boundary}--\r\n`,
    );
  });
});
