import { describe, expect, it } from 'vitest';

import { csvCell, csvLine, csvSeparatorOf, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads cells, quoted cells (commas, doubled quotes, line breaks) and every line ending, with line numbers', () => {
    const text =
      '\uFEFFnumber,name,note\r\n' +
      '1,"Haugen, Ole","called ""Big Ole"""\r\n' +
      '\n' +
      ',, \n' +
      '2,Kari,"two\nlines"\n' +
      '3,Per\r' +
      '4,"",\n' +
      '5';
    expect(parseCsv(text)).toEqual({
      records: [
        { line: 1, cells: ['number', 'name', 'note'] },
        { line: 2, cells: ['1', 'Haugen, Ole', 'called "Big Ole"'] },
        { line: 5, cells: ['2', 'Kari', 'two\nlines'] },
        { line: 7, cells: ['3', 'Per'] },
        { line: 8, cells: ['4', '', ''] },
        { line: 9, cells: ['5'] },
      ],
      problems: [],
    });
  });

  it('a quote not closed, or text after a closing quote: a problem on the record’s first line', () => {
    expect(parseCsv('1,"Ole" Haugen,x\n2,Kari\n3,"Per\n\n')).toEqual({
      records: [{ line: 2, cells: ['2', 'Kari'] }],
      problems: [
        {
          line: 1,
          message: 'text after the closing quote of a cell (write a quote inside a quoted cell as "")',
        },
        { line: 3, message: 'a quoted cell is not closed (a " is missing)' },
      ],
    });
  });

  it('drops the apostrophe that guards a formula, and only that one', () => {
    expect(parseCsv("'=1+1,'+47,'-,'@x,'Ole,''=x,=x\n").records[0]!.cells).toEqual([
      '=1+1',
      '+47',
      '-',
      '@x',
      "'Ole",
      "'=x",
      '=x',
    ]);
  });
});

describe('csvSeparatorOf and semicolons', () => {
  it('a semicolon where the first line has more of them than commas outside quotes, else a comma', () => {
    expect(csvSeparatorOf('number,name,note\n1;2;3;4\n')).toBe(',');
    expect(csvSeparatorOf('\uFEFFnumber;name;note\r\n1,Ole,x\r\n')).toBe(';');
    // A Norwegian spreadsheet quotes only a cell with a semicolon, a quote or a line break.
    expect(csvSeparatorOf('12;Haugen, Ole;far\n')).toBe(';');
    expect(csvSeparatorOf('12,"Haugen; Ole; Kari",far\n')).toBe(',');
    expect(csvSeparatorOf('12,Ole;Kari;Per,far,x\n')).toBe(',');
    expect(csvSeparatorOf('"a\nb;c;d",e\n')).toBe(',');
    expect(csvSeparatorOf('"a\nb";c;d\n')).toBe(';');
    expect(csvSeparatorOf('')).toBe(',');
  });

  it('reads cells separated by semicolons: a comma is text there, a semicolon in quotes too', () => {
    expect(
      parseCsv('number;name;note\r\n1;Haugen, Ole;"far; bestefar"\r\n2;"Kari ""Kaja""";\r\n', ';'),
    ).toEqual({
      records: [
        { line: 1, cells: ['number', 'name', 'note'] },
        { line: 2, cells: ['1', 'Haugen, Ole', 'far; bestefar'] },
        { line: 3, cells: ['2', 'Kari "Kaja"', ''] },
      ],
      problems: [],
    });
    expect(parseCsv('1;"Ole",x\n', ';').problems).toEqual([
      {
        line: 1,
        message: 'text after the closing quote of a cell (write a quote inside a quoted cell as "")',
      },
    ]);
  });
});

describe('csvCell and csvLine', () => {
  it('quotes a cell with a comma, a quote or a line break; guards formulas with an apostrophe', () => {
    expect(csvLine([1, 'Haugen, Ole', 'called "Big Ole"', undefined, 'a\nb'])).toBe(
      '1,"Haugen, Ole","called ""Big Ole""",,"a\nb"',
    );
    expect(
      ['=HYPERLINK("http://x")', '+47 123', '-1', '@SUM(A1)', '\tx', '\rx', 'Ole=Per'].map(csvCell),
    ).toEqual([`"'=HYPERLINK(""http://x"")"`, "'+47 123", "'-1", "'@SUM(A1)", "'\tx", `"'\rx"`, 'Ole=Per']);
  });

  it('reads back what it writes', () => {
    const cells = ['=1+1', "'=1", "''+", "'Ole", 'Haugen, Ole', '"quoted"', 'two\nlines', '-', ''];
    expect(parseCsv(`${csvLine(cells)}\n`).records[0]!.cells).toEqual(cells);
  });
});

/**
 * A spreadsheet that reads a line with the other list separator ignores the quotes around a cell it cannot see
 * begin: it splits at every `,` (English) or `;` (Norwegian) and at every line break. The pieces a formula could
 * start: each one, a leading quote and spaces taken off.
 */
function formulaPieces(line: string, separator: ',' | ';'): string[] {
  return line
    .split(new RegExp(`[${separator}\\r\\n]`))
    .map((piece) => piece.replace(/^"?\s*/, ''))
    .filter((piece) => /^[=+\-@\t\r]/.test(piece));
}

describe('a CSV written here, opened in a spreadsheet with either list separator', () => {
  const hostile = [
    'see key;=1+1;',
    'Ole, =HYPERLINK("http://x")',
    'a;+47;b',
    'x;@SUM(A1)',
    'a,-1',
    'a; =1',
    'one\n=2+2',
    'tab;\tx',
    "already;'=1",
  ];

  it('the oracle finds the formula a spreadsheet would run in what is not guarded', () => {
    expect(formulaPieces('1,"see key;=1+1;"', ';')).toEqual(['=1+1']);
    expect(formulaPieces('1,"a;b, =2"', ',')).toEqual(['=2"']);
    expect(formulaPieces('1,"one\n=2+2"', ',')).toEqual(['=2+2"']);
    expect(formulaPieces('1,"see key;\'=1+1;"', ';')).toEqual([]);
  });

  it.each([',', ';'] as const)('runs nothing when split at every %s', (separator) => {
    const line = csvLine([1, ...hostile, 2]);
    expect(formulaPieces(line, separator)).toEqual([]);
  });

  it('reads back unchanged, with commas and with semicolons between the cells', () => {
    const cells = ['1', ...hostile];
    expect(parseCsv(`${csvLine(cells)}\n`).records[0]!.cells).toEqual(cells);
    // The same record as a Norwegian spreadsheet would save it again: semicolons, every cell quoted.
    const semicolons = parseCsv(`${csvLine(cells)}\n`)
      .records[0]!.cells.map((cell) => csvCell(cell))
      .map((cell) => (cell.startsWith('"') ? cell : `"${cell.replace(/"/g, '""')}"`))
      .join(';');
    expect(parseCsv(`${semicolons}\n`, ';').records[0]!.cells).toEqual(cells);
  });

  it('leaves an apostrophe the relative wrote where no formula follows', () => {
    expect(csvCell("it's; 'Ole")).toBe("it's; 'Ole");
  });
});
