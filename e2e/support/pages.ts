import type { Page } from '@playwright/test';
import { isPrerendered } from '../../src/config/pages.ts';
import { pageAddresses } from '../../tools/build/page-paths.ts';
import { SITE_URL } from '../../tools/local/config.ts';

/**
 * The pages every visitor can open, in both languages, as paths (/home, ..., /nb/home, ..., each news post):
 * the list the cross-engine and stylesheet tests walk (e2e/bootstrap-css.spec.ts, e2e/firefox/core-flows.test.ts).
 */
export const VISITOR_PAGES: readonly string[] = pageAddresses(isPrerendered).map((address) => address.path);

/** Address endings with broken percent-encoding, in the hash and in the query (faults and login-nb specs). */
export const MALFORMED_ADDRESS_SUFFIXES = ['#%E0%A4%A', '#%25%%', '?x=%E0%A4%A', '?mode=%E0%A4%A#%E0%A4%A'];

/**
 * Loads an address as a new document, even one that differs from the page's only in its hash (going there is a jump
 * within the page, which no start-up code reads): such an address is gone to and then reloaded. Not by way of
 * about:blank: leaving the site's renderer process for it and coming back costs the browser a new process each time
 * (0.8 CPU-seconds a load here against 0.3).
 */
export async function loadAfresh(page: Page, address: string): Promise<void> {
  const withoutHash = (url: string) => url.replace(/#.*$/, '');
  const jump = withoutHash(new URL(address, SITE_URL).href) === withoutHash(page.url());
  await page.goto(address);
  if (jump) await page.reload();
}
