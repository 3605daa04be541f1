/**
 * The members' files beyond single downloads: image previews (rules-checked, lazy, refused to anonymous
 * requests) and their larger view; the file search; Download all as one .zip through the save-file picker and
 * through a Blob, compared with the catalogue byte for byte, and its Cancel; failures and stalls part-way ending in
 * the Error modal, and Cancel on a busy download button.
 */
import { readFile } from 'node:fs/promises';
import { CATALOGUE, downloadFileName, hasThumbnail, thumbnailPathOf } from '../src/domain/catalogue.ts';
import { mediaUrl } from '../src/firebase/media-url.ts';
import { BUCKET, STORAGE_URL } from '../tools/local/config.ts';
import { demoFile } from '../tools/local/seed/demo-files.ts';
import { expectNoViolations } from './support/a11y.ts';
import {
  blobLog,
  byId,
  bytesOf,
  download,
  fileButton,
  mediaOf,
  recordBlobUrls,
  setStallTimeout,
} from './support/member-files.ts';
import { text } from './support/messages.ts';
import { pickedFile, picks, stubSavePicker, takePickerAway, ZIP_DONE } from './support/save-file.ts';
import { signInAsMember } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { expectZipOfCatalogue, pathInZip } from './support/zip-oracle';
import { englishTitle } from '../admin/bucket/english-title.ts';

const ERROR_TEXT =
  "We're sorry, we're currently experiencing difficulties downloading your file. Please try again later.";
const IMAGES = CATALOGUE.filter(hasThumbnail);

test('image previews are refused to a request without a signed-in, verified account; in the page they load as they come into view, with the ID token, show each image with alt text, and open a larger view', async ({
  page,
  problems,
  request,
}) => {
  for (const entry of IMAGES) {
    const response = await request.get(mediaUrl(STORAGE_URL, BUCKET, thumbnailPathOf(entry)));
    expect(response.status(), entry.id).toBe(403);
  }

  await page.setViewportSize({ width: 1280, height: 700 });
  const previews: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('%2Fthumbnails%2F'))
      previews.push({ url: request.url(), authorization: request.headers().authorization });
  });
  await recordBlobUrls(page);
  await signInAsMember(page);
  await page.waitForLoadState('networkidle'); // the page has fetched all it will fetch unscrolled
  expect(previews).toEqual([]); // the Images section is far below: nothing fetched yet
  // ...and nothing turning there either: a preview shows a spinner only while it is fetched, so the page at rest
  // draws no frames (an endless animation out of sight kept a phone's renderer and GPU busy for as long as it was open).
  await expect(page.locator('.image-preview').first()).toBeAttached();
  await expect(page.locator('.image-preview .spinner-border')).toHaveCount(0);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);

  await page.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Images' }).click();
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
  const saved = await downloadPromise;
  expect(saved.suggestedFilename()).toBe(downloadFileName(photo));
  expect((await readFile(await saved.path())).equals(await demoFile(photo))).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  // The larger view's picture is released.
  await expect.poll(async () => (await blobLog(page)).revoked).toContain(largeUrl);
  expect(problems.errors).toEqual([]);
});

test("Find a file filters every section as one types, says how many match, and the sections and accordions keep working; it searches the page's language", async ({
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

  // In Norwegian, the Norwegian titles.
  await page.goto('/nb/members');
  await expect(page).toHaveURL(/\/nb\/members$/);
  const sok = page.getByRole('searchbox', { name: text('nb', 'members_find_label') });
  await sok.fill('treskelag');
  await expect(page.locator('#file-search-result')).toHaveText('Fant 1 fil');
  await expect(page.locator('button[data-file-id]')).toHaveCount(1);
  await sok.fill('slektsboker');
  await expect(page.locator('button[data-file-id="genealogy-book-1986"]')).toBeVisible();
});

test('Download all shows its overall progress, and Cancel stops it with nothing kept and nothing stuck; without the save-file picker one .zip through the normal download; with the picker streamed into the chosen file, folders and names in Norwegian; each compared with the catalogue', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await stubSavePicker(page);
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  const held = bytesOf(byId('chippewa-history-culture'));
  await page.route(held, () => {}); // never answers: the zip waits on this file
  await signInAsMember(page);
  const card = page.locator('.download-all');
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
  await page.unroute(held);

  // Without the picker: a Blob and the normal download.
  await takePickerAway(page);
  await expect(card).toContainText(`Saves the ${CATALOGUE.length} files you can download as one .zip file`);
  const downloadPromise = page.waitForEvent('download');
  await button.click();
  const zip = await downloadPromise;
  expect(zip.suggestedFilename()).toBe('Rolette Reunion 2026 files.zip');
  await expectZipOfCatalogue(await readFile(await zip.path()), 'en');
  expect(pathInZip(byId('program-1976'), 'en')).toBe('Documents/1976 Reunion/1976 Reunion Program.pdf');
  await expect(card.getByRole('status')).toHaveText(
    new RegExp(
      `^Saved ${CATALOGUE.length} files \\([\\d.]+\\u00a0(KB|MB)\\) as Rolette Reunion 2026 files\\.zip\\.$`,
    ),
    ZIP_DONE,
  );
  await expect(button).toBeEnabled();

  // With the picker, in Norwegian.
  await page.goto('/nb/members');
  await expect(page).toHaveURL(/\/nb\/members$/);
  const downloaded = downloads;
  await card.getByRole('button', { name: text('nb', 'members_all_button') }).click();
  await expect(card.getByRole('status')).toContainText(`Lagret ${CATALOGUE.length} filer`);
  expect(await picks(page)).toEqual([
    expect.objectContaining({ suggestedName: 'Slektstreffet i Rolette 2026 – filer.zip' }),
  ]);
  await expectZipOfCatalogue(await pickedFile(page), 'nb');
  expect(pathInZip(byId('program-1976'), 'nb')).toBe(
    'Dokumenter/Slektstreffet i 1976/Program for slektstreffet i 1976.pdf',
  );
  expect(downloads).toBe(downloaded); // nothing went through a Blob and the normal download
});

test('Cancel and failures: the busy download button offers Cancel, which stops it quietly; a preview that cannot be fetched says so and its larger view still opens; a download that receives nothing, and Download all stalling or failing part-way (through the picker and through a Blob), end in the Error modal with nothing saved and the button usable again', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  // The failures the test stages: a 500 for one preview, downloads and zips that fail or receive nothing.
  problems.expectWarnings(/^(Could not load a picture|A zip download failed|Download failed)/);
  await stubSavePicker(page);
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await signInAsMember(page);
  const modal = page.getByRole('dialog', { name: 'Error' });
  const allFiles = page.locator('.download-all').getByRole('button', { name: 'Download all files (.zip)' });

  // Cancel on a busy download button.
  const busy = byId('railway-visit-1904');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(bytesOf(busy), async (route) => {
    await gate;
    await route.continue().catch(() => {});
  });
  const busyButton = fileButton(page, busy);
  await busyButton.click();
  const cancel = page.getByRole('button', { name: `Cancel downloading ${englishTitle(busy)}` });
  await expect(cancel).toBeVisible();
  await expectNoViolations(page, 'a busy download with Cancel', { network: false });
  await cancel.click();
  await expect(busyButton).toBeEnabled();
  await expect(busyButton).toBeFocused();
  await expect(cancel).toHaveCount(0);
  await expect(modal).toHaveCount(0);
  release();
  await page.waitForLoadState('networkidle'); // the held request has ended
  expect(downloads).toBe(0);
  expect(problems.warnings).toEqual([]); // a cancelled download is not a failure

  // A preview answered 500 (every try); the previews load as they come into view.
  await page.route(mediaOf(thumbnailPathOf(byId('cemetery-monument'))), (route) =>
    route.fulfill({ status: 500, body: 'error' }),
  );
  await page.goto('/members#images');
  const preview = page.locator('[data-preview-id="cemetery-monument"]');
  await expect(preview).toContainText('No preview');
  await preview.click();
  const larger = page.getByRole('dialog', { name: 'Cemetery Monument' });
  await expect(larger.getByRole('img', { name: 'Cemetery Monument' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(larger).toBeHidden();

  // A stall: nothing arrives for 1.5 s here (30 s on the site).
  await setStallTimeout(page, 1500);
  const item = byId('railway-letter-1904');
  const silent = bytesOf(item);
  await page.route(silent, () => {}); // the request never gets an answer
  const button = fileButton(page, item);
  await button.click();
  await expect(button).toBeDisabled();
  await expect(modal).toContainText(ERROR_TEXT, { timeout: 8000 });
  await expect(button).toBeEnabled();
  await modal.getByRole('button', { name: 'OK' }).click();
  await page.unroute(silent);
  const retried = await download(page, item);
  expect(retried.bytes.equals(await demoFile(item))).toBe(true);

  const stalled = bytesOf(byId('fur-trader-biography'));
  await page.route(stalled, () => {});
  await allFiles.click();
  await expect(modal).toContainText(ERROR_TEXT, { timeout: 8000 });
  await expect(allFiles).toBeEnabled();
  expect((await pickedFile(page)).byteLength).toBe(0);
  await modal.getByRole('button', { name: 'OK' }).click();
  await page.unroute(stalled);
  await setStallTimeout(page, undefined);

  // A file of the zip answered 500 (every try): through the picker, then through a Blob.
  await page.route(bytesOf(byId('pioneer-interview-3')), (route) =>
    route.fulfill({ status: 500, body: 'Internal Server Error' }),
  );
  for (const path of ['the save-file picker', 'a Blob'] as const) {
    if (path === 'a Blob') await takePickerAway(page);
    const before = downloads;
    await allFiles.click();
    await expect(modal, path).toContainText(ERROR_TEXT, ZIP_DONE);
    await expect(allFiles).toBeEnabled();
    await modal.getByRole('button', { name: 'OK' }).click();
    expect(downloads).toBe(before);
    if (path === 'the save-file picker') expect((await pickedFile(page)).byteLength).toBe(0);
  }
});
