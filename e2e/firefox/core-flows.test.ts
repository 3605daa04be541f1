/**
 * The core flows in Firefox ESR (npm run test:firefox), against the local stack: every static page, the
 * guard, e-mail sign-in through the real FirebaseUI widget, a download compared byte for byte with the
 * seeded file, the Error modal on a failed download, and logout. The Chromium suite (e2e/, Playwright)
 * covers the details; this one proves the same site works in the other engine.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, HTTPRequest, Page } from 'puppeteer-core';
import { demoFile } from '../../tools/local/seed/demo-files.ts';
import { SITE_URL, demoAccounts } from '../../tools/local/config.ts';
import { CATALOGUE, downloadFileName } from '../../src/domain/catalogue.ts';
import { VISITOR_PAGES } from '../support/pages.ts';
import { SCANNED_LETTER_PHRASE } from '../../tools/local/seed/demo-documents/scanned-letter.ts';
import { launchFirefox } from './firefox.ts';

const ERROR_TEXT =
  "We're sorry, we're currently experiencing difficulties downloading your file. Please try again later.";
const member = demoAccounts().member;

let browser: Browser;
let downloadDir: string;

beforeAll(async () => {
  downloadDir = mkdtempSync(join(tmpdir(), 'firefox-downloads-'));
  browser = await launchFirefox(downloadDir);
});

afterAll(async () => {
  await browser?.close();
  rmSync(downloadDir, { recursive: true, force: true });
});

/** A page in a fresh browser context, with its console errors and uncaught errors collected. */
async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${String(error)}`));
  return { page, errors };
}

async function goto(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${SITE_URL}${path}`, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
}

/** Waits until the page's path (and hash, if given) is `expected`. */
async function waitForPath(page: Page, expected: string): Promise<void> {
  await page.waitForFunction(
    (want: string) => `${location.pathname}${want.includes('#') ? location.hash : ''}` === want,
    { timeout: 20_000 },
    expected,
  );
}

async function visibleText(page: Page, selector: string): Promise<string> {
  const handle = await page.locator(selector).setVisibility('visible').waitHandle();
  return handle.evaluate((element) => element.textContent?.trim() ?? '');
}

/**
 * Waits until the page's visible main heading reads `text`. The address changes before the next page's
 * lazy chunk has arrived (React keeps the previous page on screen meanwhile), so the heading first seen
 * may still be the old page's, about to be replaced; a locator holding that element never sees the new one.
 */
async function waitForHeading(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (want: string) => {
      const heading = document.querySelector('main h1');
      return heading?.textContent?.trim() === want && heading.checkVisibility();
    },
    { timeout: 20_000 },
    text,
  );
}

/** The path prefix of a page's language: '' for English, '/nb' for Norwegian. */
function languagePrefix(path: string): string {
  return /^\/[a-z]{2}\//.exec(path)?.[0].slice(0, -1) ?? '';
}

describe('public pages', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.createBrowserContext();
  });
  afterAll(() => context.close());

  it.each(VISITOR_PAGES)('%s renders, hydrates and logs no error', async (path) => {
    const { page, errors } = await openPage(context);
    await goto(page, path);
    expect(await visibleText(page, 'h1')).not.toBe('');
    const prefix = languagePrefix(path);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(prefix ? prefix.slice(1) : 'en');
    // The anonymous navigation, once the sign-in state is known: a visible link to the login page.
    await page.locator(`nav a[href="${prefix}/login"]`).setVisibility('visible').wait();
    expect(await page.$$eval('header nav a', (links) => links.length)).toBeGreaterThanOrEqual(5);
    if (path.endsWith('/login')) {
      // The real FirebaseUI widget came up (its lazy chunk, CSS and the compat SDK work in Firefox).
      await page.locator('.sign-in-widget button[data-provider-id="password"]').wait();
    }
    // A client-side navigation works: the first nav link leads to another page without a reload.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator(`header nav a[href="${prefix}/news"]`).click();
    await waitForPath(page, `${prefix}/news`);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the guard sends an anonymous visitor from /members#images to /login', async () => {
    const { page } = await openPage(context);
    await goto(page, '/members#images');
    await waitForPath(page, '/login');
    await page.locator('.sign-in-widget button[data-provider-id="password"]').wait();
    await page.close();
  });
});

describe('a member', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    context = await browser.createBrowserContext();
    ({ page, errors } = await openPage(context));
  });
  afterAll(() => context.close());

  it('signs in with e-mail and password through the FirebaseUI widget and reaches /members', async () => {
    await goto(page, '/login');
    await page.locator('button[data-provider-id="password"]').click();
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('.firebaseui-id-submit').click();
    await page.locator('input[name="password"]').fill(member.password);
    await page.locator('.firebaseui-id-submit').click();
    await waitForPath(page, '/members');
    await waitForHeading(page, 'Members Area');
    expect(await page.evaluate(() => sessionStorage.getItem('logged'))).toBe('true');
    expect(errors).toEqual([]);
  });

  it('downloads a file whose bytes are the seeded ones', async () => {
    const entry = CATALOGUE.find((candidate) => candidate.id === 'program-1976')!;
    const name = downloadFileName(entry);
    const button = `button[data-file-id="${entry.id}"]`;
    await page.locator(button).click();
    // Firefox writes `name.part` first and renames it when the download is complete.
    await expect.poll(() => readdirSync(downloadDir), { timeout: 20_000, interval: 100 }).toEqual([name]);
    expect(readFileSync(join(downloadDir, name)).equals(await demoFile(entry))).toBe(true);
    await page.waitForSelector(`${button}:not([disabled])`);
    expect(errors).toEqual([]);
  });

  it('sees the Error modal when the storage request fails, and can download again', async () => {
    const failMedia = (request: HTTPRequest) => {
      if (request.isInterceptResolutionHandled()) return;
      if (/\/o\/members%2F.*alt=media/.test(request.url())) void request.abort('failed');
      else void request.continue();
    };
    await page.setRequestInterception(true);
    page.on('request', failMedia);
    const button = 'button[data-file-id="missionary-journey-1886"]';
    try {
      await page.locator(button).click();
      expect(await visibleText(page, '.modal.show .modal-title')).toBe('Error');
      expect(await visibleText(page, '.modal.show .modal-body')).toBe(ERROR_TEXT);
      await page.waitForSelector(`${button}:not([disabled])`);
      await page.locator('.modal.show .modal-footer button').click();
      await page.waitForSelector('.modal', { hidden: true });
    } finally {
      page.off('request', failMedia);
      await page.setRequestInterception(false);
    }
    // The page itself raised nothing (it logs a warning); Firefox reports the aborted request itself as
    // an error ("Cross-Origin Request Blocked ... did not succeed"), as Chromium logs a failed load.
    expect(errors.filter((error) => !/Request Blocked.*members%2F.*alt=media/.test(error))).toEqual([]);
    errors.length = 0;
    // A retry works.
    await page.locator(button).click();
    const entry = CATALOGUE.find((candidate) => candidate.id === 'missionary-journey-1886')!;
    await expect
      .poll(() => readdirSync(downloadDir), { timeout: 20_000, interval: 100 })
      .toContain(downloadFileName(entry));
    await expect.poll(() => readdirSync(downloadDir).some((file) => file.endsWith('.part'))).toBe(false);
    expect(readFileSync(join(downloadDir, downloadFileName(entry))).equals(await demoFile(entry))).toBe(true);
  });

  it('finds a phrase of the scanned letter by the search: the texts unpacked by Firefox itself', async () => {
    await goto(page, '/members/search');
    const box = 'input[type="search"]';
    await page.locator(box).setVisibility('visible').wait();
    await page.locator(box).fill(SCANNED_LETTER_PHRASE);
    // The letter's page 1, its words marked where they were found (the results follow the typing: the phrase's).
    await page
      .locator('button[aria-label="Page 1 of “Letter of 1904 (Translated)”"]')
      .setVisibility('visible')
      .wait();
    await page.waitForFunction(
      () => [...document.querySelectorAll('main mark')].some((mark) => mark.textContent === 'iron'),
      { timeout: 10_000 },
    );
    const marked = await page.$$eval('main mark', (marks) =>
      marks.map((mark) => mark.textContent?.toLowerCase()),
    );
    expect(marked).toEqual(expect.arrayContaining(['iron', 'horse', 'snow']));
    expect(errors).toEqual([]);
  });

  it('logs out, goes to /login and is kept out of /members', async () => {
    await page.locator('header nav .logout-button').click();
    await waitForPath(page, '/login');
    await page.locator('nav a[href="/login"]').setVisibility('visible').wait();
    expect(await page.evaluate(() => sessionStorage.getItem('logged'))).toBeNull();
    await goto(page, '/members');
    await waitForPath(page, '/login');
    expect(errors).toEqual([]);
  });
});
