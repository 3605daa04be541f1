import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNameVariants, variantsOf } from './name-variants';

const FAMILIES = parseNameVariants(readFileSync('content/search/name-variants.txt', 'utf8'));

describe('Norwegian names and their American spellings', () => {
  it('reads the organisers’ list: comments and blank lines skipped, each spelling normalised', () => {
    expect(parseNameVariants('# a comment\n\nSæther Sather  Seter\nAlone\n')).toEqual([
      ['saether', 'sather', 'seter'],
    ]);
    expect(FAMILIES.length).toBeGreaterThan(10);
  });

  it('a patronymic finds its other endings: Olson finds Olsen, Olsson; Halvorsen finds Halverson through the list', () => {
    expect(variantsOf('olson', FAMILIES)).toEqual(
      expect.arrayContaining(['olson', 'olsen', 'olsson', 'olssen']),
    );
    expect(variantsOf('halvorsen', FAMILIES)).toEqual(expect.arrayContaining(['halverson', 'halvorson']));
    expect(variantsOf('johnson', FAMILIES)).toEqual(expect.arrayContaining(['johannessen', 'johansen']));
    expect(variantsOf('knutson', FAMILIES)).toContain('knudsen');
  });

  it('a name with Norwegian letters, typed without them, finds its family (Saether, Overby)', () => {
    expect(variantsOf('saether', FAMILIES)).toContain('sather');
    expect(variantsOf('sather', FAMILIES)).toContain('saether');
    expect(variantsOf('overby', FAMILIES)).toContain('overby');
  });

  it('a name typed so far finds its family from four letters; a short or ordinary word stays itself', () => {
    expect(variantsOf('halv', FAMILIES)).toContain('halverson');
    expect(variantsOf('hal', FAMILIES)).toEqual(['hal']);
    expect(variantsOf('church', FAMILIES)).toEqual(['church']);
    // "sen" alone, or a word that only ends like a name, is not a patronymic.
    expect(variantsOf('sen', FAMILIES)).toEqual(['sen']);
  });
});
