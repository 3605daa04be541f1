/**
 * When a failed download request is tried again, and after how long. Pure: the download code (src/firebase/
 * storage.ts) asks these functions and does the waiting.
 *
 * A request that fails before its first byte with one of RETRY_STATUSES, or without any answer (a network
 * error), is tried again, up to MAX_TRIES tries in all. Between tries it waits a jittered exponential backoff,
 * or what the answer's Retry-After asks for when the page can read it; never more than MAX_WAIT_MS.
 */

/** Answers worth another try: timeout, too many requests, and the server errors that pass. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Tries in all (the first one included). */
export const MAX_TRIES = 3;

/** The first backoff is between half of this and this; each next one doubles. */
export const BACKOFF_BASE_MS = 1000;

/** No wait is longer, whatever Retry-After says. */
export const MAX_WAIT_MS = 30_000;

/** A request answered with an HTTP error status. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    /** What the answer's Retry-After asked for, in ms, when the page could read it. */
    readonly retryAfterMs?: number,
  ) {
    super(`Answered ${status}`);
    this.name = 'HttpStatusError';
  }
}

/**
 * A request that got no answer, or whose answer broke off before its end (the connection dropped): worth
 * another try. Anything else without a status (an Auth error, a bug) is not.
 */
export class NetworkError extends Error {
  constructor(message = 'Network error while downloading', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

export function isRetryableStatus(status: number): boolean {
  return RETRY_STATUSES.has(status);
}

/**
 * A Retry-After header in ms from `now`: delay-seconds ("120") or an HTTP date. undefined when absent or not
 * understood; 0 for a date already past.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date always names its weekday and time zone (RFC 9110): "Wed, 21 Oct 2026 07:28:00 GMT".
  if (!/^[A-Za-z]{3},? .*\d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait after `failedTries` failed tries in a row (1 after the first failure): half of BACKOFF_BASE_MS ×
 * 2^(failedTries − 1) plus a random part up to the other half ("equal jitter"), so that many pages failing at
 * once do not all come back at the same moment. `random` is in [0, 1).
 */
export function backoffMs(failedTries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_WAIT_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failedTries - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** What to do after a failed try. */
export type RetryDecision = { retry: false } | { retry: true; waitMs: number };

/**
 * After `failedTries` failed tries in a row: try again (after how long) or give up. Only a NetworkError or an
 * HttpStatusError with a status of RETRY_STATUSES is tried again. The caller handles aborts (a cancel is never
 * retried) before asking.
 */
export function retryDecision(
  failure: unknown,
  failedTries: number,
  random: () => number = Math.random,
): RetryDecision {
  if (failedTries >= MAX_TRIES) return { retry: false };
  const retryable =
    failure instanceof HttpStatusError ? isRetryableStatus(failure.status) : failure instanceof NetworkError;
  if (!retryable) return { retry: false };
  const asked = failure instanceof HttpStatusError ? failure.retryAfterMs : undefined;
  return { retry: true, waitMs: Math.min(MAX_WAIT_MS, asked ?? backoffMs(failedTries, random)) };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it is aborted. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
