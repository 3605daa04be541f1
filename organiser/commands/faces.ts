/**
 * npm run organiser:faces -- <open <fileId> | import <fileId> <key.csv> | list [<fileId>] |
 *   accept <suggestionId>... | reject <suggestionId>... | export <fileId>> [--project <alias|id>] [--bucket <name>]
 *   [--yes]
 *
 * What each subcommand does is in HELP below (and the handbook, organiser/README.md). Paths, files and checks:
 * src/domain/faces.ts; how they are stored: admin/bucket/faces.ts; the tiles: admin/bucket/deep-zoom.ts. Everything
 * a relative wrote (names, notes, account names) is printed as text only (../core/terminal-text.ts).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import { CATALOGUE, storagePathOf } from '../../src/domain/catalogue.ts';
import {
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  SUGGESTION_ID_PATTERN,
  facesFilePathOf,
  facesFolderOf,
  PICTURES_FOR_NAMING,
  nameableImage,
  textProblems,
  withName,
  type Face,
  type FaceBox,
  type FacesFile,
  type TextProblem,
} from '../../src/domain/faces.ts';
import { cleanText } from '../../src/lib/relative-text.ts';
import { deepZoomOf, type DeepZoom } from '../../admin/bucket/deep-zoom.ts';
import {
  UnreadableFacesFileError,
  deleteSuggestion,
  listSuggestions,
  openedPictures,
  parseFacesPath,
  publishDeepZoom,
  readFacesFile,
  saveFacesFile,
  storedDeepZoomPaths,
  type StoredSuggestion,
  type SuggestionListing,
} from '../../admin/bucket/faces.ts';
import type { Bucket } from '../../admin/firebase-admin.ts';
import { statusOf, storageFailure } from '../core/admin.ts';
import {
  YES_HELP,
  YES_OPTION,
  confirmChange,
  defineCommand,
  plural,
  runIfMain,
  type CommandRun,
} from '../core/cli.ts';
import { csvLine, csvSeparatorOf, parseCsv, type CsvRecord } from '../core/csv.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, UsageError } from '../core/errors.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS, type Target } from '../core/target.ts';
import { oneLine } from '../core/terminal-text.ts';

const NAME = 'organiser:faces';

export const COMMANDS = ['open', 'import', 'list', 'accept', 'reject', 'export'] as const;
export type FacesCommand = (typeof COMMANDS)[number];

const OPTIONS = { ...TARGET_OPTIONS, ...YES_OPTION } as const;

/** The catalogue's pictures that can be opened for naming. */
export const NAMEABLE_IDS = CATALOGUE.map((entry) => entry.id).filter((id) => nameableImage(id));

/** Where an organiser places the markers, in the members area. */
export const pagePathOf = (fileId: string) => `/members/who-is-who/${fileId}`;

export const HELP = `Usage: npm run ${NAME} -- <command> [<id>...] [--project <alias|id>] [--bucket <name>] [--yes]

Who is who in a picture of the catalogue (members/faces/ in the bucket): the picture cut into tiles for the
who-is-who page, its faces file (each face's number, marker, row, name and note) and the suggestions
relatives send. Pictures that can be opened: ${NAMEABLE_IDS.join(', ')}.
  open <file id>              cuts the catalogue's picture (uploaded with organiser:upload) into tiles and
                              makes its faces file; opening it again cuts it again and keeps every face,
                              name and marker
  import <file id> <key.csv>  adds the names of an identification key to the faces file of an opened
                              picture: a CSV with the columns number,name,note, with or without that
                              header row; a header may add row (1: the front row) and x,y,width,height
                              (the marker's box, as fractions 0 to 1 of the picture's width and height).
                              Cells separated by semicolons, with decimal commas, are read too (as a
                              spreadsheet set to Norwegian saves them). An empty cell changes nothing. One bad line and nothing is changed: every
                              bad line is listed with its line number
  list [<file id>]            the suggestions waiting, by picture and face: the face's name now, then
                              each suggestion's id, the name and note suggested, who sent it (the
                              account's verified e-mail address and name) and when (UTC)
  accept <suggestion id>...   gives each face the name and note suggested (a note the face had goes
                              with it) and deletes the suggestion
  reject <suggestion id>...   deletes the suggestions
  export <file id>            the faces as CSV on standard output (number,name,note,row), e.g.
                              npm run ${NAME} -- export group-photo-1976 > names.csv
Markers are placed on the who-is-who page by an organiser: ${pagePathOf('<file id>')}. Every id is
looked up first: an unknown id changes nothing. What this command stores carries no download token; the
faces file the page saves does: remove it with npm run organiser:check -- --remove-tokens.

Options:
${TARGET_HELP}
${BUCKET_HELP}
${YES_HELP}
  -h, --help            this help

Exit codes: 0 done; 1 an id is unknown, a line of the key is wrong, the picture is not uploaded or not
opened (nothing changed), or a change failed (run it again); 2 usage error.`;

interface Parsed {
  command: FacesCommand;
  /** open, import, export, and list with one picture. */
  fileId?: string;
  /** import: the key's path as typed. */
  key?: string;
  /** accept, reject. */
  ids: string[];
}

function pictureOf(fileId: string | undefined, command: string): string {
  if (!fileId) throw new UsageError(`${command} needs a file id: one of ${NAMEABLE_IDS.join(', ')}.`);
  if (!nameableImage(fileId)) {
    throw new UsageError(
      `"${oneLine(fileId)}" is not a picture that can be opened for naming; one of: ${NAMEABLE_IDS.join(', ')}.`,
    );
  }
  return fileId;
}

function parse(positionals: string[]): Parsed {
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError(`Which command? One of: ${COMMANDS.join(', ')}.`);
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`Unknown command "${oneLine(command)}"; use one of: ${COMMANDS.join(', ')}.`);
  }
  const most = (count: number, what: string) => {
    if (rest.length > count) throw new UsageError(`${command} takes ${what}, not ${rest.join(' ')}.`);
  };
  switch (command as FacesCommand) {
    case 'open':
    case 'export':
      most(1, 'one file id');
      return { command: command as FacesCommand, fileId: pictureOf(rest[0], command), ids: [] };
    case 'import': {
      most(2, 'a file id and a CSV file');
      const fileId = pictureOf(rest[0], command);
      if (!rest[1]) throw new UsageError('import needs the key: import <file id> <key.csv>.');
      return { command: 'import', fileId, key: rest[1], ids: [] };
    }
    case 'list':
      most(1, 'one file id at most');
      return {
        command: 'list',
        ...(rest[0] !== undefined && { fileId: pictureOf(rest[0], command) }),
        ids: [],
      };
    case 'accept':
    case 'reject': {
      if (!rest.length) throw new UsageError(`${command} needs at least one suggestion id; list shows them.`);
      // A file name pasted from the console is fine: its .json is dropped.
      const ids = rest.map((id) => id.trim().replace(/\.json$/i, ''));
      const invalid = ids.filter((id) => !new RegExp(SUGGESTION_ID_PATTERN).test(id));
      if (invalid.length) {
        throw new UsageError(
          `Not a suggestion id: ${invalid.map(oneLine).join(', ')} (like 20260711T190322Z_k3J9xQ2mPa).`,
        );
      }
      return { command: command as FacesCommand, ids: [...new Set(ids)] };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What is in the bucket
// ---------------------------------------------------------------------------------------------------------------

type Run = CommandRun<typeof OPTIONS>;

/** A picture's faces file; undefined when it has none. One that cannot be read stops the command. */
async function facesOf(bucket: Bucket, fileId: string, target: Target): Promise<FacesFile | undefined> {
  try {
    return await readFacesFile(bucket, fileId);
  } catch (err) {
    if (err instanceof UnreadableFacesFileError) {
      throw new CommandError(
        `${err.message}. Nothing was changed. Look at it in the Firebase console (edited by hand?): the last ` +
          `good version may be in a CSV from npm run ${NAME} -- export.`,
        { cause: err },
      );
    }
    throw storageFailure(`Reading gs://${target.bucket}/${facesFilePathOf(fileId)}`, err, target);
  }
}

/** The faces file of a picture that must be opened already. */
async function openedFacesOf(bucket: Bucket, fileId: string, target: Target): Promise<FacesFile> {
  const faces = await facesOf(bucket, fileId, target);
  if (!faces) {
    throw new CommandError(
      `${fileId} is not opened for naming yet (no ${facesFilePathOf(fileId)}). Nothing was changed. ` +
        `Open it first: npm run ${NAME} -- open ${fileId}`,
    );
  }
  return faces;
}

async function saveFaces(bucket: Bucket, faces: FacesFile, target: Target): Promise<void> {
  try {
    await saveFacesFile(bucket, faces);
  } catch (err) {
    if (err instanceof RangeError)
      throw new CommandError(`${err.message} Nothing was changed.`, { cause: err });
    throw storageFailure(`Saving gs://${target.bucket}/${facesFilePathOf(faces.fileId)}`, err, target);
  }
}

async function suggestionsIn(bucket: Bucket, target: Target, fileId?: string): Promise<SuggestionListing> {
  try {
    return await listSuggestions(bucket, fileId);
  } catch (err) {
    throw storageFailure(
      `Listing the suggestions under gs://${target.bucket}/${fileId ? facesFolderOf(fileId) : 'members/faces/'}`,
      err,
      target,
    );
  }
}

/** Text from a relative (or a key) on one line, as text only, at most `max` characters. */
export function shown(text: string | undefined, max: number = MAX_NAME_LENGTH): string {
  const line = oneLine(text ?? '');
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** '2026-07-11 19:03' (UTC) from an ISO 8601 time; what it is otherwise, as text. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return /^\d{4}-\d{2}-\d{2}T/.test(iso) && !Number.isNaN(date.getTime())
    ? date.toISOString().slice(0, 16).replace('T', ' ')
    : shown(iso, 40);
}

/** How a face is named now, for a line of output. */
function nowNamed(face: Face | undefined): string {
  if (!face) return 'not in the faces file';
  return face.name ? `now "${shown(face.name)}"` : 'no name yet';
}

/** Who sent a suggestion: the account's verified e-mail address and its name, as text only. */
function senderOf(stored: StoredSuggestion): string {
  const name = shown(stored.metadata.suggesterName, 100);
  return `${shown(stored.metadata.suggesterEmail, 254)}${name ? ` (${name})` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------------
// open
// ---------------------------------------------------------------------------------------------------------------

async function open(run: Run, bucket: Bucket, fileId: string): Promise<void> {
  const { io } = run.ctx;
  const { target } = run;
  const source = storagePathOf(nameableImage(fileId)!);
  // The faces file first: one that cannot be read stops the command before anything changes.
  const existing = await facesOf(bucket, fileId, target);
  let picture: Buffer;
  try {
    [picture] = await bucket.file(source).download();
  } catch (err) {
    if (statusOf(err) === 404) {
      throw new CommandError(
        `The picture is not in the bucket (gs://${target.bucket}/${source}). Nothing was changed. Upload it ` +
          'first: npm run organiser:upload -- <folder>',
      );
    }
    throw storageFailure(`Reading gs://${target.bucket}/${source}`, err, target);
  }
  let zoom: DeepZoom;
  try {
    zoom = await deepZoomOf(picture, fileId);
  } catch (err) {
    throw new CommandError(
      `gs://${target.bucket}/${source} is not a picture that can be read ` +
        `(${oneLine(err instanceof Error ? err.message : String(err))}). Nothing was changed. Upload it again.`,
      { cause: err },
    );
  }
  const paths = new Set(zoom.files.map((file) => file.path));
  let leftovers: string[];
  try {
    leftovers = (await storedDeepZoomPaths(bucket, fileId)).filter((path) => !paths.has(path));
    await publishDeepZoom(bucket, zoom);
    // Tiles of an earlier cut of another size, which the new descriptor no longer names.
    for (const path of leftovers) await bucket.file(path).delete({ ignoreNotFound: true });
  } catch (err) {
    const failure = storageFailure(`Storing the tiles of ${fileId}`, err, target);
    throw new CommandError(`${failure.message} Run the same command again: it finishes what was left.`, {
      cause: err,
    });
  }
  await saveFaces(
    bucket,
    { fileId, width: zoom.width, height: zoom.height, faces: existing?.faces ?? [] },
    target,
  );

  const tiles = zoom.files.length - 1;
  const levels = new Set(zoom.files.slice(1).map((file) => /image_files\/(\d+)\//.exec(file.path)?.[1])).size;
  io.out('');
  io.out(
    `Cut gs://${target.bucket}/${source} (${zoom.width} x ${zoom.height} px) into ${plural(tiles, 'tile')} ` +
      `in ${plural(levels, 'level')}: gs://${target.bucket}/${facesFolderOf(fileId)}`,
  );
  if (leftovers.length) io.out(`Deleted ${plural(leftovers.length, 'tile')} of an earlier cut.`);
  if (existing) {
    const named = existing.faces.filter((face) => face.name).length;
    const placed = existing.faces.filter((face) => face.box).length;
    io.out(
      `Faces file kept: ${plural(existing.faces.length, 'face')} (${named} named, ${placed} with a marker)` +
        (existing.width !== zoom.width || existing.height !== zoom.height
          ? `; the picture's size changed from ${existing.width} x ${existing.height} px.`
          : '.'),
    );
  } else {
    io.out(`Faces file made: ${facesFilePathOf(fileId)}, no faces yet.`);
    io.out(`Next: npm run ${NAME} -- import ${fileId} <key.csv> (the identification key's names), and place`);
    io.out(`the markers on the who-is-who page as an organiser: ${pagePathOf(fileId)}`);
  }
  if (!PICTURES_FOR_NAMING.has(fileId)) {
    // The wall that refuses a suggestion elsewhere is storage.rules; the site reads the same list at build time.
    io.out('');
    io.out(`Relatives cannot suggest names for ${fileId} yet: add '${fileId}' to the list in the function`);
    io.out(
      `picturesForNaming() in storage.rules, then deploy the site and the rules: npm run organiser:deploy.`,
    );
    io.out(`Until then its who-is-who page shows the names without the form (organisers can name faces).`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// import
// ---------------------------------------------------------------------------------------------------------------

/** The columns a key may have; without a header, the first three in this order. */
export const KEY_COLUMNS = ['number', 'name', 'note', 'row', 'x', 'y', 'width', 'height'] as const;
type KeyColumn = (typeof KEY_COLUMNS)[number];
const BOX_COLUMNS = ['x', 'y', 'width', 'height'] as const;

/** What one line of a key gives a face: only what its cells hold (an empty cell gives nothing). */
export interface KeyLine {
  line: number;
  number: number;
  name?: string;
  note?: string;
  row?: number;
  box?: FaceBox;
}

const TEXT_PROBLEMS: Record<TextProblem, string> = {
  'name-missing': 'the name is empty',
  'name-too-long': `the name is longer than ${MAX_NAME_LENGTH} characters`,
  'note-too-long': `the note is longer than ${MAX_NOTE_LENGTH} characters`,
};

/**
 * Pure: the lines of a key (CSV text), each checked; `problems` lists every bad line (`line 4: ...`), and then no
 * line is to be used. Names and notes are cleaned (one line, no control characters) as the page stores them.
 */
export function readKey(text: string): { lines: KeyLine[]; problems: string[] } {
  const separator = csvSeparatorOf(text);
  const { records, problems: csvProblems } = parseCsv(text, separator);
  // A spreadsheet that separates cells by semicolons writes decimal commas.
  const [decimalMark, decimalHint] =
    separator === ';'
      ? [',', 'a decimal comma, as the cells are separated by semicolons']
      : ['.', 'a decimal point, not a comma'];
  const problems = csvProblems.map(({ line, message }) => ({ line, message }));
  let columns: KeyColumn[] = ['number', 'name', 'note'];
  let data: CsvRecord[] = records;
  const first = records[0];
  if (first && first.cells.some((cell) => cell.trim().toLowerCase() === 'number')) {
    data = records.slice(1);
    const names = first.cells.map((cell) => cell.trim().toLowerCase());
    const unknown = names.filter((name) => !(KEY_COLUMNS as readonly string[]).includes(name));
    const twice = names.filter((name, i) => names.indexOf(name) !== i);
    const box = BOX_COLUMNS.filter((name) => names.includes(name));
    if (unknown.length) {
      problems.push({
        line: first.line,
        message: `unknown column ${unknown.map((name) => `"${shown(name, 40)}"`).join(', ')} (the columns are ${KEY_COLUMNS.join(', ')})`,
      });
    } else if (twice.length) {
      problems.push({
        line: first.line,
        message: `the column ${[...new Set(twice)].join(', ')} is there twice`,
      });
    } else if (box.length && box.length < BOX_COLUMNS.length) {
      problems.push({ line: first.line, message: 'a box needs all four columns x, y, width and height' });
    }
    columns = names as KeyColumn[];
    // A wrong header makes every line wrong: it alone is reported.
    if (problems.some(({ line }) => line === first.line))
      return { lines: [], problems: problems.map(({ line, message }) => `line ${line}: ${message}`) };
  }

  const lines: KeyLine[] = [];
  const seen = new Map<number, number>();
  for (const record of data) {
    const wrong: string[] = [];
    const cell = (column: KeyColumn) => {
      const index = columns.indexOf(column);
      return index < 0 ? '' : (record.cells[index] ?? '').trim();
    };
    if (record.cells.length > columns.length && record.cells.slice(columns.length).some((c) => c.trim())) {
      wrong.push(
        `more cells than the columns ${columns.join(',')}` +
          (data === records
            ? ' (a header row names any other columns: number,name,note,row,x,y,width,height)'
            : ''),
      );
    }
    const numberText = cell('number');
    const number = /^\d{1,9}$/.test(numberText) ? Number(numberText) : NaN;
    if (!(number >= 1)) wrong.push(`the number "${shown(numberText, 20)}" is not a whole number from 1 up`);
    else if (seen.has(number)) wrong.push(`the number ${number} is on line ${seen.get(number)} already`);
    else seen.set(number, record.line);
    const name = cleanText(cell('name'));
    const note = cleanText(cell('note'));
    // An empty name leaves the face's as it is; a name of control characters alone is a mistake.
    if (cell('name') && !name) wrong.push('the name holds nothing but control characters');
    for (const problem of textProblems(name || '-', note)) wrong.push(TEXT_PROBLEMS[problem]);
    const rowText = cell('row');
    const row = /^\d{1,4}$/.test(rowText) ? Number(rowText) : NaN;
    if (rowText && !(row >= 1)) wrong.push(`the row "${shown(rowText, 20)}" is not a whole number from 1 up`);
    const boxCells = BOX_COLUMNS.map(cell);
    let box: FaceBox | undefined;
    if (boxCells.some(Boolean)) {
      const [x, y, width, height] = boxCells.map((text) => {
        const [whole, fraction, ...more] = text.split(decimalMark);
        return !more.length && /^\d*$/.test(whole!) && /^\d*$/.test(fraction ?? '') && /\d/.test(text)
          ? Number(`${whole || 0}.${fraction || 0}`)
          : NaN;
      });
      if (boxCells.some((text) => !text)) wrong.push('a box needs all four of x, y, width and height');
      else if ([x, y, width, height].some((value) => !(value! >= 0 && value! <= 1)))
        wrong.push(`x, y, width and height are fractions of the picture, from 0 to 1 (${decimalHint})`);
      else if (!(width! > 0 && height! > 0) || x! + width! > 1 + 1e-9 || y! + height! > 1 + 1e-9)
        wrong.push('the box is empty or reaches out of the picture');
      else box = { x: x!, y: y!, width: width!, height: height! };
    }
    if (wrong.length) {
      problems.push({ line: record.line, message: wrong.join('; ') });
      continue;
    }
    lines.push({
      line: record.line,
      number,
      ...(name && { name }),
      ...(note && { note }),
      ...(rowText && { row }),
      ...(box && { box }),
    });
  }
  return {
    lines,
    problems: problems.sort((a, b) => a.line - b.line).map(({ line, message }) => `line ${line}: ${message}`),
  };
}

/** Pure: the faces with a key's lines merged in (what a line does not give, the face keeps); what changed. */
export function mergeKey(
  faces: readonly Face[],
  lines: readonly KeyLine[],
): { faces: Face[]; added: number[]; changed: number[] } {
  const byNumber = new Map(faces.map((face) => [face.number, face]));
  const added: number[] = [];
  const changed: number[] = [];
  for (const line of lines) {
    const before = byNumber.get(line.number);
    const after: Face = {
      number: line.number,
      ...((line.box ?? before?.box) && { box: line.box ?? before!.box }),
      ...((line.row ?? before?.row) !== undefined && { row: line.row ?? before!.row }),
      ...((line.name ?? before?.name) && { name: line.name ?? before!.name }),
      ...((line.note ?? before?.note) && { note: line.note ?? before!.note }),
    };
    if (!before) added.push(line.number);
    else if (JSON.stringify(before) !== JSON.stringify(after)) changed.push(line.number);
    byNumber.set(line.number, after);
  }
  return { faces: [...byNumber.values()].sort((a, b) => a.number - b.number), added, changed };
}

/** "name "Ole" (was "Ola"), row 2, marker" for what differs between two faces. */
function describeChange(before: Face | undefined, after: Face): string {
  const parts: string[] = [];
  const text = (what: string, now?: string, was?: string) => {
    if (now !== was) parts.push(`${what} "${shown(now, 60)}"${was ? ` (was "${shown(was, 60)}")` : ''}`);
  };
  text('name', after.name, before?.name);
  text('note', after.note, before?.note);
  if (after.row !== before?.row) parts.push(`row ${after.row}`);
  if (JSON.stringify(after.box) !== JSON.stringify(before?.box)) parts.push('marker');
  return parts.join(', ') || 'numbered';
}

async function importKey(run: Run, bucket: Bucket, fileId: string, key: string): Promise<number> {
  const { io } = run.ctx;
  const { target } = run;
  // npm runs scripts in the repository folder; INIT_CWD is where the organiser typed the command.
  const path = resolve(run.ctx.env.INIT_CWD ?? process.cwd(), key);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new CommandError(
      `Cannot read the key ${path} (${(err as { code?: string }).code ?? String(err)}). Nothing was changed.`,
      { cause: err },
    );
  }
  const faces = await openedFacesOf(bucket, fileId, target);
  const { lines, problems } = readKey(text);
  if (problems.length) {
    io.err(
      `${key}: ${plural(problems.length, 'bad line')}; nothing was changed. Correct them and run it again:`,
    );
    for (const problem of problems) io.err(`  ${problem}`);
    return EXIT_FAILED;
  }
  if (!lines.length) throw new CommandError(`${key} has no lines with a number. Nothing was changed.`);
  const merged = mergeKey(faces.faces, lines);
  const before = new Map(faces.faces.map((face) => [face.number, face]));
  io.out('');
  if (!merged.added.length && !merged.changed.length) {
    io.out(
      `Nothing to change: the faces file of ${fileId} has all ${plural(lines.length, 'line')} of ${key} already.`,
    );
    return EXIT_OK;
  }
  await saveFaces(bucket, { ...faces, faces: merged.faces }, target);
  for (const face of merged.faces) {
    if (merged.added.includes(face.number))
      io.out(`added: face ${face.number}: ${describeChange(undefined, face)}`);
    else if (merged.changed.includes(face.number))
      io.out(`changed: face ${face.number}: ${describeChange(before.get(face.number), face)}`);
  }
  const named = merged.faces.filter((face) => face.name).length;
  io.out('');
  io.out(
    `Faces file of ${fileId} saved: ${plural(merged.faces.length, 'face')} (${named} named); ` +
      `${merged.added.length} added, ${merged.changed.length} changed, ` +
      `${lines.length - merged.added.length - merged.changed.length} as they were.`,
  );
  return EXIT_OK;
}

// ---------------------------------------------------------------------------------------------------------------
// list
// ---------------------------------------------------------------------------------------------------------------

async function list(run: Run, bucket: Bucket, fileId: string | undefined): Promise<void> {
  const { io } = run.ctx;
  const { target } = run;
  let opened: string[];
  try {
    opened = fileId ? [] : await openedPictures(bucket);
  } catch (err) {
    throw storageFailure(`Listing gs://${target.bucket}/members/faces/`, err, target);
  }
  const suggestions = await suggestionsIn(bucket, target, fileId);
  io.out('');
  if (!fileId)
    io.out(
      opened.length
        ? `Opened for naming: ${opened.join(', ')}.`
        : `No picture is opened for naming yet (npm run ${NAME} -- open <file id>).`,
    );
  if (!suggestions.length) io.out(`No suggestions waiting${fileId ? ` for ${fileId}` : ''}.`);
  const pictures = [...new Set(suggestions.map((stored) => stored.suggestion.fileId))];
  for (const picture of pictures) {
    const waiting = suggestions.filter((stored) => stored.suggestion.fileId === picture);
    let faces: Face[] | undefined;
    let missing = 'faces file not readable';
    try {
      faces = (await readFacesFile(bucket, picture))?.faces;
      missing = 'the picture is not opened (no faces file)';
    } catch (err) {
      if (!(err instanceof UnreadableFacesFileError)) throw storageFailure(`Reading ${picture}`, err, target);
      io.err(err.message);
    }
    io.out('');
    io.out(`${picture}: ${plural(waiting.length, 'suggestion')} waiting`);
    for (const number of [...new Set(waiting.map((stored) => stored.suggestion.face))]) {
      const face = faces?.find((candidate) => candidate.number === number);
      io.out(`  face ${number}, ${faces ? nowNamed(face) : missing}`);
      for (const stored of waiting.filter((candidate) => candidate.suggestion.face === number)) {
        const { suggestion } = stored;
        io.out(`    ${suggestion.id}  ${formatWhen(suggestion.createdAt)}  ${senderOf(stored)}`);
        io.out(`      name: ${shown(suggestion.name, MAX_NAME_LENGTH)}`);
        if (suggestion.note) io.out(`      note: ${shown(suggestion.note, MAX_NOTE_LENGTH)}`);
      }
    }
  }
  if (suggestions.unreadable.length) {
    io.out('');
    io.out(
      `Not readable as suggestions (${suggestions.unreadable.length}): reject them by the id in their name, or ` +
        'delete them in the Firebase console:',
    );
    for (const path of suggestions.unreadable) io.out(`  ${shown(path, 300)}`);
  }
  if (suggestions.length) {
    io.out('');
    io.out(`Accept with: npm run ${NAME} -- accept <suggestion id>... (or reject <suggestion id>...)`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// accept and reject
// ---------------------------------------------------------------------------------------------------------------

/**
 * The waiting suggestions of the ids, across the pictures; an id of a file that is no readable suggestion, for
 * reject, by its path. An id found nowhere, or twice, stops the command before anything changes.
 */
async function findSuggestions(
  bucket: Bucket,
  target: Target,
  ids: readonly string[],
  { unreadableToo }: { unreadableToo: boolean },
): Promise<{ found: StoredSuggestion[]; unreadable: string[] }> {
  const all = await suggestionsIn(bucket, target);
  const found: StoredSuggestion[] = [];
  const unreadable: string[] = [];
  const missing: string[] = [];
  const twice: string[] = [];
  const notReadable: string[] = [];
  for (const id of ids) {
    const matches = all.filter((stored) => stored.suggestion.id === id);
    const bad = all.unreadable.filter((path) => path.endsWith(`/${id}.json`));
    if (matches.length + bad.length > 1) {
      twice.push(`${id} (${[...matches.map((stored) => stored.path), ...bad].join(', ')})`);
    } else if (matches[0]) found.push(matches[0]);
    else if (bad[0] && unreadableToo) unreadable.push(bad[0]);
    else if (bad[0]) notReadable.push(`${id} (${bad[0]})`);
    else missing.push(id);
  }
  if (missing.length) {
    throw new CommandError(
      `No suggestion is waiting with the id ${missing.join(', ')}. Nothing was changed. ` +
        `\`npm run ${NAME} -- list\` shows the waiting ones.`,
    );
  }
  if (twice.length) {
    throw new CommandError(
      `More than one file has the id ${twice.join('; ')}. Nothing was changed. Delete the wrong one in the ` +
        'Firebase console.',
    );
  }
  if (notReadable.length) {
    throw new CommandError(
      `Not a suggestion that can be read, so it cannot be accepted: ${notReadable.join(', ')}. Nothing was ` +
        'changed. Reject it.',
    );
  }
  return { found, unreadable };
}

/** "face 3 of group-photo-1976, "Ola Haugen" (note "...") from member@example.com (Demo Member)" */
function describeSuggestion(stored: StoredSuggestion): string {
  const { suggestion } = stored;
  return (
    `face ${suggestion.face} of ${suggestion.fileId}: "${shown(suggestion.name, 60)}"` +
    `${suggestion.note ? ` (note "${shown(suggestion.note, 60)}")` : ''} from ${senderOf(stored)}`
  );
}

async function deleteAll(
  bucket: Bucket,
  paths: readonly string[],
  what: string,
  target: Target,
): Promise<void> {
  for (const path of paths) {
    try {
      await deleteSuggestion(bucket, path);
    } catch (err) {
      const failure = storageFailure(`${what}: deleting ${path}`, err, target);
      throw new CommandError(`${failure.message} Run the same command again for those not done above.`, {
        cause: err,
      });
    }
  }
}

async function accept(run: Run, bucket: Bucket, ids: string[]): Promise<void> {
  const { io } = run.ctx;
  const { target } = run;
  const { found } = await findSuggestions(bucket, target, ids, { unreadableToo: false });
  // Every picture's faces file first: a suggestion that cannot be accepted stops the command before any change.
  const files = new Map<string, FacesFile>();
  const refused: string[] = [];
  for (const fileId of [...new Set(found.map((stored) => stored.suggestion.fileId))])
    files.set(fileId, await openedFacesOf(bucket, fileId, target));
  const faceTaken = new Map<string, string>();
  for (const { suggestion } of found) {
    const key = `${suggestion.fileId}/${suggestion.face}`;
    if (!files.get(suggestion.fileId)!.faces.some((face) => face.number === suggestion.face))
      refused.push(
        `${suggestion.id} is for face ${suggestion.face}, which ${suggestion.fileId} does not have`,
      );
    else if (faceTaken.has(key))
      refused.push(
        `${faceTaken.get(key)} and ${suggestion.id} are both for face ${suggestion.face} of ${suggestion.fileId}: accept one`,
      );
    faceTaken.set(key, suggestion.id);
  }
  if (refused.length) throw new CommandError(`Nothing was changed: ${refused.join('; ')}.`);

  await confirmChange(
    run,
    found.map((stored) => {
      const face = files
        .get(stored.suggestion.fileId)!
        .faces.find((f) => f.number === stored.suggestion.face);
      return (
        `name ${describeSuggestion(stored)}; ${nowNamed(face)}` +
        (face?.note ? ` (note "${shown(face.note, 60)}")` : '')
      );
    }),
  );
  for (const [fileId, faces] of files) {
    const accepted = found.filter((stored) => stored.suggestion.fileId === fileId);
    let named = faces.faces;
    for (const { suggestion } of accepted)
      named = withName(named, suggestion.face, suggestion.name, suggestion.note);
    await saveFaces(bucket, { ...faces, faces: named }, target);
    for (const stored of accepted) {
      await deleteAll(bucket, [stored.path], `Accepting ${stored.suggestion.id}`, target);
      const face = named.find((f) => f.number === stored.suggestion.face)!;
      io.out(
        `accepted: ${stored.suggestion.id}: face ${face.number} of ${fileId} is "${shown(face.name)}"` +
          (face.note ? ` (note "${shown(face.note, 60)}")` : ''),
      );
    }
  }
  io.out('');
  io.out(
    `${plural(found.length, 'suggestion')} accepted. Approved relatives see the names on the who-is-who page now.`,
  );
}

async function reject(run: Run, bucket: Bucket, ids: string[]): Promise<void> {
  const { io } = run.ctx;
  const { target } = run;
  const { found, unreadable } = await findSuggestions(bucket, target, ids, { unreadableToo: true });
  await confirmChange(run, [
    ...found.map((stored) => `delete the suggestion ${stored.suggestion.id}: ${describeSuggestion(stored)}`),
    ...unreadable.map((path) => `delete ${shown(path, 300)} (not a suggestion that can be read)`),
  ]);
  for (const stored of found) {
    await deleteAll(bucket, [stored.path], `Rejecting ${stored.suggestion.id}`, target);
    io.out(`rejected (deleted): ${stored.suggestion.id}`);
  }
  for (const path of unreadable) {
    await deleteAll(bucket, [path], `Rejecting ${parseFacesPath(path)?.fileId ?? path}`, target);
    io.out(`rejected (deleted): ${shown(path, 300)}`);
  }
  io.out('');
  io.out(`${plural(found.length + unreadable.length, 'suggestion')} deleted.`);
}

// ---------------------------------------------------------------------------------------------------------------
// export
// ---------------------------------------------------------------------------------------------------------------

/** Pure: a faces file as CSV lines: the header number,name,note,row, then a line per face by number. */
export function facesCsv(faces: FacesFile): string[] {
  return [
    csvLine(['number', 'name', 'note', 'row']),
    ...[...faces.faces]
      .sort((a, b) => a.number - b.number)
      .map((face) => csvLine([face.number, face.name, face.note, face.row])),
  ];
}

async function exportCsv(run: Run, bucket: Bucket, fileId: string): Promise<void> {
  const { io } = run.ctx;
  const faces = await openedFacesOf(bucket, fileId, run.target);
  for (const line of facesCsv(faces)) io.out(line);
  const named = faces.faces.filter((face) => face.name).length;
  io.err(`Exported ${plural(faces.faces.length, 'face')} of ${fileId} (${named} named).`);
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: OPTIONS,
  describe: 'storage',
  positionals: true,
  checkArguments: (_values, positionals) => void parse(positionals),
  // export writes CSV on stdout: everything else goes to stderr, so that `> names.csv` holds the CSV only.
  dataOnStdout: (_values, positionals) => positionals[0] === 'export',
  async run(run) {
    const parsed = parse(run.positionals);
    // Connects first (a real project: the credentials are tried), so that a login problem reads as one.
    const bucket = (await run.admin()).bucket(run.target.bucket);
    switch (parsed.command) {
      case 'open':
        await open(run, bucket, parsed.fileId!);
        break;
      case 'import':
        return importKey(run, bucket, parsed.fileId!, parsed.key!);
      case 'list':
        await list(run, bucket, parsed.fileId);
        break;
      case 'accept':
        await accept(run, bucket, parsed.ids);
        break;
      case 'reject':
        await reject(run, bucket, parsed.ids);
        break;
      case 'export':
        await exportCsv(run, bucket, parsed.fileId!);
        break;
    }
    return EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
