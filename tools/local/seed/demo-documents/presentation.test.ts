import JSZip from 'jszip';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { CATALOGUE } from '../../../../src/domain/catalogue.ts';
import { englishTitle } from '../../../../admin/bucket/english-title.ts';
import { demoFile } from '../demo-files.ts';
import { DEMO_NOTICE } from './common.ts';

const entry = CATALOGUE.find((candidate) => candidate.id === 'two-reunions-presentation')!;

/** The text of a slide's XML: the runs' text, in order. */
const textOf = (xml: string) =>
  [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)]
    .map(([, text]) => text!)
    .join(' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

describe('the demo presentation', () => {
  let bytes: Buffer;
  let slides: string[];
  let notes: string[];

  beforeAll(async () => {
    bytes = await demoFile(entry);
    const zip = await JSZip.loadAsync(bytes);
    const numbered = (prefix: string) =>
      Object.keys(zip.files)
        .map((name) => new RegExp(`^${prefix}(\\d+)\\.xml$`).exec(name))
        .filter((match) => match !== null)
        .sort((a, b) => Number(a[1]) - Number(b[1]))
        .map((match) => match[0]);
    slides = await Promise.all(numbered('ppt/slides/slide').map((name) => zip.file(name)!.async('string')));
    notes = await Promise.all(
      numbered('ppt/notesSlides/notesSlide').map((name) => zip.file(name)!.async('string')),
    );
  });

  it('has six to ten slides, the first with the title and the demo notice', () => {
    expect(slides.length).toBeGreaterThanOrEqual(6);
    expect(slides.length).toBeLessThanOrEqual(10);
    expect(textOf(slides[0]!)).toContain(englishTitle(entry));
    expect(textOf(slides[0]!)).toContain(DEMO_NOTICE);
    for (const slide of slides.slice(1)) expect(textOf(slide)).toContain(DEMO_NOTICE);
  });

  it('tells of both reunions in real slide text and speaker notes', () => {
    const text = slides.map(textOf).join(' ');
    for (const words of [
      '1976',
      'July 10–12, 2026',
      'time capsule',
      'Ole Haugen',
      'Vågå',
      'Leikanger',
      'Sather',
      '2076',
    ])
      expect(text).toContain(words);
    expect(notes.map(textOf).join(' ')).toContain('planning committee');
  });

  it('is the same bytes from a fresh start', async () => {
    expect((await demoFile(entry)).equals(bytes)).toBe(true);
    vi.resetModules();
    const fresh = await import('./presentation.ts');
    expect((await fresh.twoReunionsPptx(englishTitle(entry))).equals(bytes)).toBe(true);
  });
});
