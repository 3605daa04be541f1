import { describe, expect, it } from 'vitest';
import { parseSearchTexts } from '../../src/domain/search';
import { sentencesOf, syntheticTexts } from './search-synthetic';

const demo = [
  {
    id: 'genealogy-book-1986',
    md5: 'x',
    unit: 'page' as const,
    unread: [],
    parts: [
      {
        n: 1,
        method: 'text-layer' as const,
        text: 'Ole Olsen Sæther was born in 1842 at the farm. He came to Rolette in 1886. Short.',
      },
    ],
  },
];

describe('the synthetic archive of bench:search', () => {
  it('is made of the demo’s sentences (short fragments left out)', () => {
    expect(sentencesOf(demo)).toEqual([
      'Ole Olsen Sæther was born in 1842 at the farm.',
      'He came to Rolette in 1886.',
    ]);
  });

  it('holds at least the bytes asked for, in pages spread over the ids, valid as stored texts, the same every run', () => {
    const texts = syntheticTexts(demo, ['a-file', 'b-file'], 100_000);
    const bytes = texts.files.flatMap((file) => file.parts).reduce((sum, part) => sum + part.text.length, 0);
    expect(bytes).toBeGreaterThanOrEqual(99_000);
    expect(texts.files.map((file) => file.id)).toEqual(['a-file', 'b-file']);
    expect(texts.files[0]!.parts.length).toBeGreaterThan(15);
    expect(texts.files[0]!.parts.map((part) => part.n).slice(0, 3)).toEqual([1, 2, 3]);
    expect(parseSearchTexts(JSON.stringify(texts))).toEqual(texts);
    expect(syntheticTexts(demo, ['a-file', 'b-file'], 100_000)).toEqual(texts);
    expect(() => syntheticTexts([], ['a-file'], 10)).toThrow(/No sentences/);
  });
});
