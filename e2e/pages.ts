import { isPrerendered } from '../src/config/pages.ts';
import { pageAddresses } from '../tools/build/page-paths.ts';

/**
 * The pages every visitor can open, in both languages, as paths (/home, ..., /nb/home, ..., each news post):
 * the list the cross-engine and stylesheet tests walk (e2e/bootstrap-css.spec.ts, e2e/firefox/core-flows.test.ts).
 */
export const VISITOR_PAGES: readonly string[] = pageAddresses(isPrerendered).map((address) => address.path);
