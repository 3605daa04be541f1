/**
 * The members' files beyond single downloads: image previews (rules-checked, lazy, refused to anonymous
 * requests) and their larger view; Download all as one .zip through the save-file picker and through a Blob,
 * compared with the catalogue byte for byte; Cancel and failures part-way; the file search; a stalled download
 * ending in the Error modal, and Cancel on a busy download button.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BUCKET, STORAGE_URL } from '../tools/local/config.ts';
import { demoFile } from '../tools/local/seed/demo-files.ts';
import {
  CATALOGUE,
  downloadFileName,
  hasThumbnail,
  storagePathOf,
  thumbnailPathOf,
  type CatalogueEntry,
} from '../src/domain/catalogue.ts';
import { mediaUrl } from '../src/firebase/media-url.ts';
import { expectNoViolations } from './support/a11y.ts';
import { pickedFile, stubSavePicker, withoutPicker, ZIP_DONE } from './support/save-file.ts';
import { signInAsMember, signInWithEmail } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';
import { expectZipOfCatalogue, pathInZip } from './support/zip-oracle';
import { englishTitle } from '../admin/bucket/english-title.ts';

type Messages = Record<string, string>;
const nb = JSON.parse(readFileSync('messages/nb.json', 'utf8')) as Messages;
const ERROR_TEXT =
  "We're sorry, we're currently experiencing difficulties downloading your file. Please try again later.";
const IMAGES = CATALOGUE.filter(hasThumbnail);
const byId = (id: string) => CATALOGUE.find((entry) => entry.id === id)!;
/** Matches the request for a file's bytes (not its metadata, nor its preview). */
const bytesOf =
  (path: string) =>
  (url: URL): boolean =>
    decodeURIComponent(url.pathname).endsWith(`/o/${path}`) && url.searchParams.get('alt') === 'media';
const fileRoute = (entry: CatalogueEntry) => bytesOf(storagePathOf(entry));

function allFiles(page: Page) {
  return page.locator('.download-all');
}

test.describe('image previews', () => {
  test('load as they come into view, with the ID token, show each image with alt text, and open a larger view', async ({
    page,
    problems,
  }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    const previews: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('%2Fthumbnails%2F'))
        previews.push({ url: request.url(), authorization: request.headers().authorization });
    });
    const blobs = await recordRevokes(page);
    await signInAsMember(page);
    await page.waitForLoadState('networkidle'); // the page has fetched all it will fetch unscrolled
    expect(previews).toEqual([]); // the Images section is far below: nothing fetched yet

    await page
      .getByRole('navigation', { name: 'Members area' })
      .getByRole('link', { name: 'Images' })
      .click();
    for (const entry of IMAGES) {
      const image = page.locator(`[data-preview-id="${entry.id}"] img`);
      await expect(image).toHaveAttribute('alt', englishTitle(entry));
      await expect(image).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    }
    expect(previews.map(({ url }) => url).sort()).toEqual(
      IMAGES.map((entry) => mediaUrl(STORAGE_URL, BUCKET, thumbnailPathOf(entry))).sort(),
    );
    for (const { url, authorization } of previews) {
      expect(authorization).toMatch(/^Firebase ey/);
      expect(url).not.toContain('token=');
    }

    // The larger view: the full image, fetched the same way, with the download button.
    const photo = byId('threshing-crew');
    await page.getByRole('button', { name: `Larger view of ${englishTitle(photo)}` }).click();
    const dialog = page.getByRole('dialog', { name: englishTitle(photo) });
    const large = dialog.getByRole('img', { name: englishTitle(photo) });
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    const largeUrl = await large.getAttribute('src');
    expect(largeUrl).toMatch(/^blob:/);
    await expectNoViolations(page, 'the larger view of an image');
    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the picture' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(downloadFileName(photo));
    expect((await readFile(await download.path())).equals(await demoFile(photo))).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => blobs()).toContain(largeUrl); // the larger view's picture is released
    expect(problems.errors).toEqual([]);
  });

  test('are refused to a request without a signed-in, verified account', async ({ request }) => {
    for (const entry of IMAGES) {
      const response = await request.get(mediaUrl(STORAGE_URL, BUCKET, thumbnailPathOf(entry)));
      expect(response.status(), entry.id).toBe(403);
    }
  });

  test('a preview that cannot be fetched says so, and the larger view still opens', async ({
    page,
    problems,
  }) => {
    problems.expectWarnings(/^Could not load a picture/); // the failure the test stages (a 500 for one preview)
    await page.route(bytesOf(thumbnailPathOf(byId('cemetery-monument'))), (route) =>
      route.fulfill({ status: 500, body: 'error' }),
    );
    await signInAsMember(page);
    await page.goto('/members#images');
    const preview = page.locator('[data-preview-id="cemetery-monument"]');
    await expect(preview).toContainText('No preview');
    await preview.click();
    await expect(
      page.getByRole('dialog', { name: 'Cemetery Monument' }).getByRole('img', { name: 'Cemetery Monument' }),
    ).toBeVisible();
  });
});

/** URLs the page revoked. */
async function recordRevokes(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const revoked: string[] = [];
    (window as unknown as { __revoked: string[] }).__revoked = revoked;
    const revoke = URL.revokeObjectURL.bind(URL);
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url);
      revoke(url);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __revoked: string[] }).__revoked);
}

test.describe('Download all', () => {
  test('without the save-file picker: one .zip through the normal download, compared with the catalogue', async ({
    page,
  }) => {
    await withoutPicker(page);
    await signInAsMember(page);
    const card = allFiles(page);
    await expect(card).toContainText(`Saves the ${CATALOGUE.length} files you can download as one .zip file`);
    const downloadPromise = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download all files (.zip)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('Rolette Reunion 2026 files.zip');
    await expectZipOfCatalogue(await readFile(await download.path()), 'en');
    expect(pathInZip(byId('program-1976'), 'en')).toBe('Documents/1976 Reunion/1976 Reunion Program.pdf');
    await expect(card.getByRole('status')).toHaveText(
      new RegExp(
        `^Saved ${CATALOGUE.length} files \\([\\d.]+\\u00a0(KB|MB)\\) as Rolette Reunion 2026 files\\.zip\\.$`,
      ),
      ZIP_DONE,
    );
    await expect(card.getByRole('button', { name: 'Download all files (.zip)' })).toBeEnabled();
  });

  test('with the save-file picker: streamed into the chosen file, folders and names in Norwegian', async ({
    page,
  }) => {
    await stubSavePicker(page);
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await signInWithEmail(page, accounts.member.email, accounts.member.password, { loginPath: '/nb/login' });
    await expect(page).toHaveURL(/\/nb\/members$/);
    const card = allFiles(page);
    await card.getByRole('button', { name: nb.members_all_button }).click();
    await expect(card.getByRole('status')).toContainText(`Lagret ${CATALOGUE.length} filer`);
    const picked = await page.evaluate(() => (window as unknown as { __picked: unknown[] }).__picked);
    expect(picked).toEqual([
      expect.objectContaining({ suggestedName: 'Slektstreffet i Rolette 2026 – filer.zip' }),
    ]);
    await expectZipOfCatalogue(await pickedFile(page), 'nb');
    expect(pathInZip(byId('program-1976'), 'nb')).toBe(
      'Dokumenter/Slektstreffet i 1976/Program for slektstreffet i 1976.pdf',
    );
    expect(downloads).toBe(0); // nothing went through a Blob and the normal download
  });

  test('shows its overall progress, and Cancel stops it with nothing kept and nothing stuck', async ({
    page,
  }) => {
    await stubSavePicker(page);
    const held = byId('chippewa-history-culture');
    await page.route(fileRoute(held), () => {}); // never answers: the zip waits on this file
    await signInAsMember(page);
    const card = allFiles(page);
    const button = card.getByRole('button', { name: 'Download all files (.zip)' });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(card.getByRole('status')).toHaveText(/^\d+ of \d+ files$/);
    await expect(card.getByRole('progressbar', { name: 'Progress of the .zip file' })).toBeVisible();
    await card.getByRole('button', { name: 'Cancel the .zip file' }).click();
    await expect(card.getByRole('status')).toHaveText('Cancelled: the .zip file was not saved.');
    await expect(button).toBeEnabled();
    await expect(button).toBeFocused();
    await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
    expect((await pickedFile(page)).byteLength).toBe(0); // what was written is discarded
  });

  for (const path of ['the save-file picker', 'a Blob'] as const) {
    test(`a failure part-way ends in the Error modal, with nothing saved (${path})`, async ({
      page,
      problems,
    }) => {
      problems.expectWarnings(/^(The zip of every file failed|Download failed)/); // the failure the test stages (a failure part-way)
      if (path === 'a Blob') await withoutPicker(page);
      else await stubSavePicker(page);
      let downloads = 0;
      page.on('download', () => (downloads += 1));
      await page.route(fileRoute(byId('pioneer-interview-3')), (route) =>
        route.fulfill({ status: 500, body: 'Internal Server Error' }),
      );
      await signInAsMember(page);
      const button = allFiles(page).getByRole('button', { name: 'Download all files (.zip)' });
      await button.click();
      const modal = page.getByRole('dialog', { name: 'Error' });
      await expect(modal).toContainText(ERROR_TEXT, ZIP_DONE);
      await expect(button).toBeEnabled();
      await modal.getByRole('button', { name: 'OK' }).click();
      expect(downloads).toBe(0);
      if (path === 'the save-file picker') expect((await pickedFile(page)).byteLength).toBe(0);
    });
  }
});

test.describe('Find a file', () => {
  test('filters every section as one types, says how many match, and the sections and accordions keep working', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsMember(page);
    const search = page.getByRole('searchbox', { name: 'Find a file' });
    const result = page.locator('#file-search-result');
    const fileButtons = page.locator('button[data-file-id]');
    await expect(fileButtons).toHaveCount(CATALOGUE.length);

    await search.fill('interview');
    await expect(result).toHaveText('8 files found');
    await expect(fileButtons).toHaveCount(8);
    await expect(page.locator('#images')).toContainText('No file in this section matches your search.');
    await expect(page.locator('#educational-materials')).toContainText(
      'No file in this section matches your search.',
    );
    await expect(
      page.locator('#documents').getByRole('button', { name: '1976 Reunion', exact: true }),
    ).toHaveCount(0);
    await expectNoViolations(page, 'a search');

    // The accordions still close and open.
    const group = page.locator('#documents').getByRole('button', { name: 'Interviews and Recollections' });
    await group.click();
    await expect(page.locator('button[data-file-id="pioneer-memories-1"]')).toBeHidden();
    await group.click();
    await expect(page.locator('button[data-file-id="pioneer-memories-1"]')).toBeVisible();

    // The sections and their hashes too.
    const sidebar = page.getByRole('navigation', { name: 'Members area' });
    await sidebar.getByRole('link', { name: 'Links' }).click();
    await expect(page).toHaveURL(/#links$/);
    await expect(page.locator('#links h2')).toBeInViewport();

    // Case, accents and several words; type names count.
    await search.fill('CHIPPÉWA');
    await expect(result).toHaveText('1 file found');
    await search.fill('1976 spreadsheet');
    await expect(result).toHaveText('2 files found');
    await search.fill('zebra');
    await expect(result).toHaveText('No file matches “zebra”.');
    await expect(fileButtons).toHaveCount(0);
    await search.fill('');
    await expect(result).toHaveText('');
    await expect(fileButtons).toHaveCount(CATALOGUE.length);
  });

  test("searches the page's language", async ({ page }) => {
    await signInWithEmail(page, accounts.member.email, accounts.member.password, { loginPath: '/nb/login' });
    await expect(page).toHaveURL(/\/nb\/members$/);
    const search = page.getByRole('searchbox', { name: nb.members_find_label });
    await search.fill('treskelag');
    await expect(page.locator('#file-search-result')).toHaveText('Fant 1 fil');
    await expect(page.locator('button[data-file-id]')).toHaveCount(1);
    await search.fill('slektsboker');
    await expect(page.locator('button[data-file-id="genealogy-book-1986"]')).toBeVisible();
  });
});

test.describe('stalls and Cancel', () => {
  // The wait before a silent download counts as stalled: 30 s on the site, 1.5 s here (read by the download
  // module from this window property, which only the tests set).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __reunionStallTimeoutMs: number }).__reunionStallTimeoutMs = 1500;
    });
  });

  test('a download that receives nothing ends in the Error modal; the button works again', async ({
    page,
    problems,
  }) => {
    problems.expectWarnings(/^Download failed/); // the failure the test stages (a download that receives nothing)
    const item = byId('railway-letter-1904');
    await page.route(fileRoute(item), () => {}); // the request never gets an answer
    await signInAsMember(page);
    const button = page.locator(`button[data-file-id="${item.id}"]`);
    await button.click();
    await expect(button).toBeDisabled();
    const modal = page.getByRole('dialog', { name: 'Error' });
    await expect(modal).toContainText(ERROR_TEXT, { timeout: 8000 });
    await expect(button).toBeEnabled();
    await modal.getByRole('button', { name: 'OK' }).click();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const download = page.waitForEvent('download');
    await button.click();
    expect((await readFile(await (await download).path())).equals(await demoFile(item))).toBe(true);
  });

  test('the zip of every file stalling ends in the Error modal too', async ({ page, problems }) => {
    problems.expectWarnings(/^(The zip of every file failed|Download failed)/); // the failure the test stages (a stalled file)
    await stubSavePicker(page);
    await page.route(fileRoute(byId('fur-trader-biography')), () => {});
    await signInAsMember(page);
    const button = allFiles(page).getByRole('button', { name: 'Download all files (.zip)' });
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Error' })).toContainText(ERROR_TEXT, { timeout: 8000 });
    await expect(button).toBeEnabled();
    expect((await pickedFile(page)).byteLength).toBe(0);
  });
});

test.describe('Cancel', () => {
  test('the busy download button offers Cancel, which stops it quietly', async ({ page }) => {
    const item = byId('railway-visit-1904');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(fileRoute(item), async (route) => {
      await gate;
      await route.continue().catch(() => {});
    });
    await signInAsMember(page);
    const button = page.locator(`button[data-file-id="${item.id}"]`);
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await button.click();
    const cancel = page.getByRole('button', { name: `Cancel downloading ${englishTitle(item)}` });
    await expect(cancel).toBeVisible();
    await expectNoViolations(page, 'a busy download with Cancel', { network: false });
    await cancel.click();
    await expect(button).toBeEnabled();
    await expect(button).toBeFocused();
    await expect(cancel).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
    release();
    await page.waitForLoadState('networkidle'); // the held request has ended
    expect(downloads).toBe(0);
  });
});
