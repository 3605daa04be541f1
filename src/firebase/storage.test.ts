// @vitest-environment jsdom
import { gzipSync } from 'node:zlib';
import { NetworkError } from '../lib/retry';
import { mediaUrl } from './media-url';
import {
  StorageRequestError,
  fetchMemberFile,
  fetchMemberText,
  isPermissionDenied,
  openMemberFileStream,
} from './storage';

const idToken = vi.hoisted(() =>
  vi.fn<(signal?: AbortSignal) => Promise<string>>(() => Promise.resolve('token')),
);
vi.mock('./auth', () => ({ idToken }));

describe('isPermissionDenied', () => {
  it('tells a 403 from storage.rules apart from other failures', () => {
    expect(isPermissionDenied(new StorageRequestError(403))).toBe(true);
    expect(new StorageRequestError(403).status).toBe(403);
    expect(isPermissionDenied(new StorageRequestError(404))).toBe(false);
    expect(isPermissionDenied(new StorageRequestError(500))).toBe(false);
    expect(isPermissionDenied(new Error('Network error while downloading'))).toBe(false);
    expect(isPermissionDenied({ status: 403 })).toBe(false);
  });
});

describe('mediaUrl', () => {
  it('encodes the bucket and the whole object path, and always asks for the bytes', () => {
    expect(mediaUrl('http://127.0.0.1:9199', 'demo-reunion.firebasestorage.app', 'members/a b/c.pdf')).toBe(
      'http://127.0.0.1:9199/v0/b/demo-reunion.firebasestorage.app/o/members%2Fa%20b%2Fc.pdf?alt=media',
    );
  });
});

const BYTES = Uint8Array.from({ length: 3000 }, (_, i) => i % 256);

/** An answer whose body sends `after` bytes and then breaks, as a dropped connection does. */
function brokenAnswer(bytes: Uint8Array, after: number, status = 200): Response {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) controller.error(new TypeError('network error'));
      else controller.enqueue(bytes.slice(0, after));
      sent = true;
    },
  });
  return new Response(body, { status, headers: { 'Content-Length': String(bytes.byteLength) } });
}

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

function answer(
  bytes: Uint8Array<ArrayBuffer>,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(bytes, {
    status,
    headers: { 'Content-Length': String(bytes.byteLength), ...headers },
  });
}

describe('rules-checked media GETs', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const signal = () => new AbortController().signal;
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
    idToken.mockClear();
  });

  it("gives the file's bytes and size from the media answer, with the ID token, never a token link", async () => {
    fetchMock.mockResolvedValue(answer(BYTES));
    const { stream, size } = await openMemberFileStream('members/x y.pdf', { signal: signal() });
    expect(size).toBe(BYTES.byteLength);
    expect(new Uint8Array(await new Response(stream).arrayBuffer())).toEqual(BYTES);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/\/o\/members%2Fx%20y\.pdf\?alt=media$/);
    expect(url).not.toContain('token=');
    expect(init?.headers).toEqual({ Authorization: 'Firebase token' });
  });

  it('resumes a broken answer with Range from the last byte received: the same Blob as an unbroken one', async () => {
    for (const after of [1, 1500, 2999]) {
      fetchMock.mockReset();
      fetchMock
        .mockResolvedValueOnce(brokenAnswer(BYTES, after))
        .mockResolvedValueOnce(answer(BYTES.slice(after), 206));
      vi.useFakeTimers();
      const progress: { loaded: number; total: number | undefined }[] = [];
      const pending = fetchMemberFile('members/x.pdf', {
        contentType: 'application/pdf',
        signal: signal(),
        onProgress: (value) => progress.push(value),
      });
      await vi.runAllTimersAsync();
      const blob = await pending;
      vi.useRealTimers();
      expect(blob.type).toBe('application/pdf');
      expect(await bytesOf(blob), `cut after ${after}`).toEqual(BYTES);
      expect(fetchMock.mock.calls[1]![1]?.headers).toEqual({
        Authorization: 'Firebase token',
        Range: `bytes=${after}-`,
      });
      expect(progress.at(-1)).toEqual({ loaded: BYTES.byteLength, total: BYTES.byteLength });
    }
    expect(idToken).toHaveBeenCalledTimes(6); // a token for every request (Firebase refreshes it when due)
  });

  it('reads a small file as UTF-8 text, a letter cut by a broken answer whole after the resume', async () => {
    const text = new TextEncoder().encode('{"caption":"Sæther på Rolette"}');
    const cut = text.indexOf(0xc3) + 1; // between the two bytes of "æ"
    fetchMock
      .mockResolvedValueOnce(brokenAnswer(text, cut))
      .mockResolvedValueOnce(answer(text.slice(cut), 206));
    vi.useFakeTimers();
    const pending = fetchMemberText('photos/shared/details/x.json', { signal: signal() });
    await vi.runAllTimersAsync();
    const read = await pending;
    vi.useRealTimers();
    expect(read).toBe('{"caption":"Sæther på Rolette"}');
    expect(fetchMock.mock.calls[1]![1]?.headers).toMatchObject({ Range: `bytes=${cut}-` });
  });

  it('unpacks a gzipped text, resumed in the middle of its compressed bytes', async () => {
    const json = JSON.stringify({ words: 'Øystein Sæther, Rolette '.repeat(200) });
    const packed = new Uint8Array(gzipSync(json));
    expect(packed.byteLength).toBeLessThan(json.length / 4);
    const cut = Math.floor(packed.byteLength / 2);
    fetchMock
      .mockResolvedValueOnce(brokenAnswer(packed, cut))
      .mockResolvedValueOnce(answer(packed.slice(cut), 206));
    vi.useFakeTimers();
    const pending = fetchMemberText('members/search/verified.json.gz', { signal: signal(), gzip: true });
    await vi.runAllTimersAsync();
    const read = await pending;
    vi.useRealTimers();
    expect(read).toBe(json);
    // Not gzip: the read fails (the search says its texts could not be read), it does not give the bytes as text.
    fetchMock.mockResolvedValueOnce(answer(new TextEncoder().encode(json)));
    await expect(
      fetchMemberText('members/search/verified.json.gz', { signal: signal(), gzip: true }),
    ).rejects.toThrow();
  });

  it('a server that ignores Range (200): the bytes already held are skipped', async () => {
    fetchMock.mockResolvedValueOnce(brokenAnswer(BYTES, 1000)).mockResolvedValueOnce(answer(BYTES));
    vi.useFakeTimers();
    const pending = fetchMemberFile('members/x.pdf', { contentType: 'application/pdf', signal: signal() });
    await vi.runAllTimersAsync();
    const blob = await pending;
    vi.useRealTimers();
    expect(await bytesOf(blob)).toEqual(BYTES);
  });

  it('tries 503 again and reads Retry-After when the answer exposes it', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(new Uint8Array(), 503, { 'Retry-After': '2' }))
      .mockResolvedValueOnce(answer(BYTES));
    vi.useFakeTimers();
    const pending = openMemberFileStream('members/x.pdf', {
      signal: signal(),
      onWait: (ms) => waits.push(ms),
    });
    const waits: number[] = [];
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([2000]);
  });

  it('turns a refusal into StorageRequestError at once, and a network failure into NetworkError after three tries', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":{"code":403}}', { status: 403 }));
    const refused = await openMemberFileStream('members/x.pdf', { signal: signal() }).catch(
      (e: unknown) => e,
    );
    expect(isPermissionDenied(refused)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.useFakeTimers();
    const failed = openMemberFileStream('members/x.pdf', { signal: signal() }).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await failed).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('an Auth error (a blocked account) is not tried again', async () => {
    const blocked = Object.assign(new Error('Firebase: Error (auth/user-disabled).'), {
      code: 'auth/user-disabled',
    });
    idToken.mockRejectedValueOnce(blocked);
    await expect(openMemberFileStream('members/x.pdf', { signal: signal() })).rejects.toBe(blocked);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hands the signal to the ID token request (Cancel works while a refresh hangs)', async () => {
    const controller = new AbortController();
    idToken.mockImplementationOnce(
      (given) =>
        new Promise((_resolve, reject) => given?.addEventListener('abort', () => reject(given.reason))),
    );
    const pending = openMemberFileStream('members/x.pdf', { signal: controller.signal });
    const reason = new DOMException('Download cancelled', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an abort rejects with the reason given', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
        ),
    );
    const pending = openMemberFileStream('members/x.pdf', { signal: controller.signal });
    const reason = new Error('stalled');
    await Promise.resolve();
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
