/**
 * A download that rides out a flaky connection: each failed try before the first byte is tried again (./retry's
 * policy), and a body that breaks off part-way is resumed with `Range: bytes=<n>-` from the last byte received.
 * The bytes are counted here, never read from Content-Range (a cross-origin answer hides it unless the server
 * exposes it); a server that ignores Range answers 200 with the whole object, and the bytes already held are
 * skipped. The result is the same bytes an unbroken download gives.
 */
import { NetworkError, retryDecision, wait } from './retry';

/** The request headers that ask for the rest of an object after the `received` bytes already held. */
export function rangeHeaders(received: number): Record<string, string> {
  return received > 0 ? { Range: `bytes=${received}-` } : {};
}

/**
 * How many bytes at the start of an answer's body are already held: none for a 206 (it starts where Range asked),
 * all `received` for a 200 (the server ignored Range and sends the object from its first byte).
 */
export function bytesToSkip(status: number, received: number): number {
  return status === 206 ? 0 : received;
}

/** The whole object's size from an answer's Content-Length: a 206 carries what follows `received`, a 200 all. */
export function totalSize(
  status: number,
  received: number,
  contentLength: number | undefined,
): number | undefined {
  if (contentLength === undefined) return undefined;
  return status === 206 ? received + contentLength : contentLength;
}

/** Drops up to `skip` bytes from the front of a chunk: what is left of the chunk, and of the skip. */
export function dropLeading(chunk: Uint8Array, skip: number): { rest: Uint8Array; skip: number } {
  const dropped = Math.min(skip, chunk.byteLength);
  return { rest: dropped ? chunk.subarray(dropped) : chunk, skip: skip - dropped };
}

/** One answer to a request for the object's bytes (from `offset` on, when offset > 0). */
export interface Answer {
  /** 200 or 206 (an error status rejects open() with an HttpStatusError instead). */
  status: number;
  body: ReadableStream<Uint8Array>;
  /** The answer's Content-Length, when it says. */
  length: number | undefined;
}

export interface ResumableOptions {
  /**
   * Sends one request for the object's bytes from `offset` on (a Range request when offset > 0). Rejects with an
   * HttpStatusError for an error status, a NetworkError when no answer came, or anything else (not retried).
   */
  open: (offset: number, signal: AbortSignal) => Promise<Answer>;
  signal: AbortSignal;
  /** A request is being sent: one is open from now until its answer ends. */
  onRequest?: () => void;
  /** No request is open: the next try waits `ms` first (a backoff or the answer's Retry-After). */
  onWait?: (ms: number) => void;
  /** For the tests: the jitter's random source, and the wait. */
  random?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface Resumable {
  /** The object's bytes, whole and in order, however many requests it took. */
  stream: ReadableStream<Uint8Array>;
  /** The object's size, when the first answer said. */
  size: number | undefined;
}

/**
 * Opens the object's bytes: resolves once a first answer has come (retrying per ./retry), so a refusal (403) or
 * the last failed try rejects here; later breaks are resumed inside the stream, which errors only after the last
 * try. The tries count failures in a row: bytes arriving start the count again.
 */
export async function openResumable(options: ResumableOptions): Promise<Resumable> {
  const { signal } = options;
  const sleep = options.sleep ?? wait;
  let received = 0;
  let size: number | undefined;
  let failedTries = 0;
  let sizeKnown = false;

  /** After a failed try: wait and go on, or throw (a cancel, or the last try failed). */
  async function afterFailure(error: unknown): Promise<void> {
    if (signal.aborted) throw signal.reason;
    failedTries += 1;
    const decision = retryDecision(error, failedTries, options.random);
    if (!decision.retry) throw error;
    options.onWait?.(decision.waitMs);
    await sleep(decision.waitMs, signal);
  }

  /** Sends requests until one is answered: its reader, and how many leading bytes of it are already held. */
  async function request(): Promise<{ reader: ReadableStreamDefaultReader<Uint8Array>; skip: number }> {
    for (;;) {
      signal.throwIfAborted();
      options.onRequest?.();
      let answer: Answer;
      try {
        answer = await options.open(received, signal);
      } catch (error) {
        await afterFailure(error);
        continue;
      }
      const total = totalSize(answer.status, received, answer.length);
      if (!sizeKnown) {
        size = total;
        sizeKnown = true;
      } else if (size !== undefined && total !== undefined && total !== size) {
        void answer.body.cancel().catch(() => {});
        throw new Error(`The file changed during the download (${size} bytes, now ${total})`);
      }
      return { reader: answer.body.getReader(), skip: bytesToSkip(answer.status, received) };
    }
  }

  let current = await request();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let part: ReadableStreamReadResult<Uint8Array>;
        try {
          part = await current.reader.read();
          if (part.done && size !== undefined && received < size)
            throw new NetworkError(`The answer ended after ${received} of ${size} bytes`);
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          void current.reader.cancel().catch(() => {});
          // The body broke off: a network failure whatever the browser called it.
          await afterFailure(
            error instanceof NetworkError ? error : new NetworkError(undefined, { cause: error }),
          );
          current = await request();
          continue;
        }
        if (part.done) {
          controller.close();
          return;
        }
        const { rest, skip } = dropLeading(part.value, current.skip);
        current.skip = skip;
        if (rest.byteLength === 0) continue;
        received += rest.byteLength;
        failedTries = 0;
        controller.enqueue(rest);
        return;
      }
    },
    cancel(reason) {
      return current.reader.cancel(reason);
    },
  });
  return { stream, size };
}
