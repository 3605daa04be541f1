/**
 * Relatives' photos (issue 15), as relatives and organisers meet them, each test with accounts of its own (made
 * through the Admin SDK with the claims it needs):
 *   - a phone photo with GPS EXIF and orientation 6 is prepared in the page's Web Worker and stored without any
 *     EXIF, the right way up, at most 2560 px, with its thumbnail; the thumbnail (under 256 KiB) goes in one
 *     request, the photo resumably in pieces;
 *   - the waiting photo is invisible to another approved member (the page, and a direct request answered 403);
 *     an organiser approves it in the page and the member sees it; Reject; Withdraw;
 *   - Cancel leaves nothing in the bucket; Retry after a failure sends only what did not arrive;
 *   - HEIC and oversized files get their messages, naming them, and the others go on;
 *   - the larger view by keyboard, Ask for removal, Download; axe; Norwegian;
 *   - with 2,000 shared photos (Storage's answers stood in for by route()), the first view makes one list request
 *     of at most 100 and at most 40 thumbnail requests, scrolling on a phone's screen loads the rest page by page
 *     and far-off thumbnails are let go (as the worker's member: the test writes nothing);
 *   - Delete my account: the photos, then the account, with the re-authentication Firebase asks for.
 * A test is one relative's page (and the pages of the others it needs), checked step after step.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from '@playwright/test';
import JSZip from 'jszip';
import sharp from 'sharp';
import { hasExif, readExif } from '../src/lib/exif.ts';
import {
  PENDING_PREFIX,
  SHARED_PREFIX,
  detailsPathOf,
  photoPathOf,
  readPhotoDetails,
  thumbnailPathOf,
  type PhotoLocation,
} from '../src/domain/photos.ts';
import {
  keptPathOf,
  parseRemovalRecord,
  removalRecordPathOf,
  removedFolderOf,
  withdrawnMarkerPathOf,
} from '../src/domain/keeping.ts';
import { mediaUrl } from '../src/firebase/media-url.ts';
import { BUCKET, STORAGE_URL } from '../tools/local/config.ts';
import { expectNoViolations } from './support/a11y.ts';
import { withoutPicker } from './support/save-file.ts';
import { expect, test } from './support/test.ts';
import { accountsOfEachTest, storedNames, storedPhotoObjects } from './support/organiser';
import { PHONE_EXIF, phonePhoto, plainPhoto, readStored, seedSharedPhotos } from './support/photo-files';
import { addPhotos, idTokenOf, itemOf, openPhotos, shareAndWait, signInStatus } from './support/photos-page';
import { signInAsMember } from './support/session.ts';

const CONTACT = 'reunion2026@example.org';
const HEIC = 'e2e/fixtures/IMG_4512.HEIC';

/** The files the tests add through the page, written once per worker, when a test first needs them. */
let dir: string | undefined;
let written: Promise<{ phonePath: string; bluePath: string; greenPath: string; bigPath: string }> | undefined;
function photoFiles() {
  written ??= (async () => {
    dir = mkdtempSync(join(tmpdir(), 'photos-e2e-'));
    const paths = {
      phonePath: join(dir, 'IMG_0007.JPG'),
      bluePath: join(dir, 'blue.jpg'),
      greenPath: join(dir, 'green.jpg'),
      bigPath: join(dir, 'scan.tif'),
    };
    writeFileSync(paths.phonePath, await phonePhoto());
    writeFileSync(paths.bluePath, await plainPhoto({ r: 20, g: 40, b: 220 }));
    writeFileSync(paths.greenPath, await plainPhoto({ r: 20, g: 200, b: 40 }));
    // Over 40 MB: refused before it is read.
    writeFileSync(paths.bigPath, Buffer.alloc(41 * 1024 * 1024, 1));
    return paths;
  })();
  return written;
}

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const account = accountsOfEachTest(test);

function pixel(raw: Buffer, width: number, x: number, y: number): [number, number, number] {
  const at = (y * width + x) * 3;
  return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
}

test('sending photos, and leaving: Cancel stops an upload under way and leaves nothing in the bucket; Retry after a failure sends only the part that did not arrive; a phone photo with GPS and orientation 6 is stored without EXIF, the right way up, at most 2560 px, the thumbnail in one request and the photo resumably; HEIC and oversized files get messages naming them and the others go on, drag and drop adds photos too; Delete my account deletes the waiting and shared photos, then the account, after the re-authentication Firebase asks for', async ({
  page,
  problems,
}) => {
  problems.expectWarnings(/^Could not send/); // the failure the test stages (an upload cut off)
  test.setTimeout(240_000);
  const { phonePath, bluePath, greenPath, bigPath } = await photoFiles();
  const member = await account('uploader');
  const [shared] = await seedSharedPhotos(member.uid, [{ caption: 'Mine, shared' }]);
  const waiting = () => storedPhotoObjects(`${PENDING_PREFIX}${member.uid}/`);
  const uploads: { url: string; protocol?: string; command?: string }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (
      request.method() === 'POST' &&
      url.pathname.endsWith('/o') &&
      url.searchParams.get('name')?.includes('/pending/')
    )
      uploads.push({
        url: request.url(),
        protocol: request.headers()['x-goog-upload-protocol'],
        command: request.headers()['x-goog-upload-command'],
      });
  });
  await openPhotos(page, member);

  // Cancel: the photo's pieces are held, so the upload stays under way until Cancel.
  const held: { abort: () => Promise<void> }[] = [];
  const pieces = (url: URL) => url.searchParams.has('upload_id');
  await page.route(pieces, (route) => {
    held.push(route);
  });
  await addPhotos(page, [phonePath]);
  await expect(itemOf(page, 'IMG_0007.JPG')).toContainText('Ready to share', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Share 1 photo' }).click();
  await expect(itemOf(page, 'IMG_0007.JPG')).toContainText('Sending…');
  await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0);
  // The thumbnail has arrived by now.
  await expect.poll(waiting).toHaveLength(1);
  await page.getByRole('button', { name: 'Cancel sending IMG_0007.JPG' }).click();
  await expect(itemOf(page, 'IMG_0007.JPG')).toContainText('Cancelled: nothing of it was kept.');
  expect(await waiting()).toEqual([]);
  await page.unroute(pieces);
  for (const route of held) await route.abort().catch(() => {});
  await expectNoViolations(page, 'a cancelled upload', { network: false });
  await page.getByRole('button', { name: 'Remove IMG_0007.JPG from the list' }).click();

  // Retry: the first try of the photo itself is refused by the server (after its thumbnail arrived).
  const thumbnailPosts: string[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.url().includes('%2Fthumbnails%2F') &&
      request.url().includes('name=')
    )
      thumbnailPosts.push(request.url());
  });
  let refused = 0;
  const photoItself = (url: URL) =>
    url.searchParams.get('name')?.startsWith(`${PENDING_PREFIX}${member.uid}/20`) === true;
  await page.route(photoItself, async (route) => {
    if (route.request().method() === 'POST' && refused === 0) {
      refused += 1;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"error":{"code":400}}',
      });
    } else await route.continue();
  });
  await addPhotos(page, [bluePath]);
  await expect(itemOf(page, 'blue.jpg')).toContainText('Ready to share', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Share 1 photo' }).click();
  await expect(itemOf(page, 'blue.jpg')).toContainText('“blue.jpg” could not be sent. Please try again.');
  expect(await waiting()).toHaveLength(1);
  await page.getByRole('button', { name: 'Try again to send blue.jpg' }).click();
  await expect(itemOf(page, 'blue.jpg')).toContainText('Sent: waiting for an organiser’s approval.');
  expect(await waiting()).toHaveLength(2);
  expect(thumbnailPosts).toHaveLength(1);
  await page.unroute(photoItself);
  await page.getByRole('button', { name: 'Clear the list' }).click();

  // A phone photo with GPS EXIF and orientation 6.
  const phoneUploadsFrom = uploads.length;
  await addPhotos(page, [phonePath]);
  const item = itemOf(page, 'IMG_0007.JPG');
  await expect(item).toContainText('Ready to share', { timeout: 30_000 });
  // The date comes from the EXIF, read as the reunion's time (14:03 in Rolette).
  await expect(item).toContainText('Taken July 11th, 2026, 2:03 PM');
  await item.getByLabel('Caption for IMG_0007.JPG (optional)').fill('Opening the time capsule');
  await expectNoViolations(page, 'a photo ready to share');
  const [photoId] = await shareAndWait(page, member, ['IMG_0007.JPG']);
  expect(photoId).toMatch(/^20260711T190322Z_[A-Za-z0-9]{10}$/);
  await expect(page.getByRole('status').filter({ hasText: 'photo sent' })).toHaveText(
    '1 photo sent. An organiser will look at it soon.',
  );
  // "Your photos" shows it waiting.
  const mine = page.locator('.my-photos');
  await expect(mine.locator(`[data-photo-id="${photoId}"]`)).toContainText('Waiting for an organiser');

  const location: PhotoLocation = { state: 'pending', uid: member.uid, photoId: photoId! };
  const stored = (await readStored(photoPathOf(location)))!;
  const thumbnail = (await readStored(thumbnailPathOf(location)))!;
  for (const file of [stored, thumbnail]) {
    expect(file.contentType).toBe('image/jpeg');
    expect(hasExif(file.bytes)).toBe(false);
    expect(readExif(file.bytes)).toBeNull();
    for (const secret of [PHONE_EXIF.serial, PHONE_EXIF.make, 'Exif'])
      expect(file.bytes.includes(Buffer.from(secret))).toBe(false);
    const info = await sharp(file.bytes).metadata();
    expect(info.format).toBe('jpeg');
    expect(info.exif).toBeUndefined();
    expect(info.orientation).toBeUndefined();
  }
  // 3000x2000 on its side is 2000x3000 the right way up: 1707x2560 stored, 320x480 as a thumbnail.
  const { data, info } = await sharp(stored.bytes).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([1707, 2560]);
  const left = pixel(data, info.width, 200, 1280);
  const right = pixel(data, info.width, 1500, 1280);
  expect(left[2]).toBeGreaterThan(150); // blue on the left
  expect(left[0]).toBeLessThan(100);
  expect(right[0]).toBeGreaterThan(150); // red on the right
  expect(right[2]).toBeLessThan(100);
  const thumbInfo = await sharp(thumbnail.bytes).metadata();
  expect([thumbInfo.width, thumbInfo.height]).toEqual([320, 480]);
  // Besides the download token every upload through Firebase's API gets (by Firebase's design), only our keys.
  const { firebaseStorageDownloadTokens: _token, ...custom } = stored.metadata;
  void _token;
  expect(custom).toEqual({
    caption: 'Opening the time capsule',
    takenAt: PHONE_EXIF.takenAt,
    width: '1707',
    height: '2560',
    uploaderUid: member.uid,
    uploaderName: member.displayName,
    uploaderEmail: member.email,
  });
  expect(thumbnail.metadata).toMatchObject({ width: '320', height: '480', takenAt: PHONE_EXIF.takenAt });

  // Both upload paths of the SDK: the thumbnail (under 256 KiB) in one multipart request, the photo resumably.
  expect(thumbnail.bytes.length).toBeLessThan(256 * 1024);
  expect(stored.bytes.length).toBeGreaterThan(256 * 1024);
  const phoneUploads = uploads.slice(phoneUploadsFrom);
  const thumbnailRequests = phoneUploads.filter((upload) => upload.url.includes('%2Fthumbnails%2F'));
  const photoRequests = phoneUploads.filter((upload) => !upload.url.includes('%2Fthumbnails%2F'));
  expect(thumbnailRequests.map((upload) => upload.protocol)).toEqual(['multipart']);
  expect(photoRequests[0]!.protocol).toBe('resumable');
  expect(photoRequests[0]!.command).toBe('start');
  expect(photoRequests.filter((upload) => upload.url.includes('upload_id=')).length).toBeGreaterThanOrEqual(
    1,
  );
  // The worker is a same-origin module file that firebase.json's CSP (served by the Hosting emulator) allows.
  expect(
    problems.errors.filter(
      (error) => error.startsWith('pageerror') || /Content Security Policy/i.test(error),
    ),
  ).toEqual([]);

  // Files the page refuses, beside ready ones, from the picker and dropped on the zone.
  await page.getByRole('button', { name: 'Clear the list' }).click();
  await addPhotos(page, [HEIC, bigPath, bluePath]);
  await expect(itemOf(page, 'IMG_4512.HEIC')).toContainText(
    '“IMG_4512.HEIC” is a HEIC photo, which this browser cannot read.',
    { timeout: 30_000 },
  );
  await expect(itemOf(page, 'scan.tif')).toContainText(
    '“scan.tif” is larger than 40 MB, so it cannot be shared.',
  );
  await expect(itemOf(page, 'blue.jpg')).toContainText('Ready to share', { timeout: 30_000 });
  const bytes = (await readFile(greenPath)).toString('base64');
  const dataTransfer = await page.evaluateHandle(async (base64) => {
    const transfer = new DataTransfer();
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    transfer.items.add(new File([data], 'dropped.jpg', { type: 'image/jpeg' }));
    return transfer;
  }, bytes);
  await page.locator('.photo-drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect(itemOf(page, 'dropped.jpg')).toContainText('Ready to share', { timeout: 30_000 });
  await expectNoViolations(page, 'refused files beside ready ones');
  await page.getByRole('button', { name: 'Remove scan.tif from the list' }).click();
  await expect(itemOf(page, 'scan.tif')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share 2 photos' })).toBeVisible();

  // Delete my account, on the account page: the two photos sent above wait, and one is shared.
  await page.goto('/members/account');
  // The first try: Firebase answers that the sign-in is too old.
  let tooOld = false;
  await page.route('**/accounts:delete**', async (route) => {
    if (!tooOld) {
      tooOld = true;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 400, message: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN' } }),
      });
    } else await route.continue();
  });
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expectNoViolations(page, 'the confirmation to delete the account');
  await dialog.getByRole('button', { name: 'Delete my account and photos' }).click();
  await expect(dialog).toContainText('Your 3 photos have been deleted.');
  expect(await waiting()).toEqual([]);
  // Before anything went, a marker that the account deletes itself: backups let its photos go too.
  const markers = await storedNames(`deletions/accounts/${member.uid}/`);
  expect(markers).toHaveLength(1);
  expect((await readStored(markers[0]!))?.bytes.byteLength).toBe(0);
  expect(await readStored(photoPathOf({ state: 'shared', photoId: shared!.photoId }))).toBeUndefined();
  await dialog.getByLabel('Your password').fill('not the password');
  await dialog.getByRole('button', { name: 'Sign in and delete my account' }).click();
  await expect(dialog.getByText('That is not the password of this account.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Sign in and delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('.account-deleted')).toHaveText(
    'Your account and your 3 photos have been deleted.',
  );
  // The account is gone: signing in fails.
  expect(await signInStatus(member)).toBe(400);
});

test('the waiting photo is invisible to another approved member until an organiser approves it in the page; Reject; Withdraw', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { bluePath, greenPath } = await photoFiles();
  const uploader = await account('waiting');
  const other = await account('other');
  const organiser = await account('organiser', { organiser: true });

  const uploaderPage = page;
  const otherContext = await browser.newContext();
  const organiserContext = await browser.newContext();
  try {
    await openPhotos(uploaderPage, uploader);
    await addPhotos(uploaderPage, [bluePath, greenPath]);
    await uploaderPage.locator('.upload-item').nth(0).getByRole('textbox').fill('The blue one');
    await uploaderPage.locator('.upload-item').nth(1).getByRole('textbox').fill('The green one');
    const ids = await shareAndWait(uploaderPage, uploader, ['blue.jpg', 'green.jpg']);
    expect(ids).toHaveLength(2);
    const waiting = (photoId: string): PhotoLocation => ({ state: 'pending', uid: uploader.uid, photoId });
    const captions = await Promise.all(
      ids.map(async (id) => (await readStored(photoPathOf(waiting(id))))!.metadata.caption),
    );
    const blue = ids[captions.indexOf('The blue one')]!;
    const green = ids[captions.indexOf('The green one')]!;

    // Another approved member: not in the page, and Storage refuses the file and the folder.
    const otherPage = await otherContext.newPage();
    await openPhotos(otherPage, other);
    const galleryStatus = otherPage.locator('.photos-gallery p[role="status"]');
    await expect(galleryStatus).not.toHaveText(/^$|Loading the photos…/);
    await expect(otherPage.locator(`[data-photo-id="${blue}"]`)).toHaveCount(0);
    const token = await idTokenOf(other);
    const headers = { Authorization: `Firebase ${token}` };
    for (const url of [
      mediaUrl(STORAGE_URL, BUCKET, photoPathOf(waiting(blue))),
      mediaUrl(STORAGE_URL, BUCKET, thumbnailPathOf(waiting(blue))),
      // its metadata (the address without alt=media)
      `${STORAGE_URL}/v0/b/${BUCKET}/o/${encodeURIComponent(photoPathOf(waiting(blue)))}`,
      `${STORAGE_URL}/v0/b/${BUCKET}/o?prefix=${encodeURIComponent(`${PENDING_PREFIX}${uploader.uid}/`)}&delimiter=%2F`,
      `${STORAGE_URL}/v0/b/${BUCKET}/o?prefix=${encodeURIComponent(PENDING_PREFIX)}&delimiter=%2F`,
    ]) {
      const response = await fetch(url, { headers });
      expect(response.status, url).toBe(403);
    }

    // The organiser: the menu counts the waiting photos, the page lists them with caption, uploader and date.
    const organiserPage = await organiserContext.newPage();
    await openPhotos(organiserPage, organiser);
    await expect(organiserPage.locator('#members-menu .waiting-count')).toContainText(/\d+/);
    const moderation = organiserPage.locator('.photos-moderation');
    await expect(moderation.getByRole('heading', { name: /^Waiting for approval \(\d+\)$/ })).toBeVisible();
    const blueCard = moderation.locator(`[data-photo-id="${blue}"]`);
    await expect(blueCard).toContainText('The blue one');
    await expect(blueCard.locator('.sender-email')).toHaveText(`Sign-in address: ${uploader.email}`);
    await expect(blueCard.locator('.sender-name')).toHaveText(`Name on the account: ${uploader.displayName}`);
    await expectNoViolations(organiserPage, 'the waiting list');
    await blueCard.getByRole('button', { name: /^Approve/ }).click();
    await expect(blueCard).toHaveCount(0);
    await expect(organiserPage.getByText('The photo is shared now.')).toBeAttached();
    const shared: PhotoLocation = { state: 'shared', photoId: blue };
    expect((await readStored(photoPathOf(shared)))?.metadata).toMatchObject({ uploaderUid: uploader.uid });
    expect(readPhotoDetails((await readStored(detailsPathOf(blue)))!.bytes.toString('utf8'))).toMatchObject({
      caption: 'The blue one',
      uploaderUid: uploader.uid,
      uploaderName: uploader.displayName,
    });
    expect(await readStored(thumbnailPathOf(shared))).toBeDefined();
    expect(await readStored(photoPathOf(waiting(blue)))).toBeUndefined();
    expect(await readStored(thumbnailPathOf(waiting(blue)))).toBeUndefined();
    await expect(organiserPage.locator(`.photos-gallery [data-photo-id="${blue}"]`)).toBeVisible();

    // Reject the green one: deleted.
    const greenCard = moderation.locator(`[data-photo-id="${green}"]`);
    await greenCard.getByRole('button', { name: /^Reject/ }).click();
    await expect(greenCard).toContainText('can be undone for 30 days');
    await greenCard.getByRole('button', { name: 'Yes, reject it' }).click();
    await expect(greenCard).toHaveCount(0);
    expect(await storedPhotoObjects(`${PENDING_PREFIX}${uploader.uid}/`)).toEqual([]);
    // Kept apart for 30 days, as it was, with what happened: organiser:photos -- restore can undo it.
    const greenPending = waiting(green);
    expect(await storedNames(removedFolderOf(green))).toEqual(
      [
        keptPathOf(green, photoPathOf(greenPending)),
        keptPathOf(green, thumbnailPathOf(greenPending)),
        removalRecordPathOf(green),
      ].sort(),
    );
    const keptGreen = (await readStored(keptPathOf(green, photoPathOf(greenPending))))!;
    expect(keptGreen.metadata).toMatchObject({ uploaderUid: uploader.uid, caption: 'The green one' });
    const record = parseRemovalRecord((await readStored(removalRecordPathOf(green)))!.bytes.toString());
    expect(record).toMatchObject({ photoId: green, kind: 'rejected', removedBy: organiser.email });

    // The other member now sees the approved photo (named by its caption); the uploader sees what became of both.
    await otherPage.reload();
    const tile = otherPage.locator(`.photos-gallery [data-photo-id="${blue}"]`);
    await tile.scrollIntoViewIfNeeded();
    await expect(tile).toHaveAccessibleName('The blue one');
    await uploaderPage.reload();
    const mine = uploaderPage.locator('.my-photos');
    await expect(mine.locator(`[data-photo-id="${blue}"]`)).toContainText('Shared');
    await expect(mine.locator(`[data-photo-id="${green}"]`)).toContainText('Not accepted');

    // Withdraw: a new photo, taken back before anyone looks at it.
    await addPhotos(uploaderPage, [greenPath]);
    const [again] = await shareAndWait(uploaderPage, uploader, ['green.jpg']);
    const card = mine.locator(`[data-photo-id="${again}"]`);
    await card.getByRole('button', { name: /^Withdraw/ }).click();
    await expect(card).toHaveCount(0);
    expect(await storedPhotoObjects(`${PENDING_PREFIX}${uploader.uid}/`)).toEqual([]);
    // A relative's own deletion is not kept apart: a marker says it is gone for good.
    expect(await storedNames(removedFolderOf(again!))).toEqual([]);
    expect(await storedNames(withdrawnMarkerPathOf(uploader.uid, again!))).toEqual([
      withdrawnMarkerPathOf(uploader.uid, again!),
    ]);
  } finally {
    await Promise.all([otherContext.close(), organiserContext.close()]);
  }
});

test('the gallery: a thumbnail that cannot be shown says so, in its tile’s name too (label in name); the larger view by keyboard, Ask for removal and Download; Remove for the one who shared it; Download all photos saves a .zip of the shared photos (parts when there is no save-file picker); in Norwegian, the page, a refused HEIC file, the larger view and the e-mail asking for removal', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  const member = await account('viewer');
  const [first, second, unshown, zipped, norwegian, removed] = await seedSharedPhotos(member.uid, [
    { caption: 'First of two', uploaderName: member.displayName },
    { caption: 'Second of two', uploaderName: member.displayName },
    { caption: 'Its thumbnail fails' },
    { caption: 'In the zip' },
    { caption: 'Ved kirken', uploaderName: 'Kari' },
    { caption: 'Removed since' },
  ]);
  // Storage fails for one thumbnail (500), and has none for a photo removed since the listing (404).
  for (const [photo, status] of [
    [unshown!, 500],
    [removed!, 404],
  ] as const) {
    const path = thumbnailPathOf({ state: 'shared', photoId: photo.photoId });
    await page.route(
      (url) => decodeURIComponent(url.pathname).endsWith(`/o/${path}`),
      (route) =>
        route.fulfill({ status, contentType: 'application/json', body: `{"error":{"code":${status}}}` }),
    );
  }
  problems.expectWarnings(/^Could not load a picture StorageRequestError: Storage answered 500/);
  await withoutPicker(page);
  await openPhotos(page, member);
  // Other tests' photos share the gallery: each tile is brought into view, where its thumbnail loads.
  const unshownTile = page.locator(`.photos-gallery [data-photo-id="${unshown!.photoId}"]`);
  await unshownTile.scrollIntoViewIfNeeded();
  await expect(unshownTile.locator('.photo-thumbnail-note')).toHaveText('Not shown');
  await expect(unshownTile).toHaveAccessibleName('Its thumbnail fails Not shown');
  const removedTile = page.locator(`.photos-gallery [data-photo-id="${removed!.photoId}"]`);
  await removedTile.scrollIntoViewIfNeeded();
  await expect(removedTile.locator('.photo-thumbnail-note')).toHaveText('Removed');
  await expect(removedTile).toHaveAccessibleName('Removed since Removed');
  await expectNoViolations(page, 'a thumbnail that cannot be shown');

  // The larger view by keyboard.
  const tile = page.locator(`.photos-gallery [data-photo-id="${first!.photoId}"]`);
  await expect(tile).toHaveAccessibleName('First of two');
  await tile.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: 'First of two' })).toBeVisible();
  const title = await dialog.getByRole('heading').textContent();
  expect(title).toMatch(/^Photo \d+ of \d+$/);
  await expect(dialog).toContainText(`shared by ${member.displayName}`);
  const removal = dialog.getByRole('link', { name: 'Ask for removal' });
  const href = decodeURIComponent((await removal.getAttribute('href'))!);
  expect(href).toContain(`mailto:${CONTACT}?subject=`);
  expect(href).toContain(first!.photoId);
  expect(href).toMatch(/Taken: \w+ \d+(st|nd|rd|th), 1990/);
  await expectNoViolations(page, 'the larger view');

  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('img', { name: 'Second of two' })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(`${second!.photoId}.jpg`);
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByRole('img', { name: 'First of two' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tile).toBeFocused();

  // The one who shared it may remove it.
  await tile.click();
  await dialog.getByRole('button', { name: 'Remove photo' }).click();
  await expect(dialog).toContainText('It is deleted from the website.');
  await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(dialog.getByRole('img', { name: 'Second of two' })).toBeVisible();
  await expect(tile).toHaveCount(0);
  expect(await readStored(photoPathOf({ state: 'shared', photoId: first!.photoId }))).toBeUndefined();
  // Their own removal: a deletion, with its marker, nothing kept apart.
  expect(await storedNames(withdrawnMarkerPathOf(member.uid, first!.photoId))).toHaveLength(1);
  expect(await storedNames(removedFolderOf(first!.photoId))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Download all photos, without the save-file picker.
  await expect(page.locator(`[data-photo-id="${zipped!.photoId}"]`)).toBeVisible();
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all photos (.zip)' }).click();
  const file = await zipDownload;
  expect(file.suggestedFilename()).toBe('Rolette Reunion 2026 photos.zip');
  const zip = await JSZip.loadAsync(await readFile(await file.path()));
  expect(Object.keys(zip.files)).toContain(`${zipped!.photoId}.jpg`);
  await expect(page.locator('.download-all-photos-status')).toContainText(/^Saved \d+ photos?\.$/);

  // In Norwegian.
  await page.goto('/nb/members/photos');
  await expect(page).toHaveURL(/\/nb\/members\/photos$/);
  await expect(page.getByRole('heading', { name: 'Del bildene dine' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Legg til bilder' }).click();
  await (await chooser).setFiles([HEIC]);
  await expect(itemOf(page, 'IMG_4512.HEIC')).toContainText(
    '«IMG_4512.HEIC» er et HEIC-bilde, som denne nettleseren ikke kan lese.',
    { timeout: 30_000 },
  );
  await page.locator(`[data-photo-id="${norwegian!.photoId}"]`).click();
  await expect(dialog.getByRole('heading')).toHaveText(/^Bilde \d+ av \d+$/);
  await expect(dialog).toContainText('delt av Kari');
  const hrefNb = decodeURIComponent(
    (await dialog.getByRole('link', { name: 'Be om at bildet fjernes' }).getAttribute('href'))!,
  );
  expect(hrefNb).toContain(`Bilde: ${norwegian!.photoId}`);
  expect(hrefNb).toMatch(/Tatt: \d+\. \p{L}+ 1990 kl\. \d\d\.\d\d, lokal tid i Rolette/u);
  await expectNoViolations(page, 'the Norwegian larger view');
});

test('a verified relative who is not approved sees why, the address and Check again', async ({ page }) => {
  const relative = await account('unapproved', { approved: false });
  await openPhotos(page, relative);
  const notice = page.locator('.photos-approval');
  await expect(notice).toContainText('only relatives approved by an organiser can share and see them');
  await expect(notice.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
  await expect(page.getByRole('button', { name: 'Add photos' })).toHaveCount(0);
  await notice.getByRole('button', { name: 'Check again' }).click();
  await expect(notice.getByRole('status')).toHaveText(
    'Your account has not been approved yet. Please try again later.',
  );
  await expectNoViolations(page, 'the photos page of an unapproved relative');
});

test.describe('scale', () => {
  const TOTAL = 2000;
  const ids = Array.from({ length: TOTAL }, (_, index) => {
    const date = new Date(Date.UTC(2026, 6, 10, 12) + index * 60_000);
    return `${date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}Z$/, 'Z')}_scale${String(index).padStart(5, '0')}`;
  });

  test('with 2,000 shared photos the first view makes 1 list request of at most 100 and at most 40 thumbnail requests; scrolling loads the rest; far-off thumbnails are let go', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // A tiny picture for every thumbnail: the test counts requests and tiles, and 2,000 full-size decodes would
    // only cost time.
    const thumbnail = await plainPhoto({ r: 120, g: 120, b: 120 }, 48, 36);
    const lists: URL[] = [];
    const thumbnails: string[] = [];
    const details: string[] = [];
    const tokenUrls: string[] = [];
    page.on('request', (request) => {
      if (/[?&]token=/.test(request.url())) tokenUrls.push(request.url());
    });
    // Storage's answers for shared/, as the emulator gives them, for 2,000 photos.
    await page.route(
      (url) => url.pathname.endsWith('/o') && url.searchParams.get('prefix') === SHARED_PREFIX,
      async (route) => {
        const url = new URL(route.request().url());
        lists.push(url);
        const max = Number(url.searchParams.get('maxResults') ?? 1000);
        const start = url.searchParams.get('pageToken') ? ids.indexOf(url.searchParams.get('pageToken')!) : 0;
        const page = ids.slice(start, start + max);
        const next = ids[start + max];
        await route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            prefixes: [`${SHARED_PREFIX}thumbnails/`],
            items: page.map((id) => ({ name: `${SHARED_PREFIX}${id}.jpg`, bucket: BUCKET })),
            ...(next ? { nextPageToken: next } : {}),
          }),
        });
      },
    );
    const metadataRequests: string[] = [];
    await page.route(
      (url) => decodeURIComponent(url.pathname).includes(`/o/${SHARED_PREFIX}`),
      async (route) => {
        const url = new URL(route.request().url());
        const name = decodeURIComponent(url.pathname.split('/o/')[1]!);
        const id = name
          .split('/')
          .at(-1)!
          .replace(/\.(jpg|json)$/, '');
        // Only ever the bytes: a metadata request would hand the browser the photo's download token.
        if (url.searchParams.get('alt') !== 'media') {
          metadataRequests.push(name);
          await route.fulfill({ status: 500 });
          return;
        }
        if (name.includes('/details/')) {
          details.push(id);
          await route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({
              takenAt: `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)}T${id.slice(9, 11)}:${id.slice(11, 13)}:${id.slice(13, 15)}Z`,
              width: '480',
              height: '360',
              uploaderUid: 'someone',
              uploaderName: 'A Relative',
            }),
          });
          return;
        }
        if (name.includes('/thumbnails/')) thumbnails.push(id);
        await route.fulfill({ contentType: 'image/jpeg', body: thumbnail });
      },
    );
    // The worker's member: the test only reads, and Storage's answers for shared/ are the test's own.
    await signInAsMember(page);
    expect(lists).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Photos from the reunion' }).click();
    await expect(page).toHaveURL(/\/members\/photos$/);
    const tiles = page.locator('.photo-tile');
    await expect(tiles).toHaveCount(100);
    // Thumbnails are drawn into canvases at the size shown (no decoded picture kept in the browser's image cache).
    await expect(page.locator('.photo-grid canvas[data-drawn]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(lists).toHaveLength(1);
    expect(lists[0]!.searchParams.get('maxResults')).toBe('100');
    expect(thumbnails.length).toBeGreaterThan(0);
    expect(thumbnails.length).toBeLessThanOrEqual(40);
    const firstView = thumbnails.length;

    // Scroll through all of them on a phone's screen, as a relative holding 2,000 photos in a hand would: page after
    // page comes, and far-off thumbnails are released. Each step jumps to the end at once (the stylesheet's smooth
    // scrolling would glide past, and fetch, every tile on the way).
    await page.setViewportSize({ width: 390, height: 844 });
    let shown = 100;
    let mostImages = 0;
    const toEnd = () =>
      page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    while (shown < TOTAL) {
      await toEnd();
      await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBeGreaterThan(shown);
      shown = await tiles.count();
      mostImages = Math.max(mostImages, await page.locator('.photo-grid canvas').count());
    }
    await toEnd();
    await page.waitForLoadState('networkidle');
    expect(shown).toBe(TOTAL);
    expect(lists).toHaveLength(TOTAL / 100);
    expect(lists.every((url) => url.searchParams.get('maxResults') === '100')).toBe(true);
    await expect(page.getByText('2,000 photos, oldest first')).toBeVisible();
    // Only the thumbnails near the viewport are kept: never more than a few screens' worth.
    mostImages = Math.max(mostImages, await page.locator('.photo-grid canvas').count());
    expect(mostImages).toBeLessThan(250);
    expect(
      thumbnails.length,
      'thumbnails fetched over the scroll: more than were ever kept at once',
    ).toBeGreaterThan(mostImages);
    expect(tokenUrls).toEqual([]);
    expect(metadataRequests).toEqual([]);
    // The details come with the thumbnails near the screen, one small file each: never all 2,000.
    expect(details.length).toBeGreaterThan(0);
    expect(details.length).toBeLessThanOrEqual(thumbnails.length);
    test.info().annotations.push({
      type: 'requests',
      description: `first view: ${lists.length === TOTAL / 100 ? 1 : '?'} list request, ${firstView} thumbnails; all ${TOTAL}: ${lists.length} list requests, ${thumbnails.length} thumbnails fetched, at most ${mostImages} kept at once`,
    });
  });
});
