/**
 * No member flow ever gives a catalogue file or a preview a download token (a `?token=` link reads the file
 * without storage.rules, keeps working after a block or an unapproval, and can be forwarded to anyone). Firebase
 * Storage creates one whenever a client GETs an object's metadata and finds none; the local emulator does so too,
 * and like production never on a media GET (tools/local/storage/emulator-tokens.test.ts). After each flow, single
 * downloads, the image previews and their larger view, "Download all" through the save-file picker and through a
 * Blob, and the approval flow, two things must hold:
 *   (a) the page made no metadata GET (a Storage `/v0/b/<bucket>/o/<object>` GET without `alt=media`) of a
 *       catalogue file or preview;
 *   (b) the emulator holds no download token on any catalogue file or preview, read through the Admin SDK (a Cloud
 *       Storage API read, which creates none).
 * Scoped to the catalogue's files and previews, so it holds while other tests upload photos under members/.
 */
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { connectAdmin, hostOf } from '../admin/firebase-admin.ts';
import { AUTH_URL, BUCKET, PROJECT_ID, STORAGE_URL } from '../tools/local/config.ts';
import { demoFile } from '../tools/local/seed/demo-files.ts';
import { DOWNLOAD_TOKENS_METADATA_KEY } from '../admin/bucket/member-files.ts';
import {
  CATALOGUE,
  downloadFileName,
  hasThumbnail,
  storagePathOf,
  thumbnailPathOf,
} from '../src/domain/catalogue.ts';
import { pickedFile, stubSavePicker, withoutPicker, ZIP_DONE } from './support/save-file.ts';
import { newEmail, signInAsMember, signInWithEmail } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';
import { expectZipOfCatalogue } from './support/zip-oracle';
import { englishTitle } from '../admin/bucket/english-title.ts';
import { createVerifiedAccount, organiserMembers } from './support/organiser';

/** Every catalogue file and every preview: the objects that must never carry a download token. */
const GUARDED = new Set([
  ...CATALOGUE.map(storagePathOf),
  ...CATALOGUE.filter(hasThumbnail).map(thumbnailPathOf),
]);
const byId = (id: string) => CATALOGUE.find((entry) => entry.id === id)!;
const STORAGE_ORIGIN = new URL(STORAGE_URL).origin;

/** The object a Storage request names (`/v0/b/<bucket>/o/<object>`), or undefined (a listing, another host). */
function objectOf(url: URL): string | undefined {
  if (url.origin !== STORAGE_ORIGIN) return undefined;
  const match = /^\/v0\/b\/[^/]+\/o\/(.+)$/.exec(url.pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** Records every metadata GET of a catalogue file or preview made by any page of the context. */
function watchMetadataGets(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    const object = objectOf(url);
    if (
      request.method() === 'GET' &&
      object &&
      GUARDED.has(object) &&
      url.searchParams.get('alt') !== 'media'
    )
      seen.push(`${object} (${request.url()})`);
  });
  return seen;
}

/** The catalogue files and previews that carry a download token now, read through the Admin SDK. */
async function objectsWithTokens(): Promise<string[]> {
  // Both emulators: connectAdmin() sets the variables of the ones named and removes the others, and the account
  // made by createVerifiedAccount() is removed through the Auth emulator afterwards.
  const admin = connectAdmin({
    projectId: PROJECT_ID,
    emulators: { auth: hostOf(AUTH_URL), storage: hostOf(STORAGE_URL) },
  });
  try {
    const bucket = admin.bucket(BUCKET);
    const found: string[] = [];
    for (const path of GUARDED) {
      // One more try after a connection the emulator had just closed (keep-alive): the Admin SDK's own retries
      // are off for emulators (admin/firebase-admin.ts).
      const read = () => bucket.file(path).getMetadata();
      const [metadata] = await read().catch(read);
      if (metadata.metadata?.[DOWNLOAD_TOKENS_METADATA_KEY]) found.push(path);
    }
    return found;
  } finally {
    await admin.close();
  }
}

async function expectNoTokens(metadataGets: string[], flow: string) {
  expect(metadataGets, `metadata GETs after ${flow}`).toEqual([]);
  expect(await objectsWithTokens(), `download tokens after ${flow}`).toEqual([]);
}

async function downloadThroughButton(page: Page, id: string) {
  const entry = byId(id);
  const download = page.waitForEvent('download');
  await page.locator(`button[data-file-id="${id}"]`).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(downloadFileName(entry));
  expect((await readFile(await file.path())).equals(await demoFile(entry)), id).toBe(true);
}

test.describe('member flows leave no download token on the catalogue', () => {
  test.beforeAll(async () => {
    // Whatever ran before on this stack: the catalogue starts without tokens, or the test cannot say who made one.
    expect(await objectsWithTokens()).toEqual([]);
  });

  test('single downloads, the previews and their larger view', async ({ page, context }) => {
    const metadataGets = watchMetadataGets(context);
    await signInAsMember(page);
    for (const id of [
      'program-1976',
      'attendees-list-1976',
      'two-reunions-presentation',
      'cemetery-monument',
    ])
      await downloadThroughButton(page, id);
    await expectNoTokens(metadataGets, 'single downloads');

    await page
      .getByRole('navigation', { name: 'Members area' })
      .getByRole('link', { name: 'Images' })
      .click();
    for (const entry of CATALOGUE.filter(hasThumbnail))
      await expect(page.locator(`[data-preview-id="${entry.id}"] img`)).toHaveAttribute('src', /^blob:/);
    const photo = byId('threshing-crew');
    await page.getByRole('button', { name: `Larger view of ${englishTitle(photo)}` }).click();
    const dialog = page.getByRole('dialog', { name: englishTitle(photo) });
    await expect(dialog.getByRole('img', { name: englishTitle(photo) })).toHaveAttribute('src', /^blob:/);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download the picture' }).click();
    expect((await readFile(await (await download).path())).equals(await demoFile(photo))).toBe(true);
    await expectNoTokens(metadataGets, 'the previews and the larger view');
  });

  test('Download all through the save-file picker and through a Blob', async ({ page, context }) => {
    const metadataGets = watchMetadataGets(context);
    await stubSavePicker(page);
    await signInAsMember(page);
    const card = page.locator('.download-all');
    await card.getByRole('button', { name: 'Download all files (.zip)' }).click();
    await expect(card.getByRole('status')).toContainText(`Saved ${CATALOGUE.length} files`, ZIP_DONE);
    await expectZipOfCatalogue(await pickedFile(page), 'en');
    await expectNoTokens(metadataGets, 'Download all through the save-file picker');

    const blobPage = await context.newPage();
    await withoutPicker(blobPage);
    await blobPage.goto('/members');
    const blobCard = blobPage.locator('.download-all');
    const download = blobPage.waitForEvent('download');
    await blobCard.getByRole('button', { name: 'Download all files (.zip)' }).click();
    const zip = await download;
    expect(zip.suggestedFilename()).toBe('Rolette Reunion 2026 files.zip');
    await expectZipOfCatalogue(await readFile(await zip.path()), 'en');
    await expect(blobCard.getByRole('status')).toContainText(`Saved ${CATALOGUE.length} files`, ZIP_DONE);
    await expectNoTokens(metadataGets, 'Download all through a Blob');
  });

  test('the approval flow: refused lists, Download all without them, approval, Check again, the list', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const metadataGets = watchMetadataGets(context);
    const email = newEmail('tokens');
    const remove = await createVerifiedAccount(email, accounts.relative.password);
    try {
      await withoutPicker(page);
      await signInWithEmail(page, email, accounts.relative.password);
      await expect(page).toHaveURL(/\/members$/);
      const attendees = byId('attendees-list-1976');
      const card = page.locator('.download-all');
      await expect(card).toContainText(`Saves the ${CATALOGUE.length - 2} files you can download`);
      const zip = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Download all files (.zip)' }).click();
      await zip;
      await page.locator(`button[data-file-id="${attendees.id}"]`).click();
      const dialog = page.getByRole('dialog', { name: 'Waiting for approval' });
      await expect(dialog).toBeVisible();
      await expectNoTokens(metadataGets, 'the refusals of an unapproved account');

      await organiserMembers('approve', email);
      await dialog.getByRole('button', { name: 'Check again' }).click();
      await expect(dialog).toBeHidden();
      await downloadThroughButton(page, attendees.id);
      await expectNoTokens(metadataGets, 'the approval and the download of a list');
    } finally {
      await remove();
    }
  });
});
