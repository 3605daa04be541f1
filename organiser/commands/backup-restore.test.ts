/**
 * organiser:backup and organiser:restore against the in-process emulators, as an organiser meets them: a backup of
 * the seeded bucket and accounts, a second one that copies nothing, a run stopped part-way that goes on, --verify
 * finding a file changed and one gone by hand, a relative's account deleted after the backup, the bucket emptied,
 * and a restore that brings back every other object byte for byte with its metadata and no download token, the
 * approvals as they were, and organiser:check passing after it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { ACCOUNTS_FILE, MANIFEST_FILE, localPathOf, readManifest } from '../../admin/bucket/backup.ts';
import { DOWNLOAD_TOKENS_METADATA_KEY, saveObject } from '../../admin/bucket/member-files.ts';
import { accountMarkerPathOf, keptPathOf, versionPathOf } from '../../src/domain/keeping.ts';
import { photoPathOf, sharedFileMetadata, thumbnailPathOf } from '../../src/domain/photos.ts';
import { demoAccounts } from '../../tools/local/config.ts';
import { seedAccounts } from '../../tools/local/seed/seed-accounts.ts';
import { seedStorage } from '../../tools/local/seed/seed-storage.ts';
import { useTestEmulators } from '../core/test-support.ts';
import { main as backup } from './backup.ts';
import { main as check } from './check.ts';
import { main as restore } from './restore.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const emulators = useTestEmulators(PROJECT);
const accounts = demoAccounts({});
const ID = '20260711T190322Z_k3J9xQ2mPa';
const ID2 = '20260712T101500Z_q8Wm2Zr5Tb';

async function run(main: typeof backup, ...argv: string[]) {
  const ctx = emulators.context();
  const code = await main(argv, ctx);
  return { code, out: ctx.io.stdout.join('\n'), err: ctx.io.stderr.join('\n'), lines: ctx.io.stdout };
}

/** Every object of the bucket: its bytes, content type, download name and custom metadata. */
async function snapshot() {
  const [files] = await emulators.admin.bucket(BUCKET).getFiles();
  const objects = new Map<
    string,
    { bytes: string; contentType?: string; disposition?: string; metadata: object }
  >();
  for (const file of files) {
    const [bytes] = await file.download();
    objects.set(file.name, {
      bytes: bytes.toString('base64'),
      contentType: file.metadata.contentType,
      disposition: file.metadata.contentDisposition,
      metadata: file.metadata.metadata ?? {},
    });
  }
  return objects;
}

let leaverUid: string;
let memberUid: string;
const folder = mkdtempSync(join(tmpdir(), 'reunion-backup-'));

beforeAll(async () => {
  const bucket = emulators.admin.bucket(BUCKET);
  await seedStorage(bucket, { largeFileBytes: 64 * 1024, texts: false });
  await seedAccounts(emulators.admin.auth, Object.values(accounts));
  memberUid = (await emulators.admin.auth.getUserByEmail(accounts.member.email)).uid;
  const leaver = await emulators.admin.auth.createUser({
    email: 'leaver@example.org',
    emailVerified: true,
    password: 'Reunion1976',
  });
  leaverUid = leaver.uid;
  await emulators.admin.auth.setCustomUserClaims(leaverUid, { approved: true });
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  const shared = sharedFileMetadata(
    { takenAt: '2026-07-11T19:03:22Z', uploaderUid: leaverUid },
    { width: 1, height: 1 },
  );
  await saveObject(bucket, photoPathOf({ state: 'pending', uid: leaverUid, photoId: ID }), jpeg, {
    contentType: 'image/jpeg',
    metadata: {
      takenAt: '2026-07-11T19:03:22Z',
      width: '1',
      height: '1',
      uploaderUid: leaverUid,
      uploaderEmail: 'leaver@example.org',
    },
  });
  await saveObject(bucket, photoPathOf({ state: 'shared', photoId: ID2 }), jpeg, {
    contentType: 'image/jpeg',
    metadata: shared,
  });
  // A member's shared photo, a faces file's earlier version and a photo kept apart: all kept by a backup.
  await saveObject(bucket, photoPathOf({ state: 'shared', photoId: ID }), jpeg, {
    contentType: 'image/jpeg',
    metadata: sharedFileMetadata(
      { takenAt: '2026-07-11T19:03:22Z', uploaderUid: memberUid },
      { width: 1, height: 1 },
    ),
  });
  await saveObject(bucket, thumbnailPathOf({ state: 'shared', photoId: ID }), jpeg, {
    contentType: 'image/jpeg',
    metadata: sharedFileMetadata(
      { takenAt: '2026-07-11T19:03:22Z', uploaderUid: memberUid },
      { width: 1, height: 1 },
    ),
  });
  await saveObject(bucket, versionPathOf('group-photo-1976', ID), Buffer.from('{"faces":[]}'), {
    contentType: 'application/json',
    metadata: { organiserUid: 'o', organiserEmail: 'organiser@example.com', change: 'box placed on face 3' },
  });
  await saveObject(bucket, keptPathOf(ID2, `members/photos/shared/${ID2}.jpg`), jpeg, {
    contentType: 'image/jpeg',
    metadata: shared,
  });
});

describe('organiser:backup', () => {
  it('copies every object and the accounts, verified; a second run copies nothing and says so', async () => {
    const first = await run(backup, folder);
    expect(first.code, first.err).toBe(0);
    expect(first.lines[0]).toMatch(
      /^Target: local emulators \(demo-reunion\), Auth emulator at .*, bucket gs:\/\//,
    );
    expect(first.out).toContain(`Backup folder: ${folder}`);
    const [files] = await emulators.admin.bucket(BUCKET).getFiles();
    expect(first.out).toMatch(
      new RegExp(
        `Backup done: copied ${files.length} files \\(.* downloaded\\); 0 files unchanged; \\d+ accounts\\.$`,
      ),
    );
    const manifest = await readManifest(folder);
    expect(Object.keys(manifest.objects).sort()).toEqual(files.map((file) => file.name).sort());
    for (const file of files) {
      const [bytes] = await file.download();
      expect(readFileSync(localPathOf(folder, file.name)).equals(bytes), file.name).toBe(true);
    }
    const accountsText = readFileSync(join(folder, ACCOUNTS_FILE), 'utf8');
    const saved = JSON.parse(accountsText) as {
      accounts: { email?: string; approved: boolean; organiser: boolean }[];
    };
    expect(saved.accounts.find((a) => a.email === accounts.member.email)).toMatchObject({
      approved: true,
      organiser: false,
    });
    expect(saved.accounts.find((a) => a.email === accounts.organiser.email)).toMatchObject({
      organiser: true,
    });
    expect(accountsText).not.toMatch(/password|salt/i);

    const second = await run(backup, folder);
    expect(second.code).toBe(0);
    expect(second.lines.at(-1)).toMatch(
      new RegExp(
        `^Backup done: nothing new to copy \\(no file downloaded\\); ${files.length} files unchanged;`,
      ),
    );
  });

  it('a run stopped before it saved its manifest goes on without downloading again; a half-written file never counts', async () => {
    const [[first]] = await emulators.admin.bucket(BUCKET).getFiles();
    rmSync(join(folder, MANIFEST_FILE));
    writeFileSync(`${localPathOf(folder, first!.name)}.partial`, 'half');
    const again = await run(backup, folder);
    expect(again.code, again.err).toBe(0);
    expect(again.lines.at(-1)).toMatch(/^Backup done: copied \d+ files \(0 B downloaded\)/);
  });

  it('--verify passes on a good backup, and finds a file changed and one gone by hand (exit 1)', async () => {
    const good = await run(backup, folder, '--verify');
    expect(good.code).toBe(0);
    expect(good.lines.at(-1)).toMatch(/^Verify passed: all \d+ files as the manifest says\.$/);
    const changed = localPathOf(folder, 'members/documents/program-1976.pdf');
    const gone = localPathOf(folder, 'members/documents/souvenir-booklet-1976.pdf');
    const keepChanged = readFileSync(changed);
    const keepGone = readFileSync(gone);
    writeFileSync(changed, Buffer.concat([keepChanged.subarray(0, -1), Buffer.from('!')]));
    rmSync(gone);
    const bad = await run(backup, folder, '--verify');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('CHANGED: members/documents/program-1976.pdf');
    expect(bad.out).toContain('MISSING: members/documents/souvenir-booklet-1976.pdf');
    expect(bad.lines.at(-1)).toMatch(/^Verify FAILED: \d+ files checked, 1 changed, 1 missing\./);
    writeFileSync(changed, keepChanged);
    writeFileSync(gone, keepGone);
  });
});

describe('organiser:restore', () => {
  it('after a relative deleted their account and the bucket was emptied: everything else back as it was, their photos not', async () => {
    const before = await snapshot();
    // The relative deletes their account after the backup: a marker, their photos, their account.
    const bucket = emulators.admin.bucket(BUCKET);
    await saveObject(bucket, accountMarkerPathOf(leaverUid, ID2), Buffer.alloc(0), {
      contentType: 'application/octet-stream',
      metadata: {},
    });
    await bucket.file(photoPathOf({ state: 'pending', uid: leaverUid, photoId: ID })).delete();
    await bucket.file(photoPathOf({ state: 'shared', photoId: ID2 })).delete();
    await emulators.admin.auth.deleteUser(leaverUid);
    // An organiser takes an approval away by mistake; then the bucket is emptied, its markers too.
    await emulators.admin.auth.setCustomUserClaims(memberUid, {});
    await bucket.deleteFiles();
    expect((await bucket.getFiles())[0]).toEqual([]);

    const restored = await run(restore, folder);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain('To put back (missing from the bucket)');
    expect(restored.out).toContain(
      'Not brought back: their account no longer exists (--all-accounts puts them back) (3):',
    );
    expect(restored.out).toContain(`  ${accounts.member.email}: approve`);
    expect(restored.out).toMatch(
      /Accounts that no longer exist .*\(1\):\n {2}leaver@example\.org \(was approved\)/,
    );
    expect(restored.lines.at(-1)).toMatch(/^Restore done: \d+ files put back, 1 account set/);

    const after = await snapshot();
    const theirs = [
      photoPathOf({ state: 'pending', uid: leaverUid, photoId: ID }),
      photoPathOf({ state: 'shared', photoId: ID2 }),
      keptPathOf(ID2, `members/photos/shared/${ID2}.jpg`),
    ];
    for (const path of theirs) expect(after.has(path), path).toBe(false);
    for (const [path, object] of before) {
      if (theirs.includes(path)) continue;
      expect(after.get(path), path).toEqual(object);
      expect(after.get(path)!.metadata, path).not.toHaveProperty(DOWNLOAD_TOKENS_METADATA_KEY);
    }
    expect((await emulators.admin.auth.getUser(memberUid)).customClaims).toMatchObject({ approved: true });

    const checked = await run(check);
    expect(checked.code, checked.out).toBe(0);
    // Nothing left to do.
    const again = await run(restore, folder);
    expect(again.lines.at(-1)).toBe('Nothing to put back.');
  });

  it('a file changed in the backup stops the restore with a clear message; what was put back stays', async () => {
    const bucket = emulators.admin.bucket(BUCKET);
    const manifest = await readManifest(folder, BUCKET);
    const paths = Object.keys(manifest.objects).filter((path) => path.startsWith('members/documents/'));
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) await bucket.file(path).delete();
    const broken = paths[paths.length - 1]!;
    const local = localPathOf(folder, broken);
    const bytes = readFileSync(local);
    writeFileSync(local, Buffer.concat([bytes, Buffer.from('changed by hand')]));
    try {
      const failed = await run(restore, folder);
      expect(failed.code).toBe(1);
      expect(failed.err).toMatch(
        /^organiser:restore failed: .* is not the file the backup recorded .*What is back stays back: run the same command again\.$/m,
      );
      const back = await Promise.all(paths.map(async (path) => (await bucket.file(path).exists())[0]));
      expect(back.filter(Boolean).length).toBeGreaterThan(0);
      expect(back[paths.length - 1]).toBe(false);
    } finally {
      writeFileSync(local, bytes);
    }
    expect((await run(restore, folder)).code).toBe(0);
    for (const path of paths) expect((await bucket.file(path).exists())[0], path).toBe(true);
  });

  it('a backup folder that is none: exit 1 with a clear message; no folder: usage error', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'reunion-no-backup-'));
    const none = await run(restore, empty);
    expect(none.code).toBe(1);
    expect(none.err).toContain(`organiser:restore failed: ${empty} holds no backup`);
    expect((await run(restore)).code).toBe(2);
  });

  it('on a real project: shows what it will do and asks first; no terminal, nothing changed; yes, put back', async () => {
    const real = emulators.admin.bucket('my-reunion.firebasestorage.app');
    const path = 'members/documents/program-1976.pdf';
    const argv = [folder, '--project', 'my-reunion'];
    const noTerminal = emulators.realProjectContext(undefined);
    expect(await restore(argv, noTerminal.ctx), noTerminal.ctx.io.stderr.join('\n')).toBe(1);
    const shown = noTerminal.ctx.io.stdout.join('\n');
    expect(shown).toContain(
      `Note: the backup is of gs://${BUCKET}; it is put back into gs://my-reunion.firebasestorage.app.`,
    );
    expect(shown).toContain(`  ${path}`);
    expect(shown).toContain('This will change the real project my-reunion:');
    expect(noTerminal.ctx.io.stderr.join('\n')).toContain('Nothing was changed');
    expect((await real.file(path).exists())[0]).toBe(false);
    const yes = emulators.realProjectContext('yes');
    expect(await restore(argv, yes.ctx)).toBe(0);
    expect(yes.asked).toHaveLength(1);
    expect((await real.file(path).exists())[0]).toBe(true);
  });
});
