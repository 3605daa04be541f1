import { useEffect, useState } from 'react';

export type BlobState =
  | { status: 'idle' | 'loading' | 'failed'; url?: undefined; blob?: undefined }
  | { status: 'ready'; url: string; blob: Blob };

/**
 * Loads a Blob while `enabled` and shows it through an object URL, which is revoked when the component goes
 * away or the Blob is no longer wanted: nothing stays in memory after the preview or the larger view closes.
 * `load` must be stable (useCallback) or the Blob is loaded again.
 */
export function useBlobUrl(load: (signal: AbortSignal) => Promise<Blob>, enabled: boolean): BlobState {
  const [state, setState] = useState<BlobState>({ status: enabled ? 'loading' : 'idle' });
  const [requested, setRequested] = useState<{ load: typeof load; enabled: boolean }>({ load, enabled });
  if (requested.load !== load || requested.enabled !== enabled) {
    // A new request: start from "loading" (or "idle") in this same render, never show the old picture.
    setRequested({ load, enabled });
    setState({ status: enabled ? 'loading' : 'idle' });
  }

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let url: string | undefined;
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url, blob });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load a picture', error);
        setState({ status: 'failed' });
      },
    );
    return () => {
      controller.abort(new DOMException('No longer shown', 'AbortError'));
      if (url) URL.revokeObjectURL(url);
    };
  }, [load, enabled]);

  return state;
}

/** Becomes true once the element comes near the viewport (and stays true): pictures load as they are needed. */
export function useNearViewport(element: Element | null, margin = '300px'): boolean {
  // Without IntersectionObserver (very old browsers, jsdom) everything counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return near;
}
