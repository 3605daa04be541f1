import { describe, expect, it } from 'vitest';
import { GROUP_PHOTO_1976, type StoredSuggestion } from '../../domain/faces';
import { accountPhotos, accountSuggestions } from './account-items';

describe('the account page’s photos', () => {
  it('lists the waiting and the shared ones, newest first, each where it is', async () => {
    const photos = await accountPhotos('uid-1', {
      listPending: async () => ['20260711T150000Z_waitingone'],
      listShared: async () => ['20260710T090000Z_sharedone1', '20260712T180000Z_sharedtwo2'],
    });
    expect(photos).toEqual([
      { location: { state: 'shared', photoId: '20260712T180000Z_sharedtwo2' }, fate: 'shared' },
      {
        location: { state: 'pending', uid: 'uid-1', photoId: '20260711T150000Z_waitingone' },
        fate: 'waiting',
      },
      { location: { state: 'shared', photoId: '20260710T090000Z_sharedone1' }, fate: 'shared' },
    ]);
  });

  it('shows a photo once while it is being approved (its marker written, the waiting one not yet gone)', async () => {
    const photos = await accountPhotos('uid-1', {
      listPending: async () => ['20260711T150000Z_movingone1'],
      listShared: async () => ['20260711T150000Z_movingone1'],
    });
    expect(photos.map((photo) => photo.fate)).toEqual(['waiting']);
  });

  it('fails when a list cannot be read, rather than saying there are none', async () => {
    await expect(
      accountPhotos('uid-1', {
        listPending: async () => [],
        listShared: async () => Promise.reject(new Error('offline')),
      }),
    ).rejects.toThrow('offline');
  });
});

describe('the account page’s suggestions', () => {
  const stored = (fileId: string, id: string, name: string): StoredSuggestion => ({
    path: `members/faces/${fileId}/suggestions/uid-1/${id}.json`,
    uid: 'uid-1',
    suggestion: { id, fileId, face: 3, name, createdAt: '2026-08-01T12:00:00.000Z' },
  });

  it('reads the account’s own on every picture open for naming, oldest first, with the picture’s title', async () => {
    const asked: string[] = [];
    const found = await accountSuggestions(
      'uid-1',
      async (fileId, uid) => {
        asked.push(`${fileId}/${uid}`);
        return fileId === GROUP_PHOTO_1976
          ? [
              stored(fileId, '20260802T120000Z_secondone', 'Kari'),
              stored(fileId, '20260801T120000Z_firstone1', 'Ola'),
            ]
          : [];
      },
      [GROUP_PHOTO_1976, 'another-picture'],
    );
    expect(asked).toEqual([`${GROUP_PHOTO_1976}/uid-1`, 'another-picture/uid-1']);
    expect(found.map(({ entry }) => entry.suggestion.name)).toEqual(['Ola', 'Kari']);
    expect(found[0]!.fileId).toBe(GROUP_PHOTO_1976);
    expect(found[0]!.pictureTitle).toMatch(/1976/);
  });
});
