/**
 * A download that receives nothing for this long is given up (it ends in the Error modal): a connection
 * that hangs without failing would otherwise keep the button busy for ever.
 */
export const STALL_TIMEOUT_MS = 30_000;

/**
 * The browser tests shorten the wait: Playwright's addInitScript sets this window property before the
 * page starts, so a test does not sit through 30 seconds. Nothing else sets it; it is read here only.
 */
const TEST_OVERRIDE = '__reunionStallTimeoutMs';

export function stallTimeoutMs(): number {
  const value: unknown = (globalThis as Record<string, unknown>)[TEST_OVERRIDE];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : STALL_TIMEOUT_MS;
}

/** Nothing arrived for stallTimeoutMs(): the download was stopped. */
export class DownloadStalledError extends Error {
  constructor(readonly afterMs: number) {
    super(`No data received for ${afterMs} ms`);
    this.name = 'DownloadStalledError';
  }
}

export interface StallWatch {
  /** Something arrived: start the wait again. */
  poke(): void;
  /** The download ended (either way): stop watching. */
  stop(): void;
}

/** Calls onStall once when poke() has not been called for `ms` milliseconds. */
export function watchForStall(
  onStall: (error: DownloadStalledError) => void,
  ms = stallTimeoutMs(),
): StallWatch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const arm = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      stopped = true;
      onStall(new DownloadStalledError(ms));
    }, ms);
  };
  arm();
  return {
    poke: () => {
      if (!stopped) arm();
    },
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

/** An abort the visitor asked for (Cancel, leaving the page): not a failure to report. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function abortError(message = 'Download cancelled'): DOMException {
  return new DOMException(message, 'AbortError');
}
