import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from '@playwright/test';
import { demoFile } from '../tools/local/seed/demo-files.ts';
import { CATALOGUE, contentTypeOf, downloadFileName, type CatalogueEntry } from '../src/domain/catalogue.ts';
import { signInAsMember } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';
import { englishTitle } from '../admin/bucket/english-title.ts';

const ERROR_TEXT =
  "We're sorry, we're currently experiencing difficulties downloading your file. Please try again later.";
const MEDIA = '**/v0/b/*/o/members%2F**';

function entry(id: string): CatalogueEntry {
  const found = CATALOGUE.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`No catalogue entry ${id}`);
  return found;
}

/** Records every Blob URL the page creates and revokes. */
async function recordBlobUrls(page: Page) {
  await page.addInitScript(() => {
    const log: { created: { url: string; type: string; size: number }[]; revoked: string[] } = {
      created: [],
      revoked: [],
    };
    (window as unknown as { __blobs: typeof log }).__blobs = log;
    const create = URL.createObjectURL.bind(URL);
    const revoke = URL.revokeObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      if (object instanceof Blob) log.created.push({ url, type: object.type, size: object.size });
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      log.revoked.push(url);
      revoke(url);
    };
  });
}

function blobLog(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          __blobs: { created: { url: string; type: string; size: number }[]; revoked: string[] };
        }
      ).__blobs,
  );
}

/** Counts the page's requests for member files' bytes (not the image previews). */
function countMediaRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (
      request.url().includes('/o/members%2F') &&
      !request.url().includes('%2Fthumbnails%2F') &&
      request.url().includes('alt=media') &&
      request.method() === 'GET'
    )
      urls.push(request.url());
  });
  return urls;
}

/**
 * The image previews also make Blob URLs as they scroll into view: tests that count the downloads' Blob URLs
 * keep the previews out (they show "No preview").
 */
async function withoutPreviews(page: Page) {
  await page.route('**/o/members%2Fimages%2Fthumbnails%2F**', (route) => route.abort());
}

function button(page: Page, item: CatalogueEntry) {
  return page.locator(`button[data-file-id="${item.id}"]`);
}

async function download(page: Page, item: CatalogueEntry) {
  const downloadPromise = page.waitForEvent('download');
  await button(page, item).click();
  const file = await downloadPromise;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** Answers 200 with a Content-Length of 200 KB, sends half of it, then cuts the connection. */
const cutServer = { url: '', server: undefined as Server | undefined };
test.beforeAll(async () => {
  const server = createServer((_request, response) => {
    const size = 200 * 1024;
    response.writeHead(200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(size),
      'Access-Control-Allow-Origin': '*',
    });
    response.write(Buffer.alloc(size / 2, 7), () => setTimeout(() => response.socket?.destroy(), 50));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cutServer.server = server;
  cutServer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cut`;
});
test.afterAll(async () => {
  await new Promise((resolve) => cutServer.server?.close(resolve));
});

test.describe('members area', () => {
  test.beforeEach(async ({ page }) => {
    await recordBlobUrls(page);
    await signInAsMember(page);
  });

  test('shows the heading, welcome line, sections, quick actions and every catalogue file', async ({
    page,
    problems,
  }) => {
    // After the reunion (a site built since then carries only these words; e2e/timeline.spec.ts has the others).
    await expect(
      page.getByText(/Here are the historical documents, images and seminar material\. Genealogy results/),
    ).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Members area' });
    for (const name of ['Documents', 'Images', 'Educational Materials', 'Links'])
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Documents' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    const quick = page.locator('.quick-actions');
    await expect(quick.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    for (const link of await quick.getByRole('link').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(quick.getByRole('link')).toHaveCount(2);
    // The relatives' photos, under the welcome line.
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Photos from the reunion' }),
    ).toHaveAttribute('href', '/members/photos');
    for (const item of CATALOGUE) await expect(button(page, item)).toContainText(englishTitle(item));
    for (const group of [
      '1976 Reunion',
      'Genealogy Books',
      'North Dakota History',
      'Railway War and Founding of Rolette',
      'Rolette County History',
      "1930s Federal Writers' Project Pioneer Interviews",
      'Interviews and Recollections',
    ]) {
      await expect(
        page.locator('#documents').getByRole('button', { name: group, exact: true }),
      ).toBeVisible();
    }
    await expect(page.locator('#links').getByRole('link', { name: /Burial database/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(problems.errors).toEqual([]);
  });

  test('downloads one file of each type with its name, type and exact bytes', async ({ page, problems }) => {
    problems.expectWarnings(/^Could not load a picture/); // the failure the test stages (the previews blocked)
    await withoutPreviews(page);
    for (const id of [
      'program-1976',
      'attendees-list-1976',
      'cemetery-monument',
      'two-reunions-presentation',
    ]) {
      const item = entry(id);
      const { name, bytes } = await download(page, item);
      expect(name).toBe(downloadFileName(item));
      expect(bytes.equals(await demoFile(item))).toBe(true);
      const created = (await blobLog(page)).created.at(-1);
      expect(created?.type).toBe(contentTypeOf(item));
      await expect(button(page, item)).toBeEnabled();
    }
  });

  test('the same file twice makes one request; another file revokes the earlier URL', async ({ page }) => {
    await withoutPreviews(page);
    const requests = countMediaRequests(page);
    const first = entry('souvenir-booklet-1976');
    await download(page, first);
    await download(page, first);
    expect(requests).toHaveLength(1);
    let log = await blobLog(page);
    expect(log.created).toHaveLength(1);
    expect(log.revoked).toEqual([]);

    await download(page, entry('threshing-crew'));
    expect(requests).toHaveLength(2);
    log = await blobLog(page);
    expect(log.created).toHaveLength(2);
    expect(log.revoked).toEqual([log.created[0]!.url]);
  });

  test('two quick clicks start one download', async ({ page }) => {
    const requests = countMediaRequests(page);
    const item = entry('genealogy-book-1986');
    const downloadPromise = page.waitForEvent('download');
    await button(page, item).dblclick();
    await downloadPromise;
    await expect(button(page, item)).toBeEnabled();
    expect(requests).toHaveLength(1);
  });

  test('while a slow download runs the button is disabled with a spinner instead of its label', async ({
    page,
  }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(MEDIA, async (route) => {
      await gate;
      await route.continue();
    });
    const item = entry('railway-war-1905');
    const target = button(page, item);
    const downloadPromise = page.waitForEvent('download');
    await target.click();
    await expect(target).toBeDisabled();
    await expect(target).toHaveAttribute('aria-busy', 'true');
    await expect(target.locator('.spinner-border')).toBeVisible();
    await expect(target.getByText(englishTitle(item), { exact: false }).first()).toBeHidden();
    release();
    await downloadPromise;
    await expect(target).toBeEnabled();
    await expect(target.locator('.spinner-border')).toHaveCount(0);
    await expect(target).toContainText(englishTitle(item));
  });

  const failures: [string, (route: Route) => Promise<void>][] = [
    [
      '403',
      (route) =>
        route.fulfill({ status: 403, body: '{"error":{"code":403,"message":"Permission denied."}}' }),
    ],
    ['404', (route) => route.fulfill({ status: 404, body: '{"error":{"code":404,"message":"Not Found."}}' })],
    ['500', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' })],
    // route() cannot drop a connection half-way, so the request is sent on to a small server that does.
    ['a connection cut mid-body', (route) => route.continue({ url: cutServer.url })],
    ['a refused connection', (route) => route.abort('connectionrefused')],
  ];
  for (const [name, fail] of failures) {
    test(`storage answering ${name} gives the Error modal; the button works again and a retry succeeds`, async ({
      page,
      problems,
    }) => {
      problems.expectWarnings(/^Download failed/); // the failure the test stages (Storage's error)
      await page.route(MEDIA, fail);
      const item = entry('missionary-journey-1886');
      await button(page, item).click();
      const modal = page.getByRole('dialog', { name: 'Error' });
      await expect(modal).toBeVisible();
      await expect(modal).toContainText(ERROR_TEXT);
      await expect(button(page, item)).toBeEnabled();
      await modal.getByRole('button', { name: 'OK' }).click();
      await expect(modal).toBeHidden();

      await page.unroute(MEDIA);
      const { name: fileName, bytes } = await download(page, item);
      expect(fileName).toBe(downloadFileName(item));
      expect(bytes.equals(await demoFile(item))).toBe(true);
    });
  }

  test('#images selects and scrolls to Images', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/members#images');
    const sidebar = page.getByRole('navigation', { name: 'Members area' });
    await expect(sidebar.getByRole('link', { name: 'Images' })).toHaveAttribute('aria-current', 'location');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(page.locator('#images h2')).toBeInViewport();
    await sidebar.getByRole('link', { name: 'Links' }).click();
    await expect(sidebar.getByRole('link', { name: 'Links' })).toHaveAttribute('aria-current', 'location');
    await expect(page).toHaveURL(/#links$/);
  });

  test('lists the 12 highlighted seminars with their dates', async ({ page }) => {
    const toggle = page.getByRole('button', { name: /the 12 highlighted seminars/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const seminars = page.locator('#highlighted-seminars li');
    await expect(seminars).toHaveCount(12);
    // A date for people to read names its month, so that no reader takes 10.07 for October 7.
    await expect(seminars.first().locator('time')).toHaveText('September 14th, 2024');
    await expect(seminars.first().locator('time')).toHaveAttribute('datetime', '2024-09-14');
    for (const seminar of await seminars.all()) {
      await expect(seminar.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/);
      await expect(seminar.getByRole('link')).toHaveAttribute('target', '_blank');
    }
    await expect(page.getByText(/over 30 informational seminars/)).toBeVisible();
  });

  test('on a small screen the sidebar is behind a Navigation button', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    const sidebar = page.getByRole('navigation', { name: 'Members area' });
    await expect(sidebar.getByRole('link', { name: 'Images' })).toBeHidden();
    await sidebar.getByRole('button', { name: 'Navigation' }).click();
    await sidebar.getByRole('link', { name: 'Images' }).click();
    await expect(page.locator('#images h2')).toBeInViewport();
  });
});
