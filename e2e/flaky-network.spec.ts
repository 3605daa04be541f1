/**
 * Downloads on a flaky connection, with faults injected into Storage's answers (page.route): a media GET that
 * fails before its first byte (408, 429, 500, 502, 503, 504 or no answer) is tried again, three tries in all,
 * after a jittered backoff or the answer's Retry-After; a download whose body breaks off part-way (a file, an image
 * and its preview, a file of the zip) is resumed with `Range: bytes=<n>-` and ends identical to an unbroken one;
 * only after the last try does the Error modal appear. A wait between tries is not a stall. And an account blocked
 * part-way through a download or a zip gets the blocked message, not the Error modal. In both languages where
 * text is shown.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import { AUTH_URL, SITE_URL } from '../tools/local/config.ts';
import { demoFile } from '../tools/local/seed/demo-files.ts';
import {
  CATALOGUE,
  downloadFileName,
  storagePathOf,
  thumbnailPathOf,
  type CatalogueEntry,
} from '../src/domain/catalogue.ts';
import { pickedFile, stubSavePicker, withoutPicker, ZIP_DONE } from './support/save-file.ts';
import { newEmail, signInAsMember, signInWithEmail } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';
import { createVerifiedAccount, organiserMembers } from './support/organiser';
import { expectZipOfCatalogue } from './support/zip-oracle';
import { englishTitle } from '../admin/bucket/english-title.ts';

type Messages = Record<string, string>;
const MESSAGES = {
  en: JSON.parse(readFileSync('messages/en.json', 'utf8')) as Messages,
  nb: JSON.parse(readFileSync('messages/nb.json', 'utf8')) as Messages,
};
const LANGUAGES = [
  { locale: 'en', loginPath: '/login', members: /\/members$/ },
  { locale: 'nb', loginPath: '/nb/login', members: /\/nb\/members$/ },
] as const;
const byId = (id: string) => CATALOGUE.find((entry) => entry.id === id)!;
/** The page's origin: a fulfilled cross-origin answer needs CORS headers, or the page sees no answer at all. */
const CORS = { 'Access-Control-Allow-Origin': new URL(SITE_URL).origin };

/** Matches the media GETs of one object (not its metadata: the site never asks for that). */
const mediaOf =
  (path: string) =>
  (url: URL): boolean =>
    decodeURIComponent(url.pathname).endsWith(`/o/${path}`) && url.searchParams.get('alt') === 'media';

/** How one request is answered: an error status, a body cut off after `cutAt` bytes, or Storage itself. */
type Answer = { status: number; headers?: Record<string, string> } | { cutAt: number | 'half' } | 'storage';

interface Seen {
  /** When the request came, ms since the epoch. */
  at: number;
  /** Its Range header, if any. */
  range: string | undefined;
}

/**
 * Answers the object's media GETs by `answers`, one by one, then lets Storage answer; records every request. A cut
 * body is Storage's own answer (so the same headers and bytes), of which only the first bytes are sent.
 */
async function faultyObject(page: Page, path: string, answers: Answer[]): Promise<Seen[]> {
  const seen: Seen[] = [];
  await page.route(mediaOf(path), async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'GET') return route.continue();
    seen.push({ at: Date.now(), range: request.headers().range });
    const answer = answers.shift() ?? 'storage';
    if (answer === 'storage') return route.continue();
    if ('status' in answer)
      return route.fulfill({
        status: answer.status,
        headers: { ...CORS, ...answer.headers },
        body: '{"error":{"message":"injected"}}',
      });
    const real = await route.fetch();
    const body = await real.body();
    const cutAt = answer.cutAt === 'half' ? Math.floor(body.length / 2) : answer.cutAt;
    // Content-Length says the whole size; the connection ends after `cutAt` bytes.
    return route.fulfill({ response: real, body: body.subarray(0, cutAt), headers: real.headers() });
  });
  return seen;
}

function errorModal(page: Page, locale: 'en' | 'nb') {
  return page.getByRole('dialog', { name: MESSAGES[locale].members_download_error_title! });
}

async function signIn(page: Page, locale: 'en' | 'nb') {
  if (locale === 'en') {
    await signInAsMember(page);
    return;
  }
  await signInWithEmail(page, accounts.member.email, accounts.member.password, { loginPath: '/nb/login' });
  await expect(page).toHaveURL(/\/nb\/members$/);
}

async function downloadedBytes(page: Page, entry: CatalogueEntry): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await page.locator(`button[data-file-id="${entry.id}"]`).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(downloadFileName(entry, 'en'));
  return readFile(await file.path());
}

test.describe('a flaky connection', () => {
  for (const { locale } of LANGUAGES) {
    test(`a file answered 503 twice and then 200 downloads without the Error modal (${locale})`, async ({
      page,
    }) => {
      const entry = byId('railway-letter-1904');
      const seen = await faultyObject(page, storagePathOf(entry), [{ status: 503 }, { status: 503 }]);
      await signIn(page, locale);
      const download = page.waitForEvent('download');
      await page.locator(`button[data-file-id="${entry.id}"]`).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(downloadFileName(entry, locale));
      expect((await readFile(await file.path())).equals(await demoFile(entry))).toBe(true);
      expect(seen).toHaveLength(3);
      // Jittered exponential backoff: 0.5-1 s, then 1-2 s.
      expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(450);
      expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(950);
      await expect(errorModal(page, locale)).toHaveCount(0);
    });

    test(`four 503s in a row end in the Error modal after the third try, the button usable again (${locale})`, async ({
      page,
      problems,
    }) => {
      problems.expectWarnings(/^Download failed/); // the failure the test stages (503 after 503)
      const entry = byId('railway-war-1905');
      const seen = await faultyObject(
        page,
        storagePathOf(entry),
        Array.from({ length: 4 }, () => ({ status: 503 })),
      );
      await signIn(page, locale);
      const button = page.locator(`button[data-file-id="${entry.id}"]`);
      await button.click();
      await expect(button).toBeDisabled();
      const modal = errorModal(page, locale);
      await expect(modal).toContainText(MESSAGES[locale].members_download_error_text!, { timeout: 15_000 });
      expect(seen).toHaveLength(3); // three tries in all: the fourth 503 was never asked for
      await expect(button).toBeEnabled();
      await modal.getByRole('button', { name: 'OK' }).click();
      const again = page.waitForEvent('download');
      await button.click();
      expect((await readFile(await (await again).path())).equals(await demoFile(entry))).toBe(true);
    });
  }

  test('429 with Retry-After: 2 waits two seconds and succeeds; the wait is not a stall', async ({
    page,
  }) => {
    // A stall ends a download after 1.5 s here: if the wait counted, the download would fail.
    await page.addInitScript(() => {
      (window as unknown as { __reunionStallTimeoutMs: number }).__reunionStallTimeoutMs = 1500;
    });
    const entry = byId('missionary-journey-1886');
    const seen = await faultyObject(page, storagePathOf(entry), [
      // The header exposed to the page, as a server must for a cross-origin answer.
      { status: 429, headers: { 'Retry-After': '2', 'Access-Control-Expose-Headers': 'Retry-After' } },
    ]);
    await signInAsMember(page);
    expect((await downloadedBytes(page, entry)).equals(await demoFile(entry))).toBe(true);
    expect(seen).toHaveLength(2);
    // The backoff alone would have come back within 1 s.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(1950);
    await expect(errorModal(page, 'en')).toHaveCount(0);
  });

  test('a file whose body breaks off half-way is resumed with Range and saved whole', async ({ page }) => {
    const entry = byId('genealogy-book-1986');
    const expected = await demoFile(entry);
    const seen = await faultyObject(page, storagePathOf(entry), [{ cutAt: 'half' }]);
    await signInAsMember(page);
    expect((await downloadedBytes(page, entry)).equals(expected)).toBe(true);
    expect(seen.map((request) => request.range)).toEqual([
      undefined,
      `bytes=${Math.floor(expected.length / 2)}-`,
    ]);
    await expect(errorModal(page, 'en')).toHaveCount(0);
  });

  test('an image and its preview whose bodies break off are resumed: the picture is whole', async ({
    page,
  }) => {
    const photo = byId('rolette-panorama');
    const previewSeen = await faultyObject(page, thumbnailPathOf(photo), [{ cutAt: 1000 }]);
    const imageSeen = await faultyObject(page, storagePathOf(photo), [{ cutAt: 'half' }]);
    await signInAsMember(page);
    await page.goto('/members#images');
    const preview = page.locator(`[data-preview-id="${photo.id}"] img`);
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    expect(previewSeen.map((request) => request.range)).toEqual([undefined, 'bytes=1000-']);

    await page.getByRole('button', { name: `Larger view of ${englishTitle(photo)}` }).click();
    const dialog = page.getByRole('dialog', { name: englishTitle(photo) });
    const large = dialog.getByRole('img', { name: englishTitle(photo) });
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    expect(imageSeen).toHaveLength(2);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the picture' }).click();
    expect((await readFile(await (await download).path())).equals(await demoFile(photo))).toBe(true);
  });

  for (const sink of ['the save-file picker', 'a Blob'] as const) {
    test(`a zip whose third file's body breaks off half-way completes and matches the catalogue byte for byte (${sink})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      if (sink === 'a Blob') await withoutPicker(page);
      else await stubSavePicker(page);
      const third = CATALOGUE[2]!;
      const expected = await demoFile(third);
      const seen = await faultyObject(page, storagePathOf(third), [{ cutAt: 'half' }]);
      await signInAsMember(page);
      const card = page.locator('.download-all');
      const download = sink === 'a Blob' ? page.waitForEvent('download') : undefined;
      await card.getByRole('button', { name: 'Download all files (.zip)' }).click();
      await expect(card.getByRole('status')).toContainText(`Saved ${CATALOGUE.length} files`, ZIP_DONE);
      const zip = download ? await readFile(await (await download).path()) : await pickedFile(page);
      await expectZipOfCatalogue(zip, 'en', 'all');
      expect(seen.map((request) => request.range)).toEqual([
        undefined,
        `bytes=${Math.floor(expected.length / 2)}-`,
      ]);
      await expect(errorModal(page, 'en')).toHaveCount(0);
    });
  }
});

test.describe('Cancel while nothing is downloading', () => {
  test('works during the wait before the next try', async ({ page }) => {
    const entry = byId('pioneer-interview-2');
    const seen = await faultyObject(page, storagePathOf(entry), [
      { status: 503, headers: { 'Retry-After': '30', 'Access-Control-Expose-Headers': 'Retry-After' } },
    ]);
    await signInAsMember(page);
    const button = page.locator(`button[data-file-id="${entry.id}"]`);
    await button.click();
    await expect.poll(() => seen.length).toBe(1);
    await page.getByRole('button', { name: `Cancel downloading ${englishTitle(entry)}` }).click();
    await expect(button).toBeEnabled();
    await expect(button).toBeFocused();
    await expect(errorModal(page, 'en')).toHaveCount(0);
    await page.waitForTimeout(1500); // a backoff would have come back by now: the cancelled wait does not
    expect(seen).toHaveLength(1);
  });

  test('works while the ID token refresh hangs (offline)', async ({ page }) => {
    await page.clock.install();
    const entry = byId('pioneer-interview-4');
    const storage = await faultyObject(page, storagePathOf(entry), []);
    await signInAsMember(page);
    // The page's ID token is due for renewal, and the token service never answers.
    let refreshes = 0;
    await page.route(`${AUTH_URL}/securetoken.googleapis.com/**`, () => {
      refreshes += 1;
    });
    await page.clock.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
    const button = page.locator(`button[data-file-id="${entry.id}"]`);
    await button.click();
    await expect.poll(() => refreshes).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Cancel downloading ${englishTitle(entry)}` }).click();
    await expect(button).toBeEnabled({ timeout: 3000 });
    await expect(errorModal(page, 'en')).toHaveCount(0);
    expect(storage).toEqual([]);
  });
});

test.describe('an account blocked part-way', () => {
  /**
   * An organiser blocks the account while it downloads. Storage still takes the ID token the page has (it is
   * valid until it expires, at most an hour); the page's clock is then moved past that hour, so the next request
   * asks Firebase Auth for a new token, which a blocked account does not get (auth/user-disabled).
   */
  async function blockAndExpireToken(page: Page, email: string) {
    expect(await organiserMembers('block', email)).toContain(email);
    await page.clock.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
  }

  for (const { locale, loginPath, members } of LANGUAGES) {
    test(`through a zip gets the blocked message, not the Error modal (${locale})`, async ({
      page,
      problems,
    }) => {
      problems.expectWarnings(/^The zip of every file failed/); // the failure the test stages (the account blocked part-way)
      test.setTimeout(120_000);
      const email = newEmail('blocked-zip');
      const remove = await createVerifiedAccount(email, accounts.relative.password);
      try {
        await page.clock.install();
        await stubSavePicker(page);
        // The zip waits on a file part-way through until the account is blocked.
        const held = byId('county-history-pioneer-yarns');
        let reached!: () => void;
        const reachedHeld = new Promise<void>((resolve) => (reached = resolve));
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        await page.route(mediaOf(storagePathOf(held)), async (route) => {
          reached();
          await gate;
          await route.continue().catch(() => {});
        });
        await signInWithEmail(page, email, accounts.relative.password, { loginPath });
        await expect(page).toHaveURL(members);
        await page
          .locator('.download-all')
          .getByRole('button', { name: MESSAGES[locale].members_all_button! })
          .click();
        await reachedHeld;
        await blockAndExpireToken(page, email);
        release();

        await expect(page).toHaveURL(new RegExp(`${loginPath}$`));
        const alert = page.locator('.sign-in-alert');
        await expect(alert).toContainText(
          locale === 'en'
            ? 'This account has been blocked by the organisers'
            : 'Arrangørene har sperret denne kontoen',
        );
        await expect(errorModal(page, locale)).toHaveCount(0);
        expect((await pickedFile(page)).byteLength).toBe(0); // nothing half-written is kept
      } finally {
        await remove();
      }
    });
  }

  test('through a single download (its retry) gets the blocked message too', async ({ page }) => {
    test.setTimeout(120_000);
    const email = newEmail('blocked-file');
    const remove = await createVerifiedAccount(email, accounts.relative.password);
    try {
      await page.clock.install();
      const entry = byId('pioneer-memories-1');
      let failed!: () => void;
      const firstTryFailed = new Promise<void>((resolve) => (failed = resolve));
      let tries = 0;
      // The first try is answered 503 with Retry-After: 30; the block lands during that wait.
      await page.route(mediaOf(storagePathOf(entry)), async (route) => {
        tries += 1;
        if (tries > 1) return route.continue();
        await route.fulfill({
          status: 503,
          headers: { ...CORS, 'Retry-After': '30', 'Access-Control-Expose-Headers': 'Retry-After' },
          body: 'Service Unavailable',
        });
        failed();
      });
      await signInWithEmail(page, email, accounts.relative.password);
      await expect(page).toHaveURL(/\/members$/);
      await page.locator(`button[data-file-id="${entry.id}"]`).click();
      await firstTryFailed;
      await blockAndExpireToken(page, email);
      await page.clock.fastForward(30_000); // the end of the wait: the next try asks for a token
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('.sign-in-alert')).toContainText(
        'This account has been blocked by the organisers',
      );
      await expect(errorModal(page, 'en')).toHaveCount(0);
      expect(tries).toBe(1); // the retry never reached Storage: no new ID token for a blocked account
    } finally {
      await remove();
    }
  });
});
