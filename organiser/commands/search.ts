/**
 * npm run organiser:search -- <index [<file id>...] | list> [--project <alias|id>] [--bucket <name>] [--yes]
 *
 * The text of the member files for the search (issue 36): `index` reads it from the files already in the bucket
 * (organiser:upload does the same for the files it stores), `list` shows what each file's text holds. How the text
 * is read: admin/search/extract.ts; how it is stored: admin/search/texts.ts and src/domain/search.ts.
 */
import type { Bucket } from '../../admin/firebase-admin.ts';
import {
  describeOutcome,
  fileTextOf,
  isTextProblem,
  rangesOf,
  readSearchTexts,
  storeFileTexts,
  type TextOutcome,
} from '../../admin/search/texts.ts';
import { CATALOGUE, storagePathOf, type CatalogueEntry } from '../../src/domain/catalogue.ts';
import { SEARCH_LEVELS, searchLevelOf, searchTextsPathOf, type FileText } from '../../src/domain/search.ts';
import { listObjects, storageFailure, type StoredObject } from '../core/admin.ts';
import {
  YES_HELP,
  YES_OPTION,
  confirmChange,
  formatTable,
  plural,
  runIfMain,
  type CommandRun,
} from '../core/cli.ts';
import { EXIT_FAILED, UsageError } from '../core/errors.ts';
import { nearest } from '../core/suggest.ts';
import { defineSubcommands, subcommandOf } from '../core/subcommands.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS } from '../core/target.ts';

const NAME = 'organiser:search';
const OPTIONS = { ...TARGET_OPTIONS, ...YES_OPTION } as const;
type SearchRun = CommandRun<typeof OPTIONS>;
const searchSubcommand = subcommandOf<typeof OPTIONS>();

/** The catalogue's files that have text (not the pictures: their faces are searched by name). */
const TEXT_FILES = CATALOGUE.filter((entry) => entry.kind !== 'jpeg');

function entriesOf(ids: readonly string[]): CatalogueEntry[] {
  if (!ids.length) return TEXT_FILES;
  return ids.map((id) => {
    const entry = TEXT_FILES.find((candidate) => candidate.id === id);
    if (entry) return entry;
    const picture = CATALOGUE.some((candidate) => candidate.id === id);
    const near = nearest(
      id,
      TEXT_FILES.map((candidate) => candidate.id),
    );
    throw new UsageError(
      picture
        ? `${id} is a picture: it has no text (who is who searches the names on it).`
        : `No file "${id}" in the catalogue.${near ? ` Did you mean ${near}?` : ''}`,
    );
  });
}

async function storedObjects(run: SearchRun, bucket: Bucket): Promise<Map<string, StoredObject>> {
  try {
    return new Map((await listObjects(bucket, 'members/')).map((object) => [object.name, object]));
  } catch (err) {
    throw storageFailure(`Listing gs://${run.target.bucket}/members/`, err, run.target);
  }
}

export const index = searchSubcommand({
  name: 'index',
  usage: '[<file id>...]',
  help:
    'reads the text of the member files already in the bucket (every one, or those named) and stores it for the ' +
    "search: a PDF's pages (scanned pages by OCR, with Tesseract), a spreadsheet's rows, a presentation's slides. " +
    'Shows each file as it goes, then what was read and what was not.',
  args: (positionals) => ({ entries: entriesOf(positionals) }),
  async run(run, { entries }) {
    const { io } = run.ctx;
    const bucket = (await run.admin()).bucket(run.target.bucket);
    const stored = await storedObjects(run, bucket);
    const present = entries.filter((entry) => stored.has(storagePathOf(entry)));
    const absent = entries.filter((entry) => !stored.has(storagePathOf(entry)));
    await confirmChange(run, [
      `the search's text of ${plural(present.length, 'file')} read again and stored under members/search/`,
    ]);
    const outcomes: TextOutcome[] = [];
    for (const [at, entry] of present.entries()) {
      const path = storagePathOf(entry);
      io.out(`[${at + 1}/${present.length}] ${path}`);
      let bytes: Uint8Array;
      try {
        [bytes] = await bucket.file(path).download();
      } catch (err) {
        throw storageFailure(`Downloading gs://${run.target.bucket}/${path}`, err, run.target);
      }
      outcomes.push(
        await fileTextOf(entry, bytes, {
          ...(run.ctx.ocr ? { ocr: run.ctx.ocr } : {}),
          onOcrPage: (page, pages) => io.out(`        OCR of scanned page ${page} of ${pages}`),
        }),
      );
    }
    try {
      await storeFileTexts(bucket, outcomes);
    } catch (err) {
      throw storageFailure(
        `Storing the search's text under gs://${run.target.bucket}/members/search/`,
        err,
        run.target,
      );
    }
    return report(run, outcomes, absent);
  },
});

function report(run: SearchRun, outcomes: readonly TextOutcome[], absent: readonly CatalogueEntry[]): number {
  const { io } = run.ctx;
  io.out('');
  for (const line of formatTable(
    ['File', 'Text for the search'],
    outcomes.map((outcome) => [outcome.entry.id, describeOutcome(outcome)]),
  ))
    io.out(line);
  io.out('');
  const problems = outcomes.filter(isTextProblem);
  const read = outcomes.filter((outcome) => outcome.text);
  io.out(
    `Stored the text of ${plural(read.length, 'file')} for the search.` +
      (absent.length ? ` Not in the bucket yet: ${absent.map((entry) => entry.id).join(', ')}.` : '') +
      (problems.length ? ` ${plural(problems.length, 'file')} not read in full: see above.` : ''),
  );
  return problems.length ? EXIT_FAILED : 0;
}

/** One file's line in `list`: its level, what its text holds and whether it is of the stored file. */
function listRow(
  entry: CatalogueEntry,
  text: FileText | undefined,
  object: StoredObject | undefined,
): string[] {
  const level = searchLevelOf(entry) === 'approved' ? 'approved accounts' : 'verified accounts';
  if (!object) return [entry.id, level, 'not in the bucket'];
  if (!text) return [entry.id, level, 'no text yet: run `index`'];
  const ocr = text.parts.filter((part) => part.method === 'ocr').length;
  const words = text.parts.reduce((sum, part) => sum + part.text.split(' ').length, 0);
  return [
    entry.id,
    level,
    `${plural(text.parts.length, text.unit)}, ${plural(words, 'word')}` +
      (ocr ? `, ${ocr} by OCR` : '') +
      (text.unread.length ? `, without text: ${rangesOf(text.unread)}` : '') +
      (object.md5Hash && object.md5Hash !== text.md5
        ? '; OUT OF DATE: the stored file changed, run `index`'
        : ''),
  ];
}

export const list = searchSubcommand({
  name: 'list',
  help: "each member file's text for the search: who may search it, its pages (rows, slides) and words, which pages were read by OCR or have no text, and whether it is out of date",
  async run(run) {
    const { io } = run.ctx;
    const bucket = (await run.admin()).bucket(run.target.bucket);
    const stored = await storedObjects(run, bucket);
    const texts = new Map<string, FileText>();
    for (const level of SEARCH_LEVELS) {
      let read: Awaited<ReturnType<typeof readSearchTexts>>;
      try {
        read = await readSearchTexts(bucket, level);
      } catch (err) {
        throw storageFailure(
          `Reading gs://${run.target.bucket}/${searchTextsPathOf(level)}`,
          err,
          run.target,
        );
      }
      if (read.unreadable)
        io.out(`${searchTextsPathOf(level)} cannot be read: run \`index\` to make it again.`);
      for (const file of read.texts.files) texts.set(file.id, file);
    }
    const rows = TEXT_FILES.map((entry) =>
      listRow(entry, texts.get(entry.id), stored.get(storagePathOf(entry))),
    );
    io.out('');
    for (const line of formatTable(['File', 'Searched by', 'Text'], rows)) io.out(line);
    io.out('');
    const missing = rows.filter((row) => /no text yet|OUT OF DATE/.test(row[2]!)).length;
    io.out(
      missing
        ? `${plural(missing, 'file')} in the bucket without its text, or with an old one: \`npm run ${NAME} -- index\`.`
        : 'Every file in the bucket has its text for the search.',
    );
    return missing ? EXIT_FAILED : 0;
  },
});

export const main = defineSubcommands({
  name: NAME,
  summary:
    "The text of the member files that the members area's search finds (members/search/ in the bucket, one file " +
    'for what every verified relative may read and one for the approval-only files). organiser:upload stores the ' +
    'text of the files it uploads; this reads it for the files already there.',
  subcommands: [index, list],
  notes:
    'OCR needs Tesseract with its Norwegian and English data, and PDFs need poppler (pdftotext, pdftoppm): the ' +
    'handbook (organiser/README.md) says how to install them on macOS, Windows and Linux.',
  options: OPTIONS,
  optionsHelp: [TARGET_HELP, BUCKET_HELP, YES_HELP].join('\n'),
  epilogue:
    'Exit codes: 0 done; 1 a file could not be read in full (OCR missing, a damaged file) or, for list, a file ' +
    'has no text or an old one; 2 usage error.',
  describe: 'storage',
});

runIfMain(import.meta.url, main);
