/**
 * No member flow ever gives a catalogue file or a preview a download token (a `?token=` link reads the file
 * without storage.rules, keeps working after a block or an unapproval, and can be forwarded to anyone). Firebase
 * Storage creates one whenever a client GETs an object's metadata and finds none; the local emulator does so too,
 * and like production never on a media GET (tools/local/storage/emulator-tokens.test.ts). After each flow, single
 * downloads, the image previews and their larger view, "Download all" through the save-file picker and through a
 * Blob (and the approval flow, in e2e/approval.spec.ts), two things must hold:
 *   (a) the page made no metadata GET (a Storage `/v0/b/<bucket>/o/<object>` GET without `alt=media`) of a
 *       catalogue file or preview;
 *   (b) the emulator holds no download token on any catalogue file or preview, read through the Admin SDK (a Cloud
 *       Storage API read, which creates none).
 * Scoped to the catalogue's files and previews, so it holds while other tests upload photos under members/.
 */
import { readFile } from 'node:fs/promises';
import { CATALOGUE, downloadFileName, hasThumbnail } from '../src/domain/catalogue.ts';
import {
  byId,
  download,
  expectNoTokens,
  objectsWithTokens,
  ONE_OF_EACH,
  servedDemoFile,
  watchMetadataGets,
} from './support/member-files.ts';
import { pickedFile, stubSavePicker, takePickerAway, ZIP_DONE } from './support/save-file.ts';
import { signInAsMember } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { expectZipOfCatalogue } from './support/zip-oracle';
import { englishTitle } from '../admin/bucket/english-title.ts';

test.beforeAll(async () => {
  // Whatever ran before on this stack: the catalogue starts without tokens, or the test cannot say who made one.
  expect(await objectsWithTokens()).toEqual([]);
});

test('single downloads, the previews and their larger view, and Download all through the save-file picker and through a Blob leave no download token on the catalogue', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const metadataGets = watchMetadataGets(context);
  await stubSavePicker(page);
  await signInAsMember(page);
  for (const entry of ONE_OF_EACH) {
    const { name, bytes } = await download(page, entry);
    expect(name).toBe(downloadFileName(entry));
    expect(bytes.equals(await servedDemoFile(entry)), entry.id).toBe(true);
  }
  await expectNoTokens(metadataGets, 'single downloads');

  await page.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Images' }).click();
  for (const entry of CATALOGUE.filter(hasThumbnail))
    await expect(page.locator(`[data-preview-id="${entry.id}"] img`)).toHaveAttribute('src', /^blob:/);
  const photo = byId('threshing-crew');
  await page.getByRole('button', { name: `Larger view of ${englishTitle(photo)}` }).click();
  const dialog = page.getByRole('dialog', { name: englishTitle(photo) });
  await expect(dialog.getByRole('img', { name: englishTitle(photo) })).toHaveAttribute('src', /^blob:/);
  const picture = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the picture' }).click();
  expect((await readFile(await (await picture).path())).equals(await servedDemoFile(photo))).toBe(true);
  await expectNoTokens(metadataGets, 'the previews and the larger view');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const card = page.locator('.download-all');
  const button = card.getByRole('button', { name: 'Download all files (.zip)' });
  await button.click();
  await expect(card.getByRole('status')).toContainText(`Saved ${CATALOGUE.length} files`, ZIP_DONE);
  await expectZipOfCatalogue(await pickedFile(page), 'en');
  await expectNoTokens(metadataGets, 'Download all through the save-file picker');

  await takePickerAway(page);
  const blob = page.waitForEvent('download');
  await button.click();
  const zip = await blob;
  expect(zip.suggestedFilename()).toBe('Rolette Reunion 2026 files.zip');
  await expectZipOfCatalogue(await readFile(await zip.path()), 'en');
  await expect(card.getByRole('status')).toContainText(`Saved ${CATALOGUE.length} files`, ZIP_DONE);
  await expectNoTokens(metadataGets, 'Download all through a Blob');
});
