import { CATALOGUE } from '../../domain/catalogue';
import { DownloadService, type DownloadDeps } from './download-service';

const [first, second] = CATALOGUE;

function fakeDeps() {
  const calls = {
    fetched: [] as string[],
    created: [] as string[],
    revoked: [] as string[],
    saved: [] as [string, string][],
  };
  let counter = 0;
  let resolveFetch: ((blob: Blob) => void) | undefined;
  let rejectFetch: ((error: unknown) => void) | undefined;
  const deps: DownloadDeps = {
    fetchFile: (entry, onProgress) => {
      calls.fetched.push(entry.id);
      onProgress({ loaded: 5, total: 10 });
      return new Promise<Blob>((resolve, reject) => {
        resolveFetch = resolve;
        rejectFetch = reject;
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
  };
  return {
    deps,
    calls,
    finish: (blob = new Blob(['x'])) => resolveFetch?.(blob),
    fail: (error: unknown) => rejectFetch?.(error),
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
});
