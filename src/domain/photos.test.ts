import {
  MAX_CAPTION_LENGTH,
  MAX_DETAILS_BYTES,
  MAX_NAME_LENGTH,
  approvalPlan,
  approvedDetails,
  captionLength,
  detailsPathOf,
  detailsText,
  formatTakenAt,
  isPhotoId,
  markerPathOf,
  newPhotoId,
  parsePhotoPath,
  pendingFolderOf,
  pendingMetadata,
  pendingMetadataProblems,
  photoPathOf,
  randomPart,
  readPendingMetadata,
  readPhotoDetails,
  rejectionPlan,
  removalPlan,
  sharedFileMetadata,
  sharedMetadataProblems,
  takenAtOfPhotoId,
  thumbnailPathOf,
  uploaderFolderOf,
  type PhotoState,
  type PhotoStep,
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
    expect(detailsPathOf(ID)).toBe(`members/photos/shared/details/${ID}.json`);
    expect(markerPathOf(UID, ID)).toBe(`members/photos/shared/uploaders/${UID}/${ID}`);
    expect(uploaderFolderOf(UID)).toBe(`members/photos/shared/uploaders/${UID}/`);
    expect(pendingFolderOf(UID)).toBe(`members/photos/pending/${UID}/`);
    for (const location of [pending, shared]) {
      expect(parsePhotoPath(photoPathOf(location))).toEqual({ location, file: 'photo' });
      expect(parsePhotoPath(thumbnailPathOf(location))).toEqual({ location, file: 'thumbnail' });
    }
    expect(parsePhotoPath(detailsPathOf(ID))).toEqual({ location: shared, file: 'details' });
    expect(parsePhotoPath(markerPathOf(UID, ID))).toEqual({
      location: shared,
      file: 'marker',
      uploaderUid: UID,
    });
  });

  it('refuse a bad id or uid', () => {
    expect(() => photoPathOf({ state: 'shared', photoId: '../x' })).toThrow(RangeError);
    expect(() => detailsPathOf('x/y')).toThrow(RangeError);
    expect(() => markerPathOf('a/b', ID)).toThrow(RangeError);
    expect(() => pendingFolderOf('a/b')).toThrow(RangeError);
    expect(() => pendingFolderOf('')).toThrow(RangeError);
  });

  it.each([
    `members/photos/shared/${ID}.png`,
    `members/photos/shared/${ID}`,
    `members/photos/shared/bad.jpg`,
    `members/photos/shared/x/${ID}.jpg`,
    `members/photos/shared/thumbnails/x/${ID}.jpg`,
    `members/photos/shared/details/${ID}.jpg`,
    `members/photos/shared/details/x/${ID}.json`,
    `members/photos/shared/uploaders/${UID}/${ID}.jpg`,
    `members/photos/shared/uploaders//${ID}`,
    `members/photos/shared/uploaders/${ID}`,
    `members/photos/pending/${UID}/x/${ID}.jpg`,
    `members/photos/pending/${ID}.jpg`,
    `members/photos/pending//${ID}.jpg`,
    `members/photos/${ID}.jpg`,
    `members/documents/${ID}.jpg`,
  ])('parsePhotoPath(%j) is null', (name) => expect(parsePhotoPath(name)).toBeNull());
});

describe('metadata and details', () => {
  const facts = {
    caption: '  Kaffe på tunet  ',
    takenAt: new Date('2026-07-11T19:03:22.123Z'),
    width: 2560,
    height: 1920,
    uploaderUid: UID,
    uploaderName: 'Demo Member',
    uploaderEmail: 'member@example.com',
  };

  it('pendingMetadata writes only the contract keys, as strings, with the uploader from the token', () => {
    expect(pendingMetadata(facts)).toEqual({
      caption: 'Kaffe på tunet',
      takenAt: '2026-07-11T19:03:22Z',
      width: '2560',
      height: '1920',
      uploaderUid: UID,
      uploaderName: 'Demo Member',
      uploaderEmail: 'member@example.com',
    });
    expect(pendingMetadata({ ...facts, caption: '  ', uploaderName: null })).toEqual({
      takenAt: '2026-07-11T19:03:22Z',
      width: '2560',
      height: '1920',
      uploaderUid: UID,
      uploaderEmail: 'member@example.com',
    });
    expect(() => pendingMetadata({ ...facts, width: 0 })).toThrow(RangeError);
    expect(() => pendingMetadata({ ...facts, height: 1.5 })).toThrow(RangeError);
    expect(() => pendingMetadata({ ...facts, uploaderUid: '' })).toThrow(RangeError);
    expect(() => pendingMetadata({ ...facts, uploaderEmail: '' })).toThrow(RangeError);
  });

  it('pendingMetadataProblems is empty for what pendingMetadata writes and names each problem otherwise', () => {
    const good = pendingMetadata(facts);
    expect(pendingMetadataProblems(good)).toEqual([]);
    expect(readPendingMetadata(good)).toEqual(good);
    expect(pendingMetadataProblems({ ...good, takenAt: '2026-07-11T19:03:22.123Z' })).toEqual([]);
    expect(pendingMetadataProblems({ ...good, gps: '59.9,10.7' })).toEqual(['unknown metadata gps']);
    expect(pendingMetadataProblems({ ...good, takenAt: '2026-07-11 19:03' })).toEqual([
      'takenAt not a UTC time',
    ]);
    expect(pendingMetadataProblems({ ...good, takenAt: '2026-07-11T14:03:22-05:00' })).toEqual([
      'takenAt not a UTC time',
    ]);
    expect(pendingMetadataProblems({ ...good, width: '0' })).toEqual(['width not a size']);
    expect(pendingMetadataProblems({ ...good, height: '0480' })).toEqual(['height not a size']);
    expect(pendingMetadataProblems({ caption: 'x' })).toEqual([
      'no takenAt',
      'no width',
      'no height',
      'no uploaderUid',
      'no uploaderEmail',
    ]);
    expect(pendingMetadataProblems(null)).toHaveLength(5);
    expect(readPendingMetadata({ ...good, extra: 'x' })).toBeNull();
  });

  it('counts a caption in UTF-16 code units, as the rules may, at most 300', () => {
    const good = pendingMetadata(facts);
    expect(captionLength('😀'.repeat(3))).toBe(6);
    expect(pendingMetadataProblems({ ...good, caption: 'å'.repeat(MAX_CAPTION_LENGTH) })).toEqual([]);
    expect(pendingMetadataProblems({ ...good, caption: '😀'.repeat(MAX_CAPTION_LENGTH / 2) })).toEqual([]);
    expect(pendingMetadataProblems({ ...good, caption: '😀'.repeat(MAX_CAPTION_LENGTH / 2 + 1) })).toEqual([
      'caption over 300 characters',
    ]);
    expect(pendingMetadataProblems({ ...good, caption: 'x'.repeat(MAX_CAPTION_LENGTH + 1) })).toEqual([
      'caption over 300 characters',
    ]);
  });

  it('a shared file carries the date, its size and the uploader only; the details carry the confirmed name, never the e-mail address', () => {
    const waiting = pendingMetadata(facts);
    const details = approvedDetails(waiting, { width: 1707, height: 2560 }, '  Kari Nordmann ');
    expect(details).toEqual({
      caption: 'Kaffe på tunet',
      takenAt: '2026-07-11T19:03:22Z',
      width: '1707',
      height: '2560',
      uploaderUid: UID,
      uploaderName: 'Kari Nordmann',
    });
    expect(approvedDetails(waiting, { width: 1, height: 1 }, '   ')).not.toHaveProperty('uploaderName');
    expect(approvedDetails(waiting, { width: 1, height: 1 }, 'x'.repeat(200)).uploaderName).toHaveLength(
      MAX_NAME_LENGTH,
    );
    const file = sharedFileMetadata(details, { width: 320, height: 480 });
    expect(file).toEqual({ takenAt: '2026-07-11T19:03:22Z', width: '320', height: '480', uploaderUid: UID });
    expect(sharedMetadataProblems(file)).toEqual([]);
    expect(sharedMetadataProblems({ ...file, caption: 'x' })).toEqual(['unknown metadata caption']);
    expect(sharedMetadataProblems({ ...file, uploaderEmail: 'x@example.org' })).toEqual([
      'unknown metadata uploaderEmail',
    ]);
    expect(readPhotoDetails(detailsText(details))).toEqual(details);
    // The relative's texts as the moderation page shows them (readPendingMetadata) are the texts kept.
    const hidden = readPendingMetadata({
      ...waiting,
      caption: 'Kaffe\u200B på\n tunet\u202E',
      uploaderName: 'Kari\u2067',
    })!;
    expect(hidden).toMatchObject({ caption: 'Kaffe på tunet', uploaderName: 'Kari' });
    expect(approvedDetails(hidden, { width: 1, height: 1 }, hidden.uploaderName)).toMatchObject({
      caption: hidden.caption,
      uploaderName: hidden.uploaderName,
    });
    expect(readPhotoDetails(detailsText({ ...details, caption: '\u200B' }))).not.toHaveProperty('caption');
    expect(
      new TextEncoder().encode(
        detailsText({ ...details, caption: '😀'.repeat(300), uploaderName: '😀'.repeat(100) }),
      ).length,
    ).toBeLessThan(MAX_DETAILS_BYTES);
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['no date', JSON.stringify({ width: '1', height: '1', uploaderUid: UID })],
    [
      'an e-mail address',
      JSON.stringify({
        takenAt: '2026-07-11T19:03:22Z',
        width: '1',
        height: '1',
        uploaderUid: UID,
        uploaderEmail: 'x@y',
      }),
    ],
    [
      'a name too long',
      JSON.stringify({
        takenAt: '2026-07-11T19:03:22Z',
        width: '1',
        height: '1',
        uploaderUid: UID,
        uploaderName: 'x'.repeat(101),
      }),
    ],
  ])('readPhotoDetails refuses %s', (_what, text) => expect(readPhotoDetails(text)).toBeNull());

  it('formatTakenAt drops milliseconds', () => {
    expect(formatTakenAt(new Date('2026-07-10T00:00:00.999Z'))).toBe('2026-07-10T00:00:00Z');
    expect(() => formatTakenAt(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('approvalPlan', () => {
  const pending = { state: 'pending', uid: UID, photoId: ID } as const;
  const shared = { state: 'shared', photoId: ID } as const;
  const del = (path: string): PhotoStep => ({ op: 'delete', path });
  const publish: PhotoStep = { op: 'publish' };
  const state = (p: PhotoState['pending'], s: PhotoState['shared'] = {}): PhotoState => ({
    pending: p,
    shared: s,
  });

  it('publishes (made from the waiting photo), then deletes the waiting photo and its thumbnail', () => {
    expect(approvalPlan(UID, ID, state({ photo: true, thumbnail: true }))).toEqual({
      ok: true,
      done: false,
      steps: [publish, del(photoPathOf(pending)), del(thumbnailPathOf(pending))],
    });
    // The uploaded thumbnail is never used: a photo without one is approved all the same.
    expect(approvalPlan(UID, ID, state({ photo: true }))).toEqual({
      ok: true,
      done: false,
      steps: [publish, del(photoPathOf(pending))],
    });
  });

  it('finishes an approval that stopped part-way, whatever step it stopped at', () => {
    // Published in part: what is there is made again (the shared photo, written last, is not there yet).
    expect(
      approvalPlan(
        UID,
        ID,
        state({ photo: true, thumbnail: true }, { thumbnail: true, details: true, marker: true }),
      ),
    ).toMatchObject({
      steps: [
        del(thumbnailPathOf(shared)),
        del(detailsPathOf(ID)),
        del(markerPathOf(UID, ID)),
        publish,
        del(photoPathOf(pending)),
        del(thumbnailPathOf(pending)),
      ],
    });
    const published = { photo: { uploaderUid: UID }, thumbnail: true, details: true, marker: true };
    expect(approvalPlan(UID, ID, state({ photo: true, thumbnail: true }, published))).toMatchObject({
      steps: [del(photoPathOf(pending)), del(thumbnailPathOf(pending))],
    });
    expect(approvalPlan(UID, ID, state({ thumbnail: true }, published))).toMatchObject({
      steps: [del(thumbnailPathOf(pending))],
    });
    expect(approvalPlan(UID, ID, state({}, published))).toEqual({ ok: true, steps: [], done: true });
  });

  it('applying the plan step by step, and failing after any step (or inside the publish), always ends shared with nothing waiting', () => {
    const files = ['pending photo', 'pending thumbnail', 'thumbnail', 'details', 'marker', 'photo'] as const;
    type File = (typeof files)[number];
    const pathOf: Record<File, string> = {
      'pending photo': photoPathOf(pending),
      'pending thumbnail': thumbnailPathOf(pending),
      thumbnail: thumbnailPathOf(shared),
      details: detailsPathOf(ID),
      marker: markerPathOf(UID, ID),
      photo: photoPathOf(shared),
    };
    const toState = (objects: Set<File>): PhotoState => ({
      pending: { photo: objects.has('pending photo'), thumbnail: objects.has('pending thumbnail') },
      shared: {
        ...(objects.has('photo') ? { photo: { uploaderUid: UID } } : {}),
        thumbnail: objects.has('thumbnail'),
        details: objects.has('details'),
        marker: objects.has('marker'),
      },
    });
    // The publish writes four files in turn: a failure may come after any of them.
    const PUBLISHED: File[] = ['thumbnail', 'details', 'marker', 'photo'];
    const run = (objects: Set<File>, steps: PhotoStep[], budget: number) => {
      for (const step of steps) {
        if (step.op === 'delete') {
          if (budget-- <= 0) return 0;
          objects.delete(files.find((file) => pathOf[file] === step.path)!);
        } else {
          for (const file of PUBLISHED) {
            if (budget-- <= 0) return 0;
            objects.add(file);
          }
        }
      }
      return budget;
    };
    for (let failAfter = 0; failAfter <= 8; failAfter++) {
      const objects = new Set<File>(['pending photo', 'pending thumbnail']);
      const first = approvalPlan(UID, ID, toState(objects));
      if (!first.ok) throw new Error('plan');
      run(objects, first.steps, failAfter);
      const retry = approvalPlan(UID, ID, toState(objects));
      if (!retry.ok) throw new Error(`retry after ${failAfter}: ${retry.problem}`);
      run(objects, retry.steps, Infinity);
      expect([...objects].sort()).toEqual([...PUBLISHED].sort());
      expect(approvalPlan(UID, ID, toState(objects))).toEqual({ ok: true, steps: [], done: true });
    }
  });

  it("refuses a photo that is nowhere, and one whose id another uploader's shared photo has", () => {
    expect(approvalPlan(UID, ID, state({}))).toEqual({ ok: false, problem: 'not-found' });
    expect(approvalPlan(UID, ID, state({ thumbnail: true }))).toEqual({ ok: false, problem: 'not-found' });
    for (const photo of [{ uploaderUid: 'someone-else' }, {}])
      expect(approvalPlan(UID, ID, state({ photo: true, thumbnail: true }, { photo }))).toEqual({
        ok: false,
        problem: 'conflict',
      });
  });
});

describe('rejectionPlan and removalPlan', () => {
  it('reject deletes the waiting photo, then its thumbnail, of those that exist', () => {
    const pending = { state: 'pending', uid: UID, photoId: ID } as const;
    expect(rejectionPlan(UID, ID, { pending: { photo: true, thumbnail: true } })).toEqual([
      { op: 'delete', path: photoPathOf(pending) },
      { op: 'delete', path: thumbnailPathOf(pending) },
    ]);
    expect(rejectionPlan(UID, ID, { pending: { thumbnail: true } })).toEqual([
      { op: 'delete', path: thumbnailPathOf(pending) },
    ]);
  });

  it('remove deletes the shared photo first, then its thumbnail, details and marker', () => {
    expect(removalPlan(ID, UID)).toEqual([
      { op: 'delete', path: `members/photos/shared/${ID}.jpg` },
      { op: 'delete', path: `members/photos/shared/thumbnails/${ID}.jpg` },
      { op: 'delete', path: `members/photos/shared/details/${ID}.json` },
      { op: 'delete', path: `members/photos/shared/uploaders/${UID}/${ID}` },
    ]);
    expect(removalPlan(ID, undefined)).toHaveLength(3);
  });
});
