import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberAccess } from '../../../firebase/member-access';
import type { PhotoFiles, UploadProgress } from '../../../firebase/photos';
import { PreparePhotoError, type PhotoPreparer, type PreparedImage } from '../prepare/photo-preparer';
import { UploadPanel } from './upload-panel';
import { useUploads, type UploadDeps } from './use-uploads';

const ACCESS: MemberAccess = {
  uid: 'uid-1',
  approved: true,
  organiser: false,
  name: 'Kari Nordmann',
  email: 'kari@example.org',
};

function prepared(takenAt = '2026-07-11T19:03:22.000Z'): PreparedImage {
  return {
    photo: new Blob([new Uint8Array(3000)], { type: 'image/jpeg' }),
    thumbnail: new Blob([new Uint8Array(1000)], { type: 'image/jpeg' }),
    photoSize: { width: 2560, height: 1920 },
    thumbnailSize: { width: 480, height: 360 },
    takenAt,
    takenAtSource: 'exif',
    ms: 10,
  };
}

type Upload = {
  uid: string;
  photoId: string;
  files: PhotoFiles;
  resume: boolean;
  progress: (progress: UploadProgress) => void;
  signal: AbortSignal;
  resolve: () => void;
  reject: (error: unknown) => void;
};

function harness(prepare: (file: File) => Promise<PreparedImage>) {
  const uploads: Upload[] = [];
  const deleted: string[] = [];
  const preparer: PhotoPreparer = { prepare, dispose: () => {} };
  const deps: UploadDeps = {
    preparer,
    upload: (uid, photoId, files, options) =>
      new Promise<void>((resolve, reject) => {
        const upload: Upload = {
          uid,
          photoId,
          files,
          resume: !!options.resume,
          progress: options.onProgress ?? (() => {}),
          signal: options.signal!,
          resolve,
          reject,
        };
        options.signal?.addEventListener('abort', () => reject(options.signal!.reason));
        uploads.push(upload);
      }),
    deleteWaiting: async (_uid, photoId) => {
      deleted.push(photoId);
    },
    createUrl: () => 'blob:preview',
    revokeUrl: () => {},
  };
  const sent: string[] = [];
  function Harness() {
    const state = useUploads(ACCESS, deps, (photoId) => sent.push(photoId));
    return <UploadPanel uploads={state} />;
  }
  render(<Harness />);
  return { uploads, sent, deleted };
}

const jpeg = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });

async function addFiles(files: File[]) {
  const input = screen.getByTestId('photo-input');
  await userEvent.upload(input, files, { applyAccept: false });
}

describe('sharing photos', () => {
  it('prepares each photo, names the ones it cannot take, and sends the others with their captions', async () => {
    const { uploads, sent } = harness(async (file) => {
      if (file.name.endsWith('.HEIC')) throw new PreparePhotoError('heic');
      return prepared();
    });
    await addFiles([jpeg('IMG_0001.JPG'), jpeg('IMG_0002.HEIC')]);
    expect(await screen.findByText('Ready to share')).toBeInTheDocument();
    expect(
      screen.getByText(/“IMG_0002.HEIC” is a HEIC photo, which this browser cannot read/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Taken July 11th, 2026, 2:03 PM, Rolette time (Central Time)'),
    ).toBeInTheDocument();

    await userEvent.type(
      screen.getByLabelText('Caption for IMG_0001.JPG (optional)'),
      'Grandma and the capsule',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share 1 photo' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    const [upload] = uploads;
    expect(upload!.uid).toBe('uid-1');
    expect(upload!.photoId).toMatch(/^20260711T190322Z_[A-Za-z0-9]{10}$/);
    expect(upload!.files.photoMetadata).toEqual({
      caption: 'Grandma and the capsule',
      takenAt: '2026-07-11T19:03:22Z',
      width: '2560',
      height: '1920',
      uploaderUid: 'uid-1',
      uploaderName: 'Kari Nordmann',
      uploaderEmail: 'kari@example.org',
    });
    expect(upload!.files.thumbnailMetadata).toMatchObject({ width: '480', height: '360' });

    act(() => upload!.progress({ sent: 2000, total: 4000 }));
    expect(screen.getByText('Sending… 50%')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sent 0 of 1 photo…');
    await act(async () => upload!.resolve());
    expect(await screen.findByText('Sent: waiting for an organiser’s approval.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 photo sent. An organiser will look at it soon.');
    expect(sent).toEqual([upload!.photoId]);
  });

  it('refuses a file over 40 MB without preparing it', async () => {
    const prepare = vi.fn(async () => prepared());
    harness(prepare);
    const big = jpeg('video.mov');
    Object.defineProperty(big, 'size', { value: 41 * 1024 * 1024 });
    await addFiles([big]);
    expect(await screen.findByText(/“video.mov” is larger than 40 MB/)).toBeInTheDocument();
    expect(prepare).not.toHaveBeenCalled();
  });

  it('cancels an upload and can send it again; Retry after a failure resumes with the same photo id', async () => {
    const { uploads } = harness(async () => prepared());
    await addFiles([jpeg('a.jpg')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Share 1 photo' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel sending a.jpg' }));
    expect(uploads[0]!.signal.aborted).toBe(true);
    expect(await screen.findByText('Cancelled: nothing of it was kept.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again to send a.jpg' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.resume).toBe(true);
    await act(async () => uploads[1]!.reject({ code: 'storage/retry-limit-exceeded' }));
    expect(await screen.findByText(/“a.jpg” could not be sent: the connection failed/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again to send a.jpg' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(3));
    expect(uploads[2]!.photoId).toBe(uploads[0]!.photoId);
    await act(async () => uploads[2]!.resolve());
    expect(await screen.findByText('Sent: waiting for an organiser’s approval.')).toBeInTheDocument();
  });

  it('sends two at a time and lets a waiting one be cancelled before it starts', async () => {
    const { uploads } = harness(async () => prepared());
    await addFiles([jpeg('a.jpg'), jpeg('b.jpg'), jpeg('c.jpg')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Share 3 photos' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(2));
    const list = screen.getByRole('list', { name: 'Photos to share' });
    expect(within(list).getByText('Waiting to be sent…')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel sending c.jpg' }));
    await act(async () => uploads[0]!.resolve());
    await act(async () => uploads[1]!.resolve());
    expect(uploads).toHaveLength(2);
    expect(within(list).getByText('Cancelled: nothing of it was kept.')).toBeInTheDocument();
  });

  it('removes a failed photo from the list and deletes what of it arrived', async () => {
    const { uploads, deleted } = harness(async () => prepared());
    await addFiles([jpeg('a.jpg')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Share 1 photo' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    await act(async () => uploads[0]!.reject({ code: 'storage/unauthorized' }));
    expect(await screen.findByText(/“a.jpg” was refused/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.jpg from the list' }));
    expect(screen.queryByText('a.jpg')).not.toBeInTheDocument();
    expect(deleted).toEqual([uploads[0]!.photoId]);
  });
});
