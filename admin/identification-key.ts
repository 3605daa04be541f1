/**
 * The identification key of a picture as a CSV file: one line per face (its number, name, note, row, and its
 * marker's box as fractions of the picture), as a spreadsheet saves it. One module reads it (organiser:faces import)
 * and writes it (organiser:faces export, the archive's names, the demo seed's key), so that whatever one writes the
 * other reads back as it was. The cells go through ./csv.ts: a name or note a relative typed (=, +, -, @ ...) is
 * never a formula in the organiser's spreadsheet.
 */
import {
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  textProblems,
  type Face,
  type FaceBox,
  type TextProblem,
} from '../src/domain/faces.ts';
import { cleanText } from '../src/lib/relative-text.ts';
import { csvLine, csvSeparatorOf, parseCsv, type CsvRecord } from './csv.ts';
import { shortLine } from './terminal-text.ts';

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

/**
 * Pure: a key as CSV lines, by number: the header number,name,note,row (and with `boxes`, x,y,width,height: each box
 * as fractions of the picture, as readKey() reads them back), then a line per face.
 */
export function writeKey(faces: readonly Face[], { boxes = false }: { boxes?: boolean } = {}): string[] {
  const columns = boxes ? KEY_COLUMNS : KEY_COLUMNS.slice(0, 4);
  return [
    csvLine([...columns]),
    ...[...faces]
      .sort((a, b) => a.number - b.number)
      .map((face) =>
        csvLine([
          face.number,
          face.name,
          face.note,
          face.row,
          ...(boxes ? [face.box?.x, face.box?.y, face.box?.width, face.box?.height] : []),
        ]),
      ),
  ];
}
