/**
 * npm run organiser:check [--project <alias|id>] [--bucket <name>]
 *
 * Compares the bucket's members/ folder with the catalogue: files missing, files with the wrong content type,
 * files the catalogue does not know.
 */

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
import { LARGE_DEMO_PATH } from '../seed/demo-files.ts';
import { bucketClient, type StorageObject } from './bucket.ts';
import {
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
import {
  BUCKET_HELP,
  TARGET_HELP,
  TARGET_OPTIONS,
  describeTarget,
  readFirebaserc,
  resolveTarget,
} from './target.ts';

const NAME = 'organiser:check';

export const HELP = `Usage: npm run ${NAME} -- [--project <alias|id>] [--bucket <name>]

Compares the bucket's ${MEMBERS_PREFIX} folder with the file catalogue (src/domain/catalogue.ts) and
lists: catalogue files missing from the bucket (with the names to upload them under), files stored with
another content type than the catalogue's, files whose download name is out of date, and files in the
bucket that the catalogue does not know (the site never shows those; delete them in the Firebase console
if they are not needed). Changes nothing.

Options:
${TARGET_HELP}
${BUCKET_HELP}
  -h, --help            this help

Exit codes: 0 every catalogue file is present with the right content type; 1 a file is missing or has the
wrong content type, or the bucket could not be read; 2 usage error.`;

export interface CheckResult {
  present: CatalogueEntry[];
  missing: CatalogueEntry[];
  wrongType: { entry: CatalogueEntry; actual: string | undefined }[];
  /** Stored with another Content-Disposition than the catalogue's (display name changed since the upload). */
  staleName: { entry: CatalogueEntry; actual: string | undefined }[];
  /** Objects under members/ that are no catalogue entry. */
  unknown: StorageObject[];
  /** Seeded by the local stack on purpose (the download-progress benchmark file): reported, never an error. */
  localExtras: StorageObject[];
}

/** Pure: the bucket's objects under members/ against the catalogue. `local`: the target is the emulators. */
export function compareWithCatalogue(
  objects: readonly StorageObject[],
  { local }: { local: boolean },
): CheckResult {
  const byName = new Map(objects.map((object) => [object.name, object]));
  const result: CheckResult = {
    present: [],
    missing: [],
    wrongType: [],
    staleName: [],
    unknown: [],
    localExtras: [],
  };
  const known = new Set<string>();
  for (const entry of CATALOGUE) {
    const path = storagePathOf(entry);
    known.add(path);
    const object = byName.get(path);
    if (!object) {
      result.missing.push(entry);
      continue;
    }
    result.present.push(entry);
    if (object.contentType !== contentTypeOf(entry))
      result.wrongType.push({ entry, actual: object.contentType });
    if (object.contentDisposition !== contentDispositionOf(entry)) {
      result.staleName.push({ entry, actual: object.contentDisposition });
    }
  }
  for (const object of objects) {
    // "Folder" placeholders (zero-byte names ending in /) that consoles create are not files.
    if (known.has(object.name) || object.name.endsWith('/')) continue;
    if (local && object.name === LARGE_DEMO_PATH) result.localExtras.push(object);
    else result.unknown.push(object);
  }
  return result;
}

export function exitCodeOf(result: CheckResult): number {
  return result.missing.length || result.wrongType.length ? EXIT_FAILED : EXIT_OK;
}

function report(result: CheckResult, io: CommandContext['io']): void {
  const section = (title: string, header: string[], rows: string[][]) => {
    if (!rows.length) return;
    io.out('');
    io.out(`${title} (${rows.length}):`);
    for (const line of formatTable(header, rows)) io.out(`  ${line}`);
  };
  section(
    'Missing: upload these (the file may be named either way)',
    ['Path in the bucket', 'File name', 'or'],
    result.missing.map((entry) => [storagePathOf(entry), fileNameInStorage(entry), downloadFileName(entry)]),
  );
  section(
    'Wrong content type: upload these again',
    ['Path in the bucket', 'Stored as', 'Catalogue'],
    result.wrongType.map(({ entry, actual }) => [
      storagePathOf(entry),
      actual ?? '(none)',
      contentTypeOf(entry),
    ]),
  );
  section(
    'Download name out of date (a warning: upload these again to fix)',
    ['Path in the bucket', 'Should download as'],
    result.staleName.map(({ entry }) => [storagePathOf(entry), downloadFileName(entry)]),
  );
  section(
    'Not in the catalogue (never shown on the site)',
    ['Path in the bucket', 'Content type', 'Size'],
    result.unknown.map((object) => [object.name, object.contentType ?? '(none)', `${object.size} B`]),
  );
  if (result.localExtras.length) {
    io.out('');
    io.out(
      `Also present, as expected locally: ${result.localExtras.map((o) => o.name).join(', ')} ` +
        '(the download benchmark file npm start seeds; not part of the catalogue).',
    );
  }
}

export async function main(argv: string[], overrides: Partial<CommandContext> = {}): Promise<number> {
  const ctx = defaultContext(overrides);
  return runCommand(NAME, ctx, async () => {
    const { values, positionals } = parseCommandLine(argv, TARGET_OPTIONS);
    if (values.help) {
      ctx.io.out(HELP);
      return EXIT_OK;
    }
    if (positionals.length) throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`);
    const target = resolveTarget(values, { env: ctx.env, firebaserc: readFirebaserc(ctx.rootDir) });
    ctx.io.out(describeTarget(target));

    const objects = await bucketClient(target, ctx).listObjects(MEMBERS_PREFIX);
    const result = compareWithCatalogue(objects, { local: target.kind === 'emulator' });
    report(result, ctx.io);

    const problems = [
      result.missing.length && `${result.missing.length} missing`,
      result.wrongType.length && `${result.wrongType.length} with the wrong content type`,
    ].filter(Boolean);
    const notes = [
      result.staleName.length && `${plural(result.staleName.length, 'download name')} out of date`,
      result.unknown.length && `${plural(result.unknown.length, 'file')} not in the catalogue`,
    ].filter(Boolean);
    const counts = `${result.present.length} of ${CATALOGUE.length} catalogue files present`;
    ctx.io.out('');
    ctx.io.out(
      problems.length
        ? `Check failed: ${counts}; ${problems.join(', ')}${notes.length ? `; ${notes.join(', ')}` : ''}.`
        : `Check passed: ${counts} with the right content type${notes.length ? `; ${notes.join(', ')}` : ''}.`,
    );
    return exitCodeOf(result);
  });
}

runIfMain(import.meta.url, main);
