import { CATALOGUE } from '../../domain/catalogue';
import { DownloadService, type DownloadDeps, type FileEvents } from './download-service';
import { DownloadStalledError } from './stall';

const [first, second] = CATALOGUE;

function fakeDeps() {
  const calls = {
    fetched: [] as string[],
    created: [] as string[],
    revoked: [] as string[],
    saved: [] as [string, string][],
    signals: [] as AbortSignal[],
  };
  let events: FileEvents | undefined;
  let counter = 0;
  let resolveFetch: ((blob: Blob) => void) | undefined;
  let rejectFetch: ((error: unknown) => void) | undefined;
  const deps: DownloadDeps = {
    fetchFile: (entry, signal, given) => {
      calls.fetched.push(entry.id);
      calls.signals.push(signal);
      events = given;
      given.onRequest();
      given.onProgress({ loaded: 5, total: 10 });
      return new Promise<Blob>((resolve, reject) => {
        resolveFetch = resolve;
        rejectFetch = reject;
        // Like the download: an abort ends it with the signal's reason.
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    },
    createUrl: () => {
      counter += 1;
      const url = `blob:test/${counter}`;
      calls.created.push(url);
      return url;
    },
    revokeUrl: (url) => calls.revoked.push(url),
    save: (url, name) => calls.saved.push([url, name]),
    stallTimeoutMs: () => 30_000,
  };
  return {
    deps,
    calls,
    finish: (blob = new Blob(['x'])) => resolveFetch?.(blob),
    fail: (error: unknown) => rejectFetch?.(error),
    progress: (loaded: number) => events?.onProgress({ loaded, total: 10 }),
    /** The download waits before its next try (no request open), then sends it. */
    waitThenRetry: () => events?.onWait(30_000),
    retry: () => events?.onRequest(),
  };
}

describe('DownloadService', () => {
  it('saves the file under its display name and reuses the Blob for the same file', async () => {
    const fake = fakeDeps();
    const service = new DownloadService(fake.deps);
    const progress = vi.fn();
    const pending = service.download(first!, progress);
    fake.finish();
    await pending;
    expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 10 });
    expect(fake.calls.saved).toEqual([['blob:test/1', '1976 Reunion Attendees List.xlsx']]);

    await service.download(first!);
    expect(fake.calls.fetched).toEqual([first!.id]);
    expect(fake.calls.saved).toHaveLength(2);
    expect(fake.calls.saved[1]![0]).toBe('blob:test/1');
  });

  it('releases the earlier Blob URL when a different file is downloaded', async () => {
    const fake = fakeDeps();
    const service = new DownloadService(fake.deps);
    let pending = service.download(first!);
    fake.finish();
    await pending;
    pending = service.download(second!);
    fake.finish();
    await pending;
    expect(fake.calls.revoked).toEqual(['blob:test/1']);
    expect(fake.calls.saved.at(-1)).toEqual(['blob:test/2', '1976 Reunion Program.pdf']);
  });

  it('does not request a file twice while it is on its way', async () => {
    const fake = fakeDeps();
    const service = new DownloadService(fake.deps);
    const a = service.download(first!);
    const b = service.download(first!);
    expect(b).toBe(a);
    fake.finish();
    await Promise.all([a, b]);
    expect(fake.calls.fetched).toHaveLength(1);
    expect(fake.calls.saved).toHaveLength(1);
  });

  it('keeps the earlier Blob when a download fails, and can try again', async () => {
    const fake = fakeDeps();
    const service = new DownloadService(fake.deps);
    let pending = service.download(first!);
    fake.finish();
    await pending;
    pending = service.download(second!);
    fake.fail(new Error('403'));
    await expect(pending).rejects.toThrow('403');
    expect(fake.calls.revoked).toEqual([]);
    pending = service.download(second!);
    fake.finish();
    await pending;
    expect(fake.calls.fetched).toEqual([first!.id, second!.id, second!.id]);
  });

  it('releases everything when disposed', async () => {
    const fake = fakeDeps();
    const service = new DownloadService(fake.deps);
    const pending = service.download(first!);
    fake.finish();
    await pending;
    service.dispose();
    expect(fake.calls.revoked).toEqual(['blob:test/1']);
  });

  it('cancel() stops that download with an AbortError; the file can be downloaded again', async () => {
    const fake = fakeDeps();
    const service = new DownloadService(fake.deps);
    const pending = service.download(first!);
    service.cancel(second!); // another file: nothing happens
    expect(fake.calls.signals[0]!.aborted).toBe(false);
    service.cancel(first!);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.calls.saved).toEqual([]);
    const again = service.download(first!);
    expect(fake.calls.fetched).toEqual([first!.id, first!.id]);
    fake.finish();
    await again;
    expect(fake.calls.saved).toHaveLength(1);
  });

  it('gives a download up when nothing arrives for the stall timeout, and not while data arrives', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeDeps();
      const service = new DownloadService(fake.deps);
      const pending = service.download(first!);
      const outcome = pending.catch((error: unknown) => error);
      vi.advanceTimersByTime(20_000);
      fake.progress(6);
      vi.advanceTimersByTime(20_000);
      fake.progress(7);
      vi.advanceTimersByTime(29_999);
      expect(fake.calls.signals[0]!.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await outcome).toBeInstanceOf(DownloadStalledError);
      expect(fake.calls.saved).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a wait between tries is not a stall: the watch runs again once the next request is open', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeDeps();
      const service = new DownloadService(fake.deps);
      const outcome = service.download(first!).catch((error: unknown) => error);
      vi.advanceTimersByTime(20_000);
      fake.waitThenRetry();
      vi.advanceTimersByTime(60_000);
      expect(fake.calls.signals[0]!.aborted).toBe(false);
      fake.retry();
      vi.advanceTimersByTime(29_999);
      expect(fake.calls.signals[0]!.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await outcome).toBeInstanceOf(DownloadStalledError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancel() works during a wait between tries', async () => {
    const fake = fakeDeps();
    const service = new DownloadService(fake.deps);
    const pending = service.download(first!);
    fake.waitThenRetry();
    service.cancel(first!);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.calls.signals[0]!.aborted).toBe(true);
  });

  it('a finished download leaves no timer behind', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeDeps();
      const service = new DownloadService(fake.deps);
      const pending = service.download(first!);
      fake.finish();
      await pending;
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves a Blob the page already holds, replacing the kept one', () => {
    const fake = fakeDeps();
    const service = new DownloadService(fake.deps);
    service.saveBlob(first!, new Blob(['a']));
    service.saveBlob(first!, new Blob(['a']));
    expect(fake.calls.created).toEqual(['blob:test/1']);
    expect(fake.calls.saved).toHaveLength(2);
    service.saveBlob(second!, new Blob(['b']));
    expect(fake.calls.revoked).toEqual(['blob:test/1']);
  });
});
