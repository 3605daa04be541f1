import JSZip from 'jszip';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { CATALOGUE } from '../../../../src/domain/catalogue.ts';
import { englishTitle } from '../../../../admin/bucket/english-title.ts';
import { demoFile } from '../demo-files.ts';
import { demoKey } from '../group-photo/people.ts';
import { DEMO_NOTICE } from './common.ts';

const entryOf = (id: string) => CATALOGUE.find((entry) => entry.id === id)!;
const named = demoKey().flatMap((line) => (line.name ? [line.name] : []));

interface Workbook {
  /** Every XML part's text. */
  parts: Map<string, string>;
  /** The first sheet's rows, as the text of their cells. */
  rows: string[][];
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Whether the XML is well-formed as far as the writer could go wrong: tags that nest, entities escaped. */
function checkWellFormed(name: string, xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'), name).toBe(true);
  expect(/&(?!amp;|lt;|gt;|quot;|apos;)/.test(xml), `${name}: a bare &`).toBe(false);
  const open: string[] = [];
  for (const [, closing, tag, , selfClosing] of xml
    .replace(/^<\?xml[^>]*\?>/, '')
    .matchAll(/<(\/?)([\w:]+)(\s[^>]*?)?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(open.pop(), `${name}: </${tag}>`).toBe(tag);
    else open.push(tag!);
  }
  expect(open, `${name}: unclosed`).toEqual([]);
}

async function openWorkbook(bytes: Buffer): Promise<Workbook> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = new Map<string, string>();
  for (const file of Object.values(zip.files)) {
    if (file.dir || !/\.(xml|rels)$/.test(file.name)) continue;
    const xml = await file.async('string');
    checkWellFormed(file.name, xml);
    parts.set(file.name, xml);
  }
  const sheet = parts.get('xl/worksheets/sheet1.xml')!;
  const rows = [...sheet.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)].map(([, , cells]) =>
    [
      ...cells!.matchAll(/<c r="[A-Z]+\d+"[^>]*>(?:<v>([^<]*)<\/v>|<is><t[^>]*>([^<]*)<\/t><\/is>)<\/c>/g),
    ].map(([, number, text]) => unescape(number ?? text ?? '')),
  );
  return { parts, rows };
}

describe.each([
  ['attendees-list-1976', 150, 250],
  ['time-capsule-list', 30, 80],
])('the demo %s', (id, fewest, most) => {
  const entry = entryOf(id);
  let bytes: Buffer;
  let book: Workbook;

  beforeAll(async () => {
    bytes = await demoFile(entry);
    book = await openWorkbook(bytes);
  });

  it('is a workbook of well-formed parts that names its sheet, its styles and its properties', () => {
    for (const part of [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
    ]) {
      expect(book.parts.has(part), part).toBe(true);
    }
    expect(book.parts.get('[Content_Types].xml')).toContain('/xl/worksheets/sheet1.xml');
    expect(book.parts.get('xl/workbook.xml')).toMatch(/<sheet name="[^"]+" sheetId="1" r:id="rId1"\/>/);
    const core = unescape(book.parts.get('docProps/core.xml')!);
    expect(core).toContain(englishTitle(entry));
    expect(core).toContain(DEMO_NOTICE);
  });

  it('has its title, the demo notice, the column headings and a list of the right length', () => {
    expect(book.rows[0]).toEqual([englishTitle(entry)]);
    expect(book.rows.some((row) => row.join(' ').includes(DEMO_NOTICE))).toBe(true);
    const headings = book.rows.findIndex((row) => row[0] === 'No.');
    const list = book.rows.slice(headings + 1);
    expect(list.length).toBeGreaterThanOrEqual(fewest);
    expect(list.length).toBeLessThanOrEqual(most);
    list.forEach((row, i) => expect(row[0]).toBe(String(i + 1)));
  });

  it('is the same bytes from a fresh start', async () => {
    expect((await demoFile(entry)).equals(bytes)).toBe(true);
    vi.resetModules();
    const fresh = await import('./spreadsheets.ts');
    const again =
      id === 'time-capsule-list'
        ? await fresh.timeCapsuleListXlsx(englishTitle(entry))
        : await fresh.attendeesListXlsx(englishTitle(entry));
    expect(again.equals(bytes)).toBe(true);
  });
});

describe('the demo attendees list', () => {
  it('lists everyone named on the group photo’s key, once, and relatives from Norway', async () => {
    const { rows } = await openWorkbook(await demoFile(entryOf('attendees-list-1976')));
    const list = rows.slice(rows.findIndex((row) => row[0] === 'No.') + 1);
    const names = list.map((row) => row[1]);
    for (const name of named) expect(names, name).toContain(name);
    expect(new Set(names).size).toBeGreaterThan(names.length - 5); // a few made-up namesakes at most
    const fromNorway = list.filter((row) => row[3] === 'Norway').map((row) => row[1]);
    expect(fromNorway).toEqual(
      expect.arrayContaining(['Øystein Lie', 'Bjørn Tveit', 'Solveig Lie', 'Lars Øverby']),
    );
    for (const row of list) expect(row[2], row[1]).not.toBe(''); // a home town for everyone
  });
});

describe('the demo time capsule list', () => {
  it('has letters from and for the family, in Norwegian among them', async () => {
    const { rows } = await openWorkbook(await demoFile(entryOf('time-capsule-list')));
    const text = rows.map((row) => row.join(' | ')).join('\n');
    for (const name of ['Ole Haugen', 'Astrid Nordby', 'Kristin Haugen', 'Todd Bakken', 'Øystein Lie'])
      expect(text).toContain(name);
    expect(text).toContain('Letter in Norwegian');
  });
});
