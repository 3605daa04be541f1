import { useCallback, useEffect, useState } from 'react';

export type LoadState<T> =
  | { status: 'loading'; value?: undefined }
  | { status: 'ready'; value: T }
  | { status: 'failed'; value?: undefined };

export interface Load<T> {
  state: LoadState<T>;
  /** Reads again (Try again): 'loading' until the new answer. */
  reload: () => void;
  /** Changes what was read, in place (an item withdrawn or removed here), without reading again. */
  update: (change: (value: T) => T) => void;
  /** Takes a value learnt otherwise (a fresh ID token's answer), even where the read had failed. */
  set: (value: T) => void;
}

/**
 * The loaders on the page, by key: `invalidate` reaches them wherever the change was made (a photo approved in one
 * list makes the gallery, the sender's list and the menu's count read again), without the page threading counters
 * from one component to the next.
 */
const listeners = new Map<string, Set<() => void>>();

/** Whether `key` is `scope` or lies below it ("photos/mine" covers "photos/mine/uid-1"). */
function within(key: string, scope: string): boolean {
  return key === scope || key.startsWith(`${scope}/`);
}

/**
 * Everything on the page read under `scope` (a key, or the start of keys, up to a "/") is out of date: each
 * loader of it reads again, and shows what it had until the new answer (no flash of 'loading' in a list that a
 * click just changed). Safe to call with nothing loaded, and outside React (the Firebase boundary calls it after
 * a change it made).
 */
export function invalidate(scope: string): void {
  for (const [key, callbacks] of listeners)
    if (within(key, scope)) for (const callback of [...callbacks]) callback();
}

/**
 * Calls `onInvalidate` whenever `invalidate` covers `key` while the component is there (for what is not read in
 * one go, such as the gallery's pages: it starts its listing again). Undefined: nothing to follow yet.
 */
export function useInvalidation(key: string | undefined, onInvalidate: () => void): void {
  useEffect(() => {
    if (key === undefined) return;
    const callbacks = listeners.get(key) ?? new Set();
    listeners.set(key, callbacks);
    callbacks.add(onInvalidate);
    return () => {
      callbacks.delete(onInvalidate);
      if (!callbacks.size) listeners.delete(key);
    };
  }, [key, onInvalidate]);
}

/**
 * Data a page reads while `key` is set (undefined: not yet, e.g. the account is still being read): 'loading', then
 * the value or 'failed'. A new key reads again; an answer that arrives after the key changed, after a reload or
 * after the component went is dropped (its AbortSignal is aborted). `invalidate(key)` reads again keeping the
 * value shown. `load` is called when the key changes, on reload or invalidation, so it need not be stable.
 */
export function useLoad<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [attempt, setAttempt] = useState(0);
  // Reads asked for by invalidate: each is a read of its own, but the value shown stays until it answers.
  const [refresh, setRefresh] = useState(0);
  const [state, setState] = useState<{ at: string; value: LoadState<T> }>({
    at: `${key}:0`,
    value: { status: 'loading' },
  });
  const at = `${key}:${attempt}`;
  if (state.at !== at) setState({ at, value: { status: 'loading' } });
  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ at, value: { status: 'ready', value } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`Could not load ${key}`, error);
        setState({ at, value: { status: 'failed' } });
      },
    );
    return () => controller.abort(new DOMException('No longer wanted', 'AbortError'));
    // `load` is the one of the render that set the key (or asked to read again): a new function alone reads nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, at, refresh]);

  const onInvalidate = useCallback(() => setRefresh((value) => value + 1), []);
  useInvalidation(key, onInvalidate);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const update = useCallback(
    (change: (value: T) => T) =>
      setState((current) =>
        current.value.status === 'ready'
          ? { at: current.at, value: { status: 'ready', value: change(current.value.value) } }
          : current,
      ),
    [],
  );
  const set = useCallback(
    (value: T) => setState((current) => ({ at: current.at, value: { status: 'ready', value } })),
    [],
  );
  return { state: state.at === at ? state.value : { status: 'loading' }, reload, update, set };
}
