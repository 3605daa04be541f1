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
