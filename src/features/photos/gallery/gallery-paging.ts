/**
 * The gallery's pages (a pure reducer): the shared photos' ids in listing order (by date taken, oldest first),
 * one page of at most 100 at a time, the next one only when the visitor scrolls near the end. A failed page can
 * be asked for again; a removed photo leaves the list.
 */
export interface GalleryState {
  photoIds: string[];
  /** Where the next page starts (absent: no more pages, or none loaded yet). */
  nextPageToken?: string;
  /** idle: nothing asked yet; loading: a page is on its way; ready: more may follow; done: every page is in. */
  status: 'idle' | 'loading' | 'ready' | 'done' | 'failed';
}

export type GalleryAction =
  | { type: 'loading' }
  | { type: 'loaded'; photoIds: string[]; nextPageToken?: string }
  | { type: 'failed' }
  | { type: 'removed'; photoId: string }
  | { type: 'reset' };

export const initialGallery: GalleryState = { photoIds: [], status: 'idle' };

export function galleryReducer(state: GalleryState, action: GalleryAction): GalleryState {
  switch (action.type) {
    case 'reset':
      return initialGallery;
    case 'loading':
      return { ...state, status: 'loading' };
    case 'loaded': {
      // A photo shared while the visitor scrolled can come again on a later page: keep each id once.
      const seen = new Set(state.photoIds);
      const fresh = action.photoIds.filter((id) => !seen.has(id));
      return {
        photoIds: fresh.length ? [...state.photoIds, ...fresh] : state.photoIds,
        ...(action.nextPageToken ? { nextPageToken: action.nextPageToken } : {}),
        status: action.nextPageToken ? 'ready' : 'done',
      };
    }
    case 'failed':
      return { ...state, status: 'failed' };
    case 'removed':
      return state.photoIds.includes(action.photoId)
        ? { ...state, photoIds: state.photoIds.filter((id) => id !== action.photoId) }
        : state;
  }
}

/** Whether to ask for a page now: the first one, or the next one when more may follow and none is on its way. */
export function wantsPage(state: GalleryState): boolean {
  return state.status === 'idle' || (state.status === 'ready' && !!state.nextPageToken);
}
