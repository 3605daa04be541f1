import MiniSearch from 'minisearch';
import type { FileText, SearchTexts } from '../../domain/search';
import { normalizeForSearch, searchTerms } from '../../lib/search-text';
import { variantsOf } from './name-variants';
import { snippetOf, type SnippetPart } from './snippet';

/** Something the search can find: a part of a member file, a named face, a shared photo's caption, a news post. */
export type Findable =
  | { kind: 'file'; fileId: string; unit: FileText['unit']; n: number; sheet?: string; text: string }
  | { kind: 'face'; pictureId: string; number: number; text: string }
  | { kind: 'photo'; photoId: string; text: string }
  | { kind: 'news'; slug: string; title: string; text: string };

interface Indexed {
  id: string;
  text: string;
}

/** A member file's parts as findables. */
export function fileFindables(texts: SearchTexts): Findable[] {
  return texts.files.flatMap((file) =>
    file.parts.map((part): Findable => ({
      kind: 'file',
      fileId: file.id,
      unit: file.unit,
      n: part.n,
      ...(part.sheet ? { sheet: part.sheet } : {}),
      text: part.text,
    })),
  );
}

/** Where a result is, with a few words around the match. */
export interface Hit {
  findable: Findable;
  /**
   * The words around the match, made when the page shows the hit (a common word on a large archive finds thousands
   * of pages, of which the page shows a few per file).
   */
  snippet: () => SnippetPart[];
  score: number;
}

/** The results grouped as the page shows them: each file with its pages in order, faces, photos, news. */
export interface Results {
  files: { fileId: string; hits: Hit[] }[];
  faces: Hit[];
  photos: Hit[];
  news: Hit[];
  /** Everything found, all groups together. */
  count: number;
}

export const NO_RESULTS: Results = { files: [], faces: [], photos: [], news: [], count: 0 };

/** Parts indexed between two breaks for the page (about 50 KB of text: a few milliseconds on a phone). */
const PARTS_AT_ONCE = 20;

/** Words shorter than this find nothing (one or two letters match half the archive). */
const MIN_WORD = 2;

/** The words of a query that search (folded; the shorter ones find nothing). */
function queryWords(query: string): string[] {
  return searchTerms(query).filter((word) => word.length >= MIN_WORD);
}

/**
 * What a query searches for: two queries with the same key find the same ("Rolette", "Rolette " and "Rolette 1"
 * while the next word is typed), so the page need not search and draw the results again.
 */
export function queryKey(query: string): string {
  return queryWords(query).join(' ');
}

/**
 * The search over what this account may read (MiniSearch): every word of a query must be found, each by its start
 * ("olso" finds "Olson") or as any spelling of its name (./name-variants.ts), with case, accents and Norwegian
 * letters ignored as everywhere on the site (normalizeForSearch).
 */
export class ArchiveSearch {
  private readonly index = new MiniSearch<Indexed>({
    fields: ['text'],
    idField: 'id',
    tokenize: (text) => normalizeForSearch(text).split(' ').filter(Boolean),
    // Already folded by tokenize (the query's forms too): kept as they are.
    processTerm: (term) => term,
    searchOptions: { prefix: true, combineWith: 'AND' },
  });
  private readonly findables = new Map<string, Findable>();

  constructor(
    findables: readonly Findable[],
    private readonly families: readonly (readonly string[])[],
  ) {
    this.index.addAll(this.documentsOf(findables));
  }

  /**
   * The search over `findables`, indexed a few parts at a time with the page given back between them: a large
   * archive indexed at once held a phone's page still for seconds (bench:search).
   */
  static async built(
    findables: readonly Findable[],
    families: readonly (readonly string[])[],
  ): Promise<ArchiveSearch> {
    const search = new ArchiveSearch([], families);
    await search.index.addAllAsync(search.documentsOf(findables), { chunkSize: PARTS_AT_ONCE });
    return search;
  }

  private documentsOf(findables: readonly Findable[]): Indexed[] {
    return findables.map((findable) => {
      const id = String(this.findables.size);
      this.findables.set(id, findable);
      return { id, text: findable.kind === 'news' ? `${findable.title} ${findable.text}` : findable.text };
    });
  }

  /** What a query finds, grouped; each hit with its snippet (made when asked for). */
  search(query: string): Results {
    const words = queryWords(query);
    if (!words.length) return NO_RESULTS;
    const forms = words.map((word) => variantsOf(word, this.families));
    const found = this.index.search({
      combineWith: 'AND',
      queries: forms.map((alternatives) => ({ combineWith: 'OR', queries: alternatives })),
    });
    const hits = found.map((result): Hit => {
      const findable = this.findables.get(String(result.id))!;
      let snippet: SnippetPart[] | undefined;
      return {
        findable,
        score: result.score,
        snippet: () =>
          (snippet ??= snippetOf(findable.text, forms) ??
            // A news post may match by its title only: its first words then.
            (findable.kind === 'news' ? snippetOf(findable.title, forms) : undefined) ?? [
              { text: findable.text.slice(0, 160), mark: false },
            ]),
      };
    });
    const files = new Map<string, Hit[]>();
    const faces: Hit[] = [];
    const photos: Hit[] = [];
    const news: Hit[] = [];
    for (const hit of hits) {
      const { findable } = hit;
      if (findable.kind === 'file') {
        const list = files.get(findable.fileId);
        if (list) list.push(hit);
        else files.set(findable.fileId, [hit]);
      } else if (findable.kind === 'face') faces.push(hit);
      else if (findable.kind === 'photo') photos.push(hit);
      else news.push(hit);
    }
    const partNumber = (hit: Hit) => (hit.findable.kind === 'file' ? hit.findable.n : 0);
    return {
      // The file with the best match first; its parts in their order.
      files: [...files.entries()]
        .map(([fileId, fileHits]) => ({
          fileId,
          best: Math.max(...fileHits.map((hit) => hit.score)),
          hits: fileHits.sort((a, b) => partNumber(a) - partNumber(b)),
        }))
        .sort((a, b) => b.best - a.best)
        .map(({ fileId, hits: fileHits }) => ({ fileId, hits: fileHits })),
      faces,
      photos,
      news,
      count: hits.length,
    };
  }
}

/** Two searches' results as one (the archive's and the captions', which arrive later), each group kept apart. */
export function joinResults(a: Results, b: Results): Results {
  return {
    files: [...a.files, ...b.files],
    faces: [...a.faces, ...b.faces],
    photos: [...a.photos, ...b.photos],
    news: [...a.news, ...b.news],
    count: a.count + b.count,
  };
}
