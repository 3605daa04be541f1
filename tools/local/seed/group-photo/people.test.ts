/**
 * The demo key: 72 faces numbered as keys number them, most named (with diacritics to search, eight unnamed), a few
 * notes, and its CSV, which organiser:faces import reads back as it was.
 */
import { describe, expect, it } from 'vitest';

import { readKey } from '../../../../admin/identification-key.ts';
import { MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from '../../../../src/domain/faces.ts';
import { normalizeForSearch } from '../../../../src/lib/search-text.ts';
import {
  DEMO_FACE_COUNT,
  DEMO_NAMED_COUNT,
  DEMO_OYSTEIN,
  DEMO_UNNAMED_NUMBERS,
  demoKey,
  demoKeyCsv,
} from './people.ts';

describe('the demo key', () => {
  const key = demoKey();

  it('numbers 72 faces row by row; names all but eight, each name once', () => {
    expect(DEMO_FACE_COUNT).toBe(72);
    expect(key.map((line) => line.number)).toEqual(Array.from({ length: 72 }, (_, i) => i + 1));
    expect(DEMO_NAMED_COUNT).toBe(64);
    expect(DEMO_UNNAMED_NUMBERS).toHaveLength(8);
    expect(key.filter((line) => !line.name).map((line) => line.number)).toEqual(DEMO_UNNAMED_NUMBERS);
    const names = key.flatMap((line) => line.name ?? []);
    expect(new Set(names).size).toBe(names.length);
    for (const line of key) {
      expect([...(line.name ?? '')].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      expect([...(line.note ?? '')].length).toBeLessThanOrEqual(MAX_NOTE_LENGTH);
    }
  });

  it('has names to search without their marks (Øystein, Bjørn, Kåre, Sæther, Renée) and a few notes', () => {
    const names = key.flatMap((line) => line.name ?? []);
    expect(names.filter((name) => /[æøåÆØÅ]/.test(name)).length).toBeGreaterThanOrEqual(10);
    expect(names.filter((name) => /[éèÉ]/.test(name)).length).toBeGreaterThanOrEqual(3);
    // Whole words here: "kare" is also the start of "Karen".
    const found = (query: string) =>
      key.filter((line) =>
        normalizeForSearch(line.name ?? '')
          .split(' ')
          .includes(normalizeForSearch(query)),
      );
    expect(found('oystein').map((line) => line.number)).toEqual([DEMO_OYSTEIN.number]);
    expect(DEMO_OYSTEIN.name).toContain('Øystein');
    for (const query of ['bjorn', 'kare', 'renee', 'therese', 'andre']) expect(found(query)).toHaveLength(1);
    expect(found('saether').length).toBeGreaterThanOrEqual(3);
    const notes = key.flatMap((line) => line.note ?? []);
    expect(notes.length).toBeGreaterThanOrEqual(4);
    expect(notes).toContain('Pastor of the Rolette Lutheran church');
  });

  it('as CSV (number,name,note,row) reads back to the same key, as organiser:faces import reads it', () => {
    expect(demoKeyCsv().split('\n')[0]).toBe('number,name,note,row');
    const { lines, problems } = readKey(demoKeyCsv());
    expect(problems).toEqual([]);
    expect(lines.map(({ number, row, name, note }) => ({ number, row, name, note }))).toEqual(key);
    // A note with a comma is quoted.
    expect(demoKeyCsv()).toContain('"Came from Bergen, Norway, for the reunion"');
  });
});
