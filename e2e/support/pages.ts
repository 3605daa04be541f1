import { isPrerendered } from '../../src/config/pages.ts';
import { pageAddresses } from '../../tools/build/page-paths.ts';

/**
 * The pages every visitor can open, in both languages, as paths (/home, ..., /nb/home, ..., each news post):
 * the list the cross-engine and stylesheet tests walk (e2e/bootstrap-css.spec.ts, e2e/firefox/core-flows.test.ts).
 */
export const VISITOR_PAGES: readonly string[] = pageAddresses(isPrerendered).map((address) => address.path);

/** Address endings with broken percent-encoding, in the hash and in the query (faults and login-nb specs). */
export const MALFORMED_ADDRESS_SUFFIXES = ['#%E0%A4%A', '#%25%%', '?x=%E0%A4%A', '?mode=%E0%A4%A#%E0%A4%A'];
