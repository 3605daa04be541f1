import { renderHook, waitFor } from '@testing-library/react';
import { useBlob } from './use-blob';

const gone = new Error('gone');
const broken = new Error('broken');
const isGone = (error: unknown) => error === gone;

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:picture');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('useBlob', () => {
  it('shows the Blob through an object URL, revoked when the key changes', async () => {
    const blob = new Blob(['x']);
    const load = vi.fn(() => Promise.resolve(blob));
    const { result, rerender } = renderHook(({ key }) => useBlob(key, load), {
      initialProps: { key: 'a' as string | undefined },
    });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', url: 'blob:picture', blob }));
    rerender({ key: undefined });
    expect(result.current.status).toBe('idle');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:picture');
  });

  it('makes the object URL only when it is read (a Blob drawn into a canvas needs none)', async () => {
    const blob = new Blob(['x']);
    const { result, unmount } = renderHook(() => useBlob('a', () => Promise.resolve(blob)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.blob).toBe(blob);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    unmount();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    // Read after it was released: no URL made that nobody would revoke.
    expect(result.current.url).toBe('');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('a failure is "failed" and warned; one the caller calls gone (removed since listed) is "gone", unwarned', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = (key: string) => Promise.reject(key === 'removed' ? gone : broken);
    const { result, rerender } = renderHook(({ key }) => useBlob(key, load, isGone), {
      initialProps: { key: 'removed' },
    });
    await waitFor(() => expect(result.current.status).toBe('gone'));
    expect(warn).not.toHaveBeenCalled();
    rerender({ key: 'broken' });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(warn).toHaveBeenCalledWith('Could not load a picture', broken);
  });
});
