import { HttpStatusError, NetworkError } from './retry';
import { bytesToSkip, dropLeading, openResumable, rangeHeaders, totalSize, type Answer } from './resume';

const OBJECT = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 251);

/** How one request is answered. */
type Behaviour =
  | { kind: 'ok' }
  /** Sends `after` bytes of what was asked for, then the connection breaks. */
  | { kind: 'cut'; after: number }
  /** Sends `after` bytes and ends as if complete (a proxy that cut the body short). */
  | { kind: 'short'; after: number }
  | { kind: 'status'; status: number; retryAfterMs?: number }
  | { kind: 'network' };

/**
 * A fake Storage: answers each request by the next behaviour (then 'ok'), in chunks of 333 bytes, with 206 for a
 * Range request unless `ignoreRange` (then 200 and the whole object, as a server that ignores Range).
 */
function fakeStorage(behaviours: Behaviour[], { ignoreRange = false, size = true } = {}) {
  const requests: { offset: number; status?: number }[] = [];
  const open = async (offset: number): Promise<Answer> => {
    const behaviour = behaviours.shift() ?? { kind: 'ok' };
    const request: { offset: number; status?: number } = { offset };
    requests.push(request);
    if (behaviour.kind === 'network') throw new NetworkError();
    if (behaviour.kind === 'status') {
      request.status = behaviour.status;
      throw new HttpStatusError(behaviour.status, behaviour.retryAfterMs);
    }
    const status = offset > 0 && !ignoreRange ? 206 : 200;
    request.status = status;
    const bytes = status === 206 ? OBJECT.subarray(offset) : OBJECT;
    const limit = behaviour.kind === 'cut' || behaviour.kind === 'short' ? behaviour.after : bytes.byteLength;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= limit) {
          if (behaviour.kind === 'cut') controller.error(new TypeError('network error'));
          else controller.close();
          return;
        }
        const end = Math.min(limit, sent + 333);
        controller.enqueue(bytes.slice(sent, end));
        sent = end;
      },
    });
    return { status, body, length: size ? bytes.byteLength : undefined };
  };
  return { open, requests };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function run(
  storage: ReturnType<typeof fakeStorage>,
  extra: { signal?: AbortSignal; onWait?: (ms: number) => void; onRequest?: () => void } = {},
) {
  const waits: number[] = [];
  const result = openResumable({
    open: storage.open,
    signal: extra.signal ?? new AbortController().signal,
    onWait: (ms) => {
      waits.push(ms);
      extra.onWait?.(ms);
    },
    onRequest: extra.onRequest,
    random: () => 0,
    sleep: () => Promise.resolve(),
  });
  return { result, waits };
}

describe('resume bookkeeping', () => {
  it('asks for the rest with Range from the last byte held, and nothing on the first request', () => {
    expect(rangeHeaders(0)).toEqual({});
    expect(rangeHeaders(4096)).toEqual({ Range: 'bytes=4096-' });
  });

  it('a 206 starts where it was asked to; a 200 starts over, so the bytes held are skipped', () => {
    expect(bytesToSkip(206, 4096)).toBe(0);
    expect(bytesToSkip(200, 4096)).toBe(4096);
    expect(bytesToSkip(200, 0)).toBe(0);
  });

  it("reads the object's size from either answer", () => {
    expect(totalSize(200, 0, 10_000)).toBe(10_000);
    expect(totalSize(206, 4000, 6000)).toBe(10_000);
    expect(totalSize(200, 4000, 10_000)).toBe(10_000);
    expect(totalSize(206, 4000, undefined)).toBeUndefined();
  });

  it('drops leading bytes across chunks', () => {
    const chunk = Uint8Array.of(1, 2, 3, 4);
    expect(dropLeading(chunk, 0)).toEqual({ rest: chunk, skip: 0 });
    expect(dropLeading(chunk, 3)).toEqual({ rest: Uint8Array.of(4), skip: 0 });
    expect(dropLeading(chunk, 6)).toEqual({ rest: new Uint8Array(0), skip: 2 });
  });
});

describe('openResumable', () => {
  it('an unbroken download is one request and the object itself', async () => {
    const storage = fakeStorage([]);
    const { result } = run(storage);
    const { stream, size } = await result;
    expect(size).toBe(OBJECT.byteLength);
    expect(await readAll(stream)).toEqual(OBJECT);
    expect(storage.requests).toEqual([{ offset: 0, status: 200 }]);
  });

  for (const ignoreRange of [false, true]) {
    const how = ignoreRange ? 'a server that ignores Range (200)' : 'Range answered with 206';
    it(`a stream cut at several points gives the same bytes as an unbroken one (${how})`, async () => {
      for (const after of [1, 333, 334, 5000, 9999]) {
        const storage = fakeStorage([{ kind: 'cut', after }], { ignoreRange });
        const { result } = run(storage);
        const { stream } = await result;
        expect(await readAll(stream), `cut after ${after}`).toEqual(OBJECT);
        expect(storage.requests.map((r) => r.offset)).toEqual([0, after]);
      }
    });

    it(`several breaks in one download, and a body cut short without an error (${how})`, async () => {
      const storage = fakeStorage(
        [
          { kind: 'cut', after: 1000 },
          { kind: 'short', after: 2500 },
          { kind: 'cut', after: ignoreRange ? 4000 : 500 },
        ],
        { ignoreRange },
      );
      const { result } = run(storage);
      expect(await readAll((await result).stream)).toEqual(OBJECT);
      expect(storage.requests.map((r) => r.offset)).toEqual(
        ignoreRange ? [0, 1000, 2500, 4000] : [0, 1000, 3500, 4000],
      );
    });
  }

  it('tries a failure before the first byte again, up to three tries in all, waiting in between', async () => {
    const twice = fakeStorage([{ kind: 'status', status: 503 }, { kind: 'network' }]);
    const ok = run(twice);
    expect(await readAll((await ok.result).stream)).toEqual(OBJECT);
    expect(twice.requests).toHaveLength(3);
    expect(ok.waits).toEqual([500, 1000]);

    const thrice = fakeStorage([
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
    ]);
    const failed = run(thrice);
    await expect(failed.result).rejects.toMatchObject({ status: 503 });
    expect(thrice.requests).toHaveLength(3);
    expect(failed.waits).toHaveLength(2);
  });

  it('waits what Retry-After asks for when the page can read it', async () => {
    const storage = fakeStorage([{ kind: 'status', status: 429, retryAfterMs: 2000 }]);
    const { result, waits } = run(storage);
    await readAll((await result).stream);
    expect(waits).toEqual([2000]);
  });

  it('does not try a refusal again', async () => {
    const storage = fakeStorage([{ kind: 'status', status: 403 }]);
    await expect(run(storage).result).rejects.toMatchObject({ status: 403 });
    expect(storage.requests).toHaveLength(1);
  });

  it('a break part-way counts as a failed try: a resume failing on and on ends the stream with its error', async () => {
    const storage = fakeStorage([
      { kind: 'cut', after: 100 },
      { kind: 'status', status: 503 },
      { kind: 'status', status: 502 },
    ]);
    const { stream } = await run(storage).result;
    await expect(readAll(stream)).rejects.toMatchObject({ status: 502 });
    expect(storage.requests.map((r) => r.offset)).toEqual([0, 100, 100]);
  });

  it('bytes arriving start the count again: every break that made progress gets its tries', async () => {
    const storage = fakeStorage([
      { kind: 'cut', after: 2000 },
      { kind: 'cut', after: 2000 },
      { kind: 'cut', after: 2000 },
      { kind: 'cut', after: 2000 },
    ]);
    const { stream } = await run(storage).result;
    expect(await readAll(stream)).toEqual(OBJECT);
    expect(storage.requests).toHaveLength(5);
  });

  it('says when a request is open and when it waits (the stall timer runs only while one is open)', async () => {
    const events: string[] = [];
    const storage = fakeStorage([
      { kind: 'status', status: 503 },
      { kind: 'cut', after: 10 },
    ]);
    const { stream } = await run(storage, {
      onRequest: () => events.push('request'),
      onWait: (ms) => events.push(`wait ${ms}`),
    }).result;
    await readAll(stream);
    // The break came after bytes had arrived: the count (and so the backoff) started again.
    expect(events).toEqual(['request', 'wait 500', 'request', 'wait 500', 'request']);
  });

  it('stops at once when cancelled during a wait', async () => {
    const controller = new AbortController();
    const storage = fakeStorage([{ kind: 'status', status: 503 }]);
    const reason = new DOMException('Download cancelled', 'AbortError');
    const pending = openResumable({
      open: storage.open,
      signal: controller.signal,
      onWait: () => controller.abort(reason),
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    await expect(pending).rejects.toBe(reason);
    expect(storage.requests).toHaveLength(1);
  });

  it('refuses to stitch together two versions of a file', async () => {
    const storage = fakeStorage([{ kind: 'cut', after: 100 }]);
    const open = storage.open;
    let calls = 0;
    const { stream } = await openResumable({
      open: async (offset, signal) => {
        const answer = await open(offset);
        calls += 1;
        void signal;
        return calls === 2 ? { ...answer, length: (answer.length ?? 0) + 1 } : answer;
      },
      signal: new AbortController().signal,
      sleep: () => Promise.resolve(),
    });
    await expect(readAll(stream)).rejects.toThrow('The file changed during the download');
  });
});
