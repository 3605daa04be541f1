/**
 * The page shows before its JavaScript runs (src/main.tsx starts the app after the first paint), and what a
 * visitor does in that time is not lost: a link works at once, a button (the menu on a phone) acts once the app
 * has taken over. The app's code (src/app/start.tsx's chunk) is held back here to make "before" last.
 */
import type { Page, Route } from '@playwright/test';
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
