import {
  DownloadStalledError,
  STALL_TIMEOUT_MS,
  isAbort,
  stallEvents,
  stallTimeoutMs,
  watchForStall,
} from './stall';

describe('stall watch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as Record<string, unknown>).__reunionStallTimeoutMs;
  });

  it('fires once after the wait without progress, and each poke starts the wait again', () => {
    const onStall = vi.fn();
    const watch = watchForStall(onStall, 1000);
    vi.advanceTimersByTime(900);
    watch.poke();
    vi.advanceTimersByTime(900);
    expect(onStall).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onStall).toHaveBeenCalledTimes(1);
    expect(onStall.mock.calls[0]![0]).toBeInstanceOf(DownloadStalledError);
    watch.poke();
    vi.advanceTimersByTime(5000);
    expect(onStall).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped', () => {
    const onStall = vi.fn();
    const watch = watchForStall(onStall, 1000);
    watch.stop();
    watch.poke();
    vi.advanceTimersByTime(5000);
    expect(onStall).not.toHaveBeenCalled();
  });

  it('a wait between tries is not a stall: paused until the next request', () => {
    const onStall = vi.fn();
    const watch = watchForStall(onStall, 1000);
    const events = stallEvents(watch);
    vi.advanceTimersByTime(900);
    events.onWait(30_000);
    vi.advanceTimersByTime(30_000);
    expect(onStall).not.toHaveBeenCalled();
    events.onRequest();
    vi.advanceTimersByTime(999);
    expect(onStall).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onStall).toHaveBeenCalledTimes(1);
  });

  it('waits 30 seconds unless a test sets a shorter wait on window', () => {
    expect(stallTimeoutMs()).toBe(STALL_TIMEOUT_MS);
    expect(STALL_TIMEOUT_MS).toBe(30_000);
    (globalThis as Record<string, unknown>).__reunionStallTimeoutMs = 1500;
    expect(stallTimeoutMs()).toBe(1500);
    (globalThis as Record<string, unknown>).__reunionStallTimeoutMs = 'soon';
    expect(stallTimeoutMs()).toBe(STALL_TIMEOUT_MS);
    (globalThis as Record<string, unknown>).__reunionStallTimeoutMs = -1;
    expect(stallTimeoutMs()).toBe(STALL_TIMEOUT_MS);
  });

  it('tells a cancel from a stall', () => {
    expect(isAbort(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbort(new DownloadStalledError(30_000))).toBe(false);
    expect(isAbort(new Error('AbortError'))).toBe(false);
  });
});
