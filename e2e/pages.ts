import { pagePath, STATIC_PAGES } from '../src/config/pages.ts';
import { LOCALES } from '../src/lib/locale.ts';

/**
 * The pages every visitor can open, in both languages, as paths (/home, ..., /nb/home, ...): the list
 * the cross-engine and stylesheet tests walk (e2e/bootstrap-css.spec.ts, e2e/firefox/core-flows.test.ts).
 */
export const VISITOR_PAGES: readonly string[] = LOCALES.flatMap((locale) =>
  STATIC_PAGES.map((page) => pagePath(page, locale)),
);
