/**
 * The page shows before its JavaScript runs (src/main.tsx starts the app after the first paint), and what a
 * visitor does in that time is not lost: a link works at once, a button (the menu on a phone) acts once the app
 * has taken over. The app's code (src/app/start.tsx's chunk) is held back here to make "before" last.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Route } from '@playwright/test';
import { SITE_URL } from '../tools/local/config.ts';
import { recordLayoutShifts, recordedShifts, type Edges, type LayoutShift } from './support/page-state.ts';
import { expect, test } from './support/test.ts';

const APP_CHUNK = /\/assets\/start-[\w-]+\.js$/;

/** Holds the app's code until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CHUNK, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("each page paints its content and banner before the app's code is even requested", async ({ page }) => {
  // Each a fresh load (what is measured is its first paint), one after the other on one page.
  for (const path of ['/home', '/nb/home', '/news', '/nb/about']) {
    const appRequested = page.waitForRequest(APP_CHUNK);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await appRequested;
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const app = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/start-[\w-]+\.js$/.test(entry.name))?.startTime;
      return { paint, app };
    });
    expect(timing.paint, path).toBeDefined();
    expect(timing.app, path).toBeDefined();
    expect(timing.app!, path).toBeGreaterThan(timing.paint!);
    // The banner is painted with the stylesheet (a background of it), not by the scripts.
    const banner = await page
      .locator('.banner')
      .evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(banner, path).toMatch(/^url\(/);
  }
});

// Four visits to pages held before their app starts, one after another in one test (each a fresh load with the
// app's code held back, released and no longer held at the end of its step): a test's own start costs more than
// these pages.
test('before the app has started: a tap on the menu opens it once the app is there, two taps leave it closed, a link in the header goes to its page, and a page whose code cannot load keeps its content and working links and says why', async ({
  page,
  problems,
}) => {
  await test.step('a tap on the menu on a phone opens it once the app is there', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    const release = await holdAppCode(page);
    await page.goto('/home');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.click();
    // Nothing can open it yet: the page is still the build-time HTML.
    const news = page.locator('#site-nav').getByRole('link', { name: 'News' });
    await expect(news).toBeHidden();
    release();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(news).toBeVisible();
    expect(problems.errors).toEqual([]);
    await page.unrouteAll({ behavior: 'wait' }); // the held request's handler has finished
  });

  await test.step('two taps on the menu leave it closed, as they would afterwards', async () => {
    const release = await holdAppCode(page);
    await page.goto('/nb/home');
    const menu = page.getByRole('button', { name: 'Meny' });
    await menu.click();
    await menu.click();
    release();
    // The app has taken over once the account slot knows there is no one signed in.
    await expect(page.getByRole('link', { name: 'Logg inn' })).toBeAttached();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await page.unrouteAll({ behavior: 'wait' }); // the held request's handler has finished
  });

  await test.step('a link in the header goes to its page', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const release = await holdAppCode(page);
    await page.goto('/home');
    await page.locator('#site-nav').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About the Reunion');
    release();
    await page.unrouteAll({ behavior: 'wait' }); // the held request's handler has finished
  });

  await test.step('a page whose code cannot load keeps its content and working links, and says why in the console', async () => {
    const before = problems.errors.length;
    await page.route(APP_CHUNK, (route) => route.abort('connectionrefused'));
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(() => problems.errors.slice(before).some((text) => text.includes('The site could not start')))
      .toBe(true);
    await page.unroute(APP_CHUNK);
    await page.locator('#site-nav').getByRole('link', { name: 'News' }).click();
    await expect(page).toHaveURL(/\/news$/);
  });
});

/**
 * The boxes of these shifts that kept neither of their side edges, or neither their top nor their bottom: a box that
 * jumped, where one that grows as its text arrives keeps the edge it is placed by (a link at the right end its right
 * edge, the banner's text its bottom).
 */
function jumps(shifts: LayoutShift[]): string[] {
  const kept = (a: number, b: number) => Math.abs(a - b) < 1;
  const box = ({ left, top, right, bottom }: Edges) =>
    `${Math.round(left)},${Math.round(top)} to ${Math.round(right)},${Math.round(bottom)}`;
  return shifts.flatMap(({ moved }) =>
    moved
      .filter(
        ({ before, after }) =>
          !(kept(before.left, after.left) || kept(before.right, after.right)) ||
          !(kept(before.top, after.top) || kept(before.bottom, after.bottom)),
      )
      .map(({ what, before, after }) => `${what}: ${box(before)} -> ${box(after)}`),
  );
}

test('drawn from part of its HTML (a slow connection, a busy phone), nothing on the page jumps when the rest comes: a box only grows, from the edges it keeps', async ({
  page,
}) => {
  // The site behind a proxy that sends a page's HTML in two parts: up to the end of the first tag that holds `cut`,
  // then the rest once the browser has drawn the first part.
  let cut = '';
  let change = (html: string) => html;
  let cutFound = false;
  let sendRest = () => {};
  const server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', SITE_URL));
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
      response.writeHead(upstream.status, { 'content-type': type });
      if (!type.startsWith('text/html')) return response.end(Buffer.from(await upstream.arrayBuffer()));
      const html = change(await upstream.text());
      cutFound = html.includes(cut);
      const end = html.indexOf('>', html.indexOf(cut)) + 1;
      response.write(html.slice(0, end));
      sendRest = () => response.end(html.slice(end));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await recordLayoutShifts(page);

  // Each page is drawn from its first part before the rest is sent: the element that part ends in is there, and a
  // screenshot has had a frame of it drawn (waiting for animation frames did not: the page was not always drawn).
  const drawnInTwoParts = async (path: string, width: number, cutAfter: string, lastDrawn: string) => {
    cut = cutAfter;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'commit' });
    expect(cutFound, cutAfter).toBe(true);
    await page.locator(lastDrawn).waitFor({ state: 'attached' });
    await page.screenshot();
    sendRest();
    await page.waitForLoadState('load');
    return recordedShifts(page);
  };

  try {
    // The check itself, on the two layouts as they once were: the language switch placed after the menu by a margin
    // of its own at the md breakpoint, and the sections' navigation after the column beside it by its order alone,
    // each at the row's start while what goes before it has not come, and at its end when it has.
    const switchAt = ['class="nav-link language-switch"', '.language-switch'] as const;
    const asideAt = ['href="#more-information"', 'aside a[href="#more-information"]'] as const;
    for (const [at, before, after, jumped] of [
      [
        switchAt,
        '"navbar-nav ms-auto order-md-last"',
        '"navbar-nav ms-auto order-md-last ms-md-3"',
        /^div\.navbar-nav\.ms-auto\.order-md-last\.ms-md-3: /,
      ],
      [asideAt, 'col-md-4 ms-md-auto', 'col-md-4', /^aside\.order-md-2\.col-lg-3\.col-md-4: /],
    ] as const) {
      change = (html) => html.replace(before, after);
      expect(jumps(await drawnInTwoParts('/home', 1280, at[0], at[1]))).toEqual([
        expect.stringMatching(jumped),
      ]);
    }
    change = (html) => html;

    for (const [path, width, [cutAfter, lastDrawn]] of [
      // The language switch with no text yet, and the menu not there.
      ['/home', 768, switchAt],
      ['/nb/home', 1280, switchAt],
      // The sections' navigation, on the right on a wide screen, without its last link's text nor the column beside it.
      ['/home', 768, asideAt],
      ['/nb/home', 1280, asideAt],
      // The banner's text without its title's words, nor the subtitle.
      ['/nb/home', 390, ['class="site-title"', '.site-title']],
    ] as const) {
      const shifts = await drawnInTwoParts(path, width, cutAfter, lastDrawn);
      expect({ path, width, cutAfter, jumps: jumps(shifts) }).toEqual({ path, width, cutAfter, jumps: [] });
      // The banner's text does move (it grows upward from the banner's bottom as its words come), and so shows that
      // the first part was drawn.
      if (cutAfter.includes('site-title'))
        expect(shifts.flatMap(({ moved }) => moved.map(({ what }) => what))).toContain('div.banner-text');
    }
  } finally {
    sendRest();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
