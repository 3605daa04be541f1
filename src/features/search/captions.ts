import type { DetailsCache } from '../../components/photo-view/details-cache';
import { isNotFound, listAllShared } from '../../firebase/photos';
import { mapLimited } from '../../lib/map-limited';
import type { Findable } from './search-index';

/** Details files read at once: enough to fill a slow connection, few enough that the first ones finish early. */
const AT_ONCE = 8;

/**
 * The captions of the photos shared now, read where they are: the shared folder's listing, then each photo's
 * details file (with the ID token, as the gallery reads it; approved relatives and organisers only). Read at each
 * visit of the search, never kept in an index of their own, so that a photo removed, or deleted with its account,
 * is not found again and its caption is nowhere else to be read. The details go into `details`, which the larger
 * view then shows without reading them again.
 */
export async function captionFindables(details: DetailsCache, signal: AbortSignal): Promise<Findable[]> {
  const photoIds = await listAllShared(signal);
  const captions = await mapLimited(
    photoIds,
    AT_ONCE,
    (photoId) =>
      details.load({ state: 'shared', photoId }).then(
        (read) => read?.caption,
        // Removed since the listing: nothing to find.
        (error: unknown) => {
          if (isNotFound(error)) return undefined;
          throw error;
        },
      ),
    signal,
  );
  return photoIds.flatMap((photoId, at): Findable[] => {
    const text = captions[at];
    return text ? [{ kind: 'photo', photoId, text }] : [];
  });
}
