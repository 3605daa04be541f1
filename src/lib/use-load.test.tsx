import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLoad } from './use-load';

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
});
