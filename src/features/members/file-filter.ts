import { CATALOGUE, titleOf, type CatalogueEntry } from '../../domain/catalogue';
import { currentLocale } from '../../lib/locale';
import { type Locale } from '../../lib/locale-path';
import { FILE_SECTION_LABEL, KIND_LABEL } from './file-labels';

/** Letters that have no decomposed form but that a searcher may type without their mark. */
const FOLDED: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l' };

/**
 * Text as the file search compares it: lower case, accents and other marks removed (é -> e, å -> a),
 * ø/æ folded to o/ae, every run of punctuation or space one space. "Rølvaag" and "rolvaag" match, and so do
 * "Writers’" and "writers".
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßđł]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query, normalised; empty for a blank query (which matches every file). */
export function searchTerms(query: string): string[] {
  const normalized = normalizeForSearch(query);
  return normalized ? normalized.split(' ') : [];
}

/** What a file is found by, in a language: its title, its group, its section and its kind of file. */
export function searchableText(entry: CatalogueEntry, locale: Locale = currentLocale()): string {
  return normalizeForSearch(
    [
      titleOf(entry, locale),
      entry.group.title({}, { locale }),
      FILE_SECTION_LABEL[entry.section]({}, { locale }),
      KIND_LABEL[entry.kind]({}, { locale }),
    ].join(' '),
  );
}

/** Every word of the query appears somewhere in the file's searchable text (as a word or part of one). */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  return terms.every((term) => text.includes(term));
}

/** The ids of the catalogue files a query finds, in catalogue order; every file for a blank query. */
export function filterFiles(
  query: string,
  locale: Locale = currentLocale(),
  entries: readonly CatalogueEntry[] = CATALOGUE,
): Set<string> {
  const terms = searchTerms(query);
  return new Set(
    entries.filter((entry) => matchesTerms(searchableText(entry, locale), terms)).map((entry) => entry.id),
  );
}
