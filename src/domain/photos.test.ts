import {
  MAX_CAPTION_LENGTH,
  approvalPlan,
  captionLength,
  formatTakenAt,
  isPhotoId,
  newPhotoId,
  parsePhotoPath,
  pendingFolderOf,
  photoMetadata,
  photoMetadataProblems,
  photoPathOf,
  randomPart,
  readPhotoMetadata,
  rejectionPlan,
  removalPlan,
  takenAtOfPhotoId,
  thumbnailPathOf,
  type PhotoState,
} from './photos';

const ID = '20260711T190322Z_k3J9xQ2mPa';
const UID = 'Uploader123';

describe('photo ids', () => {
  it('are the UTC second the photo was taken and 10 random letters or digits; a listing reads oldest first', () => {
    const id = newPhotoId(new Date('2026-07-11T14:03:22.900-05:00'), 'k3J9xQ2mPa');
    expect(id).toBe(ID);
    expect(isPhotoId(id)).toBe(true);
    expect(takenAtOfPhotoId(id)?.toISOString()).toBe('2026-07-11T19:03:22.000Z');
    const times = [
      '2026-07-12T08:00:00Z',
      '2026-07-10T23:59:59Z',
      '2026-07-11T00:00:00Z',
      '2025-12-31T12:00:00Z',
    ];
    const ids = times.map((time) => newPhotoId(new Date(time)));
    expect(
      [...ids]
        .sort()
        .map(takenAtOfPhotoId)
        .map((d) => d?.getTime()),
    ).toEqual([...times].sort().map((t) => Date.parse(t)));
  });

  it('two photos of the same second get different ids', () => {
    const taken = new Date('2026-07-11T19:03:22Z');
    const ids = new Set(Array.from({ length: 200 }, () => newPhotoId(taken)));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^20260711T190322Z_[A-Za-z0-9]{10}$/);
  });

  it('random parts use the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 400 }, () => randomPart()).join(''));
    expect(seen.size).toBeGreaterThan(55);
  });

  it('refuses invalid dates and random parts', () => {
    expect(() => newPhotoId(new Date('nonsense'))).toThrow(RangeError);
    expect(() => newPhotoId(new Date('+012026-01-01T00:00:00Z'))).toThrow(RangeError);
    expect(() => newPhotoId(new Date(), 'short')).toThrow(RangeError);
    expect(() => newPhotoId(new Date(), 'has/slash!')).toThrow(RangeError);
  });

  it.each([
    ['abcdefgh', true],
    ['A_b-0123456789', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['abcdefg', false],
    ['abcd.efgh', false],
    ['abcd efgh', false],
    ['abcd/efgh', false],
    ['æøåæøåæø', false],
    ['', false],
  ])('isPhotoId(%j) is %s', (id, valid) => expect(isPhotoId(id)).toBe(valid));

  it('takenAtOfPhotoId reads only the ids newPhotoId makes', () => {
    expect(takenAtOfPhotoId('abcdefgh')).toBeNull();
    expect(takenAtOfPhotoId('20261341T190322Z_k3J9xQ2mPa')).toBeNull();
  });
});

describe('paths', () => {
  it('are the contract layout', () => {
    const pending = { state: 'pending', uid: UID, photoId: ID } as const;
    const shared = { state: 'shared', photoId: ID } as const;
    expect(photoPathOf(pending)).toBe(`members/photos/pending/${UID}/${ID}.jpg`);
    expect(thumbnailPathOf(pending)).toBe(`members/photos/pending/${UID}/thumbnails/${ID}.jpg`);
    expect(photoPathOf(shared)).toBe(`members/photos/shared/${ID}.jpg`);
    expect(thumbnailPathOf(shared)).toBe(`members/photos/shared/thumbnails/${ID}.jpg`);
    expect(pendingFolderOf(UID)).toBe(`members/photos/pending/${UID}/`);
    for (const location of [pending, shared]) {
      expect(parsePhotoPath(photoPathOf(location))).toEqual({ location, thumbnail: false });
      expect(parsePhotoPath(thumbnailPathOf(location))).toEqual({ location, thumbnail: true });
    }
  });

  it('refuse a bad id or uid', () => {
    expect(() => photoPathOf({ state: 'shared', photoId: '../x' })).toThrow(RangeError);
    expect(() => pendingFolderOf('a/b')).toThrow(RangeError);
    expect(() => pendingFolderOf('')).toThrow(RangeError);
  });

  it.each([
    `members/photos/shared/${ID}.png`,
    `members/photos/shared/${ID}`,
    `members/photos/shared/bad.jpg`,
    `members/photos/shared/x/${ID}.jpg`,
    `members/photos/shared/thumbnails/x/${ID}.jpg`,
    `members/photos/pending/${UID}/x/${ID}.jpg`,
    `members/photos/pending/${ID}.jpg`,
    `members/photos/pending//${ID}.jpg`,
    `members/photos/${ID}.jpg`,
    `members/documents/${ID}.jpg`,
  ])('parsePhotoPath(%j) is null', (name) => expect(parsePhotoPath(name)).toBeNull());
});

describe('metadata', () => {
  const details = {
    caption: '  Kaffe på tunet  ',
    takenAt: new Date('2026-07-11T19:03:22.123Z'),
    width: 2560,
    height: 1920,
    uploaderUid: UID,
    uploaderName: 'Demo Member',
  };

  it('photoMetadata writes only the contract keys, as strings', () => {
    expect(photoMetadata(details)).toEqual({
      caption: 'Kaffe på tunet',
      takenAt: '2026-07-11T19:03:22Z',
      width: '2560',
      height: '1920',
      uploaderUid: UID,
      uploaderName: 'Demo Member',
    });
    expect(photoMetadata({ ...details, caption: '  ', uploaderName: null })).toEqual({
      takenAt: '2026-07-11T19:03:22Z',
      width: '2560',
      height: '1920',
      uploaderUid: UID,
    });
    expect(() => photoMetadata({ ...details, width: 0 })).toThrow(RangeError);
    expect(() => photoMetadata({ ...details, height: 1.5 })).toThrow(RangeError);
    expect(() => photoMetadata({ ...details, uploaderUid: '' })).toThrow(RangeError);
  });

  it('photoMetadataProblems is empty for what photoMetadata writes and names each problem otherwise', () => {
    const good = photoMetadata(details);
    expect(photoMetadataProblems(good)).toEqual([]);
    expect(readPhotoMetadata(good)).toEqual(good);
    expect(photoMetadataProblems({ ...good, takenAt: '2026-07-11T19:03:22.123Z' })).toEqual([]);
    expect(photoMetadataProblems({ ...good, gps: '59.9,10.7' })).toEqual(['unknown metadata gps']);
    expect(photoMetadataProblems({ ...good, takenAt: '2026-07-11 19:03' })).toEqual([
      'takenAt not a UTC time',
    ]);
    expect(photoMetadataProblems({ ...good, takenAt: '2026-07-11T14:03:22-05:00' })).toEqual([
      'takenAt not a UTC time',
    ]);
    expect(photoMetadataProblems({ ...good, width: '0' })).toEqual(['width not a size']);
    expect(photoMetadataProblems({ ...good, height: '0480' })).toEqual(['height not a size']);
    expect(photoMetadataProblems({ caption: 'x' })).toEqual([
      'no takenAt',
      'no width',
      'no height',
      'no uploaderUid',
    ]);
    expect(photoMetadataProblems(null)).toHaveLength(4);
    expect(readPhotoMetadata({ ...good, extra: 'x' })).toBeNull();
  });

  it('counts a caption in code points, at most 300', () => {
    const good = photoMetadata(details);
    expect(captionLength('😀'.repeat(3))).toBe(3);
    expect(photoMetadataProblems({ ...good, caption: 'å'.repeat(MAX_CAPTION_LENGTH) })).toEqual([]);
    expect(photoMetadataProblems({ ...good, caption: '😀'.repeat(MAX_CAPTION_LENGTH) })).toEqual([]);
    expect(photoMetadataProblems({ ...good, caption: 'x'.repeat(MAX_CAPTION_LENGTH + 1) })).toEqual([
      'caption over 300 characters',
    ]);
  });

  it('formatTakenAt drops milliseconds', () => {
    expect(formatTakenAt(new Date('2026-07-10T00:00:00.999Z'))).toBe('2026-07-10T00:00:00Z');
    expect(() => formatTakenAt(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('approvalPlan', () => {
  const pending = { state: 'pending', uid: UID, photoId: ID } as const;
  const shared = { state: 'shared', photoId: ID } as const;
  const copyThumbnail = { op: 'copy', from: thumbnailPathOf(pending), to: thumbnailPathOf(shared) };
  const copyPhoto = { op: 'copy', from: photoPathOf(pending), to: photoPathOf(shared) };
  const deletePhoto = { op: 'delete', path: photoPathOf(pending) };
  const deleteThumbnail = { op: 'delete', path: thumbnailPathOf(pending) };
  const a = { md5Hash: 'aaa' };
  const b = { md5Hash: 'bbb' };
  const state = (p: PhotoState['pending'], s: PhotoState['shared'] = {}): PhotoState => ({
    pending: p,
    shared: s,
  });

  it('copies the thumbnail, then the photo, then deletes the waiting photo and its thumbnail', () => {
    expect(approvalPlan(UID, ID, state({ photo: a, thumbnail: b }))).toEqual({
      ok: true,
      done: false,
      steps: [copyThumbnail, copyPhoto, deletePhoto, deleteThumbnail],
    });
  });

  it('finishes a move that stopped part-way, whatever step it stopped at', () => {
    // Every state a move passes through, in order: the plan from each finishes the move.
    expect(approvalPlan(UID, ID, state({ photo: a, thumbnail: b }, { thumbnail: b }))).toMatchObject({
      steps: [copyPhoto, deletePhoto, deleteThumbnail],
    });
    expect(
      approvalPlan(UID, ID, state({ photo: a, thumbnail: b }, { photo: a, thumbnail: b })),
    ).toMatchObject({
      steps: [deletePhoto, deleteThumbnail],
    });
    expect(approvalPlan(UID, ID, state({ thumbnail: b }, { photo: a, thumbnail: b }))).toMatchObject({
      steps: [deleteThumbnail],
    });
    expect(approvalPlan(UID, ID, state({}, { photo: a, thumbnail: b }))).toEqual({
      ok: true,
      steps: [],
      done: true,
    });
  });

  it('applying the plan step by step, and failing after any step, always ends shared with nothing waiting', () => {
    const start = state({ photo: a, thumbnail: b });
    const pathState = (s: PhotoState) => {
      const objects = new Map<string, { md5Hash?: string }>();
      if (s.pending.photo) objects.set(photoPathOf(pending), s.pending.photo);
      if (s.pending.thumbnail) objects.set(thumbnailPathOf(pending), s.pending.thumbnail);
      if (s.shared.photo) objects.set(photoPathOf(shared), s.shared.photo);
      if (s.shared.thumbnail) objects.set(thumbnailPathOf(shared), s.shared.thumbnail);
      return objects;
    };
    const toState = (objects: Map<string, { md5Hash?: string }>): PhotoState => ({
      pending: { photo: objects.get(photoPathOf(pending)), thumbnail: objects.get(thumbnailPathOf(pending)) },
      shared: { photo: objects.get(photoPathOf(shared)), thumbnail: objects.get(thumbnailPathOf(shared)) },
    });
    const full = approvalPlan(UID, ID, start);
    if (!full.ok) throw new Error('plan');
    for (let failAfter = 0; failAfter <= full.steps.length; failAfter++) {
      const objects = pathState(start);
      const run = (steps: typeof full.steps, limit: number) => {
        for (const step of steps.slice(0, limit)) {
          if (step.op === 'copy') objects.set(step.to, objects.get(step.from)!);
          else objects.delete(step.path);
        }
      };
      run(full.steps, failAfter);
      const retry = approvalPlan(UID, ID, toState(objects));
      if (!retry.ok) throw new Error(`retry after ${failAfter}: ${retry.problem}`);
      run(retry.steps, Infinity);
      expect([...objects.entries()].sort()).toEqual(
        [
          [photoPathOf(shared), a],
          [thumbnailPathOf(shared), b],
        ].sort(),
      );
      expect(approvalPlan(UID, ID, toState(objects))).toEqual({ ok: true, steps: [], done: true });
    }
  });

  it('refuses a photo that is nowhere, one without any thumbnail, and a different file shared under the id', () => {
    expect(approvalPlan(UID, ID, state({}))).toEqual({ ok: false, problem: 'not-found' });
    expect(approvalPlan(UID, ID, state({ thumbnail: b }))).toEqual({ ok: false, problem: 'not-found' });
    expect(approvalPlan(UID, ID, state({ photo: a }))).toEqual({ ok: false, problem: 'no-thumbnail' });
    expect(approvalPlan(UID, ID, state({ photo: a, thumbnail: b }, { photo: b }))).toEqual({
      ok: false,
      problem: 'conflict',
    });
    // Without MD5s (a source that does not report them), an existing copy counts as the same file.
    expect(approvalPlan(UID, ID, state({ photo: {}, thumbnail: {} }, { photo: {} }))).toMatchObject({
      ok: true,
      steps: [copyThumbnail, deletePhoto, deleteThumbnail],
    });
  });
});

describe('rejectionPlan and removalPlan', () => {
  it('delete the photo, then its thumbnail, of those that exist', () => {
    const pending = { state: 'pending', uid: UID, photoId: ID } as const;
    expect(rejectionPlan(UID, ID, { pending: { photo: {}, thumbnail: {} } })).toEqual([
      { op: 'delete', path: photoPathOf(pending) },
      { op: 'delete', path: thumbnailPathOf(pending) },
    ]);
    expect(rejectionPlan(UID, ID, { pending: { thumbnail: {} } })).toEqual([
      { op: 'delete', path: thumbnailPathOf(pending) },
    ]);
    expect(removalPlan(ID, { shared: { photo: {}, thumbnail: {} } })).toEqual([
      { op: 'delete', path: `members/photos/shared/${ID}.jpg` },
      { op: 'delete', path: `members/photos/shared/thumbnails/${ID}.jpg` },
    ]);
    expect(removalPlan(ID, { shared: {} })).toEqual([]);
  });
});
