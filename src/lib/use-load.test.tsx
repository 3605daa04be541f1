import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { invalidate, useInvalidation, useLoad } from './use-load';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('waits for a key, then loads, and gives the value', async () => {
    const load = vi.fn(async () => ['a', 'b']);
    const { result, rerender } = renderHook(({ key }) => useLoad(key, load), {
      initialProps: { key: undefined as string | undefined },
    });
    expect(result.current.state.status).toBe('loading');
    expect(load).not.toHaveBeenCalled();
    rerender({ key: 'uid-1' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: ['a', 'b'] }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops the answer of a key no longer asked for, and aborts its signal', async () => {
    const first = deferred<string>();
    const signals: AbortSignal[] = [];
    const { result, rerender } = renderHook(
      ({ key }) =>
        useLoad(key, (signal) => {
          signals.push(signal);
          return key === 'one' ? first.promise : Promise.resolve('two');
        }),
      { initialProps: { key: 'one' } },
    );
    rerender({ key: 'two' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'two' }));
    expect(signals[0]!.aborted).toBe(true);
    first.resolve('one');
    await Promise.resolve();
    expect(result.current.state).toEqual({ status: 'ready', value: 'two' });
  });

  it('says failed, and reads again on reload', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    const { result } = renderHook(() =>
      useLoad('key', async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return calls;
      }),
    );
    await waitFor(() => expect(result.current.state.status).toBe('failed'));
    act(() => result.current.reload());
    expect(result.current.state.status).toBe('loading');
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 2 }));
  });

  it('changes the value in place without reading again', async () => {
    const load = vi.fn(async () => [1, 2, 3]);
    const { result } = renderHook(() => useLoad('key', load));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    act(() => result.current.update((list) => list.filter((n) => n !== 2)));
    expect(result.current.state).toEqual({ status: 'ready', value: [1, 3] });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads again on invalidate of its key or a scope above it, showing the old value until the answer', async () => {
    let calls = 0;
    const next = deferred<number>();
    const { result } = renderHook(() =>
      useLoad('photos/mine/uid-1', () => (++calls === 1 ? Promise.resolve(1) : next.promise)),
    );
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 1 }));
    act(() => invalidate('photos/mine'));
    await waitFor(() => expect(calls).toBe(2));
    expect(result.current.state).toEqual({ status: 'ready', value: 1 });
    await act(async () => next.resolve(2));
    expect(result.current.state).toEqual({ status: 'ready', value: 2 });
    // Neither a sibling's scope nor a key that merely starts with the same letters reaches it.
    act(() => {
      invalidate('photos/mine/uid-2');
      invalidate('photos/min');
      invalidate('photos/mine/uid-1x');
    });
    await Promise.resolve();
    expect(calls).toBe(2);
  });

  it('a newer read drops the answer of the one it replaced', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const { result } = renderHook(() =>
      useLoad('photos/waiting', () =>
        calls < 1 ? Promise.resolve(`read ${++calls}`) : answers[calls++ - 1]!.promise,
      ),
    );
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', value: 'read 1' }));
    act(() => invalidate('photos/waiting'));
    await waitFor(() => expect(calls).toBe(2));
    act(() => invalidate('photos/waiting'));
    await waitFor(() => expect(calls).toBe(3));
    await act(async () => answers[1]!.resolve('newest'));
    await act(async () => answers[0]!.resolve('stale'));
    expect(result.current.state).toEqual({ status: 'ready', value: 'newest' });
  });

  it('stops following invalidation once gone; useInvalidation calls back while mounted', () => {
    const onInvalidate = vi.fn();
    const { unmount } = renderHook(() => useInvalidation('photos/shared', onInvalidate));
    invalidate('photos');
    expect(onInvalidate).toHaveBeenCalledTimes(1);
    unmount();
    invalidate('photos');
    expect(onInvalidate).toHaveBeenCalledTimes(1);
  });

  it('set takes a value learnt otherwise, even after a failed read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() =>
      useLoad<boolean>('account/approval', () => Promise.reject(new Error('offline'))),
    );
    await waitFor(() => expect(result.current.state.status).toBe('failed'));
    act(() => result.current.set(true));
    expect(result.current.state).toEqual({ status: 'ready', value: true });
  });
});
