/**
 * CSV as spreadsheets read and write it (RFC 4180): cells separated by commas, a cell holding a comma, a quote or a
 * line break between double quotes, a quote inside doubled. For the identification keys (./identification-key.ts).
 * Read with semicolons between the cells too: a spreadsheet set to Norwegian (or any language that writes decimal
 * commas) saves CSV so.
 *
 * A cell a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage return) is written
 * with a leading apostrophe, which spreadsheets show as text and do not run ("CSV injection"). Not only at the
 * cell's start: a spreadsheet set to the other list separator (semicolons in Norwegian, commas in English) splits
 * the line at every `;` or `,`, quotes or not, so `see key;=1+1;` would become three cells, the middle one a
 * formula. Every part after a `,`, a `;` or a line break is guarded the same way. Reading drops exactly those apostrophes again,
 * so that a file written here reads back as it was (a part starting with '= gets one more).
 */

/** One record of a CSV file, with the line it starts on (1 for the first). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A record that cannot be read: a quoted cell not closed, or text after a closing quote. */
export interface CsvProblem {
  line: number;
  message: string;
}

export type CsvSeparator = ',' | ';';

/**
 * The separator of a CSV text: a semicolon when its first line holds more semicolons than commas outside quoted
 * cells (a header `number;name;note`, or `12;Haugen, Ole;` where only the name has a comma), else a comma.
 */
export function csvSeparatorOf(text: string): CsvSeparator {
  let [commas, semicolons, quoted] = [0, 0, false];
  for (const char of text.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The records of a CSV text (a leading byte order mark dropped; line breaks CRLF, LF or CR), the empty ones (no
 * cell holds anything but spaces) left out. A record that cannot be read is in `problems` instead, with its line.
 */
export function parseCsv(
  text: string,
  separator: CsvSeparator = ',',
): { records: CsvRecord[]; problems: CsvProblem[] } {
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  const cellEnd = separator === ',' ? /[,\r\n]/ : /[;\r\n]/;
  const source = text.replace(/^\uFEFF/, '');
  let i = 0;
  let line = 1;
  while (i < source.length) {
    const start = line;
    const cells: string[] = [];
    let problem: string | undefined;
    let cell = '';
    let atEnd = false;
    while (!atEnd) {
      if (source[i] === '"') {
        // A quoted cell: up to the quote that is not doubled.
        i += 1;
        let closed = false;
        while (i < source.length) {
          const char = source[i]!;
          if (char === '"') {
            if (source[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (char === '\n' || (char === '\r' && source[i + 1] !== '\n')) line += 1;
          cell += char;
          i += 1;
        }
        if (!closed) problem ??= 'a quoted cell is not closed (a " is missing)';
        // Only a separator or the end of the record may follow the closing quote.
        while (i < source.length && !cellEnd.test(source[i]!)) {
          problem ??= 'text after the closing quote of a cell (write a quote inside a quoted cell as "")';
          i += 1;
        }
      } else {
        while (i < source.length && !cellEnd.test(source[i]!)) cell += source[i++];
      }
      cells.push(cell);
      cell = '';
      if (source[i] === separator) i += 1;
      else {
        if (source[i] === '\r') i += 1;
        if (source[i] === '\n') i += 1;
        line += 1;
        atEnd = true;
      }
    }
    if (problem) problems.push({ line: start, message: problem });
    else if (cells.some((value) => value.trim() !== ''))
      records.push({ line: start, cells: cells.map(unguarded) });
  }
  return { records, problems };
}

/**
 * Where a spreadsheet may see a cell begin (the start, after a `,` or `;`, or after a line break inside a quoted cell,
 * which a spreadsheet reading the other separator takes for a new row), then spaces, then the apostrophes
 * before a formula's first character: guarded() adds one apostrophe there, unguarded() takes one away, so that the
 * two are exact inverses (a part written as '= by the relative reads back as '=).
 */
const GUARDED_PART = /(^|[,;\n\r])( *)(?='*[=+\-@\t\r])/g;
const UNGUARDED_PART = /(^|[,;\n\r])( *)'(?='*[=+\-@\t\r])/g;

/** A cell as a spreadsheet shows it as text, whichever list separator it splits on. */
function guarded(value: string): string {
  return value.replace(GUARDED_PART, "$1$2'");
}

/** A cell read: each apostrophe guarded() put in front of a formula's first character dropped. */
function unguarded(value: string): string {
  return value.replace(UNGUARDED_PART, '$1$2');
}

/** One cell, guarded against formulas and quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | undefined): string {
  const text = guarded(value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record as a line of CSV (without its line break). */
export function csvLine(cells: readonly (string | number | undefined)[]): string {
  return cells.map(csvCell).join(',');
}
