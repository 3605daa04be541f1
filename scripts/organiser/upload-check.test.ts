/**
 * organiser:upload and organiser:check end to end against the in-process Storage emulator on a random port:
 * main(argv) with STORAGE_EMULATOR_URL pointing at it, each test in its own bucket.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  CATALOGUE,
  contentTypeOf,
  downloadFileName,
  fileNameInStorage,
  storagePathOf,
  type CatalogueEntry,
} from '../../src/domain/catalogue.ts';
import { contentDispositionOf } from '../seed/content-disposition.ts';
import { LARGE_DEMO_PATH, demoFile } from '../seed/demo-files.ts';
import { seedStorage } from '../seed/seed-storage.ts';
import { startStorageEmulator, type RunningStorageEmulator } from '../storage/emulator.ts';
import { BucketClient } from './bucket.ts';
import { compareWithCatalogue, main as check } from './check.ts';
import type { CommandContext } from './cli.ts';
import type { EmulatorTarget } from './target.ts';
import { main as upload, matchEntry } from './upload.ts';
import { captureIo, freePort, noCredentials } from './test-support.ts';

let emulator: RunningStorageEmulator;
const folders: string[] = [];

beforeAll(async () => {
  emulator = await startStorageEmulator({
    projectId: 'demo-reunion',
    host: '127.0.0.1',
    port: await freePort(),
  });
});
afterAll(async () => {
  await emulator?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function context(io = captureIo()): Partial<CommandContext> & { io: ReturnType<typeof captureIo> } {
  return { env: { STORAGE_EMULATOR_URL: emulator.url }, io, getAccessToken: noCredentials };
}

function client(bucket: string): BucketClient {
  const target: EmulatorTarget = {
    kind: 'emulator',
    projectId: 'demo-reunion',
    bucket,
    storageUrl: emulator.url,
    authUrl: 'http://127.0.0.1:1',
  };
  return new BucketClient(target, { fetch, getAccessToken: noCredentials });
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

  it('uploads the known files with content type and download name; lists the unknown and the wrong type', async () => {
    const bucket = 'upload-mixed.appspot.com';
    const folder = await folderWithMixedFiles();
    const ctx = context();
    const code = await upload([folder, '--bucket', bucket], ctx);
    const output = ctx.io.text();
    expect(code, output).toBe(1);

    const uploaded = [program, attendees, presentation, photo];
    const objects = await client(bucket).listObjects('members/');
    expect(objects.map((o) => o.name).sort()).toEqual(uploaded.map(storagePathOf).sort());
    for (const entry of uploaded) {
      const object = objects.find((o) => o.name === storagePathOf(entry))!;
      expect(object.contentType).toBe(contentTypeOf(entry));
      expect(object.contentDisposition).toBe(contentDispositionOf(entry));
      expect(object.size).toBe((await demoFile(entry)).byteLength);
    }
    // The stored bytes are the file's bytes.
    const media = await fetch(
      `${emulator.url}/storage/v1/b/${bucket}/o/${encodeURIComponent(storagePathOf(photo))}?alt=media`,
    );
    expect(Buffer.from(await media.arrayBuffer()).equals(await demoFile(photo))).toBe(true);

    expect(ctx.io.stdout[0]).toBe(
      `Target: local emulators (demo-reunion), bucket gs://${bucket} at ${emulator.url}`,
    );
    expect(output).toMatch(
      /program-1976\.pdf\s+uploaded\s+members\/documents\/program-1976\.pdf \(PDF, \d+\.\d KB\)/,
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
    expect(output).toContain(`${CATALOGUE.length - 5} catalogue files are not in this folder`);
  });

  it('exits 0 when every file is uploaded, and replaces what is there', async () => {
    const bucket = 'upload-clean.appspot.com';
    const folder = tempFolder();
    writeFileSync(join(folder, fileNameInStorage(program)), await demoFile(program));
    await client(bucket).uploadObject(storagePathOf(program), Buffer.from('old'), {
      contentType: 'text/plain',
    });
    const ctx = context();
    // A relative folder is relative to where the organiser typed the command (npm's INIT_CWD).
    ctx.env = { ...ctx.env, INIT_CWD: dirname(folder) };
    expect(await upload([basename(folder), `--bucket=${bucket}`], ctx), ctx.io.text()).toBe(0);
    expect(ctx.io.stdout[1]).toBe(`Folder: ${folder}`);
    expect(await client(bucket).listObjects('members/')).toEqual([
      {
        name: storagePathOf(program),
        contentType: 'application/pdf',
        contentDisposition: contentDispositionOf(program),
        size: (await demoFile(program)).byteLength,
      },
    ]);
  });

  it('two files for one entry: uploads neither', async () => {
    const bucket = 'upload-duplicate.appspot.com';
    const folder = tempFolder();
    writeFileSync(join(folder, fileNameInStorage(program)), await demoFile(program));
    writeFileSync(join(folder, downloadFileName(program)), await demoFile(program));
    const ctx = context();
    expect(await upload([folder, '--bucket', bucket], ctx)).toBe(1);
    expect(ctx.io.text()).toMatch(
      /program-1976\.pdf\s+duplicate\s+also matched by "1976 Reunion Program\.pdf"/,
    );
    expect(await client(bucket).listObjects('members/')).toEqual([]);
  });

  it('--dry-run checks and lists, and uploads nothing', async () => {
    const bucket = 'upload-dry-run.appspot.com';
    const ctx = context();
    expect(await upload([await folderWithMixedFiles(), '--bucket', bucket, '--dry-run'], ctx)).toBe(1);
    expect(ctx.io.text()).toMatch(/program-1976\.pdf\s+would upload\s+members\/documents\/program-1976\.pdf/);
    expect(ctx.io.text()).toContain('Dry run: would upload 4 files; nothing was sent.');
    expect(await client(bucket).listObjects('members/')).toEqual([]);
  });

  it('usage errors exit 2 with a message and no stack trace', async () => {
    const cases: [string[], RegExp][] = [
      [[], /Which folder\?/],
      [[join(tmpdir(), 'organiser-no-such-folder-x7')], /Folder not found/],
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

  it('an empty folder, or an emulator that is not running, exits 1 with a clear message', async () => {
    const empty = context();
    expect(await upload([tempFolder()], empty)).toBe(1);
    expect(empty.io.stderr[0]).toMatch(/^organiser:upload failed: No files to upload in /);

    const folder = tempFolder();
    writeFileSync(join(folder, fileNameInStorage(program)), await demoFile(program));
    const down = context();
    down.env = { STORAGE_EMULATOR_URL: `http://127.0.0.1:${await freePort()}` };
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
    expect(await check(['--bucket', 'check-empty.appspot.com'], ctx)).toBe(1);
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

  it('the seeded local stack: complete (exit 0), the benchmark file noted as local, unknown files listed', async () => {
    const bucket = 'check-seeded.appspot.com';
    await seedStorage({ storageUrl: emulator.url, bucket, largeFileBytes: 1024 });
    await client(bucket).uploadObject('members/documents/extra-notes.pdf', Buffer.from('%PDF-1.4'), {
      contentType: 'application/pdf',
    });
    await client(bucket).uploadObject('members/', Buffer.alloc(0), {
      contentType: 'application/x-directory',
    });
    await client(bucket).uploadObject('public/not-checked.txt', Buffer.from('x'), {
      contentType: 'text/plain',
    });
    const ctx = context();
    expect(await check(['--bucket', bucket], ctx), ctx.io.text()).toBe(0);
    const output = ctx.io.text();
    expect(output).toMatch(
      /Not in the catalogue \(never shown on the site\) \(1\):\n.*\n.*\n\s+members\/documents\/extra-notes\.pdf\s+application\/pdf\s+8 B/,
    );
    expect(output).toContain(`Also present, as expected locally: ${LARGE_DEMO_PATH}`);
    expect(output).not.toContain('public/not-checked.txt');
    expect(output).not.toContain('Missing');
    expect(ctx.io.stdout.at(-1)).toBe(
      `Check passed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present with the right content type; 1 file not in the catalogue.`,
    );
  });

  it('one missing and one with the wrong content type: exit 1, both listed', async () => {
    const bucket = 'check-problems.appspot.com';
    await seedStorage({ storageUrl: emulator.url, bucket, largeFileBytes: 0 });
    const photo = byId('rolette-panorama');
    const program = byId('program-1976');
    await client(bucket).uploadObject(storagePathOf(photo), await demoFile(photo), {
      contentType: 'image/png',
      contentDisposition: contentDispositionOf(photo),
    });
    await fetch(`${emulator.url}/storage/v1/b/${bucket}/o/${encodeURIComponent(storagePathOf(program))}`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer owner' },
    });
    const ctx = context();
    expect(await check(['--bucket', bucket], ctx)).toBe(1);
    const output = ctx.io.text();
    expect(output).toMatch(/Missing.*\(1\):[\s\S]*members\/documents\/program-1976\.pdf/);
    expect(output).toMatch(
      /Wrong content type: upload these again \(1\):[\s\S]*members\/images\/rolette-panorama\.jpg\s+image\/png\s+image\/jpeg/,
    );
    expect(ctx.io.stdout.at(-1)).toBe(
      `Check failed: ${CATALOGUE.length - 1} of ${CATALOGUE.length} catalogue files present; 1 missing, 1 with the wrong content type.`,
    );
  });

  it('upload of every catalogue file, then check: exit 0', async () => {
    const bucket = 'check-after-upload.appspot.com';
    const folder = tempFolder();
    for (const entry of CATALOGUE)
      writeFileSync(join(folder, downloadFileName(entry)), await demoFile(entry));
    const uploadCtx = context();
    expect(await upload([folder, '--bucket', bucket], uploadCtx), uploadCtx.io.text()).toBe(0);
    expect(uploadCtx.io.text()).toContain(`Uploaded ${CATALOGUE.length} files to gs://${bucket}.`);
    const ctx = context();
    expect(await check(['--bucket', bucket], ctx), ctx.io.text()).toBe(0);
    expect(ctx.io.stdout.at(-1)).toBe(
      `Check passed: ${CATALOGUE.length} of ${CATALOGUE.length} catalogue files present with the right content type.`,
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
  const complete = CATALOGUE.map((entry) => ({
    name: storagePathOf(entry),
    contentType: contentTypeOf(entry),
    contentDisposition: contentDispositionOf(entry),
    size: 1,
  }));

  it('the benchmark file is expected locally and unknown on a real project', () => {
    const objects = [...complete, { name: LARGE_DEMO_PATH, size: 1 }];
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
      {
        local: false,
      },
    );
    expect(result.staleName).toHaveLength(1);
    expect(result.missing).toEqual([]);
    expect(result.wrongType).toEqual([]);
  });
});
