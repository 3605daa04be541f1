import {
  galleryReducer,
  initialGallery,
  wantsPage,
  type GalleryAction,
  type GalleryState,
} from './gallery-paging';

const run = (...actions: GalleryAction[]): GalleryState => actions.reduce(galleryReducer, initialGallery);
const ids = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, index) => `20260711T1900${String(from + index).padStart(2, '0')}Z_aaaaaaaaaa`,
  );

describe('galleryReducer', () => {
  it('asks for the first page, then the next ones while the listing says more follow', () => {
    expect(wantsPage(initialGallery)).toBe(true);
    let state = run({ type: 'loading' });
    expect(wantsPage(state)).toBe(false);
    state = galleryReducer(state, { type: 'loaded', photoIds: ids(0, 100), nextPageToken: 'p2' });
    expect(state.photoIds).toHaveLength(100);
    expect(state.status).toBe('ready');
    expect(wantsPage(state)).toBe(true);
    state = galleryReducer(galleryReducer(state, { type: 'loading' }), {
      type: 'loaded',
      photoIds: ids(100, 20),
    });
    expect(state.photoIds).toHaveLength(120);
    expect(state.status).toBe('done');
    expect(wantsPage(state)).toBe(false);
  });

  it('keeps each photo once when pages overlap', () => {
    const state = run(
      { type: 'loaded', photoIds: ids(0, 3), nextPageToken: 'x' },
      { type: 'loaded', photoIds: ids(2, 3) },
    );
    expect(state.photoIds).toEqual(ids(0, 5));
  });

  it('can ask again after a failure (Try again goes back to the last page asked)', () => {
    const state = run(
      { type: 'loaded', photoIds: ids(0, 2), nextPageToken: 'p2' },
      { type: 'loading' },
      { type: 'failed' },
    );
    expect(state.status).toBe('failed');
    expect(state.nextPageToken).toBe('p2');
    expect(wantsPage(state)).toBe(false);
  });

  it('drops a removed photo', () => {
    const state = run({ type: 'loaded', photoIds: ids(0, 3) }, { type: 'removed', photoId: ids(1, 1)[0]! });
    expect(state.photoIds).toEqual([ids(0, 1)[0], ids(2, 1)[0]]);
  });
});
