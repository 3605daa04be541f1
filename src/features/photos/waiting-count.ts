import { PHOTO_LISTS } from '../../firebase/photo-lists';
import { useLoad } from '../../lib/use-load';

/**
 * The number of photos waiting for an organiser's approval, for the members menu: read when an organiser's menu
 * shows, and again whenever this page changes them (src/firebase/photos.ts invalidates PHOTO_LISTS.waiting after
 * an upload, an approval, a rejection, a withdrawal). The Storage SDK that counts them loads only then, for
 * organisers only.
 */
/** The count while `enabled` (an organiser), undefined until known or when it cannot be read. */
export function useWaitingCount(enabled: boolean): number | undefined {
  const { state } = useLoad(enabled ? PHOTO_LISTS.waiting : undefined, async () =>
    (await import('../../firebase/photos')).countWaiting(),
  );
  return enabled ? state.value : undefined;
}
