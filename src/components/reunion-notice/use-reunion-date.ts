import { useSyncExternalStore } from 'react';
import { nextPhaseChange, reunionDate } from '../../domain/reunion/reunion-phase';

/** Timers wait at most this long, then look again (a sleeping laptop, and setTimeout's own limit). */
const MAX_WAIT_MS = 60 * 60 * 1000;

/** Tells React when the date in Rolette may have changed: at the next midnight there, and when the tab shows again. */
function subscribe(onChange: () => void): () => void {
  let timer: number | undefined;
  const schedule = () => {
    const next = nextPhaseChange(new Date());
    if (!next) return;
    timer = window.setTimeout(
      () => {
        onChange();
        schedule();
      },
      Math.min(Math.max(next.getTime() - Date.now(), 0), MAX_WAIT_MS),
    );
  };
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    window.clearTimeout(timer);
    onChange();
    schedule();
  };
  schedule();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Today's date in Rolette (YYYY-MM-DD), kept current without a reload; null at build time and while the
 * build-time HTML hydrates (the build cannot know the visitor's day), so the first render matches the HTML.
 */
export function useReunionDate(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => reunionDate(new Date()),
    () => null,
  );
}
