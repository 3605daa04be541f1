import { useEffect, useState } from 'react';

export type BlobState =
  | { status: 'idle' | 'loading' | 'failed' | 'gone'; url?: undefined; blob?: undefined }
  | { status: 'ready'; url: string; blob: Blob };

/**
 * Loads a Blob while `key` is set and shows it through an object URL, revoked as soon as the key changes, the
 * Blob is no longer wanted (key undefined) or the component goes: nothing of a picture stays in memory after it
 * leaves (a preview, a larger view, a gallery tile). The URL is made when `url` is first read: a gallery tile that
 * draws its Blob into a canvas never asks for one (each is a call to the browser's blob registry, and revoking it
 * another, thousands of them while scrolling a large gallery). `load` is called with the key and an AbortSignal;
 * keep it stable (useCallback), or the Blob is loaded again. `isGone` tells a failure that is no fault from the
 * others: the picture was removed after the page listed it (status 'gone', nothing warned in the console).
 */
export function useBlob<K extends string>(
  key: K | undefined,
  load: (key: K, signal: AbortSignal) => Promise<Blob>,
  isGone: (error: unknown) => boolean = () => false,
): BlobState {
  const [state, setState] = useState<{ key: K | undefined; value: BlobState }>({
    key,
    value: { status: key === undefined ? 'idle' : 'loading' },
  });
  if (state.key !== key) {
    // A new request: "loading" (or "idle") from this very render, never the previous picture.
    setState({ key, value: { status: key === undefined ? 'idle' : 'loading' } });
  }

  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    let url: string | undefined;
    let released = false;
    load(key, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        const value = {
          status: 'ready' as const,
          blob,
          get url() {
            // Once released, no new URL (it would never be revoked); a render after that is not shown anyway.
            return released ? (url ?? '') : (url ??= URL.createObjectURL(blob));
          },
        };
        setState({ key, value });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const gone = isGone(error);
        if (!gone) console.warn('Could not load a picture', error);
        setState({ key, value: { status: gone ? 'gone' : 'failed' } });
      },
    );
    return () => {
      controller.abort(new DOMException('No longer shown', 'AbortError'));
      released = true;
      if (url) URL.revokeObjectURL(url);
    };
    // isGone is a predicate of the error's kind, read once the load fails.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, load]);

  return state.key === key ? state.value : { status: key === undefined ? 'idle' : 'loading' };
}
