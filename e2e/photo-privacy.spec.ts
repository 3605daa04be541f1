/**
 * What the photos page promises, tried as a relative who bypasses the page (each test with accounts of its own):
 *   - a raw camera file with GPS and a thumbnail of something else, sent straight to Storage, comes out of an
 *     organiser's approval in the page made anew: upright, without EXIF, with its own thumbnail; the organiser saw
 *     the account's verified e-mail address and the photo itself first, and confirmed the name relatives see;
 *   - browsing the gallery, the larger view and "Download all photos", and the uploader's own list, the browser never
 *     receives a download token of a photo, nor asks Storage for a photo's metadata;
 *   - every account can be deleted with what it shared, from its account page, which lists it first: never approved,
 *     approval withdrawn with photos waiting (which it can still see and withdraw), organiser.
 */
import type { Page, Request, Response } from '@playwright/test';
import sharp from 'sharp';
import {
  PENDING_PREFIX,
  detailsPathOf,
  markerPathOf,
  newPhotoId,
  photoPathOf,
  readPhotoDetails,
  thumbnailPathOf,
} from '../src/domain/photos.ts';
import { hasExif, readExif } from '../src/lib/exif.ts';
import { BUCKET, STORAGE_URL } from '../tools/local/config.ts';
import { expectNoViolations } from './support/a11y.ts';
import { withoutPicker } from './support/save-file.ts';
import { expect, test } from './support/test.ts';
import { saveSuggestion } from '../admin/bucket/faces.ts';
import { GROUP_PHOTO_1976 } from '../src/domain/faces.ts';
import { accountsOfEachTest, localAdmin, localBucket, storedPhotoObjects } from './support/organiser';
import { PHONE_EXIF, phonePhoto, plainPhoto, readStored, seedSharedPhotos } from './support/photo-files';
import { openPhotos, signInStatus, uploadPastThePage } from './support/photos-page';
import { openSignedIn } from './support/session.ts';

const account = accountsOfEachTest(test);

/** Every answer Storage gives the page (its address, headers and body as text) and every GET it sends. */
function watchStorage(page: Page): { answers: Promise<string>[]; requests: URL[] } {
  const answers: Promise<string>[] = [];
  const requests: URL[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'GET' && request.url().startsWith(STORAGE_URL))
      requests.push(new URL(request.url()));
  });
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(STORAGE_URL)) return;
    answers.push(
      response
        .body()
        .then((body) => body.toString('latin1'))
        .catch(() => '')
        .then((body) => `${response.url()}\n${JSON.stringify(response.headers())}\n${body}`),
    );
  });
  return { answers, requests };
}

/** The GETs of an object's metadata: an object's address without alt=media (a listing names no object). */
const metadataRequests = (requests: URL[]) =>
  requests.filter((url) => /\/o\/./.test(url.pathname) && url.searchParams.get('alt') !== 'media');

/** Gives a file a download token as Storage does: a metadata read through its API (here with admin rights). */
async function giveToken(path: string): Promise<string> {
  const response = await fetch(`${STORAGE_URL}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  const { downloadTokens } = (await response.json()) as { downloadTokens: string };
  return downloadTokens;
}

test('a raw camera file and a thumbnail of something else, sent past the page, are made anew by the organiser’s approval, after the organiser saw the account’s e-mail address and the photo itself and confirmed the name; a relative browsing the gallery, the larger view and Download all photos gets no answer carrying a photo’s download token, and asks for no photo’s metadata', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const uploader = await account('raw-uploader', { displayName: 'Aunt Mary' });
  const organiser = await account('raw-organiser', { organiser: true });
  const relative = await account('raw-relative');
  const raw = await phonePhoto();
  expect(readExif(raw)).not.toBeNull();
  const photoId = newPhotoId(new Date(PHONE_EXIF.takenAt));
  await uploadPastThePage(
    uploader,
    photoId,
    { photo: raw, thumbnail: await plainPhoto({ r: 20, g: 220, b: 20 }, 240, 180) },
    { caption: 'Straight from the camera', takenAt: new Date(PHONE_EXIF.takenAt) },
  );

  const organiserContext = await browser.newContext();
  try {
    const organiserPage = await organiserContext.newPage();
    await openPhotos(organiserPage, organiser);
    const card = organiserPage.locator(`.photos-moderation [data-photo-id="${photoId}"]`);
    await expect(card).toContainText('Straight from the camera');
    await expect(card.locator('.sender-email')).toHaveText(`Sign-in address: ${uploader.email}`);
    // The photo itself, larger, before anything is approved.
    await card.getByRole('button', { name: /^View the photo taken/ }).click();
    const dialog = organiserPage.getByRole('dialog');
    await expect(dialog.getByRole('img', { name: 'Straight from the camera' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download' })).toHaveCount(0);
    await expectNoViolations(organiserPage, 'a waiting photo in the larger view');
    await organiserPage.keyboard.press('Escape');
    const name = card.getByRole('textbox', { name: 'Name shown with the photo' });
    await expect(name).toHaveValue('Aunt Mary');
    await name.fill('Mary Haugen');
    await expectNoViolations(organiserPage, 'the waiting list with the name to confirm');
    await card.getByRole('button', { name: /^Approve/ }).click();
    await expect(card).toHaveCount(0, { timeout: 30_000 });
  } finally {
    await organiserContext.close();
  }

  // In shared/: made by the approver from the photo itself.
  const shared = { state: 'shared', photoId } as const;
  const photo = (await readStored(photoPathOf(shared)))!;
  expect(hasExif(photo.bytes)).toBe(false);
  for (const secret of [PHONE_EXIF.serial, PHONE_EXIF.make, 'Exif'])
    expect(photo.bytes.includes(Buffer.from(secret))).toBe(false);
  const { data, info } = await sharp(photo.bytes).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([1707, 2560]);
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ];
  expect(at(200, 1280)[2]).toBeGreaterThan(150); // blue on the left: upright
  expect(at(1500, 1280)[0]).toBeGreaterThan(150); // red on the right
  const thumbnail = await sharp((await readStored(thumbnailPathOf(shared)))!.bytes)
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([thumbnail.info.width, thumbnail.info.height]).toEqual([320, 480]);
  expect(thumbnail.data[1]).toBeLessThan(100); // not the green decoy
  const details = readPhotoDetails((await readStored(detailsPathOf(photoId)))!.bytes.toString('utf8'));
  expect(details).toEqual({
    caption: 'Straight from the camera',
    takenAt: PHONE_EXIF.takenAt,
    width: '1707',
    height: '2560',
    uploaderUid: uploader.uid,
    uploaderName: 'Mary Haugen',
  });
  for (const path of [
    photoPathOf(shared),
    thumbnailPathOf(shared),
    detailsPathOf(photoId),
    markerPathOf(uploader.uid, photoId),
  ]) {
    const stored = (await readStored(path))!;
    expect(JSON.stringify(stored.metadata), path).not.toContain(uploader.email);
    expect(stored.bytes.includes(Buffer.from(uploader.email)), path).toBe(false);
  }
  expect(await storedPhotoObjects(`${PENDING_PREFIX}${uploader.uid}/`)).toEqual([]);

  // Two photos shared by Kari: every file of them and of the camera's photo carries a token, as after an approval
  // in the page. None may reach the relative's browser.
  const seeded = await seedSharedPhotos(uploader.uid, [
    { caption: 'Ved kirken', uploaderName: 'Kari' },
    { caption: 'By the hall', uploaderName: 'Kari' },
  ]);
  const tokens: string[] = [];
  for (const id of [...seeded.map((each) => each.photoId), photoId]) {
    const location = { state: 'shared', photoId: id } as const;
    for (const path of [photoPathOf(location), thumbnailPathOf(location), detailsPathOf(id)])
      tokens.push(await giveToken(path));
  }
  expect(tokens.every(Boolean)).toBe(true);
  await withoutPicker(page);
  const storage = watchStorage(page);

  // Another relative sees the camera's photo with the name the organiser confirmed, and Kari's.
  await openPhotos(page, relative);
  const approved = page.locator(`.photos-gallery [data-photo-id="${photoId}"]`);
  await approved.scrollIntoViewIfNeeded();
  await expect(approved).toHaveAccessibleName('Straight from the camera');
  await approved.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toContainText('shared by Mary Haugen');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  const tile = page.locator(`.photos-gallery [data-photo-id="${seeded[0]!.photoId}"]`);
  await expect(tile).toHaveAccessibleName('Ved kirken');
  await tile.click();
  await expect(viewer.getByRole('img', { name: 'Ved kirken' })).toBeVisible();
  await expect(viewer).toContainText('shared by Kari');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('img', { name: 'By the hall' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Not the test's whole time: a zip that fails says so at once.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Download all photos (.zip)' }).click();
  await download;
  await expect(page.locator('.download-all-photos-status')).toContainText(/^Saved \d+ photos?\.$/);

  const answers = await Promise.all(storage.answers);
  expect(answers.length).toBeGreaterThan(6);
  for (const answer of answers) for (const token of tokens) expect(answer).not.toContain(token);
  expect(metadataRequests(storage.requests).map(String)).toEqual([]);
});

/** "Delete my account" on the account page (Members menu, Your account), to the login page that says it is done. */
async function deleteMyAccount(page: Page, photos: number): Promise<void> {
  if (!page.url().endsWith('/members/account')) {
    await page.getByRole('button', { name: 'Members' }).click();
    await page.locator('.dropdown-menu').getByRole('link', { name: 'Your account' }).click();
  }
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.getByRole('button', { name: 'Delete my account and photos' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expect(page.locator('.account-deleted')).toHaveText(
    photos === 0
      ? 'Your account has been deleted.'
      : photos === 1
        ? 'Your account and your photo have been deleted.'
        : `Your account and your ${photos} photos have been deleted.`,
  );
}

test('Delete my account, whatever the account’s state: a verified relative who was never approved; approval withdrawn with photos waiting (sees and withdraws them, then deletes the account and what it shared); an organiser', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const neverApproved = await account('never-approved', { approved: false });
  const withdrawn = await account('withdrawn', { displayName: 'Ola' });
  const organiser = await account('leaving-organiser', { organiser: true });
  const ids = ['20260711T150000Z_waitingone', '20260711T160000Z_waitingtwo'];
  for (const photoId of ids)
    await uploadPastThePage(
      withdrawn,
      photoId,
      {
        photo: await plainPhoto({ r: 90, g: 90, b: 200 }),
        thumbnail: await plainPhoto({ r: 90, g: 90, b: 200 }, 240, 180),
      },
      { caption: 'Left waiting', takenAt: new Date('2026-07-11T15:00:00Z') },
    );
  const [sharedWhileApproved] = await seedSharedPhotos(withdrawn.uid, [{ caption: 'Shared while approved' }]);
  // A name suggested for who is who while approved, still waiting: it carries the account's e-mail address.
  const { bucket, close } = localBucket();
  const suggested = await saveSuggestion(
    bucket,
    withdrawn.uid,
    {
      id: '20260801T120000Z_leavingone',
      fileId: GROUP_PHOTO_1976,
      face: 3,
      name: 'Ola Nordmann',
      createdAt: '2026-08-01T12:00:00.000Z',
    },
    { suggesterUid: withdrawn.uid, suggesterEmail: withdrawn.email },
  );
  await close();
  const [organisersOwn] = await seedSharedPhotos(organiser.uid, [{ caption: 'An organiser’s own' }]);
  // An organiser takes the approval back (organiser:members -- unapprove).
  const admin = localAdmin();
  await admin.auth.setCustomUserClaims(withdrawn.uid, {});
  await admin.close();
  const storage = watchStorage(page);

  // Never approved: the account page says so, and that there is nothing of theirs.
  await openSignedIn(page, neverApproved, '/members/account');
  const facts = page.locator('.account-facts');
  await expect(facts).toContainText(`Sign-in address${neverApproved.email} Verified`);
  await expect(facts).toContainText('Not approved yet. Once an organiser has approved your account');
  await expect(page.getByRole('region', { name: 'Your photos' })).toContainText(
    'You have not shared any photos.',
  );
  await expect(page.getByRole('region', { name: 'Your suggested names' })).toContainText(
    'You have no suggested names waiting.',
  );
  await expectNoViolations(page, 'the account page of a relative never approved');
  await deleteMyAccount(page, 0);
  expect(await signInStatus(neverApproved)).toBe(400);
  expect(metadataRequests(storage.requests).map(String)).toEqual([]);

  // Approval withdrawn with photos waiting.
  await openPhotos(page, withdrawn);
  await expect(page.locator('.photos-approval')).toContainText('only relatives approved by an organiser');
  await expect(page.getByRole('button', { name: 'Add photos' })).toHaveCount(0);
  const mine = page.getByRole('region', { name: 'Your photos' });
  for (const photoId of ids)
    await expect(mine.locator(`[data-photo-id="${photoId}"]`)).toContainText('Waiting for an organiser');
  await expectNoViolations(page, 'the photos page after the approval was withdrawn');
  await mine
    .locator(`[data-photo-id="${ids[0]}"]`)
    .getByRole('button', { name: /^Withdraw/ })
    .click();
  await expect(mine.locator(`[data-photo-id="${ids[0]}"]`)).toHaveCount(0);
  expect(await storedPhotoObjects(`${PENDING_PREFIX}${withdrawn.uid}/`)).toEqual(
    [
      photoPathOf({ state: 'pending', uid: withdrawn.uid, photoId: ids[1]! }),
      thumbnailPathOf({ state: 'pending', uid: withdrawn.uid, photoId: ids[1]! }),
    ].sort(),
  );
  // The account page lists what the account still has: the waiting photo and the shared one (not shown while the
  // approval is away), and the suggestion, a link to its face.
  await page.goto('/members/account');
  await expect(page.locator('.account-facts')).toContainText('Not approved yet.');
  const own = page.getByRole('region', { name: 'Your photos' });
  await expect(own.locator(`[data-photo-id="${ids[1]}"]`)).toContainText('Waiting for an organiser');
  await expect(own.locator(`[data-photo-id="${sharedWhileApproved!.photoId}"]`)).toContainText('Shared');
  await expect(own).toContainText('You see the photos you shared when your account is approved again.');
  await expect(own.locator('[data-photo-id]')).toHaveCount(2);
  const suggestions = page.getByRole('region', { name: 'Your suggested names' });
  await expect(suggestions.getByRole('listitem')).toHaveText(/^Ola Nordmann for no\. 3 on “/);
  await expect(suggestions.getByRole('link')).toHaveAttribute(
    'href',
    `/members/who-is-who/${GROUP_PHOTO_1976}#face-3`,
  );
  await expectNoViolations(page, 'the account page after the approval was withdrawn');
  await deleteMyAccount(page, 2);
  expect(await storedPhotoObjects(`${PENDING_PREFIX}${withdrawn.uid}/`)).toEqual([]);
  const location = { state: 'shared', photoId: sharedWhileApproved!.photoId } as const;
  for (const path of [
    photoPathOf(location),
    thumbnailPathOf(location),
    detailsPathOf(sharedWhileApproved!.photoId),
    markerPathOf(withdrawn.uid, sharedWhileApproved!.photoId),
  ])
    expect(await readStored(path), path).toBeUndefined();
  expect(await readStored(suggested), suggested).toBeUndefined();
  expect(await signInStatus(withdrawn)).toBe(400);
  expect(metadataRequests(storage.requests).map(String)).toEqual([]);

  // An organiser.
  await openSignedIn(page, organiser, '/members');
  await page.getByRole('button', { name: 'Members' }).click();
  await page.locator('.dropdown-menu').getByRole('link', { name: 'Your account' }).click();
  await expect(page.locator('.account-facts')).toContainText('You are an organiser.');
  await deleteMyAccount(page, 1);
  expect(await readStored(photoPathOf({ state: 'shared', photoId: organisersOwn!.photoId }))).toBeUndefined();
  expect(await signInStatus(organiser)).toBe(400);
  expect(metadataRequests(storage.requests).map(String)).toEqual([]);
});
