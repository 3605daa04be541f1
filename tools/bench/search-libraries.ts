/**
 * bench:search --libraries: the three kept search libraries the issue names, in Node, on the same text with the
 * site's own folding of letters (normalizeForSearch): MiniSearch (the site's), FlexSearch and Orama. For each, the
 * time to index an archive and the time of a query (every prefix of at least two letters of the typed queries,
 * each word found by its beginning, all words required). What the page pays on top (the spellings of names, the
 * snippets, drawing the results) is in bench:search's own figures.
 */
import { Index as FlexIndex } from 'flexsearch';
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import type { SearchTexts } from '../../src/domain/search.ts';
import { normalizeForSearch } from '../../src/lib/search-text.ts';

interface Doc {
  id: number;
  text: string;
}

interface Library {
  name: string;
  build: (docs: readonly Doc[]) => Promise<(query: string) => Promise<number>>;
}

const words = (text: string) => normalizeForSearch(text).split(' ').filter(Boolean);

const LIBRARIES: Library[] = [
  {
    name: 'MiniSearch 7',
    build: async (docs) => {
      const index = new MiniSearch<Doc>({
        fields: ['text'],
        tokenize: words,
        processTerm: (term) => term,
        searchOptions: { prefix: true, combineWith: 'AND' },
      });
      index.addAll(docs);
      return async (query) => index.search(normalizeForSearch(query)).length;
    },
  },
  {
    name: 'FlexSearch 0.8 (forward)',
    build: async (docs) => {
      const index = new FlexIndex({ tokenize: 'forward', encode: words });
      for (const doc of docs) index.add(doc.id, doc.text);
      return async (query) => index.search(query, { limit: 100_000 }).length;
    },
  },
  {
    name: 'Orama 3',
    build: async (docs) => {
      const db = create({
        schema: { text: 'string' } as const,
        components: {
          tokenizer: { language: 'english', normalizationCache: new Map(), tokenize: words },
        },
      });
      await insertMultiple(
        db,
        docs.map((doc) => ({ id: String(doc.id), text: doc.text })),
      );
      return async (query) =>
        (await oramaSearch(db, { term: query, properties: ['text'], limit: 100_000, threshold: 0 })).count;
    },
  },
];

function prefixesOf(queries: readonly string[]): string[] {
  return queries.flatMap((query) =>
    Array.from({ length: query.length - 1 }, (_, at) => query.slice(0, at + 2)),
  );
}

export async function compareLibraries(
  archives: Record<string, readonly SearchTexts[]>,
  queries: readonly string[],
): Promise<void> {
  const typed = prefixesOf(queries);
  const rows: Record<string, string | number>[] = [];
  for (const [archive, levels] of Object.entries(archives)) {
    const docs = levels
      .flatMap((texts) => texts.files.flatMap((file) => file.parts))
      .map((part, id): Doc => ({ id, text: part.text }));
    const megabytes = docs.reduce((sum, doc) => sum + doc.text.length, 0) / 1024 / 1024;
    for (const library of LIBRARIES) {
      const started = performance.now();
      const query = await library.build(docs);
      const buildMs = performance.now() - started;
      const times: number[] = [];
      let found = 0;
      // Once untimed (first calls compile), then timed.
      for (const text of typed) await query(text);
      for (const text of typed) {
        const start = performance.now();
        found += await query(text);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      rows.push({
        archive: `${archive} (${megabytes.toFixed(1)} MB, ${docs.length} parts)`,
        library: library.name,
        'index (ms)': Math.round(buildMs),
        'query median (ms)': Number(times[Math.floor((times.length - 1) / 2)]!.toFixed(2)),
        'query worst (ms)': Number(times[times.length - 1]!.toFixed(1)),
        'parts found': found,
      });
    }
  }
  console.log(
    `\nThe libraries in Node (no slowdown; a phone is about 4 times slower), ${typed.length} queries: ` +
      'every prefix of the typed queries',
  );
  console.table(rows);
}
