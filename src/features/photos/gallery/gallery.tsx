import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import type { PhotoLocation } from '../../../domain/photos';
import { listSharedPage, type PhotoPage } from '../../../firebase/photos';
import type { MemberAccess } from '../../../firebase/member-access';
import { formatCount } from '../../../lib/format-sizes';
import { useInvalidation } from '../../../lib/use-load';
import { PHOTO_LISTS } from '../../../firebase/photo-lists';
import { m } from '../../../paraglide/messages.js';
import { useDetails, type DetailsCache } from '../../../components/photo-view/details-cache';
import { DownloadAllPhotos } from './download-all-photos';
import { galleryReducer, initialGallery, wantsPage } from './gallery-paging';
import { altTextOf } from '../../../components/photo-view/photo-text';
import { PhotoViewer } from '../../../components/photo-view/photo-viewer';
import { Thumbnail } from '../../../components/photo-view/thumbnail';
import { VisibilityTracker, type Visibility } from './visibility';
import { TryAgainAlert } from '../../../components/try-again-alert';

interface TileProps {
  photoId: string;
  index: number;
  tracker: VisibilityTracker;
  details: DetailsCache;
  onOpen: (index: number) => void;
}

/**
 * One photo of the gallery: its thumbnail and metadata are fetched when it comes near the viewport, and the
 * thumbnail is let go again (object URL revoked) once it is far away.
 */
const Tile = memo(function Tile({ photoId, index, tracker, details, onOpen }: TileProps) {
  const [element, setElement] = useState<HTMLButtonElement | null>(null);
  const [visibility, setVisibility] = useState<Visibility>({ near: false, kept: false });
  useEffect(() => (element ? tracker.observe(element, setVisibility) : undefined), [element, tracker]);
  const [wanted, setWanted] = useState(false);
  // Wanted from the moment it is near until it is no longer kept.
  if (visibility.near && !wanted) setWanted(true);
  if (!visibility.kept && !visibility.near && wanted) setWanted(false);
  const location: PhotoLocation = { state: 'shared', photoId };
  const metadata = useDetails(details, wanted ? location : undefined);
  const alt = altTextOf(photoId, metadata);
  return (
    <li className="photo-tile-item">
      <button
        ref={setElement}
        type="button"
        className="photo-tile"
        onClick={() => onOpen(index)}
        data-photo-id={photoId}
      >
        <Thumbnail location={location} enabled={wanted} alt={alt} draw />
      </button>
    </li>
  );
});

export interface GalleryProps {
  access: MemberAccess;
  details: DetailsCache;
  listPage?: (pageToken?: string) => Promise<PhotoPage>;
}

/**
 * The shared photos, oldest first (the listing's order: ids start with the time taken). The first view asks for
 * one page of at most 100 and fetches only the thumbnails near the viewport; scrolling near the end asks for the
 * next page. Each photo opens in the larger view.
 */
export function Gallery({ access, details, listPage = listSharedPage }: GalleryProps) {
  const [state, dispatch] = useReducer(galleryReducer, initialGallery);
  const [tracker] = useState(() => new VisibilityTracker());
  useEffect(() => () => tracker.disconnect(), [tracker]);
  const [viewing, setViewing] = useState<number | undefined>();
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  // Each listing from the start is a generation: a page that arrives for an earlier one is dropped.
  const generation = useRef(0);
  const inFlight = useRef<number | undefined>(undefined);

  const loadNext = useCallback(
    async (pageToken: string | undefined, { advance = false } = {}) => {
      const current = generation.current;
      if (inFlight.current === current) return;
      inFlight.current = current;
      dispatch({ type: 'loading' });
      try {
        const page = await listPage(pageToken);
        if (generation.current === current) {
          dispatch({ type: 'loaded', ...page });
          // Next was pressed on the last photo: show the first of the new page.
          if (advance && page.photoIds.length)
            setViewing((index) => (index === undefined ? index : index + 1));
        }
      } catch (error) {
        console.warn('Could not list the shared photos', error);
        if (generation.current === current) dispatch({ type: 'failed' });
      } finally {
        if (inFlight.current === current) inFlight.current = undefined;
      }
    },
    [listPage],
  );

  // Afresh when a photo was shared (src/firebase/photos.ts invalidates PHOTO_LISTS.shared on an approval).
  const listAfresh = useCallback(() => {
    generation.current += 1;
    setViewing(undefined);
    dispatch({ type: 'reset' });
  }, []);
  useInvalidation(PHOTO_LISTS.shared, listAfresh);

  // Listing is the external system this effect follows: the first page at the start (loadNext marks it loading at
  // once, so that the next render does not ask again).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (state.status === 'idle') void loadNext(undefined);
  }, [state.status, loadNext]);

  // The next page when the end of the grid comes near. Observed afresh once each page is in (its tiles pushed the
  // end further down): the observer's first answer says whether the end is still near, e.g. on a tall screen.
  const { status, nextPageToken } = state;
  useEffect(() => {
    if (!sentinel || status !== 'ready' || !nextPageToken) return;
    if (typeof IntersectionObserver !== 'function') {
      // No observer (jsdom): every page, one after the other.
      void Promise.resolve().then(() => loadNext(nextPageToken));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void loadNext(nextPageToken);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, status, nextPageToken, loadNext]);

  const count = state.photoIds.length;
  const more = state.status === 'ready' || state.status === 'loading';
  const photos = useMemo(
    () => state.photoIds.map((photoId): PhotoLocation => ({ state: 'shared', photoId })),
    [state.photoIds],
  );

  return (
    <section className="photos-gallery content-section" aria-labelledby="gallery-heading">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
        <h2 id="gallery-heading" className="mb-0">
          {m.photos_gallery_heading()}
        </h2>
        {(count > 0 || state.status === 'ready') && <DownloadAllPhotos />}
      </div>
      <p className="text-body-secondary small" role="status">
        {state.status === 'failed'
          ? null
          : count === 0
            ? state.status === 'done'
              ? m.photos_gallery_empty()
              : m.photos_gallery_loading()
            : more
              ? m.photos_gallery_count_more({ count: formatCount(count) })
              : count === 1
                ? m.photos_gallery_count_one()
                : m.photos_gallery_count({ count: formatCount(count) })}
      </p>
      {count > 0 && (
        <ul className="photo-grid list-unstyled">
          {state.photoIds.map((photoId, index) => (
            <Tile
              key={photoId}
              photoId={photoId}
              index={index}
              tracker={tracker}
              details={details}
              onOpen={setViewing}
            />
          ))}
        </ul>
      )}
      <div ref={setSentinel} className="photo-grid-end">
        {state.status === 'loading' && count > 0 && (
          <Spinner animation="border" size="sm" aria-hidden="true" />
        )}
        {state.status === 'failed' && (
          <TryAgainAlert
            text={m.photos_gallery_failed()}
            onRetry={() => void loadNext(state.nextPageToken)}
          />
        )}
      </div>
      <PhotoViewer
        photos={photos}
        index={viewing}
        onIndex={setViewing}
        onClose={() => setViewing(undefined)}
        onNextPage={() => {
          if (wantsPage(state)) void loadNext(state.nextPageToken, { advance: true });
        }}
        loadingMore={state.status === 'loading'}
        hasMore={more}
        access={access}
        details={details}
        onRemoved={(photoId) => {
          dispatch({ type: 'removed', photoId });
          details.forget({ state: 'shared', photoId });
        }}
      />
    </section>
  );
}
