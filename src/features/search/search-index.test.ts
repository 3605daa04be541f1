import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNameVariants } from './name-variants';
import { ArchiveSearch, fileFindables, joinResults, queryKey, type Findable, type Hit } from './search-index';

const FAMILIES = parseNameVariants(readFileSync('content/search/name-variants.txt', 'utf8'));

const findables: Findable[] = [
  ...fileFindables({
    version: 1,
    files: [
      {
        id: 'genealogy-book-1986',
        md5: 'x',
        unit: 'page',
        unread: [],
        parts: [
          {
            n: 12,
            method: 'text-layer',
            text: 'Ole Olsen Sæther was born 1842 at the Sæther farm in Gudbrandsdalen.',
          },
          {
            n: 3,
            method: 'text-layer',
            text: 'Knut Halvorsen came to Rolette in 1886 with his wife Kari Hågen.',
          },
          { n: 40, method: 'text-layer', text: 'Index of names: Halverson, Knudsen, Overby.' },
        ],
      },
      {
        id: 'attendees-list-1976',
        md5: 'y',
        unit: 'row',
        unread: [],
        parts: [{ n: 7, method: 'cells', text: 'Olson, Martha · Rolette · North Dakota' }],
      },
    ],
  }),
  { kind: 'face', pictureId: 'group-photo-1976', number: 22, text: 'Øystein Bakken' },
  { kind: 'news', slug: 'thank-you', title: 'Thank you', text: 'The capsule was sealed again for 2076.' },
];

const search = new ArchiveSearch(findables, FAMILIES);
const where = (hit: Hit) =>
  hit.findable.kind === 'file'
    ? `${hit.findable.fileId}:${hit.findable.n}`
    : hit.findable.kind === 'face'
      ? `${hit.findable.pictureId}#${hit.findable.number}`
      : hit.findable.kind === 'photo'
        ? `photo/${hit.findable.photoId}`
        : `news/${hit.findable.slug}`;
const marked = (hit: Hit) =>
  hit
    .snippet()
    .filter((part) => part.mark)
    .map((part) => part.text);

describe('the archive’s search', () => {
  it('finds a name typed without its Norwegian letters, and marks it as written', () => {
    const results = search.search('Oystein');
    expect(results.faces.map(where)).toEqual(['group-photo-1976#22']);
    expect(marked(results.faces[0]!)).toEqual(['Øystein']);
    const saether = search.search('saether');
    expect(saether.files.flatMap((file) => file.hits.map(where))).toEqual(['genealogy-book-1986:12']);
    expect(marked(saether.files[0]!.hits[0]!)).toEqual(['Sæther', 'Sæther']);
  });

  it('finds the American spellings of a name: Olson finds Olsen, Halvorsen finds Halverson, aa finds å', () => {
    const olson = search.search('olson');
    expect(olson.files.map((file) => [file.fileId, file.hits.map(where)])).toEqual(
      expect.arrayContaining([
        ['genealogy-book-1986', ['genealogy-book-1986:12']],
        ['attendees-list-1976', ['attendees-list-1976:7']],
      ]),
    );
    expect(search.search('Halvorsen').files[0]!.hits.map(where)).toEqual([
      'genealogy-book-1986:3',
      'genealogy-book-1986:40',
    ]);
    expect(search.search('Haagen').files[0]!.hits.map(where)).toEqual(['genealogy-book-1986:3']);
  });

  it('every word must be found, each by its beginning', () => {
    expect(search.search('knut rolette').files[0]!.hits.map(where)).toEqual(['genealogy-book-1986:3']);
    expect(search.search('halv').count).toBe(2);
    expect(search.search('knut minnesota').count).toBe(0);
  });

  it('groups: a file’s pages in their order; faces; news by title or text', () => {
    const results = search.search('2076');
    expect(results.news.map(where)).toEqual(['news/thank-you']);
    expect(search.search('thank').news.map(where)).toEqual(['news/thank-you']);
    expect(results.count).toBe(1);
  });

  it('finds a shared photo by its caption, and joins the captions’ results to the archive’s', () => {
    const captions = new ArchiveSearch(
      [
        { kind: 'photo', photoId: '20260711T1903-a1', text: 'Kaffe på tunet hos Olsen' },
        { kind: 'photo', photoId: '20260712T1000-b2', text: 'The capsule goes back into the ground' },
      ],
      FAMILIES,
    );
    const joined = joinResults(search.search('olson'), captions.search('olson'));
    expect(joined.photos.map(where)).toEqual(['photo/20260711T1903-a1']);
    expect(marked(joined.photos[0]!)).toEqual(['Olsen']);
    expect(joined.files.map((file) => file.fileId)).toContain('attendees-list-1976');
    expect(joined.count).toBe(search.search('olson').count + 1);
    expect(captions.search('capsule ground').photos.map(where)).toEqual(['photo/20260712T1000-b2']);
  });

  it('finds the same when indexed a few parts at a time', async () => {
    const built = await ArchiveSearch.built(findables, FAMILIES);
    for (const query of ['olson', 'Oystein', 'halv', '2076'])
      expect(built.search(query).count, query).toBe(search.search(query).count);
    expect(built.search('olson').count).toBeGreaterThan(0);
  });

  it('a blank or one-letter query finds nothing', () => {
    expect(search.search('   ').count).toBe(0);
    expect(search.search('o').count).toBe(0);
  });

  it('a query’s key: the words that search, folded; the same key finds the same', () => {
    expect(queryKey('Rolette')).toBe('rolette');
    expect(queryKey('  Rolette ')).toBe('rolette');
    // A one-letter word finds nothing (the next word as it begins to be typed).
    expect(queryKey('Rolette 1')).toBe('rolette');
    expect(queryKey('Rolette 19')).toBe('rolette 19');
    expect(queryKey('Øystein Sæther')).toBe('oystein saether');
    expect(queryKey(' o ')).toBe('');
    const count = (query: string) => search.search(query).count;
    expect(count('halv 1')).toBe(count('halv'));
    expect(count('halv')).toBeGreaterThan(0);
    // The key searches as the query does (the page searches by it).
    for (const query of ['Øystein', 'Saether', 'Olson 19', 'Halvorsen Knutson', 'aa'])
      expect(count(queryKey(query)), query).toBe(count(query));
    // Words that differ search for different things.
    expect(queryKey('Olsen')).not.toBe(queryKey('Olson'));
  });
});
