/**
 * Relatives' photos in Firefox ESR (npm run test:firefox), against the local stack: a phone photo with GPS EXIF
 * and orientation 6 shared through the photos page (Firefox's own Web Worker, createImageBitmap and
 * OffscreenCanvas) is stored without EXIF, the right way up, at most 2560 px; and a shared photo opens in the
 * larger view, moves on with the arrow keys and closes with Escape. The Chromium suite (e2e/photos.spec.ts)
 * covers the rest.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'puppeteer-core';
import { PENDING_PREFIX, photoPathOf } from '../../src/domain/photos.ts';
import { hasExif } from '../../src/lib/exif.ts';
import { SITE_URL } from '../../tools/local/config.ts';
import { createAccount, storedPhotoObjects, type TestAccount } from '../support/organiser.ts';
import { phonePhoto, readStored, seedSharedPhotos } from '../support/photo-files.ts';
import { launchFirefox } from './firefox.ts';

let browser: Browser;
let dir: string;
let member: TestAccount;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'firefox-photos-'));
  writeFileSync(join(dir, 'IMG_0007.JPG'), await phonePhoto());
  member = await createAccount({ label: 'firefox-photos' });
  browser = await launchFirefox(dir);
  const context = await browser.createBrowserContext();
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${String(error)}`));
});

afterAll(async () => {
  await browser?.close();
  await member?.remove();
  rmSync(dir, { recursive: true, force: true });
});

async function waitForText(selector: string, text: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (css: string, wanted: string) =>
      [...document.querySelectorAll(css)].some((element) => element.textContent?.includes(wanted)),
    { timeout },
    selector,
    text,
  );
}

describe('photos in Firefox', () => {
  it('signs in on the way to the photos page and comes back to it', async () => {
    await page.goto(`${SITE_URL}/members/photos`, { waitUntil: 'load' });
    await page.waitForFunction(() => location.pathname === '/login', { timeout: 20_000 });
    await page.locator('button[data-provider-id="password"]').click();
    await page.locator('input[name="email"]').fill(member.email);
    await page.locator('.firebaseui-id-submit').click();
    await page.locator('input[name="password"]').fill(member.password);
    await page.locator('.firebaseui-id-submit').click();
    await page.waitForFunction(() => location.pathname === '/members/photos', { timeout: 20_000 });
    await waitForText('h1', 'Photos from the reunion');
  });

  it('shares a phone photo: stored without EXIF, the right way up, at most 2560 px', async () => {
    const input = await page.waitForSelector('input[type="file"][data-testid="photo-input"]');
    await input!.uploadFile(join(dir, 'IMG_0007.JPG'));
    await waitForText('.upload-item', 'Ready to share');
    await waitForText('.upload-item', 'Taken July 11th, 2026, 2:03 PM');
    await page.locator('::-p-text(Share 1 photo)').click();
    await waitForText('.upload-item', 'Sent: waiting for an organiser’s approval.');
    const stored = (await storedPhotoObjects(`${PENDING_PREFIX}${member.uid}/`)).filter(
      (name) => !name.includes('/thumbnails/'),
    );
    expect(stored).toHaveLength(1);
    const photoId = stored[0]!
      .split('/')
      .at(-1)!
      .replace(/\.jpg$/, '');
    const file = (await readStored(photoPathOf({ state: 'pending', uid: member.uid, photoId })))!;
    expect(hasExif(file.bytes)).toBe(false);
    const { data, info } = await sharp(file.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1707, 2560]);
    const at = (x: number, y: number) => (y * info.width + x) * 3;
    expect(data[at(200, 1280) + 2]).toBeGreaterThan(150); // blue on the left
    expect(data[at(1500, 1280)]).toBeGreaterThan(150); // red on the right
    expect(errors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
  });

  it('opens a shared photo in the larger view; the arrow keys move on, Escape closes', async () => {
    const seeded = await seedSharedPhotos(member.uid, [
      { caption: 'Firefox one' },
      { caption: 'Firefox two' },
    ]);
    await page.reload({ waitUntil: 'load' });
    const tile = `.photos-gallery [data-photo-id="${seeded[0]!.photoId}"]`;
    // Scrolled to, as a relative scrolls down to the gallery: its metadata and thumbnail load near the viewport.
    await (await page.waitForSelector(tile))!.scrollIntoView();
    // Named by its text: the caption, visually hidden over the drawn thumbnail.
    await page.waitForFunction(
      (css: string) => document.querySelector(css)?.textContent === 'Firefox one',
      { timeout: 20_000 },
      tile,
    );
    await page.locator(tile).click();
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('.modal.show .photo-viewer-picture');
        return img?.alt === 'Firefox one' && img.complete && img.naturalWidth > 0;
      },
      { timeout: 20_000 },
    );
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('.modal.show .photo-viewer-picture')?.alt === 'Firefox two',
      { timeout: 20_000 },
    );
    await page.keyboard.press('Escape');
    await page.waitForSelector('.modal', { hidden: true });
    expect(errors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
  });
});
