import { act, renderHook } from '@testing-library/react';
import { useZipDownload, type ZipTarget } from './use-zip-download';

type Write = (
  target: ZipTarget,
  signal: AbortSignal,
  onProgress: (progress: number) => void,
) => Promise<string>;

function setup(write: Write, onFailed = vi.fn()) {
  const hook = renderHook(() =>
    useZipDownload<string, number>({ suggestedName: 'All.zip', fileType: 'Zip file', write, onFailed }),
  );
  return { ...hook, onFailed };
}

/** A write that waits for `finish` (or the signal), reporting progress first. */
function pendingWrite() {
  let finish!: (value: string) => void;
  let seen: { target: ZipTarget; signal: AbortSignal } | undefined;
  const write: Write = (target, signal, onProgress) => {
    seen = { target, signal };
    onProgress(0.5);
    return new Promise((resolve, reject) => {
      finish = resolve;
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  };
  return { write, finish: (value: string) => finish(value), seen: () => seen! };
}

const picker = window as { showSaveFilePicker?: unknown };

afterEach(() => {
  delete picker.showSaveFilePicker;
  vi.restoreAllMocks();
});

describe('useZipDownload', () => {
  it('without a save-file picker: busy with progress, then the Blob saved under its name and the outcome', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:zip');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect([this.href, this.download]).toEqual(['blob:zip', 'All.zip']);
    });
    const { write, finish, seen } = pendingWrite();
    const { result, unmount } = setup(write);

    let run!: Promise<void>;
    act(() => {
      run = result.current.start();
    });
    await vi.waitFor(() => expect(result.current.progress).toBe(0.5));
    expect(result.current.busy).toBe(true);
    expect(seen().target.writable).toBeUndefined();
    seen().target.saveBlob(new Blob(['zip']), 'All.zip');
    expect((created.mock.calls[0]![0] as Blob).type).toBe('application/zip');
    expect(clicked).toHaveBeenCalledTimes(1);

    await act(async () => {
      finish('saved');
      await run;
    });
    expect(result.current).toMatchObject({
      busy: false,
      progress: undefined,
      outcome: { kind: 'done', result: 'saved' },
    });
    expect(revoked).not.toHaveBeenCalled(); // the download may still be reading it
    unmount();
    expect(revoked).toHaveBeenCalledWith('blob:zip');
  });

  it('with a save-file picker: opened in the click with the name and type, the zip written into the chosen file', async () => {
    const writable = new WritableStream<Uint8Array>();
    const show = vi.fn().mockResolvedValue({ createWritable: () => Promise.resolve(writable) });
    picker.showSaveFilePicker = show;
    const write = vi.fn<Write>().mockResolvedValue('streamed');
    const { result } = setup(write);

    let run!: Promise<void>;
    act(() => {
      run = result.current.start();
    });
    expect(show).toHaveBeenCalledWith({
      suggestedName: 'All.zip',
      types: [{ description: 'Zip file', accept: { 'application/zip': ['.zip'] } }],
    });
    await act(() => run);
    expect(write.mock.calls[0]![0].writable).toBe(writable);
    expect(result.current.outcome).toEqual({ kind: 'done', result: 'streamed' });
  });

  it('a picker the member closes changes nothing; one that fails falls back to the normal download', async () => {
    picker.showSaveFilePicker = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    const write = vi.fn<Write>().mockResolvedValue('saved');
    const { result } = setup(write);
    await act(() => result.current.start());
    expect(write).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ busy: false, outcome: undefined });

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    picker.showSaveFilePicker = vi.fn().mockRejectedValue(new TypeError('not allowed here'));
    await act(() => result.current.start());
    expect(write.mock.calls[0]![0].writable).toBeUndefined();
    expect(result.current.outcome).toEqual({ kind: 'done', result: 'saved' });
  });

  it('Cancel stops the run, says so and gives the focus back to the button', async () => {
    const { write, seen } = pendingWrite();
    const { result } = setup(write);
    const button = document.body.appendChild(document.createElement('button'));
    result.current.button.current = button;

    let run!: Promise<void>;
    act(() => {
      run = result.current.start();
    });
    await vi.waitFor(() => expect(result.current.busy).toBe(true));
    await act(async () => {
      result.current.cancel();
      await run;
    });
    expect(seen().signal.aborted).toBe(true);
    expect(result.current).toMatchObject({ busy: false, outcome: { kind: 'cancelled' } });
    expect(document.activeElement).toBe(button);
    button.remove();
  });

  it('a failure ends the run, tells onFailed and leaves the button usable; a second click while busy does nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('stalled');
    let fail!: (error: Error) => void;
    const write = vi.fn<Write>(() => new Promise<string>((_, reject) => (fail = reject)));
    const { result, onFailed } = setup(write);

    let run!: Promise<void>;
    act(() => {
      run = result.current.start();
    });
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    await act(() => result.current.start());
    expect(write).toHaveBeenCalledTimes(1);
    await act(async () => {
      fail(failure);
      await run;
    });
    expect(onFailed).toHaveBeenCalledWith(failure);
    expect(result.current).toMatchObject({ busy: false, outcome: { kind: 'failed', error: failure } });
  });

  it('a run still going when the page goes is stopped', async () => {
    const { write, seen } = pendingWrite();
    const { result, unmount } = setup(write);
    act(() => {
      void result.current.start();
    });
    await vi.waitFor(() => expect(result.current.busy).toBe(true));
    unmount();
    expect(seen().signal.aborted).toBe(true);
  });
});
