/**
 * A catalogue file replaced with a scan by `organiser:upload`, searchable afterwards: a Storage emulator of this
 * test's own holds the demo's files without their text (the stack's bucket is shared with the tests running beside
 * it); the organisers upload a scanned newspaper page with no text layer in its place (--replace), the command reads
 * it by OCR and says so, and a relative's search finds its words on the page they are on, and opens the new file
 * there.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { scannedPdf } from '../admin/search/test-pdfs.ts';
import { connectAdmin, hostOf } from '../admin/firebase-admin.ts';
import { CATALOGUE, downloadFileName, titleOf } from '../src/domain/catalogue.ts';
import { BUCKET, PROJECT_ID } from '../tools/local/config.ts';
import { freePort } from '../tools/local/ports.ts';
import { seedStorage } from '../tools/local/seed/seed-storage.ts';
import { startStorageEmulator, type RunningStorageEmulator } from '../tools/local/storage/emulator.ts';
import { accountsOfEachTest, localAdmin } from './support/organiser.ts';
import { openSignedIn } from './support/session.ts';
import { routeStorageTo } from './support/private-storage.ts';
import { expect, test } from './support/test.ts';

const account = accountsOfEachTest(test);
const ENTRY = CATALOGUE.find((entry) => entry.id === 'newspaper-article-1976-2')!;
/** The scan's pages: the words searched for are on its second. */
const SCAN = [
  ['Rolette County Tribune, July 1976'],
  ['Gunnhild Tveit baked the cake', 'for all 275 guests at the hall'],
];
const folder = mkdtempSync(join(tmpdir(), 'reunion-search-upload-e2e-'));
let storage: RunningStorageEmulator;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  storage = await freePort().then((port) =>
    startStorageEmulator({ projectId: PROJECT_ID, host: '127.0.0.1', port }),
  );
  const admin = connectAdmin({ projectId: PROJECT_ID, emulators: { storage: hostOf(storage.url) } });
  try {
    await seedStorage(admin.bucket(BUCKET), { largeFileBytes: 0, texts: false });
  } finally {
    await admin.close();
    // The worker's variables go back to the stack's.
    await localAdmin().close();
  }
});

test.afterAll(async () => {
  await storage?.stop();
  rmSync(folder, { recursive: true, force: true });
});

test('a catalogue file replaced with a scan by organiser:upload is found by its words, on its page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  expect(ENTRY.kind).toBe('pdf');
  expect(ENTRY.approvalOnly).toBeFalsy();
  const relative = await account('search-upload');
  await routeStorageTo(page.context(), storage.url);
  await openSignedIn(page, relative, '/members/search');
  const box = page.getByRole('searchbox', { name: 'Search for a name, a place or a word' });
  // Before: no text stored, and the page says why nothing is found.
  await expect(page.getByText('The documents’ text is not ready yet')).toBeVisible();
  await box.fill('Gunnhild Tveit');
  await expect(page.getByRole('status')).toHaveText('Nothing found for “Gunnhild Tveit”.');

  // The organisers upload the scan in the file's place, by its download name.
  writeFileSync(join(folder, downloadFileName(ENTRY)), await scannedPdf(SCAN));
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'organiser:upload', '--', folder, '--replace'],
    { env: { ...process.env, STORAGE_EMULATOR_URL: storage.url }, timeout: 150_000 },
  );
  expect(stdout).toMatch(/replaced/i);
  expect(stdout).toMatch(/OCR/);

  await page.reload();
  await expect(page.getByText('The documents’ text is not ready yet')).toHaveCount(0);
  await box.fill('gunnhild tveit');
  const title = titleOf(ENTRY, 'en');
  const found = page
    .getByRole('region', { name: 'In the documents' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(found.getByRole('button', { name: `Page 2 of “${title}”` })).toBeVisible();
  await expect(found.locator('mark')).toHaveText(['Gunnhild', 'Tveit']);
  await expect(page.getByRole('status')).toHaveText('1 result');
});
