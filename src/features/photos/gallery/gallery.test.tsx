import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PhotoLocation } from '../../../domain/photos';
import type { MemberAccess } from '../../../firebase/member-access';
import { DetailsCache } from '../../../components/photo-view/details-cache';
import { Gallery, type GalleryProps } from './gallery';

const removed: string[] = [];
/** Photos whose thumbnail cannot be fetched: Storage fails, or has no such photo (removed since the listing). */
const unavailable = new Map<string, 'failing' | 'removed'>();
/** Photos whose own bytes Storage no longer has (removed after the listing, the thumbnail already shown). */
const photosGone = new Set<string>();
vi.mock('../../../firebase/photos', () => ({
  fetchThumbnail: (location: PhotoLocation) =>
    unavailable.has(location.photoId)
      ? Promise.reject(new Error(unavailable.get(location.photoId)))
      : Promise.resolve(new Blob(['t'], { type: 'image/jpeg' })),
  isNotFound: (error: Error) => error.message === 'removed',
  fetchPhoto: (location: PhotoLocation) =>
    photosGone.has(location.photoId)
      ? Promise.reject(new Error('removed'))
      : Promise.resolve(new Blob(['p'], { type: 'image/jpeg' })),
  removeSharedPhoto: (photoId: string) => {
    removed.push(photoId);
    return Promise.resolve();
  },
  listAllShared: () => Promise.resolve([]),
  openPhotoStream: () => Promise.reject(new Error('not used')),
  sharedDetails: () => Promise.reject(new Error('use the cache')),
  waitingDetails: () => Promise.reject(new Error('use the cache')),
}));

URL.createObjectURL ??= () => 'blob:x';
URL.revokeObjectURL ??= () => {};

const ids = (page: number) =>
  Array.from({ length: 3 }, (_, index) => `2026071${page}T1${index}0000Z_aaaaaaaaa${index}`);

const ACCESS: MemberAccess = {
  uid: 'me',
  approved: true,
  organiser: false,
  name: 'Me',
  email: 'me@example.org',
};

function details() {
  return new DetailsCache(async (location: PhotoLocation) => ({
    takenAt: '2026-07-10T15:00:00Z',
    width: '2560',
    height: '1920',
    uploaderUid: location.photoId.endsWith('1') ? 'me' : 'someone',
    uploaderName: 'Ola',
    ...(location.photoId.endsWith('0') ? { caption: `Caption of ${location.photoId}` } : {}),
  }));
}

/** The gallery of ACCESS's member, listing with `listPage`. */
function showGallery(listPage: GalleryProps['listPage']) {
  render(<Gallery access={ACCESS} details={details()} listPage={listPage} />);
}

describe('Gallery', () => {
  it('lists page after page, oldest first, each photo named by its caption or who shared it', async () => {
    const listPage = vi.fn(async (token?: string) =>
      token ? { photoIds: ids(1) } : { photoIds: ids(0), nextPageToken: 'p2' },
    );
    showGallery(listPage);
    const grid = await screen.findByRole('list');
    await vi.waitFor(() => expect(within(grid).getAllByRole('button')).toHaveLength(6));
    expect(listPage).toHaveBeenCalledTimes(2);
    expect(listPage).toHaveBeenLastCalledWith('p2');
    expect(await within(grid).findByRole('button', { name: `Caption of ${ids(0)[0]}` })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        within(grid).getAllByRole('button', {
          name: /^Photo shared by Ola, taken July 10th, 2026, 10:00 AM, Rolette time \(Central Time\)$/,
        }),
      ).toHaveLength(4),
    );
    expect(screen.getByText('6 photos, oldest first')).toBeInTheDocument();
  });

  it('names a photo whose thumbnail cannot be shown with the note it shows, after what it shows (label in name); one removed since the listing says so, and is no fault', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    unavailable.set(ids(0)[1]!, 'failing');
    unavailable.set(ids(0)[2]!, 'removed');
    try {
      showGallery(async () => ({ photoIds: ids(0) }));
      const grid = await screen.findByRole('list');
      const tile = await within(grid).findByRole('button', {
        name: 'Photo shared by Ola, taken July 10th, 2026, 10:00 AM, Rolette time (Central Time) Not shown',
      });
      expect(within(tile).getByText('Not shown')).toBeVisible();
      const removedTile = await within(grid).findByRole('button', {
        name: 'Photo shared by Ola, taken July 10th, 2026, 10:00 AM, Rolette time (Central Time) Removed',
      });
      expect(within(removedTile).getByText('Removed')).toBeVisible();
      expect(within(grid).getByRole('button', { name: `Caption of ${ids(0)[0]}` })).toBeInTheDocument();
      expect(warn.mock.calls.map(([text]) => text)).toEqual(['Could not load a picture']);
    } finally {
      warn.mockRestore();
      unavailable.clear();
    }
  });

  it('opens the larger view; left and right move, Escape closes; Remove only for what is yours', async () => {
    const listPage = async () => ({ photoIds: ids(0) });
    showGallery(listPage);
    const grid = await screen.findByRole('list');
    const first = await within(grid).findByRole('button', { name: `Caption of ${ids(0)[0]}` });
    await userEvent.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 3' });
    expect(within(dialog).getByText(`Caption of ${ids(0)[0]}`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    const mail = within(dialog).getByRole('link', { name: 'Ask for removal' });
    expect(mail.getAttribute('href')).toContain(encodeURIComponent(ids(0)[0]!));
    expect(mail.getAttribute('href')).toContain(encodeURIComponent('July 10th, 2026, 10:00 AM'));

    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 3' })).toBeInTheDocument();
    // The second photo is this account's: it may remove it.
    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    await vi.waitFor(() => expect(removed).toEqual([ids(0)[1]]));
    // Out of the grid at once, without listing afresh (which would close the view).
    await vi.waitFor(() => expect(within(grid).getAllByRole('button', { hidden: true })).toHaveLength(2));
    // The view moves on to the photo after it, now number 2 of 2.
    expect(await screen.findByRole('dialog', { name: 'Photo 2 of 2' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Photo 1 of 2' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the larger view of a photo removed since the listing says so, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    photosGone.add(ids(0)[0]!);
    try {
      showGallery(async () => ({ photoIds: ids(0) }));
      const grid = await screen.findByRole('list');
      await userEvent.click(await within(grid).findByRole('button', { name: `Caption of ${ids(0)[0]}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 3' });
      expect(await within(dialog).findByText('This photo has been removed.')).toBeVisible();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      photosGone.clear();
      warn.mockRestore();
    }
  });

  it('says so when the listing fails, and tries again', async () => {
    let fail = true;
    const listPage = async () => {
      if (fail) throw new Error('offline');
      return { photoIds: ids(0) };
    };
    showGallery(listPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('The photos could not be loaded just now.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 photos, oldest first')).toBeInTheDocument();
  });

  it('says when nothing is shared yet', async () => {
    showGallery(async () => ({ photoIds: [] }));
    expect(await screen.findByText('No photos have been shared yet.')).toBeInTheDocument();
  });
});
