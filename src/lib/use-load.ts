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
}

/**
 * Data a page reads while `key` is set (undefined: not yet, e.g. the account is still being read): 'loading', then
 * the value or 'failed'. A new key reads again; an answer that arrives after the key changed, after a reload or
 * after the component went is dropped (its AbortSignal is aborted). `load` is called when the key changes or on reload, so
 * it need not be stable.
 */
export function useLoad<T>(key: string | undefined, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [attempt, setAttempt] = useState(0);
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
    // `load` is the one of the render that set the key (or asked to reload): a new function alone reads nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, at]);

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
  return { state: state.at === at ? state.value : { status: 'loading' }, reload, update };
}
