/**
 * organiser:upload and organiser:check end to end against the in-process Storage emulator and an in-process Auth
 * emulator on random ports: main(argv) with STORAGE_EMULATOR_URL / AUTH_EMULATOR_URL pointing at them, each test
 * in its own bucket. What a real project adds (bucket IAM, the project's Authentication settings) is tested with
 * a stand-in Admin SDK connection at the end.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import sharp from 'sharp';

import {
  CATALOGUE,
  downloadFileName,
  fileNameInStorage,
  hasThumbnail,
  storagePathOf,
  thumbnailPathOf,
  type CatalogueEntry,
} from '../../src/domain/catalogue.ts';
import {
  GROUP_PHOTO_1976,
  descriptorPathOf,
  facesFilePathOf,
  suggestionPathOf,
  tilePathOf,
} from '../../src/domain/faces.ts';
import { updateEmulatorConfig } from '../../admin/auth-emulator.ts';
import {
  EMPTY_SEARCH_TEXTS,
  searchTextsPathOf,
  uncompressedSearchTextsPathOf,
} from '../../src/domain/search.ts';
import { readSearchTexts, saveSearchTexts } from '../../admin/search/texts.ts';
import type { AdminConnection, Bucket } from '../../admin/firebase-admin.ts';
import { LARGE_DEMO_PATH, demoFile } from '../../tools/local/seed/demo-files.ts';
import { seedStorage } from '../../tools/local/seed/seed-storage.ts';
import {
  DOWNLOAD_TOKENS_METADATA_KEY,
  contentDispositionFor,
  md5Base64,
  memberFileMetadata,
  saveObject,
} from '../../admin/bucket/member-files.ts';
import { thumbnailMetadata } from '../../admin/bucket/thumbnails.ts';
import { emulatorIdToken } from '../../tools/local/storage/tokens.ts';
import { listObjects, type StoredObject } from '../core/admin.ts';
import { passwordPolicy, type AuthSettings } from './auth-settings.ts';
import {
  FLOOD,
  compareWithCatalogue,
  fileProblems,
  floods,
  facesByPicture,
  main as check,
  photosByFolder,
  publicBindings,
  softDeleteReport,
  type IamPolicy,
  type SoftDeletePolicy,
} from './check.ts';
import type { CommandContext } from '../core/cli.ts';
import { main as upload, matchEntry } from './upload.ts';
import { captureIo, freePort, useTestEmulators } from '../core/test-support.ts';

const PROJECT = 'demo-reunion';
const emulators = useTestEmulators(PROJECT);
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const context = (io = captureIo()) => emulators.context(io);

const bucketOf = (name: string): Bucket => emulators.admin.bucket(name);
/** A stored file's custom metadata: the download token Firebase would give it, or none. */
const tokenMetadata = (token?: string): Record<string, string> =>
  token ? { [DOWNLOAD_TOKENS_METADATA_KEY]: token } : {};
const stored = (bucket: string): Promise<StoredObject[]> => listObjects(bucketOf(bucket), 'members/');

/**
 * Reads a file's metadata through the Firebase API as a client (an approved member's ID token), which gives a file
 * without a download token one, in production as in the emulator. Returns the token.
 */
async function giveToken(bucket: string, path: string): Promise<string> {
  const token = emulatorIdToken({ projectId: PROJECT, emailVerified: true, approved: true });
  const response = await fetch(`${emulators.storage.url}/v0/b/${bucket}/o/${encodeURIComponent(path)}`, {
    headers: { Authorization: `Firebase ${token}` },
  });
  expect(response.status).toBe(200);
  const { downloadTokens } = (await response.json()) as { downloadTokens?: string };
  expect(downloadTokens).toBeTruthy();
  return downloadTokens!.split(',')[0]!;
}

/** What a token link (no sign-in) answers. */
async function openByToken(bucket: string, path: string, token: string): Promise<number> {
  const response = await fetch(
    `${emulators.storage.url}/v0/b/${bucket}/o/${encodeURIComponent(path)}?alt=media&token=${token}`,
  );
  await response.arrayBuffer();
  return response.status;
}

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'organiser-upload-'));
  folders.push(folder);
  return folder;
}

const byId = (id: string) => CATALOGUE.find((entry) => entry.id === id)!;

describe('matchEntry', () => {
  it('matches the storage name or the download name, in any case, and a known name with another extension', () => {
    const program = byId('program-1976');
    expect(matchEntry('program-1976.pdf')).toBe(program);
    expect(matchEntry('PROGRAM-1976.PDF')).toBe(program);
    expect(matchEntry('1976 Reunion Program.pdf')).toBe(program);
    expect(matchEntry('1976 reunion program.pdf')).toBe(program);
    expect(matchEntry('group-photo-1976.jpeg')).toBe(byId('group-photo-1976'));
    expect(matchEntry('program-1976.docx')).toBe(program);
    expect(matchEntry('program-1977.pdf')).toBeUndefined();
    expect(matchEntry('notes.txt')).toBeUndefined();
    // Display names with characters unsafe in file names: the download name is the safe form.
    const thesis = byId('norwegian-settlement-thesis-1949');
    expect(matchEntry(downloadFileName(thesis))).toBe(thesis);
  });

  it('every catalogue entry is found by both of its names', () => {
    for (const entry of CATALOGUE) {
      expect(matchEntry(fileNameInStorage(entry))).toBe(entry);
      expect(matchEntry(downloadFileName(entry))).toBe(entry);
    }
  });
});

describe('organiser:upload', () => {
  const program = byId('program-1976');
  const attendees = byId('attendees-list-1976');
  const presentation = byId('two-reunions-presentation');
  const photo = byId('group-photo-1976');
  const monument = byId('cemetery-monument');

  async function folderWithMixedFiles(): Promise<string> {
    const folder = tempFolder();
    const write = async (name: string, entry: CatalogueEntry) =>
      writeFileSync(join(folder, name), await demoFile(entry));
    await write(fileNameInStorage(program), program); // storage name
    await write(downloadFileName(attendees), attendees); // download name
    await write('TWO-REUNIONS-PRESENTATION.PPTX', presentation); // another case
    await write(downloadFileName(photo), photo);
    await write(fileNameInStorage(monument), program); // wrong type: a PDF named like a photo
    writeFileSync(join(folder, 'notes.txt'), 'what to bring\n'); // unknown
    writeFileSync(join(folder, '.DS_Store'), 'ignored');
    mkdirSync(join(folder, 'old versions'));
    writeFileSync(join(folder, 'old versions', fileNameInStorage(program)), 'not searched');
    return folder;
  }

  it('uploads the known files with content type, download name and access; lists the unknown and the wrong type', async () => {
    const bucket = 'upload-mixed.firebasestorage.app';
    const folder = await folderWithMixedFiles();
    const ctx = context();
    const code = await upload([folder, '--bucket', bucket], ctx);
    const output = ctx.io.text();
    expect(code, output).toBe(1);

    const uploaded = [program, attendees, presentation, photo];
    const objects = await stored(bucket);
    // With the documents' text for the search, one file for each access level (organiser:search's tests).
    expect(objects.map((o) => o.name).sort()).toEqual(
      [
        ...uploaded.map(storagePathOf),
        thumbnailPathOf(photo),
        searchTextsPathOf('verified'),
        searchTextsPathOf('approved'),
      ].sort(),
    );
    // The photo's preview: a JPEG 480 pixels wide, with the photo's access and the content it was made from.
    const preview = objects.find((o) => o.name === thumbnailPathOf(photo))!;
    expect(preview.contentType).toBe('image/jpeg');
    expect(preview.metadata).toEqual(thumbnailMetadata(photo, md5Base64(await demoFile(photo))).metadata);
    const [previewBytes] = await bucketOf(bucket).file(thumbnailPathOf(photo)).download();
    expect((await sharp(previewBytes).metadata()).width).toBe(480);
    for (const entry of uploaded) {
      const object = objects.find((o) => o.name === storagePathOf(entry))!;
      const expected = memberFileMetadata(entry);
      expect(object.contentType).toBe(expected.contentType);
      expect(object.contentDisposition).toBe(expected.contentDisposition);
      expect(object.metadata).toEqual(expected.metadata);
      expect(object.size).toBe((await demoFile(entry)).byteLength);
    }
    expect(objects.find((o) => o.name === storagePathOf(attendees))!.metadata).toEqual({
      access: 'approved',
    });
    expect(objects.find((o) => o.name === storagePathOf(program))!.metadata).toEqual({ access: 'verified' });
    // The stored bytes are the file's bytes.
    const [bytes] = await bucketOf(bucket).file(storagePathOf(photo)).download();
    expect(bytes.equals(await demoFile(photo))).toBe(true);

    expect(ctx.io.stdout[0]).toBe(
      `Target: local emulators (demo-reunion), bucket gs://${bucket} at ${emulators.storage.url}`,
    );
    expect(output).toMatch(
      /program-1976\.pdf\s+uploaded\s+members\/documents\/program-1976\.pdf \(PDF, \d+\.\d KB\)/,
    );
    expect(output).toMatch(
      /1976 Reunion Attendees List\.xlsx\s+uploaded\s+members\/documents\/attendees-list-1976\.xlsx \(XLSX, \d+\.\d KB, approved accounts only\)/,
    );
    expect(output).toMatch(
      /1976 Reunion Group Photo\.jpg\s+uploaded\s+members\/images\/group-photo-1976\.jpg \(JPEG, \d+\.\d KB, with a preview\)/,
    );
    expect(output).toMatch(/notes\.txt\s+unknown\s+no catalogue entry has this name/);
    expect(output).toMatch(
      /cemetery-monument\.jpg\s+wrong type\s+is a PDF, not a JPEG image \("Cemetery Monument"\)/,
    );
    expect(output).toMatch(/old versions\s+ignored\s+a folder/);
    expect(output).not.toContain('.DS_Store');
    expect(output).toContain(
      `Uploaded 4 files to gs://${bucket}. Not uploaded: 1 unknown, 1 of the wrong type.`,
    );
    expect(output).toContain(
      `${CATALOGUE.length - 5} catalogue files are not in this folder; \`npm run organiser:check -- --list\` shows ` +
        'which the bucket has and which it still lacks.',
    );
    expect(output).toContain('`npm run organiser:check -- --list` lists both names of every file');
  });

  it('exits 0 when every file is uploaded; a relative folder is relative to where the command was typed', async () => {
    const bucket = 'upload-clean.firebasestorage.app';
    const folder = tempFolder();
    writeFileSync(join(folder, fileNameInStorage(program)), await demoFile(program));
    const ctx = context();
    // A relative folder is relative to where the organiser typed the command (npm's INIT_CWD).
    ctx.env = { ...ctx.env, INIT_CWD: dirname(folder) };
    expect(await upload([basename(folder), `--bucket=${bucket}`], ctx), ctx.io.text()).toBe(0);
    expect(ctx.io.stdout[1]).toBe(`Folder: ${folder}`);
    expect((await stored(bucket)).filter((object) => !object.name.startsWith('members/search/'))).toEqual([
      expect.objectContaining({
        name: storagePathOf(program),
        ...memberFileMetadata(program),
        size: (await demoFile(program)).byteLength,
      }),
    ]);
  });

  it('refuses to replace a stored file with other content, unless --replace', async () => {
    const bucket = 'upload-replace.firebasestorage.app';
    const folder = tempFolder();
    writeFileSync(join(folder, fileNameInStorage(program)), await demoFile(program));
    const old = Buffer.from('%PDF-1.4 an older scan');
    await saveObject(bucketOf(bucket), storagePathOf(program), old, memberFileMetadata(program));

    const refused = context();
    expect(await upload([folder, '--bucket', bucket], refused), refused.io.text()).toBe(1);
    expect(refused.io.text()).toMatch(
      /program-1976\.pdf\s+differs\s+members\/documents\/program-1976\.pdf holds a file with other content \(22 B stored, \d+ B here\); not replaced without --replace/,
    );
    expect(refused.io.text()).toContain('Not uploaded: 1 differing from the stored file.');
    expect(refused.io.text()).toContain('run the same command with --replace');
    const [still] = await bucketOf(bucket).file(storagePathOf(program)).download();
    expect(still.equals(old)).toBe(true);

    const dryRun = context();
    expect(await upload([folder, '--bucket', bucket, '--replace', '--dry-run'], dryRun)).toBe(0);
    expect(dryRun.io.text()).toMatch(/program-1976\.pdf\s+would replace/);

    const replaced = context();
    expect(await upload([folder, '--bucket', bucket, '--replace'], replaced), replaced.io.text()).toBe(0);
    expect(replaced.io.text()).toMatch(
      /program-1976\.pdf\s+replaced\s+members\/documents\/program-1976\.pdf/,
    );
    const [now] = await bucketOf(bucket).file(storagePathOf(program)).download();
    expect(now.equals(await demoFile(program))).toBe(true);
  });

  it('leaves a stored file with the same content, metadata and text alone; reads a missing or stale text again', async () => {
    const bucket = 'upload-unchanged.firebasestorage.app';
    const folder = tempFolder();
    const bytes = await demoFile(program);
    writeFileSync(join(folder, fileNameInStorage(program)), bytes);
    await saveObject(bucketOf(bucket), storagePathOf(program), bytes, memberFileMetadata(program));
    const [before] = await bucketOf(bucket).file(storagePathOf(program)).getMetadata();
    const storedText = async () =>
      (await readSearchTexts(bucketOf(bucket), 'verified')).texts.files.find(
        (file) => file.id === program.id,
      );

    // Stored by an upload stopped before the text: the file is left, its text read.
    const dryRun = context();
    expect(await upload([folder, '--bucket', bucket, '--dry-run'], dryRun), dryRun.io.text()).toBe(0);
    expect(dryRun.io.text()).toMatch(
      /program-1976\.pdf\s+would read text\s+.*same content and metadata; its text for the search is missing/,
    );
    expect(dryRun.io.text()).toContain(
      "Dry run: would upload 0 files and read the search's text of 1 stored file again; nothing was sent.",
    );
    expect(await storedText()).toBeUndefined();
    const missing = context();
    expect(await upload([folder, '--bucket', bucket], missing), missing.io.text()).toBe(0);
    expect(missing.io.text()).toMatch(/program-1976\.pdf\s+text read\s+.*its text for the search read again/);
    expect(missing.io.text()).toContain(
      `Uploaded 0 files to gs://${bucket}. Read the search's text of 1 stored file again.`,
    );
    expect((await storedText())?.md5).toBe(md5Base64(bytes));

    // Now nothing to do.
    const ctx = context();
    expect(await upload([folder, '--bucket', bucket], ctx), ctx.io.text()).toBe(0);
    expect(ctx.io.text()).toMatch(
      /program-1976\.pdf\s+unchanged\s+.*already stored, same content and metadata/,
    );
    expect(ctx.io.text()).toContain(`Uploaded 0 files to gs://${bucket}. 1 file already there, unchanged.`);

    // A text read from other bytes (a --replace stopped between the file and its text) is read again.
    await saveSearchTexts(bucketOf(bucket), 'verified', {
      ...EMPTY_SEARCH_TEXTS,
      files: [{ ...(await storedText())!, md5: md5Base64(Buffer.from('the old file')) }],
    });
    const stale = context();
    expect(await upload([folder, '--bucket', bucket], stale), stale.io.text()).toBe(0);
    expect(stale.io.text()).toMatch(/program-1976\.pdf\s+text read\s+/);
    expect((await storedText())?.md5).toBe(md5Base64(bytes));
    const [after] = await bucketOf(bucket).file(storagePathOf(program)).getMetadata();
    expect(after.generation).toBe(before.generation);
  });

  it('stores a file with the same content again when its access is wrong or it carries a download token', async () => {
    const bucket = 'upload-refresh.firebasestorage.app';
    const folder = tempFolder();
    writeFileSync(join(folder, fileNameInStorage(attendees)), await demoFile(attendees));
    writeFileSync(join(folder, fileNameInStorage(program)), await demoFile(program));
    // The attendees list stored as if for every verified member; the program's metadata read once through the
    // Firebase API, which gives it a download token.
    await saveObject(bucketOf(bucket), storagePathOf(attendees), await demoFile(attendees), {
      ...memberFileMetadata(attendees),
      metadata: { access: 'verified' },
    });
    await saveObject(
      bucketOf(bucket),
      storagePathOf(program),
      await demoFile(program),
      memberFileMetadata(program),
    );
    const token = await giveToken(bucket, storagePathOf(program));
    expect(
      (await stored(bucket)).find((o) => o.name === storagePathOf(program))!.metadata[
        DOWNLOAD_TOKENS_METADATA_KEY
      ],
    ).toBe(token);

    const ctx = context();
    expect(await upload([folder, '--bucket', bucket], ctx), ctx.io.text()).toBe(0);
    expect(ctx.io.text()).toMatch(/attendees-list-1976\.xlsx\s+stored again\s+.*; fixes access/);
    expect(ctx.io.text()).toMatch(/program-1976\.pdf\s+stored again\s+.*; fixes download token/);
    const after = await stored(bucket);
    expect(after.find((o) => o.name === storagePathOf(attendees))!.metadata).toEqual({ access: 'approved' });
    expect(after.find((o) => o.name === storagePathOf(program))!.metadata).toEqual({ access: 'verified' });
    // The old token no longer opens the file.
    expect(await openByToken(bucket, storagePathOf(program), token)).toBe(403);
  });

  it("makes an image's missing or outdated preview again, even when the image itself is unchanged", async () => {
    const bucket = 'upload-preview.firebasestorage.app';
    const folder = tempFolder();
    const bytes = await demoFile(photo);
    writeFileSync(join(folder, fileNameInStorage(photo)), bytes);
    await saveObject(bucketOf(bucket), storagePathOf(photo), bytes, memberFileMetadata(photo));

    const missing = context();
    expect(await upload([folder, '--bucket', bucket], missing), missing.io.text()).toBe(0);
    expect(missing.io.text()).toMatch(/group-photo-1976\.jpg\s+stored again\s+.*; fixes preview missing/);
    const preview = (await stored(bucket)).find((o) => o.name === thumbnailPathOf(photo));
    expect(preview?.metadata.sourceMd5).toBe(md5Base64(bytes));

    const unchanged = context();
    expect(await upload([folder, '--bucket', bucket], unchanged), unchanged.io.text()).toBe(0);
    expect(unchanged.io.text()).toMatch(/group-photo-1976\.jpg\s+unchanged/);

    // A preview made from another version of the image (say the image was replaced in the console).
    await saveObject(
      bucketOf(bucket),
      thumbnailPathOf(photo),
      Buffer.from('old'),
      thumbnailMetadata(photo, 'old=='),
    );
    const outdated = context();
    expect(await upload([folder, '--bucket', bucket], outdated), outdated.io.text()).toBe(0);
    expect(outdated.io.text()).toMatch(
      /group-photo-1976\.jpg\s+stored again\s+.*; fixes preview out of date/,
    );
    const [now] = await bucketOf(bucket).file(thumbnailPathOf(photo)).download();
    expect((await sharp(now).metadata()).width).toBe(480);
  });

  it('two files for one entry: uploads neither', async () => {
    const bucket = 'upload-duplicate.firebasestorage.app';
    const folder = tempFolder();
    writeFileSync(join(folder, fileNameInStorage(program)), await demoFile(program));
    writeFileSync(join(folder, downloadFileName(program)), await demoFile(program));
    const ctx = context();
    expect(await upload([folder, '--bucket', bucket], ctx)).toBe(1);
    expect(ctx.io.text()).toMatch(
      /program-1976\.pdf\s+duplicate\s+also matched by "1976 Reunion Program\.pdf"/,
    );
    expect(await stored(bucket)).toEqual([]);
  });

  it('--dry-run checks and lists, and uploads nothing', async () => {
    const bucket = 'upload-dry-run.firebasestorage.app';
    const ctx = context();
    expect(await upload([await folderWithMixedFiles(), '--bucket', bucket, '--dry-run'], ctx)).toBe(1);
    expect(ctx.io.text()).toMatch(/program-1976\.pdf\s+would upload\s+members\/documents\/program-1976\.pdf/);
    expect(ctx.io.text()).toContain('Dry run: would upload 4 files; nothing was sent.');
    expect(await stored(bucket)).toEqual([]);
  });

  it('usage errors exit 2 with a message and no stack trace', async () => {
    const cases: [string[], RegExp][] = [
      [[], /Which folder\?/],
      [['a', 'b'], /Give one folder, not 2/],
      [[tempFolder(), '--bogus'], /Unknown option '--bogus'/],
      [[tempFolder(), '--project', 'No Such Alias'], /neither an alias in \.firebaserc/],
    ];
    for (const [argv, message] of cases) {
      const ctx = context();
      expect(await upload(argv, ctx), argv.join(' ')).toBe(2);
      expect(ctx.io.stderr[0]).toMatch(message);
      expect(ctx.io.stderr[1]).toBe('Run `npm run organiser:upload -- --help` for usage.');
      expect(ctx.io.text()).not.toMatch(/\n\s+at /);
    }
  });

  it('a missing folder, an empty one, or an emulator that is not running: exit 1 with a clear message', async () => {
    const absent = join(tmpdir(), 'organiser-no-such-folder-x7');
    const missing = context();
    expect(await upload([absent], missing)).toBe(1);
    expect(missing.io.stderr).toEqual([`organiser:upload failed: Folder not found: ${absent}`]);
    const file = join(tempFolder(), 'program-1976.pdf');
    writeFileSync(file, '%PDF-1.4');
    const notFolder = context();
    expect(await upload([file], notFolder)).toBe(1);
    expect(notFolder.io.stderr).toEqual([`organiser:upload failed: Not a folder: ${file}`]);

    const empty = context();
    expect(await upload([tempFolder()], empty)).toBe(1);
    expect(empty.io.stderr[0]).toMatch(/^organiser:upload failed: No files to upload in /);

    const folder = tempFolder();
    writeFileSync(join(folder, fileNameInStorage(program)), await demoFile(program));
    const down = context();
    down.env = { ...down.env, STORAGE_EMULATOR_URL: `http://127.0.0.1:${await freePort()}` };
    expect(await upload([folder], down)).toBe(1);
    expect(down.io.stderr[0]).toMatch(
      /cannot reach the Storage emulator .* Is the local stack running \(npm start\)\?/,
    );
  });

  it('--help exits 0', async () => {
    const ctx = context();
    expect(await upload(['--help'], ctx)).toBe(0);
    expect(ctx.io.stdout[0]).toMatch(/^Usage: npm run organiser:upload -- <folder>/);
  });
});

describe('organiser:check', () => {
  it('an empty bucket: every catalogue file missing, exit 1', async () => {
    const ctx = context();
    expect(await check(['--bucket', 'check-empty.firebasestorage.app'], ctx)).toBe(1);
    const output = ctx.io.text();
    expect(output).toContain(
      `Missing: upload these (the file may be named either way) (${CATALOGUE.length}):`,
    );
    expect(output).toMatch(
      /members\/documents\/program-1976\.pdf\s+program-1976\.pdf\s+1976 Reunion Program\.pdf/,
    );
    expect(ctx.io.stdout.at(-1)).toBe(
      `Check failed: 0 of ${CATALOGUE.length} catalogue files present; ${CATALOGUE.length} missing.`,
    );
  });

  it('the seeded local stack: complete (exit 0), the benchmark file noted as local, unknown files listed, IAM skipped', async () => {
    const bucket = 'check-seeded.firebasestorage.app';
    // The documents' text is not this test's subject (its access is checked in 'missing, wrong content type, wrong
    // access and a download token').
    await seedStorage(bucketOf(bucket), { largeFileBytes: 1024, texts: false });
    const plain = (name: string, contentType: string) => ({
      contentType,
      contentDisposition: contentDispositionFor(name),
      metadata: {},
    });
    await saveObject(
      bucketOf(bucket),
      'members/documents/extra-notes.pdf',
      Buffer.from('%PDF-1.4'),
      plain('extra-notes.pdf', 'application/pdf'),
    );
    await saveObject(
      bucketOf(bucket),
      'members/',
      Buffer.alloc(0),
      plain('members', 'application/x-directory'),
    );
    await saveObject(
      bucketOf(bucket),
      'public/not-checked.txt',
      Buffer.from('x'),
      plain('x.txt', 'text/plain'),
    );
    const ctx = context();
    expect(await check(['--bucket', bucket], ctx), ctx.io.text()).toBe(0);
    const output = ctx.io.text();
    expect(output).toMatch(
      /Not in the catalogue \(never shown on the site\) \(1\):\n.*\n.*\n\s+members\/documents\/extra-notes\.pdf\s+application\/pdf\s+8 B/,
    );
    expect(output).toContain(`Also present, as expected locally: ${LARGE_DEMO_PATH}`);
    expect(output).not.toContain('public/not-checked.txt');
    expect(output).not.toContain('Missing');
    expect(output).toContain(
      'Bucket IAM: skipped (the Storage emulator has no IAM; checked on a real project).',
    );
    expect(output).toContain('Authentication (Auth emulator): e-mail enumeration protection off; password');
    expect(ctx.io.stdout.at(-1)).toBe(
      `Check passed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present with the right content type and access; 1 file not in the catalogue.`,
    );
  });

  it('missing, wrong content type, wrong access and a download token: exit 1, each listed', async () => {
    const bucket = 'check-problems.firebasestorage.app';
    await seedStorage(bucketOf(bucket), { largeFileBytes: 0, texts: false });
    const photo = byId('rolette-panorama');
    const program = byId('program-1976');
    const capsule = byId('time-capsule-list');
    const thesis = byId('norwegian-settlement-thesis-1949');
    await saveObject(bucketOf(bucket), storagePathOf(photo), await demoFile(photo), {
      ...memberFileMetadata(photo),
      contentType: 'image/png',
    });
    await saveObject(bucketOf(bucket), storagePathOf(capsule), await demoFile(capsule), {
      ...memberFileMetadata(capsule),
      metadata: {},
    });
    await bucketOf(bucket).file(storagePathOf(program)).delete();
    await giveToken(bucket, storagePathOf(thesis));
    // The approval-only files' text stored as if every verified relative could read it, by an older upload (before
    // the texts were gzipped): still checked.
    await saveObject(
      bucketOf(bucket),
      uncompressedSearchTextsPathOf('approved'),
      Buffer.from('{"version":1,"files":[]}'),
      {
        contentType: 'application/json',
        metadata: { access: 'verified' },
      },
    );

    const ctx = context();
    expect(await check(['--bucket', bucket], ctx)).toBe(1);
    const output = ctx.io.text();
    expect(output).toMatch(/Missing.*\(1\):[\s\S]*members\/documents\/program-1976\.pdf/);
    expect(output).toMatch(
      /Wrong content type: upload these again \(1\):[\s\S]*members\/images\/rolette-panorama\.jpg\s+image\/png\s+image\/jpeg/,
    );
    expect(output).toMatch(
      /Wrong access \(who may read the file\).*\(1\):[\s\S]*members\/documents\/time-capsule-list\.xlsx\s+\(none: approved accounts only\)\s+approved/,
    );
    expect(output).toMatch(
      /Download token \(a \?token= link reads the file without signing in, even after a block\): remove them with `npm run organiser:check -- --remove-tokens` \(1\):[\s\S]*members\/documents\/norwegian-settlement-thesis-1949\.pdf\s+1/,
    );
    expect(output).toMatch(
      /The search's text readable by the wrong accounts.*\(1\):[\s\S]*members\/search\/approved\.json\s+verified\s+approved/,
    );
    expect(ctx.io.stdout.at(-1)).toBe(
      `Check failed: ${CATALOGUE.length - 1} of ${CATALOGUE.length} catalogue files present; 1 missing, ` +
        '1 with the wrong content type, 1 with the wrong access, 1 search text file readable by the wrong ' +
        'accounts, 1 file with a download token.',
    );
  });

  it("tokens on a catalogue file, a preview and a shared photo's files fail; a waiting photo's are information; --remove-tokens removes them all and says how many", async () => {
    const bucket = 'check-tokens.firebasestorage.app';
    await seedStorage(bucketOf(bucket), { largeFileBytes: 0, texts: false });
    const program = byId('program-1976');
    const photo = byId('group-photo-1976');
    const programToken = await giveToken(bucket, storagePathOf(program));
    const previewToken = await giveToken(bucket, thumbnailPathOf(photo));
    // Relatives' photos as Firebase stores an upload through its API (an approval in the page too): with a token.
    const jpeg = await demoFile(photo);
    const photoFiles = {
      'members/photos/shared/20260710T120000Z_abcdefghij.jpg': 'token-a',
      'members/photos/shared/thumbnails/20260710T120000Z_abcdefghij.jpg': 'token-b',
      'members/photos/shared/details/20260710T120000Z_abcdefghij.json': 'token-d',
      'members/photos/shared/uploaders/uid-1/20260710T120000Z_abcdefghij': undefined,
      'members/photos/pending/uid-1/20260711T093000Z_ijklmnopqr.jpg': 'token-c',
      'members/photos/pending/uid-1/thumbnails/20260711T093000Z_ijklmnopqr.jpg': undefined,
    };
    for (const [path, token] of Object.entries(photoFiles)) {
      await saveObject(bucketOf(bucket), path, jpeg, {
        contentType: 'image/jpeg',
        metadata: tokenMetadata(token),
      });
    }

    const failing = context();
    expect(await check(['--bucket', bucket], failing)).toBe(1);
    const output = failing.io.text();
    expect(output).toMatch(
      new RegExp(
        String.raw`Download token .*\(5\):
.*
.*
\s+members/documents/program-1976\.pdf\s+1
\s+members/images/thumbnails/group-photo-1976\.jpg\s+1
\s+members/photos/shared/20260710T120000Z_abcdefghij\.jpg\s+1
\s+members/photos/shared/details/20260710T120000Z_abcdefghij\.json\s+1
\s+members/photos/shared/thumbnails/20260710T120000Z_abcdefghij\.jpg\s+1
`,
      ),
    );
    expect(output).toMatch(
      /Relatives' photos by folder \(information: a waiting photo has the download token its upload through Firebase gave it, until it is approved or rejected; --remove-tokens removes those too\) \(6\):/,
    );
    expect(output).toMatch(/members\/photos\/pending\/uid-1\/\s+1\s+1\n/);
    expect(output).toMatch(/members\/photos\/pending\/uid-1\/thumbnails\/\s+1\s+0\n/);
    expect(output).toMatch(/members\/photos\/shared\/\s+1\s+1\n/);
    expect(output).toMatch(/members\/photos\/shared\/uploaders\/\s+1\s+0\n/);
    expect(output).not.toContain('Not in the catalogue');
    expect(failing.io.stdout.at(-1)).toBe(
      `Check failed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present; 5 files with a download ` +
        "token; 6 relatives' photo files (1 waiting file with the download token of its upload).",
    );

    const removing = context();
    expect(await check(['--bucket', bucket, '--remove-tokens'], removing), removing.io.text()).toBe(0);
    expect(removing.io.stdout).toContain(
      'Removed 6 download tokens from 6 files: their links no longer open them.',
    );
    expect(removing.io.text()).toMatch(/Download token .*: removing them \(5\):/);
    expect(removing.io.stdout.at(-1)).toBe(
      `Check passed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present with the right content ` +
        "type and access; 6 relatives' photo files (0 waiting files with the download token of its upload).",
    );
    expect(await openByToken(bucket, storagePathOf(program), programToken)).toBe(403);
    expect(await openByToken(bucket, thumbnailPathOf(photo), previewToken)).toBe(403);
    for (const [path, token] of Object.entries(photoFiles))
      if (token) expect(await openByToken(bucket, path, token), path).toBe(403);
    const after = await stored(bucket);
    // The files are otherwise as the upload stored them (the preview still matches its image).
    expect(after.find((o) => o.name === storagePathOf(program))).toMatchObject({
      ...memberFileMetadata(program),
      size: (await demoFile(program)).byteLength,
    });
    expect(after.find((o) => o.name === thumbnailPathOf(photo))!.metadata).toEqual(
      thumbnailMetadata(photo, md5Base64(jpeg)).metadata,
    );
    for (const path of Object.keys(photoFiles))
      expect(after.find((o) => o.name === path)!.metadata[DOWNLOAD_TOKENS_METADATA_KEY]).toBeUndefined();

    const again = context();
    expect(await check(['--bucket', bucket, '--remove-tokens'], again), again.io.text()).toBe(0);
    expect(again.io.text()).not.toContain('Download token (');
    expect(again.io.text()).not.toContain('Removed');
  });

  it("who is who: a token on a tile, a descriptor or a faces file fails; a waiting suggestion's is information; --remove-tokens removes them all", async () => {
    const bucket = 'check-faces.firebasestorage.app';
    await seedStorage(bucketOf(bucket), { largeFileBytes: 0, texts: false });
    const group = 'group-photo-1976';
    // As organiser:faces stores them (no token), and as Firebase stores an upload through its API (one token):
    // the faces file an organiser's page saves, a relative's suggestion.
    const files: [string, string, string | undefined][] = [
      [descriptorPathOf(group), 'application/xml', 'token-d'],
      [tilePathOf(group, 0, 0, 0), 'image/jpeg', undefined],
      [tilePathOf(group, 8, 0, 0), 'image/jpeg', 'token-t'],
      [facesFilePathOf(group), 'application/json', 'token-f'],
      [suggestionPathOf(group, 'uid-1', '20260711T190322Z_k3J9xQ2mPa'), 'application/json', 'token-s'],
      [suggestionPathOf(group, 'uid-2', '20260712T080000Z_Zz9Yy8Xx7W'), 'application/json', undefined],
      [facesFilePathOf('threshing-crew'), 'application/json', undefined],
    ];
    for (const [path, contentType, token] of files) {
      await saveObject(bucketOf(bucket), path, Buffer.from('{}'), {
        contentType,
        metadata: tokenMetadata(token),
      });
    }

    const failing = context();
    expect(await check(['--bucket', bucket], failing)).toBe(1);
    const output = failing.io.text();
    expect(output).toMatch(
      new RegExp(
        String.raw`Download token .*\(3\):
.*
.*
\s+members/faces/group-photo-1976/faces\.json\s+1
\s+members/faces/group-photo-1976/image\.dzi\s+1
\s+members/faces/group-photo-1976/image_files/8/0_0\.jpeg\s+1
`,
      ),
    );
    expect(output).toMatch(
      /Who is who, by picture \(information: a waiting suggestion has the download token its upload through Firebase gave it, until it is accepted or rejected; --remove-tokens removes those too\) \(2\):/,
    );
    expect(output).toMatch(/group-photo-1976\s+2\s+yes\s+yes\s+2\s+4\n/);
    expect(output).toMatch(/threshing-crew\s+0\s+MISSING\s+yes\s+0\s+0\n/);
    expect(output).not.toContain('Not in the catalogue');
    expect(failing.io.stdout.at(-1)).toBe(
      `Check failed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present; 3 files with a download ` +
        'token; 7 who-is-who files (1 waiting suggestion with the download token of its upload).',
    );

    const removing = context();
    expect(await check(['--bucket', bucket, '--remove-tokens'], removing), removing.io.text()).toBe(0);
    expect(removing.io.stdout).toContain(
      'Removed 4 download tokens from 4 files: their links no longer open them.',
    );
    expect(removing.io.stdout.at(-1)).toBe(
      `Check passed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present with the right content ` +
        'type and access; 7 who-is-who files (0 waiting suggestions with the download token of its upload).',
    );
    for (const [path, , token] of files) {
      if (token) expect(await openByToken(bucket, path, token), path).toBe(403);
      const after = (await stored(bucket)).find((o) => o.name === path)!;
      expect(after.metadata[DOWNLOAD_TOKENS_METADATA_KEY], path).toBeUndefined();
    }
  });

  it('--list: every catalogue file, the name it is stored under and the name it downloads as, and whether it is there', async () => {
    const bucket = 'check-list.firebasestorage.app';
    await seedStorage(bucketOf(bucket), { largeFileBytes: 0, texts: false });
    const program = byId('program-1976');
    await bucketOf(bucket).file(storagePathOf(program)).delete();
    const ctx = context();
    expect(await check(['--bucket', bucket, '--list'], ctx)).toBe(1);
    const lines = ctx.io.stdout;
    const start = lines.indexOf(`The catalogue: upload each file under either name (${CATALOGUE.length}):`);
    expect(start).toBeGreaterThan(0);
    expect(lines[start + 1]).toMatch(
      /^ {2}Path in the bucket \(storage name\)\s+Download name\s+In the bucket$/,
    );
    const rows = lines.slice(start + 3, start + 3 + CATALOGUE.length);
    for (const entry of CATALOGUE) {
      const row = rows.find((line) => line.trim().startsWith(`${storagePathOf(entry)} `));
      expect(row, entry.id).toBeDefined();
      expect(row).toContain(`  ${downloadFileName(entry, 'en')}  `);
      expect(row!.trimEnd().endsWith(entry === program ? 'MISSING' : 'yes'), row).toBe(true);
    }
  });

  it('fails when the Auth emulator has e-mail enumeration protection on', async () => {
    const bucket = 'check-auth.firebasestorage.app';
    await seedStorage(bucketOf(bucket), { largeFileBytes: 0, texts: false });
    const emulator = { url: emulators.auth.url, projectId: PROJECT };
    await updateEmulatorConfig(emulator, { emailPrivacyConfig: { enableImprovedEmailPrivacy: true } });
    try {
      const ctx = context();
      expect(await check(['--bucket', bucket], ctx)).toBe(1);
      expect(ctx.io.text()).toContain('Authentication (Auth emulator): e-mail enumeration protection ON');
      expect(ctx.io.stdout.at(-1)).toMatch(
        /^Check failed: .*e-mail enumeration protection is on in the Auth emulator/,
      );
    } finally {
      await updateEmulatorConfig(emulator, { emailPrivacyConfig: { enableImprovedEmailPrivacy: false } });
    }
  });

  it('upload of every catalogue file, then check: exit 0', async () => {
    const bucket = 'check-after-upload.firebasestorage.app';
    const folder = tempFolder();
    for (const entry of CATALOGUE)
      writeFileSync(join(folder, downloadFileName(entry)), await demoFile(entry));
    // The scanned letter's pages are read by a stand-in for Tesseract: OCR is not this test's subject (it has its
    // own in organiser/commands/search.test.ts), and on a loaded machine it took most of a minute.
    const uploadCtx = { ...context(), ocr: async () => 'the scanned letter, read' };
    expect(await upload([folder, '--bucket', bucket], uploadCtx), uploadCtx.io.text()).toBe(0);
    expect(uploadCtx.io.text()).toContain(`Uploaded ${CATALOGUE.length} files to gs://${bucket}.`);
    expect(uploadCtx.io.text()).toMatch(/Letter of 1904 \(Translated\)\.pdf: OCR of scanned page 2 of 2/);
    const ctx = context();
    expect(await check(['--bucket', bucket], ctx), ctx.io.text()).toBe(0);
    expect(ctx.io.stdout.at(-1)).toBe(
      `Check passed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present with the right content type and access.`,
    );
  });

  it('an Auth emulator that is not running: exit 1 with a clear message', async () => {
    const bucket = 'check-no-auth.firebasestorage.app';
    await seedStorage(bucketOf(bucket), { largeFileBytes: 0, texts: false });
    const ctx = context();
    ctx.env = { ...ctx.env, AUTH_EMULATOR_URL: `http://127.0.0.1:${await freePort()}` };
    expect(await check(['--bucket', bucket], ctx)).toBe(1);
    expect(ctx.io.stderr[0]).toMatch(
      /^organiser:check failed: Reading the Auth emulator settings: cannot reach the Auth emulator at .* Is the local stack running \(npm start\)\?/,
    );
  });

  it('usage errors exit 2; --help exits 0', async () => {
    const extra = context();
    expect(await check(['members'], extra)).toBe(2);
    expect(extra.io.stderr[0]).toBe('organiser:check: Unexpected argument: members');
    const help = context();
    expect(await check(['-h'], help)).toBe(0);
    expect(help.io.stdout[0]).toMatch(/^Usage: npm run organiser:check/);
  });
});

describe('compareWithCatalogue', () => {
  const complete: StoredObject[] = CATALOGUE.flatMap((entry) => {
    const { contentType, contentDisposition, metadata } = memberFileMetadata(entry);
    const file = {
      name: storagePathOf(entry),
      contentType,
      contentDisposition,
      metadata,
      size: 1,
      md5Hash: 'm==',
    };
    if (!hasThumbnail(entry)) return [file];
    return [file, { name: thumbnailPathOf(entry), size: 1, ...thumbnailMetadata(entry, 'm==') }];
  });

  it('a complete bucket has no problem; the previews are known files', () => {
    const result = compareWithCatalogue(complete, { local: false });
    expect(result.present).toHaveLength(CATALOGUE.length);
    expect(result.previews).toEqual([]);
    expect(result.unknown).toEqual([]);
  });

  it("an image's preview missing, with the wrong access or made from other content is a failure", () => {
    const objects = complete
      .filter((object) => object.name !== 'members/images/thumbnails/threshing-crew.jpg')
      .map((object) =>
        object.name === 'members/images/thumbnails/cemetery-monument.jpg'
          ? { ...object, metadata: { ...object.metadata, access: 'approved' } }
          : object.name === 'members/images/rolette-panorama.jpg'
            ? { ...object, md5Hash: 'new==' }
            : object,
      );
    const result = compareWithCatalogue(objects, { local: false });
    expect(result.previews.map(({ entry, problems }) => [entry.id, problems])).toEqual([
      ['cemetery-monument', ['preview access']],
      ['rolette-panorama', ['preview out of date']],
      ['threshing-crew', ['preview missing']],
    ]);
  });

  it('the benchmark file is expected locally and unknown on a real project', () => {
    const objects = [...complete, { name: LARGE_DEMO_PATH, size: 1, metadata: {} }];
    expect(compareWithCatalogue(objects, { local: true })).toMatchObject({
      unknown: [],
      localExtras: [{ name: LARGE_DEMO_PATH }],
    });
    expect(compareWithCatalogue(objects, { local: false })).toMatchObject({
      unknown: [{ name: LARGE_DEMO_PATH }],
      localExtras: [],
    });
  });

  it('a stale download name is a warning, not a failure', () => {
    const [first, ...rest] = complete;
    const result = compareWithCatalogue(
      [{ ...first!, contentDisposition: 'attachment; filename="old.pdf"' }, ...rest],
      { local: false },
    );
    expect(result.staleName).toHaveLength(1);
    expect(result.missing).toEqual([]);
    expect(result.wrongType).toEqual([]);
  });

  it('an approval-only file stored for every verified member is a failure, and so is the reverse', () => {
    const objects = complete.map((object) =>
      object.name.includes('attendees-list')
        ? { ...object, metadata: { access: 'verified' } }
        : object.name.includes('program-1976')
          ? { ...object, metadata: { access: 'approved' } }
          : object,
    );
    const result = compareWithCatalogue(objects, { local: false });
    expect(result.wrongAccess.map(({ entry, actual }) => [entry.id, actual])).toEqual([
      ['attendees-list-1976', 'verified'],
      ['program-1976', 'approved'],
    ]);
  });

  it("a download token on any member file is a failure, a shared photo's too; a waiting photo's is information", () => {
    const photo = (name: string, metadata: Record<string, string> = {}) => ({ name, size: 1, metadata });
    const objects = [
      ...complete.map((object) =>
        object.name === 'members/images/thumbnails/threshing-crew.jpg'
          ? { ...object, metadata: { ...object.metadata, [DOWNLOAD_TOKENS_METADATA_KEY]: 'c' } }
          : object,
      ),
      { name: 'members/other.pdf', size: 1, metadata: { [DOWNLOAD_TOKENS_METADATA_KEY]: 'a,b' } },
      photo('members/photos/shared/a1b2c3d4e5.jpg', { [DOWNLOAD_TOKENS_METADATA_KEY]: 'x' }),
      photo('members/photos/pending/uid/a1b2c3d4e6.jpg', { [DOWNLOAD_TOKENS_METADATA_KEY]: 'y' }),
      photo('members/photos/shared/uploaders/uid/a1b2c3d4e5'),
      photo('members/photos/shared/uploaders/uid2/a1b2c3d4e7'),
      photo('members/photos/'),
    ];
    const result = compareWithCatalogue(objects, { local: false });
    expect(result.downloadTokens.map((object) => object.name)).toEqual([
      'members/images/thumbnails/threshing-crew.jpg',
      'members/other.pdf',
      'members/photos/shared/a1b2c3d4e5.jpg',
    ]);
    expect(result.waitingTokens.map((object) => object.name)).toEqual([
      'members/photos/pending/uid/a1b2c3d4e6.jpg',
    ]);
    expect(result.unknown.map((object) => object.name)).toEqual(['members/other.pdf']);
    expect(result.photos.map((object) => object.name)).toEqual([
      'members/photos/shared/a1b2c3d4e5.jpg',
      'members/photos/pending/uid/a1b2c3d4e6.jpg',
      'members/photos/shared/uploaders/uid/a1b2c3d4e5',
      'members/photos/shared/uploaders/uid2/a1b2c3d4e7',
    ]);
    expect(photosByFolder(result.photos)).toEqual([
      { folder: 'members/photos/pending/uid/', files: 1, withToken: 1 },
      { folder: 'members/photos/shared/', files: 1, withToken: 1 },
      { folder: 'members/photos/shared/uploaders/', files: 2, withToken: 0 },
    ]);
  });
});

describe('compareWithCatalogue: who is who', () => {
  it("counts a picture's files apart; a token fails but on a suggestion; a file no picture has is unknown", () => {
    const file = (name: string, token?: string): StoredObject => ({
      name,
      size: 1,
      metadata: tokenMetadata(token),
    });
    const objects = [
      file('members/faces/'),
      file(descriptorPathOf('threshing-crew')),
      file(tilePathOf('threshing-crew', 3, 0, 1), 'a'),
      file(facesFilePathOf('threshing-crew'), 'b'),
      file(suggestionPathOf('threshing-crew', 'uid', '20260711T190322Z_k3J9xQ2mPa'), 'c'),
      file('members/faces/threshing-crew/notes.txt', 'd'),
    ];
    const result = compareWithCatalogue(objects, { local: false });
    expect(result.faces.map((object) => object.name)).toEqual(
      objects.slice(1, 5).map((object) => object.name),
    );
    expect(result.downloadTokens.map((object) => object.name)).toEqual([
      tilePathOf('threshing-crew', 3, 0, 1),
      facesFilePathOf('threshing-crew'),
      'members/faces/threshing-crew/notes.txt',
    ]);
    expect(result.suggestionTokens.map((object) => object.name)).toEqual([
      suggestionPathOf('threshing-crew', 'uid', '20260711T190322Z_k3J9xQ2mPa'),
    ]);
    expect(result.unknown.map((object) => object.name)).toEqual(['members/faces/threshing-crew/notes.txt']);
    expect(facesByPicture(result.faces)).toEqual([
      { fileId: 'threshing-crew', tiles: 1, descriptor: true, facesFile: true, suggestions: 1, withToken: 3 },
    ]);
    // The threshing crew is not in storage.rules' picturesForNaming(): its suggestion is a stray, with its account.
    expect(result.straySuggestions).toEqual([
      {
        object: objects[4],
        fileId: 'threshing-crew',
        uid: 'uid',
      },
    ]);
    expect(fileProblems(result)).toContain('1 suggestion for a picture not opened for naming');
  });

  it('a suggestion anywhere but under an opened picture is a stray, whatever its folder; under one, it is not', () => {
    const suggestion = (fileId: string, uid = 'uid-a') => ({
      name: `members/faces/${fileId}/suggestions/${uid}/20260711T190322Z_k3J9xQ2mPa.json`,
      size: 300,
      metadata: { suggesterUid: uid, suggesterEmail: `${uid}@example.org` },
    });
    const result = compareWithCatalogue(
      [suggestion(GROUP_PHOTO_1976), suggestion('zz-hidden'), suggestion('Not_A_Picture', 'uid-b')],
      { local: false },
    );
    expect(result.straySuggestions.map(({ fileId, uid }) => `${fileId} ${uid}`)).toEqual([
      'zz-hidden uid-a',
      'Not_A_Picture uid-b',
    ]);
    // A waiting upload is never "not in the catalogue": it is counted by account.
    expect(result.unknown).toEqual([]);
    expect(result.waiting).toEqual([
      {
        uid: 'uid-a',
        email: 'uid-a@example.org',
        photos: 0,
        photoBytes: 0,
        suggestions: 2,
        suggestionBytes: 600,
      },
      {
        uid: 'uid-b',
        email: 'uid-b@example.org',
        photos: 0,
        photoBytes: 0,
        suggestions: 1,
        suggestionBytes: 300,
      },
    ]);
  });
});

describe('what undo keeps, and its 30 days', () => {
  it('counts the faces versions and the photos kept apart, and those past their days by the time they were made', () => {
    const made = '2026-08-01T10:00:00.000Z';
    const objects: StoredObject[] = [
      {
        name: 'members/faces/group-photo-1976/history/20260801T100000Z_abcdefghij.json',
        size: 9,
        metadata: {},
        created: made,
      },
      {
        name: 'members/photos/removed/20260711T190322Z_k3J9xQ2mPa/removal.json',
        size: 9,
        metadata: {},
        created: made,
      },
      {
        name: 'members/photos/removed/20260711T190322Z_k3J9xQ2mPa/shared/20260711T190322Z_k3J9xQ2mPa.jpg',
        size: 9,
        metadata: {},
        created: made,
      },
    ];
    const early = compareWithCatalogue(objects, { local: false, now: new Date('2026-08-30T10:00:00Z') });
    expect(early.versions).toHaveLength(1);
    expect(early.removedPhotos).toEqual(['20260711T190322Z_k3J9xQ2mPa']);
    expect([early.expiredVersions, early.expiredRemoved]).toEqual([[], []]);
    // Kept apart, not a file the catalogue does not know, nor a problem.
    expect(early.unknown).toEqual([]);
    expect(fileProblems(early)).toEqual(fileProblems(compareWithCatalogue([], { local: false })));
    const late = compareWithCatalogue(objects, { local: false, now: new Date('2026-09-01T10:00:01Z') });
    expect(late.expiredVersions.map((o) => o.name)).toEqual([objects[0]!.name]);
    expect(late.expiredRemoved).toEqual(['20260711T190322Z_k3J9xQ2mPa']);
  });
});

describe('waiting uploads by account, and floods', () => {
  const photo = (uid: string, n: number, size = 2_000_000): StoredObject[] => {
    const id = `20260711T19${String(n).padStart(4, '0')}Z_abcdefghij`;
    return [
      {
        name: `members/photos/pending/${uid}/${id}.jpg`,
        size,
        metadata: { uploaderEmail: `${uid}@example.org` },
      },
      { name: `members/photos/pending/${uid}/thumbnails/${id}.jpg`, size: 40_000, metadata: {} },
    ];
  };

  it('counts the photos (not their thumbnails) and the bytes of both, by account', () => {
    const result = compareWithCatalogue([...photo('a', 1), ...photo('a', 2), ...photo('b', 1, 10)], {
      local: false,
    });
    expect(result.waiting).toEqual([
      {
        uid: 'a',
        email: 'a@example.org',
        photos: 2,
        photoBytes: 4_080_000,
        suggestions: 0,
        suggestionBytes: 0,
      },
      { uid: 'b', email: 'b@example.org', photos: 1, photoBytes: 40_010, suggestions: 0, suggestionBytes: 0 },
    ]);
    expect(floods(result.waiting)).toEqual([]);
  });

  it('an account over a bound is a flood: the number of photos, the bytes, or the number of suggestions', () => {
    const many = Array.from({ length: FLOOD.photos + 1 }, (_, n) => photo('many', n, 1000)).flat();
    const heavy = Array.from({ length: 110 }, (_, n) => photo('heavy', n, 10 * 1024 * 1024)).flat();
    const names = Array.from({ length: FLOOD.suggestions + 1 }, (_, n) => ({
      name: `members/faces/${GROUP_PHOTO_1976}/suggestions/names/20260711T19${String(n).padStart(4, '0')}Z_abcdefghij.json`,
      size: 300,
      metadata: {},
    }));
    const calm = Array.from({ length: FLOOD.photos }, (_, n) => photo('calm', n, 1000)).flat();
    const result = compareWithCatalogue([...many, ...heavy, ...names, ...calm], { local: false });
    expect(floods(result.waiting).map((account) => account.uid)).toEqual(['heavy', 'many', 'names']);
  });
});

describe('publicBindings (bucket IAM)', () => {
  it('finds allUsers and allAuthenticatedUsers in any role, and nothing else', () => {
    expect(
      publicBindings({
        bindings: [
          { role: 'roles/storage.legacyBucketOwner', members: ['projectOwner:my-reunion'] },
          { role: 'roles/storage.objectViewer', members: ['allUsers', 'user:ola@example.org'] },
          { role: 'roles/storage.legacyObjectReader', members: ['allAuthenticatedUsers'] },
          { role: 'roles/storage.admin', members: ['serviceAccount:x@my-reunion.iam.gserviceaccount.com'] },
          { role: 'roles/storage.objectViewer', members: null },
        ],
      }),
    ).toEqual([
      { role: 'roles/storage.objectViewer', member: 'allUsers' },
      { role: 'roles/storage.legacyObjectReader', member: 'allAuthenticatedUsers' },
    ]);
    expect(publicBindings({})).toEqual([]);
  });
});

describe('organiser:check on a real project (a stand-in Admin SDK: no Google here)', () => {
  const files = CATALOGUE.flatMap((entry) => {
    const file = {
      name: storagePathOf(entry),
      metadata: { ...memberFileMetadata(entry), size: '100', md5Hash: 'x' },
    };
    if (!hasThumbnail(entry)) return [file];
    const preview = { ...thumbnailMetadata(entry, 'x'), size: '10', md5Hash: 'y' };
    return [file, { name: thumbnailPathOf(entry), metadata: preview }];
  });

  /** Cloud Storage's default for a new bucket: deleted objects kept 7 days. */
  const SEVEN_DAYS = { retentionDurationSeconds: '604800', effectiveTime: '2026-01-01T00:00:00Z' };

  function standIn(
    policy: IamPolicy,
    settings: AuthSettings,
    softDelete: SoftDeletePolicy | undefined = SEVEN_DAYS,
  ): CommandContext['connect'] {
    const connection = {
      projectId: 'my-reunion',
      bucket: (name: string) => {
        expect(name).toBe('my-reunion.firebasestorage.app');
        return {
          getFiles: () => Promise.resolve([files]),
          getMetadata: () => Promise.resolve([{ softDeletePolicy: softDelete }]),
          iam: { getPolicy: () => Promise.resolve([policy]) },
        };
      },
      auth: { projectConfigManager: () => ({ getProjectConfig: () => Promise.resolve(settings) }) },
      close: () => Promise.resolve(),
    };
    return () => Promise.resolve(connection as unknown as AdminConnection);
  }

  const privateBucket: IamPolicy = {
    bindings: [{ role: 'roles/storage.legacyBucketOwner', members: ['projectOwner:my-reunion'] }],
  };
  const good: AuthSettings = { passwordPolicyConfig: passwordPolicy(), emailPrivacyConfig: {} };

  it('a private bucket and the right Authentication settings: exit 0; soft delete under 30 days is a warning', async () => {
    const ctx = { env: {}, io: captureIo(), connect: standIn(privateBucket, good) };
    expect(await check(['--project', 'my-reunion'], ctx), ctx.io.text()).toBe(0);
    expect(ctx.io.text()).toContain('Bucket IAM: not open to allUsers or allAuthenticatedUsers.');
    expect(ctx.io.text()).toMatch(/password policy:\s+ENFORCE/);
    expect(ctx.io.text()).toMatch(/e-mail enumeration protection: off/);
    expect(ctx.io.text()).toContain('Soft delete: on, deleted files kept 7 days.');
    expect(ctx.io.stdout.at(-1)).toMatch(
      /^Check passed: .*; WARNING: soft delete keeps deleted files only 7 days: set 30 or more\.$/,
    );
    const kept = {
      env: {},
      io: captureIo(),
      connect: standIn(privateBucket, good, { retentionDurationSeconds: 90 * 86400 }),
    };
    expect(await check(['--project', 'my-reunion'], kept)).toBe(0);
    expect(kept.io.text()).toContain('Soft delete: on, deleted files kept 90 days.');
    expect(kept.io.stdout.at(-1)).not.toContain('WARNING');
  });

  it('softDeleteReport reads the bucket metadata the Admin SDK returns', () => {
    expect(softDeleteReport(undefined)).toEqual({
      line: 'Soft delete: OFF (a deleted file is gone at once).',
      warning: 'soft delete is off: set it to 30 days or more (handbook, Setting up)',
    });
    expect(softDeleteReport({ retentionDurationSeconds: '0' }).warning).toMatch(/is off/);
    expect(softDeleteReport({ retentionDurationSeconds: '2592000' })).toEqual({
      line: 'Soft delete: on, deleted files kept 30 days.',
    });
    expect(softDeleteReport({ retentionDurationSeconds: 29 * 86400 + 86399 }).warning).toMatch(
      /only 29 days/,
    );
  });

  it('a public bucket and the protection on: exit 1, both named, with what to do', async () => {
    const publicBucket: IamPolicy = {
      bindings: [...privateBucket.bindings!, { role: 'roles/storage.objectViewer', members: ['allUsers'] }],
    };
    const ctx = {
      env: {},
      io: captureIo(),
      connect: standIn(publicBucket, { ...good, emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
    };
    expect(await check(['--project', 'my-reunion'], ctx)).toBe(1);
    const output = ctx.io.text();
    expect(output).toContain('Bucket IAM: the bucket is open to the public.');
    expect(output).toContain('  allUsers  roles/storage.objectViewer');
    expect(output).toContain('  Fix: npm run organiser:auth-settings -- --project <alias>');
    expect(ctx.io.stdout.at(-1)).toBe(
      `Check failed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present; the bucket grants ` +
        'access to allUsers, e-mail enumeration protection is on (existing members would be sent to sign-up); ' +
        'WARNING: soft delete keeps deleted files only 7 days: set 30 or more.',
    );
  });
});
