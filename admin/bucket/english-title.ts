import type { CatalogueEntry } from '../../src/domain/catalogue.ts';

/**
 * A catalogue file's English title: the name the organisers' commands match and store (Content-Disposition),
 * and the demo files and the tests use. Node only: it asks the messages for English, which the site's client
 * builds (one language each) cannot, and need not, do; the site itself shows titles in the page's language.
 */
export function englishTitle(entry: CatalogueEntry): string {
  return entry.title({}, { locale: 'en' });
}
