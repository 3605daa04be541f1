import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { CATALOGUE } from '../../../../src/domain/catalogue.ts';
import { englishTitle } from '../../../../admin/bucket/english-title.ts';
import { demoFile } from '../demo-files.ts';
import { demoKey } from '../group-photo/people.ts';
import { DEMO_NOTICE } from './common.ts';
import { SPELLING_VARIANTS } from './family.ts';
import { bookPagesOf, genealogyBookLayout } from './genealogy-book.ts';

const entry = CATALOGUE.find((candidate) => candidate.id === 'genealogy-book-1986')!;
const named = demoKey().flatMap((line) => (line.name ? [line.name] : []));
const normalise = (text: string) => text.replace(/\s+/g, ' ');

/** The PDF's text layer as poppler reads it, page by page. */
function pdftotext(pdf: Buffer): string[] {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);
}

describe('the demo genealogy book', () => {
  let pdf: Buffer;
  let pages: string[];
  let text: string;

  beforeAll(async () => {
    pdf = await demoFile(entry);
    pages = pdftotext(pdf);
    text = normalise(pages.join(' '));
  });

  it('is a book of dozens of pages with a text layer, page numbers printed in order', async () => {
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getPageCount()).toBeGreaterThanOrEqual(30);
    expect(pages).toHaveLength(loaded.getPageCount());
    expect(loaded.getTitle()).toBe(englishTitle(entry));
    expect(loaded.getSubject()).toBe(DEMO_NOTICE);
    pages.slice(1).forEach((page, i) => {
      expect(
        page.split('\n').map((line) => line.trim()),
        `page ${i + 2}`,
      ).toContain(String(i + 2));
    });
  });

  it('says on its title page and at its end that it is demo material', () => {
    expect(normalise(pages[0]!)).toContain(DEMO_NOTICE);
    expect(normalise(pages[pages.length - 1]!)).toContain(DEMO_NOTICE);
  });

  it('names every family of the group photo’s key, and every named person in it by full name', () => {
    const surnames = new Set(named.map((name) => name.split(' ').pop()!));
    for (const surname of surnames) expect(text, surname).toContain(surname);
    for (const name of named) expect(text, name).toContain(name);
  });

  it('has the American spellings of the Norwegian names beside the Norwegian ones', () => {
    for (const [norwegian, american] of SPELLING_VARIANTS) {
      for (const spelling of [norwegian, american])
        expect(new RegExp(`(?<!\\p{L})${spelling}(?!\\p{L})`, 'u').test(text), spelling).toBe(true);
    }
  });

  it('has places in Norway, North Dakota and Minnesota', () => {
    for (const place of [
      'Vågå',
      'Leikanger',
      'Gudbrandsdalen',
      'Rolette, N.D.',
      'Rolla, N.D.',
      'Fergus Falls, Minn.',
    ])
      expect(text).toContain(place);
  });

  it('has an index of names whose page numbers are the pages the names are on', async () => {
    const { index } = await genealogyBookLayout();
    const ole = index.find((line) => line.name === 'Ole Haugen')!;
    expect(ole.pages.length).toBeGreaterThan(3);
    // Under his name in America or the one he was christened with.
    for (const page of ole.pages)
      expect(normalise(pages[page - 1]!), `page ${page}`).toMatch(/Ole (Haugen|Halvorsen)/);
    expect(await bookPagesOf('Astrid Nordby')).toContain(1);
    expect(text).toMatch(/Haugen, Ole \(1884–1979\)|Haugen, Ole, 1884–1979/);
  });

  it('is the same bytes from a fresh start (its people are made up from fixed seeds)', async () => {
    expect((await demoFile(entry)).equals(pdf)).toBe(true);
    vi.resetModules();
    const fresh = await import('./genealogy-book.ts');
    expect((await fresh.genealogyBookPdf(englishTitle(entry))).equals(pdf)).toBe(true);
  });
});
