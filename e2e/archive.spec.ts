/**
 * The family archive as a relative opens it in 2076: from the folder, in a browser with JavaScript off and no
 * network. The archive is made by `organiser:archive` from a Storage emulator of this test's own (the stack's
 * bucket changes under the other tests running beside it), seeded with the demo's files and photos and a picture
 * with named faces. Every link of each index is followed: a page opens with its heading, a picture shows, any
 * other file is there; every page's own links too; nothing asks the network.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';

import { saveFacesFile } from '../admin/bucket/faces.ts';
import { saveObject } from '../admin/bucket/member-files.ts';
import { connectAdmin, hostOf } from '../admin/firebase-admin.ts';
import { CATALOGUE, storagePathOf } from '../src/domain/catalogue.ts';
import { GROUP_PHOTO_1976 } from '../src/domain/faces.ts';
import { AUTH_URL, BUCKET, PROJECT_ID } from '../tools/local/config.ts';
import { freePort } from '../tools/local/ports.ts';
import { seedPhotos } from '../tools/local/seed/demo-photos.ts';
import { seedStorage } from '../tools/local/seed/seed-storage.ts';
import { startStorageEmulator } from '../tools/local/storage/emulator.ts';
import { expectNoViolations } from './support/a11y.ts';
import { localAdmin } from './support/organiser.ts';
import { expect, test } from './support/test.ts';

const folder = mkdtempSync(join(tmpdir(), 'reunion-archive-e2e-'));
const bag = join(folder, 'archive');
const data = join(bag, 'data');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const storage = await startStorageEmulator({
    projectId: PROJECT_ID,
    host: '127.0.0.1',
    port: await freePort(),
  });
  // The Admin SDK finds emulators through process-wide variables: this worker's Auth stays the stack's, and the
  // stack's Storage comes back after (localAdmin), for the tests that run in this worker next.
  const admin = connectAdmin({
    projectId: PROJECT_ID,
    emulators: { auth: hostOf(AUTH_URL), storage: hostOf(storage.url) },
  });
  try {
    const bucket = admin.bucket(BUCKET);
    await seedStorage(bucket, { largeFileBytes: 0, texts: false });
    await seedPhotos(
      bucket,
      { uid: 'archive-sharer', name: 'Kari Nordmann', email: 'kari@example.org' },
      { large: 0 },
    );
    const picture = await sharp({
      create: { width: 640, height: 380, channels: 3, background: { r: 200, g: 190, b: 170 } },
    })
      .jpeg()
      .toBuffer();
    const entry = CATALOGUE.find((e) => e.id === GROUP_PHOTO_1976)!;
    await saveObject(bucket, storagePathOf(entry), picture, { contentType: 'image/jpeg', metadata: {} });
    await saveFacesFile(bucket, {
      fileId: GROUP_PHOTO_1976,
      width: 640,
      height: 380,
      faces: [{ number: 1, row: 1, name: 'Ole Øvrebø', box: { x: 0.1, y: 0.2, width: 0.1, height: 0.15 } }],
    });
    // As an organiser runs it; the emulator found through the variable the commands read.
    await promisify(execFile)('npm', ['run', '--silent', 'organiser:archive', '--', bag], {
      env: { ...process.env, STORAGE_EMULATOR_URL: storage.url, AUTH_EMULATOR_URL: AUTH_URL },
      timeout: 150_000,
    });
  } finally {
    await admin.close();
    await storage.stop();
    await localAdmin().close();
  }
});

test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

for (const [index, heading, other] of [
  ['index.html', 'The family archive of the Rolette reunions', 'Norsk'],
  ['nb/index.html', 'Slektsarkivet fra slektstreffene i Rolette', 'English'],
] as const) {
  test(`${index} opens from the folder with JavaScript off, and every link opens what it names`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const asked: string[] = [];
    await context.route(/^(?!file:)/, (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    try {
      const start = pathToFileURL(join(data, index)).href;
      await page.goto(start);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('link', { name: other })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Ole Øvrebø' })).toBeVisible();
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
      expect(hrefs.length).toBeGreaterThan(CATALOGUE.length);
      const seen = new Set<string>();
      const visit = async (href: string, from: string): Promise<void> => {
        const url = new URL(href);
        if (url.protocol !== 'file:') return; // a web address the page cites: not followed offline
        url.hash = '';
        if (seen.has(url.href)) return;
        seen.add(url.href);
        const path = fileURLToPath(url);
        expect(existsSync(path), `${from} links ${href}, which is not in the archive`).toBe(true);
        if (path.endsWith('.html')) {
          await page.goto(url.href);
          await expect(page.getByRole('heading', { level: 1 }), url.href).toBeVisible();
          // Each page's own links (to the index, to other pages) lead inside the archive too.
          const links = await page
            .locator('a[href]')
            .evaluateAll((all) => all.map((link) => (link as HTMLAnchorElement).href));
          for (const link of links) await visit(link, url.href);
        } else if (path.endsWith('.jpg')) {
          await page.goto(url.href);
          const shown = await page.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth);
          expect(shown, url.href).toBeGreaterThan(0);
        }
      };
      for (const href of hrefs) await visit(href, start);
      expect(asked, 'requests that left the folder').toEqual([]);
    } finally {
      await context.close();
    }
  });
}

// axe runs as a script: the pages are judged with JavaScript on (they have none of their own, so they are the same).
test('the indexes and every page of the archive pass axe', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await context.route(/^(?!file:)/, (route) => route.abort());
  const page = await context.newPage();
  try {
    const pages = readdirSync(join(data, 'pages'), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.html'))
      .map((path) => join('pages', path));
    expect(pages.length).toBeGreaterThan(10);
    for (const path of ['index.html', 'nb/index.html', ...pages]) {
      await page.goto(pathToFileURL(join(data, path)).href);
      await expectNoViolations(page, path, { network: false });
    }
  } finally {
    await context.close();
  }
});
