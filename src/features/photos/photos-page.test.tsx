import { render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { MemberAccess } from '../../firebase/member-access';
import { DetailsCache } from '../../components/photo-view/details-cache';
import { Moderation, type ModerationDeps } from './moderation/moderation';
import { PHOTO_LISTS } from '../../firebase/photo-lists';
import { useInvalidation } from '../../lib/use-load';
import type { WaitingPhoto } from '../../firebase/photos';
import PhotosPage from './photos-page';

let access: MemberAccess = {
  uid: 'u1',
  approved: false,
  organiser: false,
  name: undefined,
  email: 'u1@example.org',
};
const reads: boolean[] = [];
vi.mock('../../firebase/member-access', () => ({
  memberAccess: (refresh: boolean) => {
    reads.push(refresh);
    return Promise.resolve(access);
  },
}));
vi.mock('../../firebase/photos', () => ({
  listSharedPage: () => Promise.resolve({ photoIds: [] }),
  listPendingOf: () => Promise.resolve(['20260709T150000Z_waitingaaa']),
  listSharedOf: () => Promise.resolve([]),
  deleteWaitingPhoto: () => Promise.resolve(),
  withdrawWaitingPhoto: () => Promise.resolve(),
  rejectWaitingPhoto: () => Promise.resolve(),
  uploadPhoto: () => Promise.resolve(),
  listWaiting: () => Promise.resolve([]),
  approvePhoto: () => Promise.resolve(),
  photoErrorKind: () => 'other',
  isNotFound: () => false,
  ApprovalError: class ApprovalError extends Error {},
  fetchThumbnail: () => Promise.resolve(new Blob()),
  sharedDetails: () => Promise.resolve(null),
  waitingDetails: () => Promise.reject(new Error('only organisers read a waiting photo’s metadata')),
}));

URL.createObjectURL ??= () => 'blob:x';
URL.revokeObjectURL ??= () => {};

describe('PhotosPage', () => {
  it('tells a relative without approval why, whom to write to, shows the photos they left waiting, and lets them check again', async () => {
    access = { uid: 'u1', approved: false, organiser: false, name: undefined, email: 'u1@example.org' };
    render(
      <MemoryRouter>
        <PhotosPage />
      </MemoryRouter>,
    );
    // The first wait covers the page's lazily loaded content, which Vite transforms for jsdom on first use: seconds
    // on a loaded machine (as in routes.test.tsx); the page says "Loading…" meanwhile.
    expect(
      await screen.findByText(
        /only relatives approved by an organiser can share and see them/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'reunion2026@example.org' })).toHaveAttribute(
      'href',
      'mailto:reunion2026@example.org',
    );
    // What they sent while they were approved: still theirs to see and withdraw; nothing to share with.
    const mine = await screen.findByRole('region', { name: 'Your photos' });
    expect(within(mine).getByText('Waiting for an organiser')).toBeInTheDocument();
    expect(
      within(mine).getByRole('button', {
        name: 'Withdraw the photo taken July 9th, 2026, 10:00 AM, Rolette time (Central Time)',
      }),
    ).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText('Your account has not been approved yet. Please try again later.'),
    ).toBeInTheDocument();
    expect(reads).toContain(true);

    access = { ...access, approved: true };
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Share your photos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeInTheDocument();
    expect(await screen.findByText('No photos have been shared yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Waiting for approval/ })).not.toBeInTheDocument();
  });
});

describe('Moderation', () => {
  const waiting = [
    { uid: 'a', photoId: '20260710T150000Z_aaaaaaaaaa' },
    { uid: 'b', photoId: '20260711T150000Z_bbbbbbbbbb' },
  ];
  const details = () =>
    new DetailsCache(async (location) => ({
      takenAt: '2026-07-10T15:00:00Z',
      width: '480',
      height: '360',
      uploaderUid: location.state === 'pending' ? location.uid : 'x',
      uploaderName: location.state === 'pending' && location.uid === 'a' ? 'Anne' : 'Bjørn',
      uploaderEmail:
        location.state === 'pending' && location.uid === 'a' ? 'anne@example.org' : 'bjorn@example.org',
      ...(location.state === 'pending' && location.uid === 'a' ? { caption: 'At the church' } : {}),
    }));
  const organiser: MemberAccess = {
    uid: 'o',
    approved: true,
    organiser: true,
    name: 'O',
    email: 'o@example.org',
  };

  it('lists the waiting photos with caption, account, name and date; approves one with the name confirmed, rejects the other', async () => {
    let approveFails = true;
    const deps: ModerationDeps = {
      list: vi.fn(async () => waiting),
      approve: vi.fn(async () => {
        if (approveFails) {
          approveFails = false;
          throw new Error('network');
        }
      }),
      reject: vi.fn(async () => {}),
    };
    render(<Moderation access={organiser} details={details()} deps={deps} />);
    expect(await screen.findByRole('heading', { name: 'Waiting for approval (2)' })).toBeInTheDocument();
    const first = (await screen.findByText('At the church')).closest('li')!;
    expect(
      within(first).getByText('Taken July 10th, 2026, 10:00 AM, Rolette time (Central Time)'),
    ).toBeInTheDocument();
    // Who sent it: the sign-in address first, then the name the account's owner typed.
    expect(within(first).getByText('anne@example.org').closest('.sender-email')).toHaveTextContent(
      'Sign-in address: anne@example.org',
    );
    expect(within(first).getByText('Anne').closest('.sender-name')).toHaveTextContent(
      'Name on the account: Anne',
    );
    // The name relatives will see: the account's, corrected by the organiser.
    const name = within(first).getByRole('textbox', { name: 'Name shown with the photo' });
    expect(name).toHaveValue('Anne');
    await userEvent.clear(name);
    await userEvent.type(name, 'Anne Haugen');

    // A failure part-way says so; a second press finishes.
    await userEvent.click(
      within(first).getByRole('button', {
        name: 'Approve the photo taken July 10th, 2026, 10:00 AM, Rolette time (Central Time)',
      }),
    );
    expect(await within(first).findByRole('alert')).toHaveTextContent('Press Approve again to finish');
    await userEvent.click(within(first).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByRole('heading', { name: 'Waiting for approval (1)' })).toBeInTheDocument();
    expect(deps.approve).toHaveBeenLastCalledWith('a', waiting[0]!.photoId, 'Anne Haugen');
    // Taken out in place: not listed again (the Firebase boundary tells the other lists, src/firebase/photos.ts).
    expect(deps.list).toHaveBeenCalledTimes(1);

    const second = screen.getByText('No caption').closest('li')!;
    await userEvent.click(within(second).getByRole('button', { name: /^Reject/ }));
    await userEvent.click(within(second).getByRole('button', { name: 'Yes, reject it' }));
    expect(await screen.findByText('No photos are waiting.')).toBeInTheDocument();
    expect(deps.reject).toHaveBeenCalledWith('b', waiting[1]!.photoId);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The photo was rejected. It can be undone for 30 days.',
    );
  });

  it("Refresh lists the waiting photos again, and so does every other follower of them (the menu's count)", async () => {
    const later: WaitingPhoto[] = [...waiting, { ...waiting[0]!, uid: 'c', photoId: waiting[1]!.photoId }];
    const list = vi.fn(async () => (list.mock.calls.length === 1 ? waiting : later));
    const deps: ModerationDeps = { list, approve: vi.fn(), reject: vi.fn() };
    const menuCount = vi.fn();
    renderHook(() => useInvalidation(PHOTO_LISTS.waiting, menuCount));
    render(<Moderation access={organiser} details={details()} deps={deps} />);
    expect(await screen.findByRole('heading', { name: 'Waiting for approval (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for approval (3)' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
    expect(menuCount).toHaveBeenCalledTimes(1);
  });
});
