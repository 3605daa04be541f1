/**
 * npm run organiser:upload -- <folder> [--project <alias|id>] [--bucket <name>] [--replace] [--dry-run]
 *
 * What it does is in HELP below (and the handbook, organiser/README.md); how a file is stored:
 * admin/bucket/member-files.ts.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import {
  CATALOGUE,
  MEMBERS_PREFIX,
  downloadFileName,
  fileNameInStorage,
  hasThumbnail,
  storagePathOf,
  thumbnailPathOf,
  type CatalogueEntry,
} from '../../src/domain/catalogue.ts';
import {
  ACCESS_METADATA_KEY,
  DOWNLOAD_TOKENS_METADATA_KEY,
  md5Base64,
  memberFileMetadata,
  saveObject,
} from '../../admin/bucket/member-files.ts';
import { saveThumbnail, thumbnailProblems } from '../../admin/bucket/thumbnails.ts';
import { listObjects, storageFailure, type StoredObject } from '../core/admin.ts';
import { defineCommand, formatTable, plural, runIfMain } from '../core/cli.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, UsageError } from '../core/errors.ts';
import { kindMismatch } from '../../admin/bucket/file-kind.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS } from '../core/target.ts';
import { englishTitle } from '../../admin/bucket/english-title.ts';
import {
  describeOutcome,
  fileTextOf,
  isTextProblem,
  readSearchTexts,
  storeFileTexts,
  type TextOutcome,
} from '../../admin/search/texts.ts';
import {
  SEARCH_LEVELS,
  searchLevelOf,
  searchTextsPathOf,
  type SearchTexts,
} from '../../src/domain/search.ts';

const NAME = 'organiser:upload';

export const HELP = `Usage: npm run ${NAME} -- <folder> [--project <alias|id>] [--bucket <name>] [--replace] [--dry-run]

Uploads the members' files in <folder> (not its subfolders; files starting with "." are ignored). Each file
is matched to its catalogue entry by name, either the storage name (program-1976.pdf) or the download name
(1976 Reunion Program.pdf), in any letter case; its content must be of the entry's kind (PDF, JPEG, XLSX,
PPTX). It is stored at the entry's path (members/...) with the entry's content type, a download name and
who may read it (every verified member, or only approved accounts for the lists of living people). For
each image a preview (a JPEG 480 pixels wide) is made and stored beside it, readable by the same accounts.
For each document its text is read for the members area's search (a PDF's pages, scanned pages by OCR with
Tesseract; a spreadsheet's rows; a presentation's slides) and stored under members/search/, readable by the
same accounts (organiser:search does it for files already uploaded).
A file already in the bucket with the same content is left alone (or stored again if its metadata is out
of date or it carries a download token; or only its text read again if the search's text of it is missing
or was read from other content, as after an upload stopped half-way); with other content it is NOT
replaced unless --replace is given.

Options:
  <folder>              the folder holding the files
${TARGET_HELP}
${BUCKET_HELP}
  --replace             replace stored files whose content differs from the folder's
  --dry-run             check and list what would be uploaded, upload nothing
  -h, --help            this help

Exit codes: 0 every file uploaded or already there; 1 the folder does not exist or holds no file, or a file
was unknown, of the wrong kind, differs from the stored one (without --replace) or failed to upload (the
others are uploaded); 2 usage error (no folder given, unknown option, unknown project).`;

/** Lower-cased, NFC (macOS writes file names decomposed). */
function key(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

function stem(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

const ENTRY_BY_ID = new Map(CATALOGUE.map((entry) => [entry.id, entry]));
const BY_FULL_NAME = new Map<string, CatalogueEntry>();
const BY_STEM = new Map<string, CatalogueEntry>();
for (const entry of CATALOGUE) {
  // The storage name, and the download name in either language (an organiser may have saved the files from
  // the Norwegian pages).
  for (const name of [
    fileNameInStorage(entry),
    downloadFileName(entry, 'en'),
    downloadFileName(entry, 'nb'),
  ]) {
    BY_FULL_NAME.set(key(name), entry);
    BY_STEM.set(key(stem(name)), entry);
  }
}

/**
 * The catalogue entry a file name stands for: its storage name (program-1976.pdf) or download name in English
 * (1976 Reunion Program.pdf) or Norwegian (Program for slektstreffet i 1976.pdf), case-insensitively. A known name with another extension (photo.jpeg, scan.PDF,
 * program-1976.docx) matches too; the content check then decides.
 */
export function matchEntry(fileName: string): CatalogueEntry | undefined {
  return BY_FULL_NAME.get(key(fileName)) ?? BY_STEM.get(key(stem(fileName)));
}

export type RowStatus =
  | 'would upload'
  | 'would replace'
  | 'would store again'
  | 'would read text'
  | 'uploaded'
  | 'replaced'
  | 'stored again'
  | 'text read'
  | 'unchanged'
  | 'differs'
  | 'unknown'
  | 'wrong type'
  | 'duplicate'
  | 'failed'
  | 'ignored';

export interface UploadRow {
  file: string;
  status: RowStatus;
  detail: string;
  entry?: CatalogueEntry;
  size?: number;
  /** Base64 MD5 of the file, as Cloud Storage reports md5Hash. */
  md5?: string;
}

const PROBLEMS: ReadonlySet<RowStatus> = new Set(['unknown', 'wrong type', 'duplicate', 'differs', 'failed']);
/** What each planned status becomes once done. */
const DONE: Partial<Record<RowStatus, RowStatus>> = {
  'would upload': 'uploaded',
  'would replace': 'replaced',
  'would store again': 'stored again',
  'would read text': 'text read',
};

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
    const bytes = await readFile(join(folder, file));
    const mismatch = await kindMismatch(bytes, entry.kind);
    if (mismatch) {
      rows.push({ file, status: 'wrong type', detail: `${mismatch} ("${englishTitle(entry)}")`, entry });
      continue;
    }
    rows.push({
      file,
      status: 'would upload',
      detail: describeDestination(entry),
      entry,
      size: info.size,
      md5: md5Base64(bytes),
    });
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
      row.detail = `also matched by ${others.join(', ')}: keep one ("${row.entry ? englishTitle(row.entry) : ''}")`;
    }
  }
  return rows;
}

function describeDestination(entry: CatalogueEntry): string {
  return `${storagePathOf(entry)} (${entry.kind.toUpperCase()}${entry.approvalOnly ? ', approved accounts only' : ''}${hasThumbnail(entry) ? ', with a preview' : ''})`;
}

/**
 * Why a stored object's metadata is not what the upload would store (empty: it is); for an image also why its
 * stored preview does not suit it (missing, wrong access or type, made from other content).
 */
export function metadataDrift(
  entry: CatalogueEntry,
  stored: StoredObject,
  thumbnail?: StoredObject,
): string[] {
  const want = memberFileMetadata(entry);
  const drift: string[] = [];
  if (stored.contentType !== want.contentType) drift.push('content type');
  if (stored.contentDisposition !== want.contentDisposition) drift.push('download name');
  if (stored.metadata[ACCESS_METADATA_KEY] !== want.metadata[ACCESS_METADATA_KEY]) drift.push('access');
  if (stored.metadata[DOWNLOAD_TOKENS_METADATA_KEY]) drift.push('download token');
  if (hasThumbnail(entry)) {
    drift.push(...thumbnailProblems(entry, stored, thumbnail));
    if (thumbnail?.metadata[DOWNLOAD_TOKENS_METADATA_KEY]) drift.push('preview download token');
  }
  return drift;
}

/**
 * Decides, for every file that passed the checks, against what the bucket holds: upload (nothing stored), leave
 * alone (same content and metadata), store again (same content, metadata out of date or a download token: a new
 * upload is the one way that also clears tokens on the emulator), replace (other content, with --replace),
 * refuse (other content, without --replace), or read only its text again (same file, but the search's text of it
 * is missing or was read from other bytes: an upload stopped between storing the file and storing its text).
 * `textMd5` holds, for each file id, the MD5 of the bytes its stored search text was read from.
 */
export function planAgainstBucket(
  rows: UploadRow[],
  stored: ReadonlyMap<string, StoredObject>,
  { replace, textMd5 }: { replace: boolean; textMd5: ReadonlyMap<string, string> },
): void {
  for (const row of rows) {
    if (row.status !== 'would upload' || !row.entry) continue;
    const object = stored.get(storagePathOf(row.entry));
    if (!object) continue;
    if (object.md5Hash !== row.md5) {
      if (replace) {
        row.status = 'would replace';
        row.detail = `${describeDestination(row.entry)}: the stored file has other content`;
      } else {
        row.status = 'differs';
        row.detail =
          `${storagePathOf(row.entry)} holds a file with other content (${object.size} B stored, ` +
          `${row.size ?? 0} B here); not replaced without --replace`;
      }
      continue;
    }
    const thumbnail = hasThumbnail(row.entry) ? stored.get(thumbnailPathOf(row.entry)) : undefined;
    const drift = metadataDrift(row.entry, object, thumbnail);
    if (drift.length) {
      row.status = 'would store again';
      row.detail = `${storagePathOf(row.entry)}: same content; fixes ${drift.join(', ')}`;
    } else if (hasSearchText(row.entry) && textMd5.get(row.entry.id) !== row.md5) {
      row.status = 'would read text';
      row.detail =
        `${storagePathOf(row.entry)}: same content and metadata; its text for the search ` +
        (textMd5.has(row.entry.id) ? 'was read from other content' : 'is missing');
    } else {
      row.status = 'unchanged';
      row.detail = `${storagePathOf(row.entry)}: already stored, same content and metadata`;
    }
  }
}

/** Whether the search reads a text of this file (the pictures are searched by the names on them). */
const hasSearchText = (entry: CatalogueEntry) => entry.kind !== 'jpeg';

async function uploadAll(
  rows: UploadRow[],
  folder: string,
  upload: (entry: CatalogueEntry, bytes: Uint8Array, textOnly: boolean) => Promise<void>,
): Promise<void> {
  const queue = rows.filter((row) => DONE[row.status]);
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const entry = row.entry!;
      try {
        const textOnly = row.status === 'would read text';
        await upload(entry, await readFile(join(folder, row.file)), textOnly);
        if (textOnly) {
          row.status = 'text read';
          row.detail = `${storagePathOf(entry)}: the file was already stored; its text for the search read again`;
          continue;
        }
        const fixes = row.status === 'would store again' ? `; ${row.detail.split('; ').at(-1)}` : '';
        row.status = DONE[row.status]!;
        row.detail = `${storagePathOf(entry)} (${entry.kind.toUpperCase()}, ${formatSize(row.size ?? 0)}${entry.approvalOnly ? ', approved accounts only' : ''}${hasThumbnail(entry) ? ', with a preview' : ''})${fixes}`;
      } catch (err) {
        row.status = 'failed';
        row.detail = err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: 3 }, worker));
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: { ...TARGET_OPTIONS, replace: { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
  describe: 'storage',
  positionals: true,
  checkArguments(_values, positionals) {
    if (positionals.length === 0) throw new UsageError('Which folder? Give the folder holding the files.');
    if (positionals.length > 1) {
      throw new UsageError(`Give one folder, not ${positionals.length} (${positionals.join(', ')}).`);
    }
  },
  async run({ ctx, values, positionals, target, admin }) {
    // npm runs scripts in the repository folder; INIT_CWD is where the organiser typed the command.
    const folder = resolve(ctx.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    const folderInfo = await stat(folder).catch(() => undefined);
    // The command line is right, the folder it names is missing: exit 1, like an address without an account.
    if (!folderInfo) throw new CommandError(`Folder not found: ${folder}`);
    if (!folderInfo.isDirectory()) throw new CommandError(`Not a folder: ${folder}`);
    ctx.io.out(`Folder: ${folder}`);

    const rows = await planUpload(folder);
    let textReport: TextOutcome[] = [];
    if (!rows.some((row) => row.status !== 'ignored'))
      throw new CommandError(`No files to upload in ${folder}.`);
    const dryRun = values['dry-run'] === true;

    if (rows.some((row) => row.status === 'would upload')) {
      // What the bucket holds decides upload / leave / replace; reading it also gives one clear error (no
      // credentials, no such bucket, emulator not running) before any upload.
      const bucket = (await admin()).bucket(target.bucket);
      let stored: StoredObject[];
      try {
        stored = await listObjects(bucket, MEMBERS_PREFIX);
      } catch (err) {
        throw storageFailure(`Listing gs://${target.bucket}/${MEMBERS_PREFIX}`, err, target);
      }
      // A file's text counts where the search looks for it: in its own level's texts.
      const textMd5 = new Map<string, string>();
      for (const level of SEARCH_LEVELS) {
        let texts: SearchTexts;
        try {
          ({ texts } = await readSearchTexts(bucket, level));
        } catch (err) {
          throw storageFailure(`Reading gs://${target.bucket}/${searchTextsPathOf(level)}`, err, target);
        }
        for (const file of texts.files) {
          const entry = ENTRY_BY_ID.get(file.id);
          if (entry && searchLevelOf(entry) === level) textMd5.set(file.id, file.md5);
        }
      }
      planAgainstBucket(rows, new Map(stored.map((object) => [object.name, object])), {
        replace: values.replace === true,
        textMd5,
      });
      if (!dryRun) {
        const texts: TextOutcome[] = [];
        await uploadAll(rows, folder, async (entry, bytes, textOnly) => {
          const path = storagePathOf(entry);
          if (!textOnly)
            try {
              await saveObject(bucket, path, bytes, memberFileMetadata(entry));
            } catch (err) {
              throw storageFailure(`Uploading gs://${target.bucket}/${path}`, err, target);
            }
          // The text the search finds, read from the bytes just stored (stored below, all levels at once).
          if (hasSearchText(entry))
            texts.push(
              await fileTextOf(entry, bytes, {
                ...(ctx.ocr ? { ocr: ctx.ocr } : {}),
                onOcrPage: (page, pages) =>
                  ctx.io.out(`  ${downloadFileName(entry)}: OCR of scanned page ${page} of ${pages}`),
              }),
            );
          if (textOnly || !hasThumbnail(entry)) return;
          try {
            await saveThumbnail(bucket, entry, bytes);
          } catch (err) {
            throw storageFailure(
              `Making and uploading the preview gs://${target.bucket}/${thumbnailPathOf(entry)}`,
              err,
              target,
            );
          }
        });
        try {
          await storeFileTexts(bucket, texts);
        } catch (err) {
          throw storageFailure(
            `Storing the search's text under gs://${target.bucket}/members/search/`,
            err,
            target,
          );
        }
        textReport = texts;
      }
    }

    ctx.io.out('');
    for (const line of formatTable(
      ['File', 'Result', 'Details'],
      rows.map((row) => [row.file, row.status, row.detail]),
    )) {
      ctx.io.out(line);
    }
    ctx.io.out('');
    if (textReport.length) {
      ctx.io.out('Text for the search:');
      for (const line of formatTable(
        ['File', 'Text'],
        textReport.map((outcome) => [outcome.entry.id, describeOutcome(outcome)]),
      ))
        ctx.io.out(line);
      ctx.io.out('');
    }
    const textProblems = textReport.filter(isTextProblem).length;

    const count = (...statuses: RowStatus[]) => rows.filter((row) => statuses.includes(row.status)).length;
    const problems = rows.filter((row) => PROBLEMS.has(row.status)).length;
    const matched = new Set(rows.filter((row) => row.entry).map((row) => row.entry!.id));
    const absent = CATALOGUE.length - matched.size;
    const skipped = [
      count('unknown') && `${count('unknown')} unknown`,
      count('wrong type') && `${count('wrong type')} of the wrong type`,
      count('duplicate') && `${count('duplicate')} duplicates`,
      count('differs') && `${count('differs')} differing from the stored file`,
      count('failed') && `${count('failed')} failed`,
    ].filter(Boolean);
    const unchanged = count('unchanged')
      ? ` ${plural(count('unchanged'), 'file')} already there, unchanged.`
      : '';
    const textAgain = plural(count('would read text', 'text read'), 'stored file');
    const done = dryRun
      ? `Dry run: would upload ${plural(count('would upload', 'would replace', 'would store again'), 'file')}` +
        (count('would read text') ? ` and read the search's text of ${textAgain} again` : '') +
        '; nothing was sent.'
      : `Uploaded ${plural(count('uploaded', 'replaced', 'stored again'), 'file')} to gs://${target.bucket}.` +
        (count('text read') ? ` Read the search's text of ${textAgain} again.` : '');
    ctx.io.out(`${done}${unchanged}${problems ? ` Not uploaded: ${skipped.join(', ')}.` : ''}`);
    if (count('differs')) {
      ctx.io.out(
        'A stored file differs from the one in the folder. If the folder has the right one, run the same ' +
          'command with --replace.',
      );
    }
    if (count('unknown')) {
      ctx.io.out(
        'Name files like the storage name (program-1976.pdf) or the download name (1976 Reunion Program.pdf); ' +
          '`npm run organiser:check -- --list` lists both names of every file the catalogue expects.',
      );
    }
    if (absent) {
      ctx.io.out(
        `${plural(absent, 'catalogue file is', 'catalogue files are')} not in this folder; ` +
          '`npm run organiser:check -- --list` shows which the bucket has and which it still lacks.',
      );
    }
    if (textProblems) {
      ctx.io.out(
        `The text of ${plural(textProblems, 'file')} could not be read in full for the search (see above); the ` +
          `files themselves are stored. Once fixed: \`npm run organiser:search -- index\`.`,
      );
    }
    return problems || textProblems ? EXIT_FAILED : EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
