/**
 * npm run organiser:upload -- <folder> [--project <alias|id>] [--bucket <name>] [--dry-run]
 *
 * Uploads the members' files from one folder: each file is matched to its catalogue entry by name, checked to be
 * of the entry's kind, and stored at the entry's path with its content type and a Content-Disposition carrying
 * the display name.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import {
  CATALOGUE,
  MEMBERS_PREFIX,
  contentTypeOf,
  downloadFileName,
  fileNameInStorage,
  storagePathOf,
  type CatalogueEntry,
} from '../../src/domain/catalogue.ts';
import { contentDispositionOf } from '../seed/content-disposition.ts';
import { bucketClient } from './bucket.ts';
import {
  CommandError,
  EXIT_FAILED,
  EXIT_OK,
  UsageError,
  defaultContext,
  formatTable,
  parseCommandLine,
  plural,
  runCommand,
  runIfMain,
  type CommandContext,
} from './cli.ts';
import { kindMismatch } from './file-kind.ts';
import {
  BUCKET_HELP,
  TARGET_HELP,
  TARGET_OPTIONS,
  describeTarget,
  readFirebaserc,
  resolveTarget,
} from './target.ts';

const NAME = 'organiser:upload';

export const HELP = `Usage: npm run ${NAME} -- <folder> [--project <alias|id>] [--bucket <name>] [--dry-run]

Uploads the members' files in <folder> (not its subfolders; files starting with "." are ignored). Each file
is matched to its catalogue entry by name, either the storage name (program-1976.pdf) or the download name
(1976 Reunion Program.pdf), in any letter case; its content must be of the entry's kind (PDF, JPEG, XLSX,
PPTX). It is stored at the entry's path (members/...) with the entry's content type and a download name.
Files already in the bucket are replaced.

Options:
  <folder>              the folder holding the files
${TARGET_HELP}
${BUCKET_HELP}
  --dry-run             check and list what would be uploaded, upload nothing
  -h, --help            this help

Exit codes: 0 every file uploaded; 1 a file was unknown, of the wrong kind or failed to upload (the others
are uploaded); 2 usage error (no folder, unknown option, unknown project).`;

/** Lower-cased, NFC (macOS writes file names decomposed). */
function key(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

const BY_FULL_NAME = new Map<string, CatalogueEntry>();
const BY_STEM = new Map<string, CatalogueEntry>();
for (const entry of CATALOGUE) {
  for (const name of [fileNameInStorage(entry), downloadFileName(entry)]) {
    BY_FULL_NAME.set(key(name), entry);
    BY_STEM.set(key(stem(name)), entry);
  }
}

/**
 * The catalogue entry a file name stands for: its storage name (program-1976.pdf) or download name
 * (1976 Reunion Program.pdf), case-insensitively. A known name with another extension (photo.jpeg, scan.PDF,
 * program-1976.docx) matches too; the content check then decides.
 */
export function matchEntry(fileName: string): CatalogueEntry | undefined {
  return BY_FULL_NAME.get(key(fileName)) ?? BY_STEM.get(key(stem(fileName)));
}

export type RowStatus =
  'uploaded' | 'would upload' | 'unknown' | 'wrong type' | 'duplicate' | 'failed' | 'ignored';

export interface UploadRow {
  file: string;
  status: RowStatus;
  detail: string;
  entry?: CatalogueEntry;
  size?: number;
}

const PROBLEMS: ReadonlySet<RowStatus> = new Set(['unknown', 'wrong type', 'duplicate', 'failed']);

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Checks every file in the folder: which entry it is, whether its bytes are of the entry's kind. */
export async function planUpload(folder: string): Promise<UploadRow[]> {
  const names = (await readdir(folder))
    .filter((name) => !name.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en'));
  const rows: UploadRow[] = [];
  for (const file of names) {
    const info = await stat(join(folder, file));
    if (info.isDirectory()) {
      rows.push({ file, status: 'ignored', detail: 'a folder (subfolders are not searched)' });
      continue;
    }
    if (!info.isFile()) {
      rows.push({ file, status: 'ignored', detail: 'not a regular file' });
      continue;
    }
    const entry = matchEntry(file);
    if (!entry) {
      rows.push({ file, status: 'unknown', detail: 'no catalogue entry has this name' });
      continue;
    }
    const mismatch = await kindMismatch(await readFile(join(folder, file)), entry.kind);
    if (mismatch) {
      rows.push({ file, status: 'wrong type', detail: `${mismatch} ("${entry.displayName}")`, entry });
      continue;
    }
    rows.push({ file, status: 'would upload', detail: describeDestination(entry), entry, size: info.size });
  }

  // Two files for one entry: upload neither, the organiser decides.
  const byEntry = new Map<string, UploadRow[]>();
  for (const row of rows) {
    if (row.status !== 'would upload' || !row.entry) continue;
    byEntry.set(row.entry.id, [...(byEntry.get(row.entry.id) ?? []), row]);
  }
  for (const same of byEntry.values()) {
    if (same.length < 2) continue;
    for (const row of same) {
      const others = same.filter((other) => other !== row).map((other) => `"${other.file}"`);
      row.status = 'duplicate';
      row.detail = `also matched by ${others.join(', ')}: keep one ("${row.entry?.displayName}")`;
    }
  }
  return rows;
}

function describeDestination(entry: CatalogueEntry): string {
  return `${storagePathOf(entry)} (${entry.kind.toUpperCase()})`;
}

async function uploadAll(
  rows: UploadRow[],
  folder: string,
  upload: (entry: CatalogueEntry, bytes: Uint8Array) => Promise<void>,
): Promise<void> {
  const queue = rows.filter((row) => row.status === 'would upload');
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const entry = row.entry!;
      try {
        await upload(entry, await readFile(join(folder, row.file)));
        row.status = 'uploaded';
        row.detail = `${storagePathOf(entry)} (${entry.kind.toUpperCase()}, ${formatSize(row.size ?? 0)})`;
      } catch (err) {
        row.status = 'failed';
        row.detail = err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: 3 }, worker));
}

export async function main(argv: string[], overrides: Partial<CommandContext> = {}): Promise<number> {
  const ctx = defaultContext(overrides);
  return runCommand(NAME, ctx, async () => {
    const { values, positionals } = parseCommandLine(argv, {
      ...TARGET_OPTIONS,
      'dry-run': { type: 'boolean' },
    });
    if (values.help) {
      ctx.io.out(HELP);
      return EXIT_OK;
    }
    if (positionals.length === 0) throw new UsageError('Which folder? Give the folder holding the files.');
    if (positionals.length > 1) {
      throw new UsageError(`Give one folder, not ${positionals.length} (${positionals.join(', ')}).`);
    }
    // npm runs scripts in the repository folder; INIT_CWD is where the organiser typed the command.
    const folder = resolve(ctx.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    const folderInfo = await stat(folder).catch(() => undefined);
    if (!folderInfo) throw new UsageError(`Folder not found: ${folder}`);
    if (!folderInfo.isDirectory()) throw new UsageError(`Not a folder: ${folder}`);

    const target = resolveTarget(values, { env: ctx.env, firebaserc: readFirebaserc(ctx.rootDir) });
    ctx.io.out(describeTarget(target));
    ctx.io.out(`Folder: ${folder}`);

    const rows = await planUpload(folder);
    if (!rows.some((row) => row.status !== 'ignored'))
      throw new CommandError(`No files to upload in ${folder}.`);
    const dryRun = values['dry-run'] === true;

    if (!dryRun && rows.some((row) => row.status === 'would upload')) {
      const client = bucketClient(target, ctx);
      // One clear error (no credentials, no such bucket, emulator not running) before any upload.
      await client.listObjects(MEMBERS_PREFIX, { pageSize: 1, limit: 1 });
      await uploadAll(rows, folder, async (entry, bytes) => {
        await client.uploadObject(storagePathOf(entry), bytes, {
          contentType: contentTypeOf(entry),
          contentDisposition: contentDispositionOf(entry),
        });
      });
    }

    ctx.io.out('');
    for (const line of formatTable(
      ['File', 'Result', 'Details'],
      rows.map((row) => [row.file, row.status, row.detail]),
    )) {
      ctx.io.out(line);
    }
    ctx.io.out('');

    const count = (status: RowStatus) => rows.filter((row) => row.status === status).length;
    const problems = rows.filter((row) => PROBLEMS.has(row.status)).length;
    const matched = new Set(rows.filter((row) => row.entry).map((row) => row.entry!.id));
    const absent = CATALOGUE.length - matched.size;
    const skipped = [
      count('unknown') && `${count('unknown')} unknown`,
      count('wrong type') && `${count('wrong type')} of the wrong type`,
      count('duplicate') && `${count('duplicate')} duplicates`,
      count('failed') && `${count('failed')} failed`,
    ].filter(Boolean);
    const done = dryRun
      ? `Dry run: would upload ${plural(count('would upload'), 'file')}; nothing was sent.`
      : `Uploaded ${plural(count('uploaded'), 'file')} to gs://${target.bucket}.`;
    ctx.io.out(`${done}${problems ? ` Not uploaded: ${skipped.join(', ')}.` : ''}`);
    if (count('unknown')) {
      ctx.io.out(
        'Name files like the storage name (program-1976.pdf) or the download name (1976 Reunion Program.pdf); ' +
          '`npm run organiser:check` lists every file the catalogue expects.',
      );
    }
    if (absent) {
      ctx.io.out(
        `${plural(absent, 'catalogue file is', 'catalogue files are')} not in this folder; ` +
          '`npm run organiser:check` shows what the bucket still lacks.',
      );
    }
    return problems ? EXIT_FAILED : EXIT_OK;
  });
}

runIfMain(import.meta.url, main);
