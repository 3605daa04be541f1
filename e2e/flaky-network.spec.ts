/**
 * Downloads on a flaky connection, with faults injected into Storage's answers (page.route): a media GET that
 * fails before its first byte (408, 429, 500, 502, 503, 504 or no answer) is tried again, three tries in all,
 * after a jittered backoff or the answer's Retry-After; a download whose body breaks off part-way (a file, an image
 * and its preview, a file of the zip) is resumed with `Range: bytes=<n>-` and ends identical to an unbroken one;
 * only after the last try does the Error modal appear. A wait between tries is not a stall. And an account blocked
 * part-way through a download or a zip gets the blocked message, not the Error modal. In both languages where
 * text is shown.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Route } from '@playwright/test';
import { AUTH_URL, SITE_URL } from '../tools/local/config.ts';
import { CATALOGUE, downloadFileName, storagePathOf, thumbnailPathOf } from '../src/domain/catalogue.ts';
import {
  byId,
  download,
  errorModal,
  fileButton,
  mediaOf,
  servedDemoFile,
  setStallTimeout,
} from './support/member-files.ts';
import { text } from './support/messages.ts';
import { pickedFile, stubSavePicker, takePickerAway, ZIP_DONE } from './support/save-file.ts';
import { openSignedIn, signInAsMember } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { accountsOfEachTest, organiserMembers, type TestAccount } from './support/organiser';
import { expectZipOfCatalogue } from './support/zip-oracle';
import { englishTitle } from '../admin/bucket/english-title.ts';

const account = accountsOfEachTest(test);

/** The page's origin: a fulfilled cross-origin answer needs CORS headers, or the page sees no answer at all. */
const CORS = { 'Access-Control-Allow-Origin': new URL(SITE_URL).origin };
/** A 503 or 429 that asks the page to wait, with the header exposed to it, as a server must for a cross-origin answer. */
const retryAfter = (seconds: number) => ({
  'Retry-After': String(seconds),
  'Access-Control-Expose-Headers': 'Retry-After',
});

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

test('single files on a flaky connection, in both languages: 503 twice and then 200 downloads without the Error modal; four 503s end in it after the third try, the button usable again; a 429’s Retry-After is waited for and is not a stall; a body that breaks off (a file, an image and its preview) is resumed with Range; Cancel works during the wait before the next try and while the ID token refresh hangs', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  problems.expectWarnings(/^Download failed/); // the failures the test stages (503 after 503)
  const failures = () => problems.warnings.filter((warning) => /^Download failed/.test(warning));
  // The page's clock, to move it past the ID token's hour at the end.
  await page.clock.install();
  const twice = { en: byId('railway-letter-1904'), nb: byId('railway-visit-1904') };
  const fourTimes = { en: byId('railway-war-1905'), nb: byId('pioneer-interview-1') };
  const seenTwice = {
    en: await faultyObject(page, storagePathOf(twice.en), [{ status: 503 }, { status: 503 }]),
    nb: await faultyObject(page, storagePathOf(twice.nb), [{ status: 503 }, { status: 503 }]),
  };
  const fourFailures = () => Array.from({ length: 4 }, () => ({ status: 503 }));
  const seenFour = {
    en: await faultyObject(page, storagePathOf(fourTimes.en), fourFailures()),
    nb: await faultyObject(page, storagePathOf(fourTimes.nb), fourFailures()),
  };
  await signInAsMember(page);
  await page.goto('/nb/members');
  await expect(page).toHaveURL(/\/nb\/members$/);

  for (const locale of ['nb', 'en'] as const) {
    if (locale === 'en') await page.goto('/members');
    const entry = twice[locale];
    const file = await download(page, entry);
    expect(file.name).toBe(downloadFileName(entry, locale));
    expect(file.bytes.equals(await servedDemoFile(entry))).toBe(true);
    const seen = seenTwice[locale];
    expect(seen).toHaveLength(3);
    // Jittered exponential backoff: 0.5-1 s, then 1-2 s.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(450);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(950);
    await expect(errorModal(page, locale)).toHaveCount(0);

    const failing = fourTimes[locale];
    const button = fileButton(page, failing);
    await button.click();
    await expect(button).toBeDisabled();
    const modal = errorModal(page, locale);
    await expect(modal).toContainText(text(locale, 'members_download_error_text'), { timeout: 15_000 });
    expect(seenFour[locale]).toHaveLength(3); // three tries in all: the fourth 503 was never asked for
    await expect(button).toBeEnabled();
    await modal.getByRole('button', { name: 'OK' }).click();
    const again = await download(page, failing);
    expect(again.bytes.equals(await servedDemoFile(failing))).toBe(true);
  }

  // 429 with Retry-After: 2. A stall ends a download after 1.5 s here: if the wait counted, it would fail.
  const waited = byId('missionary-journey-1886');
  const seenWaited = await faultyObject(page, storagePathOf(waited), [
    { status: 429, headers: retryAfter(2) },
  ]);
  await setStallTimeout(page, 1500);
  const afterWait = await download(page, waited);
  await setStallTimeout(page, undefined);
  expect(afterWait.name).toBe(downloadFileName(waited, 'en'));
  expect(afterWait.bytes.equals(await servedDemoFile(waited))).toBe(true);
  expect(seenWaited).toHaveLength(2);
  // The backoff alone would have come back within 1 s.
  expect(seenWaited[1]!.at - seenWaited[0]!.at).toBeGreaterThanOrEqual(1950);
  await expect(errorModal(page, 'en')).toHaveCount(0);

  // A file whose body breaks off half-way.
  const cut = byId('genealogy-book-1986');
  const whole = await servedDemoFile(cut);
  const seenCut = await faultyObject(page, storagePathOf(cut), [{ cutAt: 'half' }]);
  const resumed = await download(page, cut);
  expect(resumed.name).toBe(downloadFileName(cut, 'en'));
  expect(resumed.bytes.equals(whole)).toBe(true);
  expect(seenCut.map((request) => request.range)).toEqual([
    undefined,
    `bytes=${Math.floor(whole.length / 2)}-`,
  ]);
  await expect(errorModal(page, 'en')).toHaveCount(0);

  // An image and its preview whose bodies break off: the picture is whole.
  const photo = byId('rolette-panorama');
  const previewSeen = await faultyObject(page, thumbnailPathOf(photo), [{ cutAt: 1000 }]);
  const imageSeen = await faultyObject(page, storagePathOf(photo), [{ cutAt: 'half' }]);
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
  const picture = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the picture' }).click();
  expect((await readFile(await (await picture).path())).equals(await servedDemoFile(photo))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Cancel during the wait before the next try.
  const waiting = byId('pioneer-interview-2');
  const seenWaiting = await faultyObject(page, storagePathOf(waiting), [
    { status: 503, headers: retryAfter(30) },
  ]);
  const waitingButton = fileButton(page, waiting);
  await waitingButton.click();
  await expect.poll(() => seenWaiting.length).toBe(1);
  await page.getByRole('button', { name: `Cancel downloading ${englishTitle(waiting)}` }).click();
  await expect(waitingButton).toBeEnabled();
  await expect(waitingButton).toBeFocused();
  await expect(errorModal(page, 'en')).toHaveCount(0);
  await page.waitForTimeout(1500); // a backoff would have come back by now: the cancelled wait does not
  expect(seenWaiting).toHaveLength(1);

  // Cancel while the ID token refresh hangs (offline): the page's ID token is due for renewal, and the token
  // service never answers.
  const offline = byId('pioneer-interview-4');
  const storage = await faultyObject(page, storagePathOf(offline), []);
  let refreshes = 0;
  await page.route(`${AUTH_URL}/securetoken.googleapis.com/**`, () => {
    refreshes += 1;
  });
  await page.clock.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
  const offlineButton = fileButton(page, offline);
  await offlineButton.click();
  await expect.poll(() => refreshes).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Cancel downloading ${englishTitle(offline)}` }).click();
  await expect(offlineButton).toBeEnabled({ timeout: 3000 });
  await expect(errorModal(page, 'en')).toHaveCount(0);
  expect(storage).toEqual([]);
  // The two staged failures warned; nothing that recovered or was cancelled did.
  expect(failures()).toHaveLength(2);
});

test('a zip whose third file’s body breaks off half-way completes and matches the catalogue byte for byte, through the save-file picker and through a Blob', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await stubSavePicker(page);
  const third = CATALOGUE[2]!;
  const expected = await servedDemoFile(third);
  // Cut in each zip; the resumed request is Storage's.
  const seen = await faultyObject(page, storagePathOf(third), [
    { cutAt: 'half' },
    'storage',
    { cutAt: 'half' },
  ]);
  await signInAsMember(page);
  const card = page.locator('.download-all');
  const button = card.getByRole('button', { name: 'Download all files (.zip)' });
  for (const sink of ['the save-file picker', 'a Blob'] as const) {
    const download = sink === 'a Blob' ? page.waitForEvent('download') : undefined;
    if (sink === 'a Blob') await takePickerAway(page);
    const asked = seen.length;
    await button.click();
    const zip = download ? await readFile(await (await download).path()) : undefined;
    await expect(card.getByRole('status'), sink).toContainText(`Saved ${CATALOGUE.length} files`, ZIP_DONE);
    await expectZipOfCatalogue(zip ?? (await pickedFile(page)), 'en', 'all');
    expect(seen.slice(asked).map((request) => request.range)).toEqual([
      undefined,
      `bytes=${Math.floor(expected.length / 2)}-`,
    ]);
    await expect(errorModal(page, 'en')).toHaveCount(0);
  }
});

/**
 * An organiser blocks the account while it downloads. Storage still takes the ID token the page has (it is valid
 * until it expires, at most an hour); the page's clock is then moved past that hour, so the next request asks
 * Firebase Auth for a new token, which a blocked account does not get (auth/user-disabled).
 */
async function blockAndExpireToken(page: Page, who: TestAccount) {
  expect(await organiserMembers('block', who.email)).toContain(who.email);
  // From the page's own time: an earlier account's block has moved it on already.
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 2 * 60 * 60 * 1000);
}

test('an account blocked part-way through a zip (in each language) or a single download’s retry gets the blocked message, not the Error modal', async ({
  page,
  problems,
}) => {
  problems.expectWarnings(/^A zip download failed/); // the failure the test stages (the account blocked part-way)
  test.setTimeout(180_000);
  const [zipEn, zipNb, single] = await Promise.all(
    ['blocked-zip-en', 'blocked-zip-nb', 'blocked-file'].map((label) => account(label, { approved: false })),
  );
  await page.clock.install();
  await stubSavePicker(page);
  const held = mediaOf(storagePathOf(byId('county-history-pioneer-yarns')));
  for (const [who, locale, loginPath] of [
    [zipEn!, 'en', '/login'],
    [zipNb!, 'nb', '/nb/login'],
  ] as const) {
    // The zip waits on a file part-way through until the account is blocked.
    let reached!: () => void;
    const reachedHeld = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(held, async (route) => {
      reached();
      await gate;
      await route.continue().catch(() => {});
    });
    await openSignedIn(page, who, '/members', locale);
    await page
      .locator('.download-all')
      .getByRole('button', { name: text(locale, 'members_all_button') })
      .click();
    await reachedHeld;
    await blockAndExpireToken(page, who);
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
    await page.unroute(held);
  }

  // A single download: the first try is answered 503 with Retry-After: 30; the block lands during that wait.
  const entry = byId('pioneer-memories-1');
  let failed!: () => void;
  const firstTryFailed = new Promise<void>((resolve) => (failed = resolve));
  let tries = 0;
  await page.route(mediaOf(storagePathOf(entry)), async (route) => {
    tries += 1;
    if (tries > 1) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { ...CORS, ...retryAfter(30) },
      body: 'Service Unavailable',
    });
    failed();
  });
  await openSignedIn(page, single!, '/members');
  await fileButton(page, entry).click();
  await firstTryFailed;
  await blockAndExpireToken(page, single!);
  await page.clock.fastForward(30_000); // the end of the wait: the next try asks for a token
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('.sign-in-alert')).toContainText(
    'This account has been blocked by the organisers',
  );
  await expect(errorModal(page, 'en')).toHaveCount(0);
  expect(tries).toBe(1); // the retry never reached Storage: no new ID token for a blocked account
  // The two zips warned of their failure; the single download, blocked, did not warn at all.
  expect(problems.warnings.filter((warning) => /^A zip download failed/.test(warning))).toHaveLength(2);
});
