import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../lib/search-text';
import { foldWithOffsets, snippetOf, type SnippetPart } from './snippet';

const shown = (parts: SnippetPart[] | undefined) =>
  parts?.map((part) => (part.mark ? `[${part.text}]` : part.text)).join('');

describe('text folded as the search folds it, with where each letter came from', () => {
  it('folds exactly as normalizeForSearch does', () => {
    for (const text of [
      '  Rølvaag’s  GRÅ-Stein, Écrit ',
      'Øystein Sæther married Kari Haagen in 1898.',
      'aaa Aa å-a ÆØÅ æøå  Ole  ',
      'Ǆemal ﬁne café naïve',
      'AAa Haagen\t1905:\n\n“Olsen”—(p. 12) 😀 Ole 𝐎𝐥𝐞 cafe\u0301 au lait cafe\u0301s',
      '',
    ])
      expect(foldWithOffsets(text).folded, text).toBe(normalizeForSearch(text));
  });

  it('maps each folded letter back to the letter it came from', () => {
    const text = 'Sæther, Øverby';
    const { folded, offsets } = foldWithOffsets(text);
    expect(folded).toBe('saether overby');
    expect(text[offsets[folded.indexOf('overby')]!]).toBe('Ø');
    expect(offsets[1]).toBe(1); // a of æ
    expect(offsets[2]).toBe(1); // e of æ
    expect(offsets.at(-1)).toBe(text.length);
  });
});

describe("a snippet where the query's words meet, the matches marked as written", () => {
  const page =
    'The family came from the Sæther farm near Lillehammer in 1868. Ole Olsen Sæther, the eldest son, ' +
    'took the name Sather in Minnesota; his brother Knut kept Olsen. In 1886 they settled at Rolette, where ' +
    'Ole married Kari Haagen of Bottineau.';

  it('marks the word as written for a query without its Norwegian letters', () => {
    expect(shown(snippetOf(page, [['saether']], 30))).toBe(
      'The family came from the [Sæther] farm near Lillehammer in …',
    );
  });

  it('marks every form of every query word in the window, around the closest place that has both, cut at spaces with "…"', () => {
    const snippet = snippetOf(
      page,
      [
        ['olsen', 'olson'],
        ['sather', 'saether'],
      ],
      60,
    );
    expect(shown(snippet)).toBe(
      '… came from the [Sæther] farm near Lillehammer in 1868. Ole [Olsen] [Sæther], the eldest son, took the name [Sather] in Minnesota; his …',
    );
  });

  it('shows a phrase typed whole where it is, not at the first match of its first word', () => {
    const letter =
      'Dear brother, the winter was long and the wheat is in. The railway men say the iron horse will reach ' +
      'us before the snow flies, and then the fare to Devils Lake is two dollars.';
    const phrase = ['the', 'iron', 'horse', 'will', 'reach', 'us', 'before', 'the', 'snow', 'flies'];
    expect(
      shown(
        snippetOf(
          letter,
          phrase.map((word) => [word]),
          40,
        ),
      ),
    ).toBe(
      '… wheat is in. [The] railway men say [the] [iron] [horse] [will] [reach] [us] [before] [the] [snow] [flies], and [then] [the] fare to Devils Lake …',
    );
    // One word: its first place, as before.
    expect(shown(snippetOf(letter, [['wheat']], 20))).toBe('… was long and the [wheat] is in. The railway …');
  });

  it('finds a word by its beginning only, and "aa" as å', () => {
    expect(shown(snippetOf(page, [['hagen']], 20))).toBe('… Ole married Kari [Haagen] of Bottineau.');
    expect(snippetOf(page, [['lette']])).toBeUndefined();
  });

  it('has nothing for a text without a match', () => {
    expect(snippetOf(page, [['johnson']])).toBeUndefined();
    expect(snippetOf('', [['ole']])).toBeUndefined();
  });
});
