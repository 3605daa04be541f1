import { useEffect, useState } from 'react';

/**
 * The number of photos waiting for an organiser's approval, for the members menu: read when an organiser's menu
 * shows, and again whenever the photos page moves a photo (an upload, an approval, a rejection, a withdrawal).
 * The Storage SDK that counts them loads only then, for organisers only.
 */
const CHANGED = 'reunion:waiting-photos-changed';

/** The photos page moved a photo: whoever shows the count reads it again. */
export function notifyWaitingChanged(): void {
  window.dispatchEvent(new Event(CHANGED));
}

/** The count while `enabled` (an organiser), undefined until known or when it cannot be read. */
export function useWaitingCount(enabled: boolean): number | undefined {
  const [count, setCount] = useState<number | undefined>();
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let reading = 0;
    const read = () => {
      const ticket = ++reading;
      import('../firebase/photos')
        .then(({ countWaiting }) => countWaiting())
        .then(
          (value) => {
            if (active && ticket === reading) setCount(value);
          },
          (error: unknown) => console.warn('Could not count the waiting photos', error),
        );
    };
    read();
    window.addEventListener(CHANGED, read);
    return () => {
      active = false;
      window.removeEventListener(CHANGED, read);
    };
  }, [enabled]);
  return enabled ? count : undefined;
}
