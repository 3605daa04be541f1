import {
  BACKOFF_BASE_MS,
  HttpStatusError,
  MAX_TRIES,
  MAX_WAIT_MS,
  NetworkError,
  backoffMs,
  isRetryableStatus,
  parseRetryAfter,
  retryDecision,
  wait,
} from './retry';

describe('which failures are tried again', () => {
  it('408, 429, 500, 502, 503 and 504, and a network error; not a refusal, a missing file or anything else', () => {
    for (const status of [408, 429, 500, 502, 503, 504])
      expect(isRetryableStatus(status), `${status}`).toBe(true);
    for (const status of [400, 401, 403, 404, 416, 501, 505])
      expect(isRetryableStatus(status), `${status}`).toBe(false);
    expect(retryDecision(new HttpStatusError(503), 1, () => 0).retry).toBe(true);
    expect(retryDecision(new NetworkError(), 1, () => 0).retry).toBe(true);
    expect(retryDecision(new HttpStatusError(403), 1)).toEqual({ retry: false });
    expect(retryDecision(new HttpStatusError(404), 1)).toEqual({ retry: false });
    // An Auth error (a blocked account) or a bug is not a network failure.
    expect(retryDecision(Object.assign(new Error('x'), { code: 'auth/user-disabled' }), 1)).toEqual({
      retry: false,
    });
    expect(retryDecision(new TypeError('undefined is not a function'), 1)).toEqual({ retry: false });
  });

  it('three tries in all: after the first and the second failure, never after the third', () => {
    expect(MAX_TRIES).toBe(3);
    expect(retryDecision(new HttpStatusError(503), 1).retry).toBe(true);
    expect(retryDecision(new HttpStatusError(503), 2).retry).toBe(true);
    expect(retryDecision(new HttpStatusError(503), 3)).toEqual({ retry: false });
    expect(retryDecision(new NetworkError(), 3)).toEqual({ retry: false });
  });
});

describe('how long to wait', () => {
  it('a jittered exponential backoff: between half and all of 1 s, 2 s, 4 s ... capped at 30 s', () => {
    for (const failed of [1, 2, 3, 4]) {
      const ceiling = BACKOFF_BASE_MS * 2 ** (failed - 1);
      expect(backoffMs(failed, () => 0)).toBe(ceiling / 2);
      expect(backoffMs(failed, () => 0.999_999)).toBeLessThanOrEqual(ceiling);
      expect(backoffMs(failed, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99);
    }
    expect(backoffMs(20, () => 0.999_999)).toBeLessThanOrEqual(MAX_WAIT_MS);
    expect(backoffMs(20, () => 0)).toBe(MAX_WAIT_MS / 2);
  });

  it('spreads the waits of pages that failed at the same moment', () => {
    const waits = new Set(Array.from({ length: 20 }, () => backoffMs(1)));
    expect(waits.size).toBeGreaterThan(5);
    for (const ms of waits) {
      expect(ms).toBeGreaterThanOrEqual(BACKOFF_BASE_MS / 2);
      expect(ms).toBeLessThanOrEqual(BACKOFF_BASE_MS);
    }
  });

  it('honours Retry-After when the page can read it, capped at 30 s; else the backoff', () => {
    expect(retryDecision(new HttpStatusError(429, 2000), 1, () => 0)).toEqual({ retry: true, waitMs: 2000 });
    expect(retryDecision(new HttpStatusError(503, 0), 1, () => 0)).toEqual({ retry: true, waitMs: 0 });
    expect(retryDecision(new HttpStatusError(503, 3_600_000), 1)).toEqual({
      retry: true,
      waitMs: MAX_WAIT_MS,
    });
    expect(retryDecision(new HttpStatusError(429), 2, () => 0)).toEqual({
      retry: true,
      waitMs: BACKOFF_BASE_MS,
    });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-07-10T12:00:00Z');
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('0', now)).toBe(0);
  });

  it('reads an HTTP date, from now; a date past is no wait', () => {
    expect(parseRetryAfter('Fri, 10 Jul 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Fri, 10 Jul 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores what it does not understand, or a header the page cannot read (null)', () => {
    for (const value of [
      null,
      undefined,
      '',
      '-1',
      '1.5',
      'soon',
      '2026-07-10T12:00:05Z',
      'Fri, 10 Jul 2026',
    ])
      expect(parseRetryAfter(value, now), String(value)).toBeUndefined();
  });
});

describe('wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves after the time given', async () => {
    const done = vi.fn();
    void wait(1000).then(done);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
  });

  it('a cancel during the wait rejects at once with its reason and leaves no timer', async () => {
    const controller = new AbortController();
    const pending = wait(30_000, controller.signal);
    const reason = new DOMException('Download cancelled', 'AbortError');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
    await expect(wait(10, controller.signal)).rejects.toBe(reason);
  });
});
