/**
 * The identification key as CSV: read with every check (organiser:faces import), written as organiser:faces export,
 * the archive and the demo seed write it, and what is written reads back as it was, with nothing a spreadsheet would
 * run as a formula.
 */
import { describe, expect, it } from 'vitest';

import type { Face } from '../src/domain/faces.ts';
import { KEY_COLUMNS, readKey, writeKey } from './identification-key.ts';

describe('readKey', () => {
  it('a key a Norwegian spreadsheet saved: semicolons between the cells, decimal commas in the box', () => {
    expect(
      readKey(
        'Number;Name;Note;Row;x;y;width;height\r\n' +
          '1;Haugen, Ole;"far; bestefar";2;0,5;0,25;0,1;0,125\r\n' +
          '2;Kari;;;0.5;0,25;0,1;0,125\r\n',
      ),
    ).toEqual({
      lines: [
        {
          line: 2,
          number: 1,
          name: 'Haugen, Ole',
          note: 'far; bestefar',
          row: 2,
          box: { x: 0.5, y: 0.25, width: 0.1, height: 0.125 },
        },
      ],
      problems: [
        'line 3: x, y, width and height are fractions of the picture, from 0 to 1 ' +
          '(a decimal comma, as the cells are separated by semicolons)',
      ],
    });
    expect(readKey('7;Nils Dahl\n8;Ingrid;Mor\n').lines).toEqual([
      { line: 1, number: 7, name: 'Nils Dahl' },
      { line: 2, number: 8, name: 'Ingrid', note: 'Mor' },
    ]);
  });

  it('an unknown column, a box without all its columns, more cells than number,name,note without a header', () => {
    expect(readKey('number,name,age\n1,Ole,80\n').problems).toEqual([
      'line 1: unknown column "age" (the columns are number, name, note, row, x, y, width, height)',
    ]);
    expect(readKey('number,x,y\n1,0.1,0.1\n').problems).toEqual([
      'line 1: a box needs all four columns x, y, width and height',
    ]);
    expect(readKey('1,Ole,Far,2\n').problems).toEqual([
      'line 1: more cells than the columns number,name,note (a header row names any other columns: ' +
        'number,name,note,row,x,y,width,height)',
    ]);
    expect(readKey('number,name\n1,Ole\n')).toEqual({
      lines: [{ line: 2, number: 1, name: 'Ole' }],
      problems: [],
    });
  });

  it('drops the apostrophe a spreadsheet-safe key puts before a formula’s first character, with either separator', () => {
    expect(readKey("number;name;note\n1;'=SUM(A1);'@home\n").lines).toEqual([
      { line: 2, number: 1, name: '=SUM(A1)', note: '@home' },
    ]);
    expect(readKey('number,name,note\n1,\'-Per,"see key;\'=1+1;"\n').lines).toEqual([
      { line: 2, number: 1, name: '-Per', note: 'see key;=1+1;' },
    ]);
  });
});

describe('writeKey', () => {
  it('a line per face by number', () => {
    expect(writeKey([{ number: 2, name: 'B' }, { number: 1 }])).toEqual([
      'number,name,note,row',
      '1,,,',
      '2,B,,',
    ]);
  });

  it('with boxes: the full key, which readKey reads back as it was', () => {
    const box = { x: 0.25, y: 0.5, width: 0.125, height: 0.0625 };
    const lines = writeKey(
      [
        { number: 2, name: 'Ola, "Junior"', note: '=1+1', row: 1, box },
        { number: 1, row: 2 },
      ],
      { boxes: true },
    );
    expect(lines).toEqual([
      'number,name,note,row,x,y,width,height',
      '1,,,2,,,,',
      `2,"Ola, ""Junior""",'=1+1,1,0.25,0.5,0.125,0.0625`,
    ]);
    const { lines: read, problems } = readKey(lines.join('\n'));
    expect(problems).toEqual([]);
    expect(read.map(({ number, name, note, row, box }) => ({ number, name, note, row, box }))).toEqual([
      { number: 1, name: undefined, note: undefined, row: 2, box: undefined },
      { number: 2, name: 'Ola, "Junior"', note: '=1+1', row: 1, box },
    ]);
  });

  /** Text a relative or an organiser may have typed that a spreadsheet would run, or split and then run. */
  const HOSTILE: Face[] = [
    { number: 1, name: '=HYPERLINK("http://example.com","Kari")', note: '+47 123 45 678', row: 1 },
    { number: 2, name: '-Per', note: '@home', row: 2, box: { x: 0.5, y: 0.25, width: 0.1, height: 0.125 } },
    { number: 3, name: "'=quoted", note: 'see key;=1+1;' },
    { number: 4, name: 'Nils, "Junior"', note: 'far, =bestefar; @onkel' },
    { number: 5 },
  ];

  it('a key with hostile text reads back as it was, boxes and all', () => {
    const { lines, problems } = readKey(`${writeKey(HOSTILE, { boxes: true }).join('\r\n')}\r\n`);
    expect(problems).toEqual([]);
    expect(lines.map(({ number, name, note, row, box }) => ({ number, name, note, row, box }))).toEqual(
      HOSTILE,
    );
  });

  it('no cell, nor any part a spreadsheet splitting at commas or semicolons sees, starts a formula', () => {
    const written = writeKey(HOSTILE, { boxes: true });
    expect(written[0]).toBe(KEY_COLUMNS.join(','));
    for (const line of written) {
      for (const part of line.split(/[,;]/)) expect(part, line).not.toMatch(/^[\s"]*[=+\-@]/);
    }
  });
});
