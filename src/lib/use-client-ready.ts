import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a page rendered at build time (and in that build-time render), true
 * afterwards. Browser-only parts render behind it, so the first client render matches the HTML.
 */
export function useClientReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
