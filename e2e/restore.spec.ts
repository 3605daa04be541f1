/**
 * A backup and a restore, as the family would live them after losing the bucket: the site's photos and who is who
 * read from a Storage emulator of this test's own (the browser's Storage requests are sent there; the stack's
 * bucket is shared with the tests running beside this one), backed up with `organiser:backup`, the bucket emptied
 * (the pages then show nothing), put back with `organiser:restore` into a project whose accounts were lost with it
 * (`--all-accounts`), and the same pages show the same photos, captions and names again.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import sharp from 'sharp';

import { deepZoomOf } from '../admin/bucket/deep-zoom.ts';
import { publishDeepZoom, saveFacesFile } from '../admin/bucket/faces.ts';
import { saveObject } from '../admin/bucket/member-files.ts';
import { connectAdmin, hostOf, type AdminConnection } from '../admin/firebase-admin.ts';
import { CATALOGUE, storagePathOf } from '../src/domain/catalogue.ts';
import { GROUP_PHOTO_1976 } from '../src/domain/faces.ts';
import { startAuthEmulator, type RunningAuthEmulator } from '../tools/local/auth/emulator.ts';
import { AUTH_URL, BUCKET, PROJECT_ID } from '../tools/local/config.ts';
import { freePort } from '../tools/local/ports.ts';
import { seedPhotos } from '../tools/local/seed/demo-photos.ts';
import { seedStorage } from '../tools/local/seed/seed-storage.ts';
import { startStorageEmulator, type RunningStorageEmulator } from '../tools/local/storage/emulator.ts';
import { localAdmin } from './support/organiser.ts';
import { routeStorageTo } from './support/private-storage.ts';
import { signInAsMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

const folder = mkdtempSync(join(tmpdir(), 'reunion-restore-e2e-'));
let storage: RunningStorageEmulator;
// The project's accounts are lost with it: the commands meet an Auth emulator with none.
let auth: RunningAuthEmulator;

/** The Admin SDK on this test's emulators; the worker's variables go back to the stack's after (localAdmin). */
async function withPrivateAdmin<T>(work: (admin: AdminConnection) => Promise<T>): Promise<T> {
  const admin = connectAdmin({
    projectId: PROJECT_ID,
    emulators: { auth: hostOf(AUTH_URL), storage: hostOf(storage.url) },
  });
  try {
    return await work(admin);
  } finally {
    await admin.close();
    await localAdmin().close();
  }
}

/** An organiser command as an organiser runs it, on this test's emulators. */
async function organiser(command: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', `organiser:${command}`, '--', ...args],
    {
      env: { ...process.env, STORAGE_EMULATOR_URL: storage.url, AUTH_EMULATOR_URL: auth.url },
      timeout: 120_000,
    },
  );
  return stdout;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [storage, auth] = await Promise.all([
    freePort().then((port) => startStorageEmulator({ projectId: PROJECT_ID, host: '127.0.0.1', port })),
    startAuthEmulator({ projectId: PROJECT_ID }),
  ]);
  await withPrivateAdmin(async (admin) => {
    const bucket = admin.bucket(BUCKET);
    await seedStorage(bucket, { largeFileBytes: 0, texts: false });
    await seedPhotos(
      bucket,
      { uid: 'restore-sharer', name: 'Kari Nordmann', email: 'kari@example.org' },
      { large: 0 },
    );
    const picture = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 180, b: 140 } },
    })
      .jpeg()
      .toBuffer();
    const entry = CATALOGUE.find((e) => e.id === GROUP_PHOTO_1976)!;
    await saveObject(bucket, storagePathOf(entry), picture, { contentType: 'image/jpeg', metadata: {} });
    await publishDeepZoom(bucket, await deepZoomOf(picture, GROUP_PHOTO_1976));
    await saveFacesFile(bucket, {
      fileId: GROUP_PHOTO_1976,
      width: 1200,
      height: 600,
      faces: [
        { number: 1, row: 1, name: 'Ole Øvrebø', box: { x: 0.1, y: 0.2, width: 0.1, height: 0.2 } },
        { number: 2, row: 1, name: 'Kari Dahl' },
        { number: 3, row: 1 },
      ],
    });
  });
});

test.afterAll(async () => {
  await Promise.all([storage?.stop(), auth?.stop()]);
  rmSync(folder, { recursive: true, force: true });
});

/**
 * What a relative sees: the gallery's photos (and, once their details arrive, the names of the first, captioned, and
 * of the seventh, shared by a named relative), and the names of who is who.
 */
async function whatTheSiteShows(page: Page): Promise<{ photos: string[]; faces: string[] }> {
  await page.goto('/members/photos');
  const status = page.locator('.photos-gallery p[role="status"]');
  await expect(status).not.toHaveText(/^$|Loading the photos…/);
  const tiles = page.locator('.photos-gallery [data-photo-id]');
  const photos = await tiles.evaluateAll((all) =>
    all.map((tile) => tile.getAttribute('data-photo-id') ?? ''),
  );
  if (photos.length) {
    await expect(tiles.nth(0)).toHaveAccessibleName(/^Arriving at the community hall in Rolette/);
    await expect(tiles.nth(6)).toHaveAccessibleName(/^Photo shared by Kari Nordmann, taken July 11th, 2026/);
  }
  await page.goto(`/members/who-is-who/${GROUP_PHOTO_1976}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const faces = page.locator('.face-list-entries > li');
  await expect(faces.first().or(page.getByRole('alert'))).toBeVisible();
  return { photos, faces: await faces.allTextContents() };
}

test('a backup, the bucket emptied, and a restore: the photos and the names are back on the site', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The browser's Storage requests go to this test's emulator.
  await routeStorageTo(page.context(), storage.url);
  await signInAsMember(page);
  const before = await whatTheSiteShows(page);
  expect(before.photos).toHaveLength(12);
  expect(before.faces.join('\n')).toContain('Ole Øvrebø');

  const backup = join(folder, 'backup');
  expect(await organiser('backup', backup)).toMatch(/^Backup done: copied \d+ files/m);
  await withPrivateAdmin(async (admin) => admin.bucket(BUCKET).deleteFiles({ force: true }));
  const emptied = await whatTheSiteShows(page);
  expect(emptied.photos).toEqual([]);
  expect(emptied.faces).toEqual([]);

  expect(await organiser('restore', backup, '--all-accounts')).toMatch(/put back/i);
  expect(await whatTheSiteShows(page)).toEqual(before);
});
