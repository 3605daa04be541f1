/**
 * The photos page as the browser tests use it: opening it signed in, adding and sharing photos through the page, and
 * what a relative who bypasses the page sends (an upload through Firebase's REST API with their own ID token).
 */
import type { Page } from '@playwright/test';
import { signInWithPassword } from '../../admin/auth-emulator.ts';
import {
  PENDING_PREFIX,
  pendingMetadata,
  photoPathOf,
  thumbnailPathOf,
  type PhotoFacts,
} from '../../src/domain/photos.ts';
import { clientUploadRequest } from '../../tools/local/storage/client-upload.ts';
import { AUTH_URL, BUCKET, PROJECT_ID, STORAGE_URL } from '../../tools/local/config.ts';
import { openSignedIn } from './session.ts';
import { expect } from './test.ts';
import { storedPhotoObjects, type TestAccount } from './organiser';

/** Opens the photos page signed in as `who` (session.ts). */
export async function openPhotos(page: Page, who: TestAccount, locale: 'en' | 'nb' = 'en'): Promise<void> {
  await openSignedIn(page, who, '/members/photos', locale);
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: locale === 'nb' ? 'Bilder fra slektstreffet' : 'Photos from the reunion',
    }),
  ).toBeVisible();
}

export const itemOf = (page: Page, name: string) => page.locator(`.upload-item[data-file-name="${name}"]`);

/** Adds files through "Add photos" (the file picker). */
export async function addPhotos(page: Page, paths: string[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(paths);
}

/**
 * Shares what is ready and waits until every one of `names` is sent; returns the photo ids of what this share
 * added to the member's waiting photos (from the bucket).
 */
export async function shareAndWait(page: Page, who: TestAccount, names: string[]): Promise<string[]> {
  for (const name of names)
    await expect(itemOf(page, name)).toContainText('Ready to share', { timeout: 30_000 });
  const waitingBefore = await waitingPhotoIds(who);
  await page
    .getByRole('button', { name: names.length === 1 ? 'Share 1 photo' : `Share ${names.length} photos` })
    .click();
  for (const name of names)
    await expect(itemOf(page, name)).toContainText('Sent: waiting for an organiser’s approval.', {
      timeout: 30_000,
    });
  return (await waitingPhotoIds(who)).filter((id) => !waitingBefore.includes(id));
}

/** The ids of the member's waiting photos, from the bucket. */
async function waitingPhotoIds(who: TestAccount): Promise<string[]> {
  const stored = await storedPhotoObjects(`${PENDING_PREFIX}${who.uid}/`);
  return stored
    .filter((name) => !name.includes('/thumbnails/'))
    .map((name) =>
      name
        .split('/')
        .at(-1)!
        .replace(/\.jpg$/, ''),
    );
}

export async function idTokenOf(who: TestAccount): Promise<string> {
  return signInWithPassword({ url: AUTH_URL, projectId: PROJECT_ID }, who.email, who.password);
}

/** The HTTP status of a sign-in with the account's address and password (200 while the account exists). */
export async function signInStatus(who: TestAccount): Promise<number> {
  const response = await fetch(
    `${AUTH_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: who.email, password: who.password, returnSecureToken: true }),
    },
  );
  return response.status;
}

/**
 * What a relative who bypasses the page can send: a photo and a thumbnail of their choosing, uploaded into their own
 * waiting folder through Firebase's REST API with their ID token and the metadata the rules ask for.
 */
export async function uploadPastThePage(
  who: TestAccount,
  photoId: string,
  files: { photo: Buffer; thumbnail: Buffer },
  facts: Omit<PhotoFacts, 'uploaderUid' | 'uploaderEmail' | 'uploaderName' | 'width' | 'height'>,
): Promise<void> {
  const token = await idTokenOf(who);
  const location = { state: 'pending', uid: who.uid, photoId } as const;
  for (const [path, bytes] of [
    [thumbnailPathOf(location), files.thumbnail],
    [photoPathOf(location), files.photo],
  ] as const) {
    const metadata = pendingMetadata({
      ...facts,
      width: 640,
      height: 480,
      uploaderUid: who.uid,
      uploaderName: who.displayName,
      uploaderEmail: who.email,
    });
    const { url, init } = clientUploadRequest(
      STORAGE_URL,
      BUCKET,
      path,
      bytes,
      'image/jpeg',
      `Firebase ${token}`,
      metadata,
    );
    const response = await fetch(url, init);
    expect(response.status, await response.text()).toBe(200);
  }
}
