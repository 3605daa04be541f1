import { describe, expect, it } from 'vitest';
import { emptyManifest, localPathOf, planBackup, safeSegment, type BackupEntry } from './backup.ts';

const ID = '20260711T190322Z_k3J9xQ2mPa';
const entry = (path: string, overrides: Partial<BackupEntry> = {}): BackupEntry => ({
  path,
  size: 10,
  md5: 'md5==',
  metadata: {},
  created: '2026-07-12T00:00:00.000Z',
  ...overrides,
});

describe('paths on disk', () => {
  it('keeps an object name as it is where every file system takes it', () => {
    expect(localPathOf('/b', 'members/documents/Første brev 1904.pdf')).toBe(
      '/b/objects/members/documents/Første brev 1904.pdf',
    );
  });

  it('encodes what a file system refuses, and never leaves the folder', () => {
    expect(safeSegment('a:b*c?"d<e>f|g\\h%i')).toBe('a%3Ab%2Ac%3F%22d%3Ce%3Ef%7Cg%5Ch%25i');
    expect(localPathOf('/b', '../../etc/passwd')).toBe('/b/objects/%2E%2E/%2E%2E/etc/passwd');
    expect(localPathOf('/b', 'a//b/./c')).toBe('/b/objects/a/%/b/%2E/c');
    expect(safeSegment('tab\there')).toBe('tab%09here');
  });
});

describe('planBackup', () => {
  it('a first run downloads everything; a second over the same bucket downloads nothing', () => {
    const remote = [entry('members/a.pdf'), entry('members/b.pdf', { md5: 'other==' })];
    const first = planBackup(emptyManifest('bucket'), remote);
    expect(first.download.map((e) => e.path)).toEqual(['members/a.pdf', 'members/b.pdf']);
    const manifest = {
      ...emptyManifest('bucket'),
      objects: Object.fromEntries(remote.map((e) => [e.path, e])),
    };
    const second = planBackup(manifest, remote);
    expect(second.download).toEqual([]);
    expect(second.unchanged).toHaveLength(2);
  });

  it('a changed object is downloaded again', () => {
    const manifest = { ...emptyManifest('bucket'), objects: { 'members/a.pdf': entry('members/a.pdf') } };
    expect(planBackup(manifest, [entry('members/a.pdf', { md5: 'new==' })]).download).toHaveLength(1);
    expect(planBackup(manifest, [entry('members/a.pdf', { size: 11 })]).download).toHaveLength(1);
  });

  it('an object gone from the bucket stays, unless a marker says it went for good', () => {
    const waiting = entry(`members/photos/pending/uid-1/${ID}.jpg`);
    const others = entry(`members/photos/pending/uid-2/${ID}.jpg`);
    const document = entry('members/documents/program-1976.pdf');
    const manifest = {
      ...emptyManifest('bucket'),
      objects: Object.fromEntries([waiting, others, document].map((e) => [e.path, e])),
    };
    // The bucket wiped: everything stays in the backup.
    expect(planBackup(manifest, []).keep).toHaveLength(3);
    // uid-1 deleted its account after the files were made: its files leave the backup; nothing else does.
    const marker = entry(`deletions/accounts/uid-1/${ID}`, { size: 0, created: '2026-08-01T00:00:00.000Z' });
    const plan = planBackup(manifest, [marker]);
    expect(plan.drop.map((e) => e.path)).toEqual([waiting.path]);
    expect(plan.keep.map((e) => e.path)).toEqual([others.path, document.path]);
    // The marker counts when only the backup still has it (a bucket wiped after the marker was backed up).
    const withMarker = { ...manifest, objects: { ...manifest.objects, [marker.path]: marker } };
    expect(planBackup(withMarker, []).drop.map((e) => e.path)).toEqual([waiting.path]);
  });
});
