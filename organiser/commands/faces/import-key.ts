/**
 * organiser:faces import <file id> <key.csv>: the names of an identification key added to a picture's faces file.
 * The key is read and checked whole (readKey, pure) and merged into the faces (mergeKey, pure): one bad line and
 * nothing is changed.
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';

import {
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  textProblems,
  type Face,
  type FaceBox,
  type TextProblem,
} from '../../../src/domain/faces.ts';
import { cleanText } from '../../../src/lib/relative-text.ts';
import { plural } from '../../core/cli.ts';
import { csvSeparatorOf, parseCsv, type CsvRecord } from '../../core/csv.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, UsageError } from '../../core/errors.ts';
import { atMost, bucketOf, facesSubcommand, openedFacesOf, pictureOf, saveFaces } from './common.ts';
import { shortLine } from '../../core/terminal-text.ts';

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
        message: `unknown column ${unknown.map((name) => `"${shortLine(name, 40)}"`).join(', ')} (the columns are ${KEY_COLUMNS.join(', ')})`,
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
    if (!(number >= 1))
      wrong.push(`the number "${shortLine(numberText, 20)}" is not a whole number from 1 up`);
    else if (seen.has(number)) wrong.push(`the number ${number} is on line ${seen.get(number)} already`);
    else seen.set(number, record.line);
    const name = cleanText(cell('name'));
    const note = cleanText(cell('note'));
    // An empty name leaves the face's as it is; a name of control characters alone is a mistake.
    if (cell('name') && !name) wrong.push('the name holds nothing but control characters');
    for (const problem of textProblems(name || '-', note)) wrong.push(TEXT_PROBLEMS[problem]);
    const rowText = cell('row');
    const row = /^\d{1,4}$/.test(rowText) ? Number(rowText) : NaN;
    if (rowText && !(row >= 1))
      wrong.push(`the row "${shortLine(rowText, 20)}" is not a whole number from 1 up`);
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
    if (now !== was)
      parts.push(`${what} "${shortLine(now, 60)}"${was ? ` (was "${shortLine(was, 60)}")` : ''}`);
  };
  text('name', after.name, before?.name);
  text('note', after.note, before?.note);
  if (after.row !== before?.row) parts.push(`row ${after.row}`);
  if (JSON.stringify(after.box) !== JSON.stringify(before?.box)) parts.push('marker');
  return parts.join(', ') || 'numbered';
}

export const importKey = facesSubcommand({
  name: 'import',
  usage: '<file id> <key.csv>',
  help:
    'adds the names of an identification key to the faces file of an opened picture: a CSV with the columns ' +
    'number,name,note, with or without that header row; a header may add row (1: the front row) and ' +
    "x,y,width,height (the marker's box, as fractions 0 to 1 of the picture's width and height). Cells separated " +
    'by semicolons, with decimal commas, are read too (as a spreadsheet set to Norwegian saves them). An empty ' +
    'cell changes nothing. One bad line and nothing is changed: every bad line is listed with its line number',
  args: (positionals) => {
    atMost('import', positionals, 2, 'a file id and a CSV file');
    const [fileId, key] = positionals;
    const picture = pictureOf(fileId, 'import');
    if (!key) throw new UsageError('import needs the key: import <file id> <key.csv>.');
    return { fileId: picture, key };
  },
  async run(run, { fileId, key }) {
    const bucket = await bucketOf(run);
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
    await saveFaces(bucket, { ...faces, faces: merged.faces }, target, {
      replaced: faces,
      what: `key ${basename(key)} imported: ${merged.added.length} faces added, ${merged.changed.length} changed`,
    });
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
  },
});
