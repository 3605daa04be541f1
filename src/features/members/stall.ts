import type { TransferEvents } from '../../firebase/storage';

/**
 * A download that receives nothing for this long while a request is open is given up (it ends in the Error
 * modal): a connection that hangs without failing would otherwise keep the button busy for ever. A wait between
 * tries (a backoff, a Retry-After) is not a stall: the watch is paused then.
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
  /** Something arrived, or a request was sent: start the wait again (after a pause too). */
  poke(): void;
  /** No request is open (a wait before the next try): no stall until the next poke. */
  pause(): void;
  /** The download ended (either way): stop watching. */
  stop(): void;
}

/** Calls onStall once when poke() has not been called for `ms` milliseconds (not counting a pause). */
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
    pause: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

/** The transfer events that drive a stall watch: a request sent re-arms it, a wait between tries pauses it. */
export function stallEvents(watch: StallWatch): Required<TransferEvents> {
  return { onRequest: () => watch.poke(), onWait: () => watch.pause() };
}

/** An abort the visitor asked for (Cancel, leaving the page): not a failure to report. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function abortError(message = 'Download cancelled'): DOMException {
  return new DOMException(message, 'AbortError');
}
