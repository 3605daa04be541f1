/**
 * One word for each thing in the Norwegian texts (the messages and the news posts): an elderly relative who reads
 * "tilkoblingen" on one page and "internettforbindelsen" on the next wonders whether they are two things. The table
 * names the word the site uses and the variants it does not; a text using a variant fails, naming its key.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Term {
  /** The word the site uses. */
  use: string;
  /** Variants that say the same thing: refused. */
  not: RegExp[];
}

const TERMS: Term[] = [
  {
    use: 'internettforbindelsen',
    not: [/\btilkoblingen\b/i, /(?<!internett)\bforbindelsen\b/i, /\bnettforbindelsen\b/i],
  },
  {
    use: 'telefonen eller datamaskinen din',
    not: [/\benheten din\b/i, /\bdenne enheten\b/i, /\bmaskinen din\b/i],
  },
  {
    use: 'ser på (et forslag, et bilde)',
    not: [/\bgår gjennom hvert\b/i, /\bser gjennom hvert\b/i, /\bgjennomgår\b/i],
  },
  { use: 'lastes inn', not: [/\blastes akkurat\b/i, /\bkunne ikke lastes(?! (inn|ned))\b/i] },
  {
    use: 'gruppebildet fra 1976',
    not: [/\bgruppefoto/i, /\bgruppebildet (av|i) 1976\b/i, /\bslektsstevne/i],
  },
  { use: 'medlemsområdet', not: [/\bmedlemssidene\b/i] },
];

/** Every Norwegian text the site shows that the organisers wrote: each message (all its variants) and post. */
function norwegianTexts(): [where: string, text: string][] {
  const messages = JSON.parse(readFileSync('messages/nb.json', 'utf8')) as Record<string, unknown>;
  delete messages.$schema;
  const texts: [string, string][] = Object.entries(messages).map(([key, value]) => [
    key,
    JSON.stringify(value),
  ]);
  for (const folder of readdirSync('content/news')) {
    texts.push([`content/news/${folder}/nb.md`, readFileSync(join('content/news', folder, 'nb.md'), 'utf8')]);
  }
  return texts;
}

const offences = (texts: [string, string][]) =>
  texts.flatMap(([where, text]) =>
    TERMS.flatMap(({ use, not }) =>
      not.filter((variant) => variant.test(text)).map((variant) => `${where}: ${variant} (say "${use}")`),
    ),
  );

describe('one word for each thing in Norwegian', () => {
  it('refuses each variant (the check first shown to catch them)', () => {
    const bad: [string, string][] = [
      ['a', 'Sjekk tilkoblingen og prøv igjen.'],
      ['b', 'fordi forbindelsen ble brutt'],
      ['c', 'Bildene blir gjort mindre på denne enheten.'],
      ['d', 'En arrangør går gjennom hvert bilde.'],
      ['e', 'Bildet kunne ikke lastes akkurat nå.'],
      ['f', 'Se gruppefotoet fra 1976.'],
      ['g', 'Tilbake til medlemssidene'],
    ];
    expect(offences(bad).map((line) => line.split(':')[0])).toEqual(['a', 'b', 'c', 'd', 'e', 'e', 'f', 'g']);
    expect(
      offences([
        ['ok', 'Sjekk internettforbindelsen. Bildet kunne ikke lastes inn. Filen kunne ikke lastes ned.'],
      ]),
    ).toEqual([]);
  });

  it('holds in every message and news post', () => {
    expect(offences(norwegianTexts())).toEqual([]);
  });
});
