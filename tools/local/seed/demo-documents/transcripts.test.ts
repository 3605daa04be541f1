import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';

import { CATALOGUE } from '../../../../src/domain/catalogue.ts';
import { englishTitle } from '../../../../admin/bucket/english-title.ts';
import { demoFile } from '../demo-files.ts';
import { DEMO_NOTICE } from './common.ts';
import { personNamed } from './family.ts';
import { NORWEGIAN_DOCUMENT_IDS } from './index.ts';
import { INTERVIEW_1982 } from './interview-1982.ts';
import { PIONEER_INTERVIEWS } from './interviews-1938.ts';
import { PIONEER_MEMORIES } from './pioneer-memories.ts';

const TRANSCRIPTS = [...PIONEER_INTERVIEWS, INTERVIEW_1982, ...PIONEER_MEMORIES];
const entryOf = (id: string) => CATALOGUE.find((entry) => entry.id === id)!;
const normalise = (text: string) => text.replace(/\s+/g, ' ');

function pdftotext(pdf: Buffer): string[] {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);
}

const childrenOf = (name: string) =>
  personNamed(name).unions.flatMap((union) => union.children.map((child) => child.name.split(' ')[0]));

describe.each(TRANSCRIPTS)('the demo $id', (transcript) => {
  it('is a typed transcript of two to eight numbered pages with a text layer and the demo notice', async () => {
    const entry = entryOf(transcript.id);
    const pdf = await demoFile(entry);
    const loaded = await PDFDocument.load(pdf);
    expect(loaded.getTitle()).toBe(englishTitle(entry));
    expect(loaded.getSubject()).toBe(DEMO_NOTICE);
    const pages = pdftotext(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.length).toBeLessThanOrEqual(8);
    expect(normalise(pages[0]!)).toContain(DEMO_NOTICE);
    const label = transcript.pageLabel.replace('{n}', '');
    pages.forEach((page, i) => expect(page).toContain(`${label}${i + 1}`));
    expect((await demoFile(entry)).equals(pdf)).toBe(true);
  });
});

describe('the demo interviews', () => {
  const text = async (id: string) => normalise(pdftotext(await demoFile(entryOf(id))).join(' '));

  it('tell of homesteading, blizzards, the railway war, the church and the founding of Rolette', async () => {
    const all = (await Promise.all(PIONEER_INTERVIEWS.map((t) => text(t.id)))).join(' ');
    for (const words of ['homestead', 'blizzard', 'railway war', 'church', '1905', 'Rolette', 'sod house'])
      expect(all).toContain(words);
  });

  it('are in Norwegian for Ole Haugen’s memories, naming his family', async () => {
    expect(NORWEGIAN_DOCUMENT_IDS).toEqual(['pioneer-memories-1', 'pioneer-memories-2']);
    const norwegian = (await Promise.all(NORWEGIAN_DOCUMENT_IDS.map(text))).join(' ');
    for (const words of [
      'Vågå',
      'jernbanekrigen',
      'snøstorm',
      'kirka',
      'Marta Myhre',
      'Ola Sæther',
      'Knute Olson',
      'Lars Bakken',
    ])
      expect(norwegian.toLowerCase()).toContain(words.toLowerCase());
  });

  it('agree with the family book on the children they name', () => {
    expect(childrenOf('Ole Haugen')).toEqual(['Halvor', 'Kari', 'Peter', 'Ingeborg', 'Astrid']);
    expect(childrenOf('Ingrid Haugen')).toEqual(['Marit', 'Lloyd', 'Dorothy', 'Margaret']);
    expect(childrenOf('John Sæther')).toHaveLength(4);
    expect(childrenOf('John Sæther').slice(-2)).toEqual(['Sigrid', 'Dagny']);
    expect(childrenOf('Anna Sæther')).toHaveLength(3);
  });
});
