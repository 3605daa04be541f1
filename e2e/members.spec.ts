/**
 * The members area of a signed-in member: what it shows (on a wide and a small screen, at a section's address),
 * single downloads (name, type, bytes, one request per file, the busy button) and how a failed download ends.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from '@playwright/test';
import { demoFile } from '../tools/local/seed/demo-files.ts';
import { CATALOGUE, contentTypeOf, downloadFileName } from '../src/domain/catalogue.ts';
import {
  blobLog,
  byId,
  bytesOf,
  download,
  fileButton,
  ONE_OF_EACH,
  recordBlobUrls,
} from './support/member-files.ts';
import { signInAsMember } from './support/session.ts';
import { expect, test } from './support/test.ts';
import { englishTitle } from '../admin/bucket/english-title.ts';

const ERROR_TEXT =
  "We're sorry, we're currently experiencing difficulties downloading your file. Please try again later.";

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
  test('shows the heading, welcome line, sections, quick actions, every catalogue file and the 12 highlighted seminars; #images selects and scrolls to Images; on a small screen the sidebar is behind a Navigation button', async ({
    page,
    problems,
  }) => {
    await signInAsMember(page);
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
    // Quick actions: the two external links in a new tab, and the account page. On a wide screen in the sidebar only
    // (the phone's copy, after the files, is not shown).
    const quick = page.locator('.quick-actions:visible');
    await expect(quick).toHaveCount(1);
    await expect(page.locator('aside .quick-actions')).toBeVisible();
    await expect(quick.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    const external = quick.getByRole('link').filter({ hasNotText: 'Your account' });
    await expect(external).toHaveCount(2);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(quick.getByRole('link', { name: 'Your account' })).toHaveAttribute(
      'href',
      '/members/account',
    );
    // The relatives' photos, under the welcome line.
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Photos from the reunion' }),
    ).toHaveAttribute('href', '/members/photos');
    for (const item of CATALOGUE) await expect(fileButton(page, item)).toContainText(englishTitle(item));
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

    // The highlighted seminars, behind their toggle.
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
    expect(problems.errors).toEqual([]);

    // A section's address selects it and scrolls to it.
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/members#images');
    await expect(sidebar.getByRole('link', { name: 'Images' })).toHaveAttribute('aria-current', 'location');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(page.locator('#images h2')).toBeInViewport();
    await sidebar.getByRole('link', { name: 'Links' }).click();
    await expect(sidebar.getByRole('link', { name: 'Links' })).toHaveAttribute('aria-current', 'location');
    await expect(page).toHaveURL(/#links$/);

    // On a small screen.
    await page.setViewportSize({ width: 400, height: 800 });
    await expect(sidebar.getByRole('link', { name: 'Images' })).toBeHidden();
    await sidebar.getByRole('button', { name: 'Navigation' }).click();
    await sidebar.getByRole('link', { name: 'Images' }).click();
    await expect(page.locator('#images h2')).toBeInViewport();
    // The shortcuts follow the files there: the first screen is the welcome, Find a file and the documents.
    await expect(page.locator('aside .quick-actions')).toBeHidden();
    const phoneQuick = page.locator('.quick-actions:visible');
    await expect(phoneQuick).toHaveCount(1);
    expect((await phoneQuick.boundingBox())!.y).toBeGreaterThan(
      (await page.locator('#links').boundingBox())!.y,
    );
  });

  test('downloads: the same file twice makes one request and another file revokes the earlier URL; one file of each type with its name, type and exact bytes; two quick clicks start one download; a slow download shows a spinner in the disabled button', async ({
    page,
    problems,
  }) => {
    problems.expectWarnings(/^Could not load a picture/); // the failure the test stages (the previews blocked)
    await recordBlobUrls(page);
    // The image previews also make Blob URLs as they scroll into view: kept out (they show "No preview"), so the
    // Blob URLs counted are the downloads'.
    await page.route('**/o/members%2Fimages%2Fthumbnails%2F**', (route) => route.abort());
    const requests = countMediaRequests(page);
    await signInAsMember(page);

    const first = byId('souvenir-booklet-1976');
    await download(page, first);
    await download(page, first);
    expect(requests).toHaveLength(1);
    let log = await blobLog(page);
    expect(log.created).toHaveLength(1);
    expect(log.revoked).toEqual([]);
    await download(page, byId('threshing-crew'));
    expect(requests).toHaveLength(2);
    log = await blobLog(page);
    expect(log.created).toHaveLength(2);
    expect(log.revoked).toEqual([log.created[0]!.url]);

    for (const item of ONE_OF_EACH) {
      const { name, bytes } = await download(page, item);
      expect(name).toBe(downloadFileName(item));
      expect(bytes.equals(await demoFile(item))).toBe(true);
      const created = (await blobLog(page)).created.at(-1);
      expect(created?.type).toBe(contentTypeOf(item));
      await expect(fileButton(page, item)).toBeEnabled();
    }

    const requested = requests.length;
    const twice = byId('genealogy-book-1986');
    const downloadPromise = page.waitForEvent('download');
    await fileButton(page, twice).dblclick();
    await downloadPromise;
    await expect(fileButton(page, twice)).toBeEnabled();
    expect(requests).toHaveLength(requested + 1);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = byId('railway-war-1905');
    await page.route(bytesOf(slow), async (route) => {
      await gate;
      await route.continue();
    });
    const target = fileButton(page, slow);
    const slowDownload = page.waitForEvent('download');
    await target.click();
    await expect(target).toBeDisabled();
    await expect(target).toHaveAttribute('aria-busy', 'true');
    await expect(target.locator('.spinner-border')).toBeVisible();
    await expect(target.getByText(englishTitle(slow), { exact: false }).first()).toBeHidden();
    release();
    await slowDownload;
    await expect(target).toBeEnabled();
    await expect(target.locator('.spinner-border')).toHaveCount(0);
    await expect(target).toContainText(englishTitle(slow));
  });

  test('Storage answering 403, 404 or 500, a connection cut mid-body and a refused connection each give the Error modal; the button works again and a retry succeeds', async ({
    page,
    problems,
  }) => {
    problems.expectWarnings(/^Download failed/); // the failures the test stages (Storage's errors)
    const failures: [string, string, (route: Route) => Promise<void>][] = [
      [
        '403',
        'missionary-journey-1886',
        (route) =>
          route.fulfill({ status: 403, body: '{"error":{"code":403,"message":"Permission denied."}}' }),
      ],
      [
        '404',
        'railway-letter-1904',
        (route) => route.fulfill({ status: 404, body: '{"error":{"code":404,"message":"Not Found."}}' }),
      ],
      ['500', 'railway-visit-1904', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' })],
      // route() cannot drop a connection half-way, so the request is sent on to a small server that does.
      [
        'a connection cut mid-body',
        'fur-trader-biography',
        (route) => route.continue({ url: cutServer.url }),
      ],
      ['a refused connection', 'pioneer-interview-1', (route) => route.abort('connectionrefused')],
    ];
    await signInAsMember(page);
    // A file the page has saved is saved again from its Blob without a request: each failure has a file of its own.
    for (const [name, id, fail] of failures) {
      const item = byId(id);
      const itsBytes = bytesOf(item);
      await page.route(itsBytes, fail);
      await fileButton(page, item).click();
      const modal = page.getByRole('dialog', { name: 'Error' });
      await expect(modal, name).toBeVisible();
      await expect(modal).toContainText(ERROR_TEXT);
      await expect(fileButton(page, item)).toBeEnabled();
      await modal.getByRole('button', { name: 'OK' }).click();
      await expect(modal).toBeHidden();

      await page.unroute(itsBytes);
      const { name: fileName, bytes } = await download(page, item);
      expect(fileName).toBe(downloadFileName(item));
      expect(bytes.equals(await demoFile(item)), name).toBe(true);
    }
  });
});
