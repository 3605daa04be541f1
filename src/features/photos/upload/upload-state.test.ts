import {
  canStart,
  overallProgress,
  uploadsReducer,
  type UploadItem,
  type UploadAction,
} from './upload-state';

const info = (photoId: string, bytes = 1000) => ({
  photoId,
  previewUrl: 'blob:preview',
  takenAt: '2026-07-11T19:03:22.000Z',
  takenAtSource: 'exif' as const,
  width: 2560,
  height: 1920,
  bytes,
});

function run(...actions: UploadAction[]): UploadItem[] {
  return actions.reduce(uploadsReducer, [] as UploadItem[]);
}

const added: UploadAction = {
  type: 'added',
  items: [
    { key: 'a', name: 'a.jpg', size: 5_000_000 },
    { key: 'b', name: 'b.heic', size: 2_000_000 },
  ],
};

describe('uploadsReducer', () => {
  it('takes a photo from preparing to ready to uploading to sent', () => {
    const items = run(
      added,
      { type: 'prepared', key: 'a', info: info('20260711T190322Z_aaaaaaaaaa') },
      { type: 'started', key: 'a' },
      { type: 'progress', key: 'a', sent: 400, total: 1000 },
    );
    expect(items[0]!.status).toEqual({ kind: 'uploading', sent: 400, total: 1000 });
    expect(items[0]!.attempted).toBe(true);
    expect(uploadsReducer(items, { type: 'sent', key: 'a' })[0]!.status).toEqual({ kind: 'sent' });
  });

  it('refuses a file that could not be prepared, and the others go on', () => {
    const items = run(
      added,
      { type: 'refused', key: 'b', problem: 'heic' },
      { type: 'prepared', key: 'a', info: info('20260711T190322Z_aaaaaaaaaa') },
    );
    expect(items.map((item) => item.status.kind)).toEqual(['ready', 'refused']);
    expect(canStart(items[1]!)).toBe(false);
    expect(uploadsReducer(items, { type: 'started', key: 'b' })).toBe(items);
  });

  it('lets a failed or cancelled photo start again (Retry), never a sent one', () => {
    let items = run(
      added,
      { type: 'prepared', key: 'a', info: info('20260711T190322Z_aaaaaaaaaa') },
      { type: 'started', key: 'a' },
      { type: 'failed', key: 'a', error: 'network' },
    );
    expect(items[0]!.status).toEqual({ kind: 'failed', error: 'network' });
    items = uploadsReducer(items, { type: 'started', key: 'a' });
    expect(items[0]!.status.kind).toBe('uploading');
    items = uploadsReducer(uploadsReducer(items, { type: 'cancelling', key: 'a' }), {
      type: 'cancelled',
      key: 'a',
    });
    expect(items[0]!.status.kind).toBe('cancelled');
    items = uploadsReducer(items, { type: 'started', key: 'a' });
    items = uploadsReducer(items, { type: 'sent', key: 'a' });
    expect(uploadsReducer(items, { type: 'started', key: 'a' })).toBe(items);
  });

  it('ignores late news: progress after a cancel, a result after removal', () => {
    let items = run(
      added,
      { type: 'prepared', key: 'a', info: info('20260711T190322Z_aaaaaaaaaa') },
      { type: 'started', key: 'a' },
      { type: 'cancelling', key: 'a' },
    );
    expect(uploadsReducer(items, { type: 'progress', key: 'a', sent: 1, total: 2 })).toBe(items);
    expect(uploadsReducer(items, { type: 'sent', key: 'a' })).toBe(items);
    items = uploadsReducer(items, { type: 'removed', key: 'b' });
    expect(uploadsReducer(items, { type: 'prepared', key: 'b', info: info('x') })).toBe(items);
  });

  it('cannot remove a photo while it is being sent', () => {
    const items = run(
      added,
      { type: 'prepared', key: 'a', info: info('20260711T190322Z_aaaaaaaaaa') },
      { type: 'started', key: 'a' },
    );
    expect(uploadsReducer(items, { type: 'removed', key: 'a' })).toBe(items);
  });

  it('keeps captions to 300 characters (code points) and fixes them once sending starts', () => {
    let items = run(added, { type: 'caption', key: 'a', caption: '🙂'.repeat(301) });
    expect([...items[0]!.caption]).toHaveLength(300);
    items = uploadsReducer(items, { type: 'prepared', key: 'a', info: info('20260711T190322Z_aaaaaaaaaa') });
    items = uploadsReducer(items, { type: 'started', key: 'a' });
    expect(uploadsReducer(items, { type: 'caption', key: 'a', caption: 'late' })).toBe(items);
  });

  it('queues shared photos and cancels a queued one without sending it', () => {
    let items = run(
      added,
      { type: 'prepared', key: 'a', info: info('20260711T190322Z_aaaaaaaaaa') },
      { type: 'queued', key: 'a' },
    );
    expect(items[0]!.status).toEqual({ kind: 'queued' });
    expect(items[0]!.attempted).toBe(false);
    items = uploadsReducer(items, { type: 'cancelled', key: 'a' });
    expect(items[0]!.status).toEqual({ kind: 'cancelled' });
  });
});

describe('overallProgress', () => {
  it('adds up the bytes of the photos being sent and sent', () => {
    const items = run(
      {
        type: 'added',
        items: ['a', 'b', 'c'].map((key) => ({ key, name: `${key}.jpg`, size: 1 })),
      },
      { type: 'prepared', key: 'a', info: info('20260711T190322Z_aaaaaaaaaa', 1000) },
      { type: 'prepared', key: 'b', info: info('20260711T190322Z_bbbbbbbbbb', 3000) },
      { type: 'prepared', key: 'c', info: info('20260711T190322Z_cccccccccc', 5000) },
      { type: 'started', key: 'a' },
      { type: 'sent', key: 'a' },
      { type: 'started', key: 'b' },
      { type: 'progress', key: 'b', sent: 1000, total: 3000 },
    );
    expect(overallProgress(items)).toEqual({ photos: 2, sentPhotos: 1, fraction: 0.5, active: true });
  });

  it('is idle and empty with nothing sent', () => {
    expect(overallProgress([])).toEqual({ photos: 0, sentPhotos: 0, fraction: 0, active: false });
  });
});
