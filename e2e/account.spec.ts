/**
 * The account page and the members area's first screen (issue 35), as an approved relative meets them in Norwegian
 * on a phone: the members area shows the welcome, Find a file and a document before the shortcuts and without the
 * account's red button; "Kontoen din" in the Members menu shows the sign-in address, verified and approved, the
 * relative's shared photo (which opens in the larger view) and suggested name (a link that opens the 1976 group
 * photo on that face); axe. Deleting from this page is tried in photos.spec.ts (approved) and photo-privacy.spec.ts
 * (never approved, approval withdrawn, organiser).
 */
import { saveSuggestion } from '../admin/bucket/faces.ts';
import { GROUP_PHOTO_1976 } from '../src/domain/faces.ts';
import { DEMO_UNNAMED_NUMBERS } from '../tools/local/seed/group-photo/people.ts';
import { expectNoViolations } from './support/a11y.ts';
import { accountsOfEachTest, localBucket } from './support/organiser';
import { seedSharedPhotos } from './support/photo-files';
import { openSignedIn } from './support/session.ts';
import { expect, test } from './support/test.ts';

const account = accountsOfEachTest(test);
const PHONE = { width: 390, height: 844 };

test('on a phone, in Norwegian: the members area leads with the files; Kontoen din lists the address, the approval, the shared photo and the suggested name, each opening where it is', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const relative = await account('account-page', { displayName: 'Kari Nordmann' });
  const [photo] = await seedSharedPhotos(relative.uid, [
    { caption: 'Kari ved kirken', uploaderName: 'Kari Nordmann' },
  ]);
  const face = DEMO_UNNAMED_NUMBERS[0]!;
  const { bucket, close } = localBucket();
  try {
    await saveSuggestion(
      bucket,
      relative.uid,
      {
        id: '20260801T120000Z_accountone',
        fileId: GROUP_PHOTO_1976,
        face,
        name: 'Oldefar Ola',
        note: 'Min oldefar',
        createdAt: '2026-08-01T12:00:00.000Z',
      },
      { suggesterUid: relative.uid, suggesterEmail: relative.email, suggesterName: 'Kari Nordmann' },
    );
  } finally {
    await close();
  }

  // The members area: the welcome, Find a file and the first document within a screen and a half; the account's
  // Delete button is on its own page now.
  await page.setViewportSize(PHONE);
  await openSignedIn(page, relative, '/members', 'nb');
  const firstDocument = page.locator('#documents').getByRole('button').first();
  await expect(firstDocument).toBeVisible();
  const top = async (what: Parameters<typeof page.locator>[0]) =>
    (await page.locator(what).first().boundingBox())!.y;
  expect(await top('.lead')).toBeLessThan(PHONE.height);
  expect(await top('.members-tools')).toBeLessThan(PHONE.height);
  expect((await firstDocument.boundingBox())!.y).toBeLessThan(PHONE.height * 1.5);
  expect(await top('#documents')).toBeLessThan(await top('.quick-actions:visible'));
  await expect(page.getByRole('button', { name: 'Slett kontoen min' })).toHaveCount(0);

  // Kontoen din, from the Members menu.
  await page.getByRole('button', { name: 'Meny' }).click();
  await page.getByRole('button', { name: 'Medlemsområdet' }).click();
  await page.locator('.dropdown-menu').getByRole('link', { name: 'Kontoen din' }).click();
  await expect(page).toHaveURL(/\/nb\/members\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontoen din');
  await expect(page).toHaveTitle(/^Kontoen din/);
  const facts = page.locator('.account-facts');
  await expect(facts).toContainText(`Innloggingsadresse${relative.email} Bekreftet`);
  await expect(facts).toContainText('NavnKari Nordmann');
  await expect(facts).toContainText('GodkjenningGodkjent av en arrangør.');

  const photos = page.getByRole('region', { name: 'Bildene dine' });
  const item = photos.locator(`[data-photo-id="${photo!.photoId}"]`);
  await expect(item).toContainText('Delt');
  await expect(item).toContainText('Kari ved kirken');
  await expect(item.locator('img')).toHaveAttribute('alt', 'Kari ved kirken');
  const suggestions = page.getByRole('region', { name: 'Navneforslagene dine' });
  await expect(suggestions.getByRole('listitem')).toContainText('Oldefar Ola');
  await expect(suggestions.getByRole('listitem')).toContainText('Min oldefar');
  await expectNoViolations(page, 'the account page, in Norwegian on a phone');

  // The photo opens in the larger view, and closes.
  await item.getByRole('button', { name: /^Se bildet tatt/ }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toContainText('Kari ved kirken');
  await expect(viewer.locator('img.photo-viewer-picture')).toBeVisible();
  await viewer.getByRole('button', { name: 'Lukk' }).first().click();
  await expect(viewer).toHaveCount(0);

  // The suggestion opens the group photo on its face, chosen.
  await suggestions.getByRole('link', { name: new RegExp(`^for nr\\. ${face} på «`) }).click();
  await expect(page).toHaveURL(new RegExp(`/nb/members/who-is-who/${GROUP_PHOTO_1976}#face-${face}$`));
  await expect(page.locator('.face-details').getByRole('heading', { level: 2 })).toContainText(`Nr. ${face}`);
  await expect(page.locator('.face-box-selected')).toHaveCount(1);
  const box = await page.locator('.face-box-selected').boundingBox();
  // Zoomed in on the face (at the whole picture, a face's box is a few pixels wide on a phone).
  expect(box!.width).toBeGreaterThan(60);
});
