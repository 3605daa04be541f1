import { useEffect, useState } from 'react';

/**
 * The number of photos waiting for an organiser's approval, for the members menu: read when an organiser's menu
 * shows, and again whenever this page changes them (src/firebase/photos.ts raises WAITING_PHOTOS_CHANGED after an
 * upload, an approval, a rejection, a withdrawal). The Storage SDK that counts them loads only then, for organisers
 * only.
 */
/** The count while `enabled` (an organiser), undefined until known or when it cannot be read. */
export function useWaitingCount(enabled: boolean): number | undefined {
  const [count, setCount] = useState<number | undefined>();
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    let reading = 0;
    let stop = () => {};
    const photos = import('../../firebase/photos');
    const read = () => {
      const ticket = ++reading;
      photos
        .then(({ countWaiting }) => countWaiting())
        .then(
          (value) => {
            if (active && ticket === reading) setCount(value);
          },
          (error: unknown) => console.warn('Could not count the waiting photos', error),
        );
    };
    read();
    photos.then(
      ({ WAITING_PHOTOS_CHANGED }) => {
        if (!active) return;
        window.addEventListener(WAITING_PHOTOS_CHANGED, read);
        stop = () => window.removeEventListener(WAITING_PHOTOS_CHANGED, read);
      },
      () => {},
    );
    return () => {
      active = false;
      stop();
    };
  }, [enabled]);
  return enabled ? count : undefined;
}
