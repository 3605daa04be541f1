import { describe, expect, it } from 'vitest';
import {
  accountMarkerPathOf,
  changeLine,
  isCoveredBy,
  keptPathOf,
  originalPathOf,
  parseMarker,
  parseRemovalRecord,
  parseVersionPath,
  purgedMarkerPathOf,
  removalRecordPathOf,
  removalRecordText,
  versionObject,
  versionPathOf,
  withdrawnMarkerPathOf,
  type KnownObject,
} from './keeping';

const ID = '20260711T190322Z_k3J9xQ2mPa';
const at = (iso: string) => new Date(iso);
const object = (path: string, created = '2026-07-12T00:00:00Z', metadata = {}): KnownObject => ({
  path,
  created: at(created),
  metadata,
});

describe('faces history', () => {
  it('a version lives beside the faces file, and its path reads back', () => {
    const path = versionPathOf('group-photo-1976', ID);
    expect(path).toBe(`members/faces/group-photo-1976/history/${ID}.json`);
    expect(parseVersionPath(path)).toEqual({ fileId: 'group-photo-1976', versionId: ID });
    expect(parseVersionPath('members/faces/group-photo-1976/faces.json')).toBeUndefined();
    expect(parseVersionPath(`members/faces/x/history/${ID}.json.bak`)).toBeUndefined();
  });

  it('a change is one line of at most 300 characters', () => {
    expect(changeLine(' accepted\nface 3 ')).toBe('accepted face 3');
    expect([...changeLine('x'.repeat(400))]).toHaveLength(300);
  });

  it('a version as stored: beside the faces file, the file replaced as JSON, who and what as metadata', () => {
    const replaced = {
      fileId: 'group-photo-1976',
      width: 10,
      height: 10,
      faces: [{ number: 1, name: 'Ole' }],
    };
    expect(
      versionObject(replaced, ID, {
        organiserUid: 'uid-o',
        organiserEmail: 'o@example.com',
        change: ' accepted\nface 1 ',
      }),
    ).toEqual({
      path: versionPathOf('group-photo-1976', ID),
      text: JSON.stringify(replaced),
      contentType: 'application/json',
      customMetadata: { organiserUid: 'uid-o', organiserEmail: 'o@example.com', change: 'accepted face 1' },
    });
  });
});

describe('removed photos, kept apart', () => {
  it('each file is kept under the photo id with the path it had, and goes back there', () => {
    for (const path of [
      `members/photos/pending/uid-1/${ID}.jpg`,
      `members/photos/pending/uid-1/thumbnails/${ID}.jpg`,
      `members/photos/shared/${ID}.jpg`,
      `members/photos/shared/details/${ID}.json`,
      `members/photos/shared/uploaders/uid-1/${ID}`,
    ]) {
      const kept = keptPathOf(ID, path);
      expect(kept.startsWith(`members/photos/removed/${ID}/`)).toBe(true);
      expect(originalPathOf(kept)).toBe(path);
    }
    expect(originalPathOf(removalRecordPathOf(ID))).toBeUndefined();
    expect(() => keptPathOf(ID, 'members/documents/x.pdf')).toThrow(RangeError);
  });

  it('removal.json reads back, and anything else is refused', () => {
    const record = {
      photoId: ID,
      kind: 'removed' as const,
      removedAt: '2026-08-01T10:00:00.000Z',
      removedBy: 'organiser@example.com',
      paths: [`members/photos/shared/${ID}.jpg`],
    };
    expect(parseRemovalRecord(removalRecordText(record))).toEqual(record);
    for (const bad of [
      '',
      '[]',
      JSON.stringify({ ...record, kind: 'lost' }),
      JSON.stringify({ ...record, paths: ['/etc/passwd'] }),
    ])
      expect(parseRemovalRecord(bad), bad).toBeUndefined();
  });
});

describe('deletion markers', () => {
  const when = at('2026-08-01T00:00:00Z');

  it('read from their paths', () => {
    expect(parseMarker(accountMarkerPathOf('uid-1', ID), when)).toEqual({
      kind: 'account',
      uid: 'uid-1',
      at: when,
    });
    expect(parseMarker(withdrawnMarkerPathOf('uid-1', ID), when)).toEqual({
      kind: 'withdrawn',
      uid: 'uid-1',
      id: ID,
      at: when,
    });
    expect(parseMarker(purgedMarkerPathOf(ID), when)).toEqual({ kind: 'purged', photoId: ID, at: when });
    expect(parseMarker('deletions/other/x', when)).toBeUndefined();
    expect(parseMarker(`deletions/accounts/uid-1/${ID}/more`, when)).toBeUndefined();
  });

  it("an account's deletion covers what it sent before it: waiting photos, shared photos, markers, suggestions, kept copies", () => {
    const marker = parseMarker(accountMarkerPathOf('uid-1', ID), when)!;
    const theirs = [
      object(`members/photos/pending/uid-1/${ID}.jpg`),
      object(`members/photos/shared/${ID}.jpg`, undefined, { uploaderUid: 'uid-1' }),
      object(`members/photos/shared/details/${ID}.json`, undefined, { uploaderUid: 'uid-1' }),
      object(`members/photos/shared/uploaders/uid-1/${ID}`),
      object(`members/faces/group-photo-1976/suggestions/uid-1/${ID}.json`),
      object(keptPathOf(ID, `members/photos/pending/uid-1/${ID}.jpg`)),
    ];
    for (const known of theirs) expect(isCoveredBy(known, marker), known.path).toBe(true);
    const notTheirs = [
      object(`members/photos/pending/uid-2/${ID}.jpg`),
      object(`members/photos/shared/${ID}.jpg`, undefined, { uploaderUid: 'uid-2' }),
      object('members/faces/group-photo-1976/faces.json'),
      object('members/documents/program-1976.pdf'),
      // Sent after the marker (the account was not deleted after all): not covered.
      object(`members/photos/pending/uid-1/${ID}.jpg`, '2026-08-02T00:00:00Z'),
    ];
    for (const known of notTheirs) expect(isCoveredBy(known, marker), known.path).toBe(false);
  });

  it('a withdrawal covers that photo or suggestion of that account only; a purge every file of the photo', () => {
    const withdrawn = parseMarker(withdrawnMarkerPathOf('uid-1', ID), when)!;
    expect(isCoveredBy(object(`members/photos/pending/uid-1/thumbnails/${ID}.jpg`), withdrawn)).toBe(true);
    expect(isCoveredBy(object(`members/faces/x/suggestions/uid-1/${ID}.json`), withdrawn)).toBe(true);
    expect(
      isCoveredBy(object(`members/photos/pending/uid-1/20260711T190322Z_otherother.jpg`), withdrawn),
    ).toBe(false);
    expect(isCoveredBy(object(`members/photos/pending/uid-2/${ID}.jpg`), withdrawn)).toBe(false);
    const purged = parseMarker(purgedMarkerPathOf(ID), when)!;
    expect(isCoveredBy(object(`members/photos/shared/thumbnails/${ID}.jpg`), purged)).toBe(true);
    expect(isCoveredBy(object(keptPathOf(ID, `members/photos/shared/${ID}.jpg`)), purged)).toBe(true);
    expect(isCoveredBy(object(`members/faces/x/suggestions/uid-1/${ID}.json`), purged)).toBe(false);
  });
});
