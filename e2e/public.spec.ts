import { loadAfresh } from './support/pages.ts';
import { settled } from './support/page-state.ts';
import { expect, test } from './support/test.ts';
import { SITE_URL } from '../tools/local/config.ts';

const HOME_HEADING = 'Welcome to the 2026 Rolette Family Reunion';
const PUBLIC_PAGES = [
  { path: '/home', heading: HOME_HEADING },
  { path: '/news', heading: 'News' },
  { path: '/about', heading: 'About the Reunion' },
  { path: '/contact', heading: 'Contact' },
];
const TITLES: Record<string, string> = {
  '/home': 'Home · Rolette Family Reunion 2026',
  '/news': 'News · Rolette Family Reunion 2026',
  '/about': 'About · Rolette Family Reunion 2026',
  '/contact': 'Contact · Rolette Family Reunion 2026',
};

test('addresses that are no page of their own lead where they belong', async ({ page }) => {
  for (const [from, to, heading] of [
    ['/', '/home', HOME_HEADING],
    ['/nowhere', '/home', HOME_HEADING],
    ['/home/extra', '/home', HOME_HEADING],
    ['/members-area', '/home', HOME_HEADING],
    ['/index.html', '/home', HOME_HEADING],
    ['/HOME', '/home', HOME_HEADING],
    // The members area, to a visitor not signed in: the login page.
    ['/members#images', '/login', 'Members Login'],
    // A members section's hash on Home is an old link into the members area (and on to /login, not signed in).
    ['/home#images', '/login', 'Members Login'],
  ] as const) {
    await loadAfresh(page, from);
    await expect(page, from).toHaveURL(new RegExp(`${to}$`));
    await expect(page.getByRole('heading', { level: 1 }), from).toHaveText(heading);
  }
});

test('each public page shows its content and the anonymous navigation without a console error, and the title follows client-side navigation', async ({
  page,
  problems,
}) => {
  const nav = page.getByRole('navigation').first();
  for (const { path, heading } of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page, path).toHaveTitle(TITLES[path]!);
    for (const name of ['Home', 'News', 'About', 'Contact', 'Login']) {
      await expect(nav.getByRole('link', { name, exact: true }), `${path}: ${name}`).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Members' }), path).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Logout' }), path).toHaveCount(0);
    await expect(page.getByText('Rolette Family Reunion 2026').first(), path).toBeVisible();
    if (path === '/home') {
      // The page language is declared.
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // The dates and its three blocks; after the reunion (the build's day), the headings in the past.
      await expect(page.getByText('July 10th–\u206012th, 2026').first()).toBeVisible();
      for (const name of ['What Happened', 'The Planning Committee', 'More Information']) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      await expect(page.getByText(/about 275 people/)).toBeVisible();
      await expect(page.getByText(/2076/).first()).toBeVisible();
    }
    if (path === '/news') {
      // The dates with the month named, and a mail link.
      const dates = page.locator('#dates-heading + p time');
      await expect(dates).toHaveText('July 10th–\u206012th, 2026');
      await expect(dates).toHaveAttribute('datetime', '2026-07-10');
      await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+\?subject=/);
    }
    if (path === '/contact') {
      // A mailto link to the configured address.
      const link = page.getByRole('link', { name: 'reunion2026@example.org' });
      await expect(link).toHaveAttribute('href', /^mailto:reunion2026@example\.org/);
    }
    await settled(page);
    expect(problems.errors, path).toEqual([]);
  }
  for (const [name, path] of [
    ['Home', '/home'],
    ['News', '/news'],
    ['About', '/about'],
    ['Contact', '/contact'],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveTitle(TITLES[path]!);
  }
  await nav.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveTitle('Login · Rolette Family Reunion 2026');
});

test.describe('layout', () => {
  test('the banner’s and the map’s breakpoints, on one page resized', async ({ page }) => {
    const banner = new Map<number, number>([
      [800, 10],
      [859, 10],
      [860, 15],
      [900, 15],
    ]);
    const map = new Map<number, number[]>([
      [360, [250, 350]],
      [419, [250, 350]],
      [420, [350, 450]],
      [767, [350, 450]],
      [768, [450, 450]],
      [1199, [450, 450]],
      [1200, [800, 550]],
      [1400, [800, 550]],
    ]);
    // The banner is on every page: on /about, with the map.
    await page.goto('/about');
    const frame = page.getByTitle('Map of Rolette, North Dakota');
    for (const width of [...new Set([...banner.keys(), ...map.keys()])].sort((a, b) => a - b)) {
      await page.setViewportSize({ width, height: 900 });
      const rem = banner.get(width);
      if (rem !== undefined) {
        const height = await page
          .locator('.banner')
          .evaluate((element) => element.getBoundingClientRect().height);
        expect(height, `banner at ${width}px`).toBe(rem * 16);
        // The picture is the banner's background, inlined in the stylesheet.
        expect(
          await page.locator('.banner').evaluate((element) => getComputedStyle(element).backgroundImage),
          `banner at ${width}px`,
        ).toMatch(/^url\("data:image\/svg\+xml/);
      }
      const size = map.get(width);
      if (size !== undefined) {
        await expect(frame, `map at ${width}px`).toBeAttached();
        const box = await frame.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return [rect.width, rect.height];
        });
        expect(box, `map at ${width}px`).toEqual(size);
        await expect(
          page.getByRole('link', { name: /Open Rolette, North Dakota in Google Maps/ }),
          `map at ${width}px`,
        ).toBeVisible();
      }
    }
  });

  test('without JavaScript the map is there all the same (from <noscript>), and its empty box is not', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SITE_URL });
    const page = await context.newPage();
    await page.setViewportSize({ width: 420, height: 900 });
    await page.goto('/about');
    const frame = page.getByTitle('Map of Rolette, North Dakota');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=Rolette/);
    const box = await frame.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return [rect.width, rect.height];
    });
    expect(box).toEqual([350, 450]);
    await expect(page.locator('.map-embed-waiting')).toBeHidden();
    await context.close();
  });

  test('on a small screen the sidebar is behind a Navigation button, the top navigation behind a toggler', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/home');
    const sidebar = page.getByRole('navigation', { name: 'Home page' });
    const link = sidebar.getByRole('link', { name: 'The Planning Committee' });
    await expect(link).toBeHidden();
    const toggle = sidebar.getByRole('button', { name: 'Navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.locator('#planning-committee')).toBeInViewport();

    const news = page.getByRole('navigation').first().getByRole('link', { name: 'News' });
    await expect(news).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(news).toBeVisible();
    await news.click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(news).toBeHidden();
  });
});

test.describe('home sections', () => {
  test('about-event is active at first, a click activates and scrolls to a section, and a hash naming one does so after load', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/home');
    const sidebar = page.getByRole('navigation', { name: 'Home page' });
    await expect(sidebar.getByRole('heading', { name: 'Sections' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'About the Reunion' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await sidebar.getByRole('link', { name: 'More Information' }).click();
    await expect(sidebar.getByRole('link', { name: 'More Information' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await expect(sidebar.getByRole('link', { name: 'About the Reunion' })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(page).toHaveURL(/#more-information$/);
    await expect(page.locator('#more-information')).toBeInViewport();

    await loadAfresh(page, '/home#planning-committee');
    await expect(sidebar.getByRole('link', { name: 'The Planning Committee' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect(page.locator('#planning-committee')).toBeInViewport();
  });

  test('an odd hash neither crashes nor injects', async ({ page, problems }) => {
    let dialog = false;
    page.on('dialog', (d) => {
      dialog = true;
      void d.dismiss();
    });
    for (const hash of [
      `#${'x'.repeat(10_000)}`,
      '#<script>alert(1)</script>',
      '#%E0%A4%A',
      '#%',
      '#about-event%00',
      '#constructor',
    ]) {
      const what = hash.slice(0, 24);
      await loadAfresh(page, `/home${hash}`);
      await expect(page.getByRole('heading', { level: 1 }), what).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Home page' }).getByRole('link', { name: 'About the Reunion' }),
        what,
      ).toHaveAttribute('aria-current', 'location');
      await settled(page); // the section scroll (100 ms after load) has had its turn
      expect(dialog, what).toBe(false);
      expect(problems.errors, what).toEqual([]);
    }
  });
});

test('search and sharing: each public page’s title, description, Open Graph tags and canonical link in its HTML; the sitemap, robots.txt (a real file, not the app), favicon and preview image', async ({
  request,
}) => {
  const descriptions = new Set<string>();
  for (const [path, title] of Object.entries(TITLES)) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="https://[^"]+${path}" />`));
    expect(html, path).toMatch(/<meta property="og:image" content="https:\/\/[^"]+\/og-image\.png" \/>/);
    const description = /<meta\s+name="description"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(description?.length, path).toBeGreaterThan(50);
    descriptions.add(description!);
  }
  expect(descriptions.size).toBe(4);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of Object.keys(TITLES)) expect(sitemap).toContain(`${path}</loc>`);
  expect(sitemap).not.toContain('/members');
  const response = await request.get('/robots.txt');
  expect(response.ok()).toBe(true);
  const robots = await response.text();
  expect(robots).toMatch(/^User-agent: \*/m);
  expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap\.xml$/m);
  expect(robots).toContain('Disallow: /members');
  for (const [path, type] of [
    ['/favicon.svg', 'image/svg+xml'],
    ['/og-image.png', 'image/png'],
    ['/apple-touch-icon.png', 'image/png'],
  ] as const) {
    const file = await request.get(path);
    expect(file.status(), path).toBe(200);
    expect(file.headers()['content-type'], path).toContain(type);
  }
});
