import { CATALOGUE } from '../../domain/catalogue';
import type { Locale } from '../../lib/locale-path';
import { matchesTerms } from '../../lib/search-text';
import { filterFiles, searchableText } from './file-filter';

const ids = (query: string, locale: Locale = 'en') => [...filterFiles(query, locale)];

describe('file search', () => {
  it('finds every file for a blank query', () => {
    expect(ids('')).toHaveLength(CATALOGUE.length);
    expect(ids(' ,. ')).toHaveLength(CATALOGUE.length);
  });

  it('finds by title, in any case and with or without accents', () => {
    expect(ids('souvenir')).toEqual(['souvenir-booklet-1976']);
    expect(ids('SOUVENIR BOOKLET')).toEqual(['souvenir-booklet-1976']);
    expect(ids('Chippéwa')).toEqual(['chippewa-history-culture']);
  });

  it('needs every word, anywhere in title, group, section or type', () => {
    // "1976" in the title or group, "spreadsheet" as the type.
    expect(ids('1976 spreadsheet')).toEqual(['attendees-list-1976', 'time-capsule-list']);
    // By group: every file of "Interviews and Recollections", and the five pioneer interviews by title and group.
    expect(ids('interview')).toEqual([
      'pioneer-interview-1',
      'pioneer-interview-2',
      'pioneer-interview-3',
      'pioneer-interview-4',
      'pioneer-interview-5',
      'interview-transcript-1982',
      'pioneer-memories-1',
      'pioneer-memories-2',
    ]);
    // By section and type.
    expect(ids('images jpeg')).toEqual([
      'group-photo-1976',
      'group-photo-identification-1976',
      'cemetery-monument',
      'rolette-panorama',
      'threshing-crew',
    ]);
    expect(ids('powerpoint')).toEqual(['two-reunions-presentation']);
    expect(ids('threshing 1976')).toEqual([]);
  });

  it("searches the page's language", () => {
    expect(ids('treskelag', 'nb')).toEqual(['threshing-crew']);
    expect(ids('treskelag', 'en')).toEqual([]);
    expect(ids('threshing', 'nb')).toEqual([]);
    // "Slektsbøker" typed without ø, "Rolettes historie 1905–1980" with a hyphen.
    expect(ids('slektsboker', 'nb')).toEqual(['genealogy-book-1986']);
    expect(ids('historie 1905-1980', 'nb')).toEqual(['history-of-rolette-1905-1980']);
    expect(ids('regneark', 'nb')).toEqual(['attendees-list-1976', 'time-capsule-list']);
  });

  it('finds nothing for words no file has', () => {
    expect(ids('zebra')).toEqual([]);
    expect(matchesTerms(searchableText(CATALOGUE[0]!, 'en'), ['zebra'])).toBe(false);
  });
});
