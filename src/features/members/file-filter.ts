import { CATALOGUE, titleOf, type CatalogueEntry } from '../../domain/catalogue';
import { currentLocale } from '../../lib/locale';
import { type Locale } from '../../lib/locale-path';
import { matchesTerms, normalizeForSearch, searchTerms } from '../../lib/search-text';
import { FILE_SECTION_LABEL, KIND_LABEL } from './file-labels';

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
