import { settled } from './support/page-state.ts';
import { expect, test } from './support/test.ts';
import { SITE_URL } from '../tools/local/config.ts';

const PUBLIC_PAGES = [
  { path: '/home', heading: 'Welcome to the 2026 Rolette Family Reunion' },
  { path: '/news', heading: 'News' },
  { path: '/about', heading: 'About the Reunion' },
  { path: '/contact', heading: 'Contact' },
];

test.describe('routes', () => {
  for (const from of ['/', '/nowhere', '/home/extra', '/members-area', '/index.html', '/HOME']) {
    test(`${from} redirects to /home`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES[0]!.heading);
    });
  }

  test('anonymous /members goes to /login', async ({ page }) => {
    await page.goto('/members#images');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Members Login' })).toBeVisible();
  });

  test('robots.txt is a real file, not the app', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.ok()).toBe(true);
    expect(await response.text()).toMatch(/^User-agent: \*/m);
  });
});

test.describe('public pages', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} shows its content, the anonymous navigation and no console error`, async ({
      page,
      problems,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const nav = page.getByRole('navigation').first();
      for (const name of ['Home', 'News', 'About', 'Contact', 'Login']) {
        await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(nav.getByRole('button', { name: 'Members' })).toHaveCount(0);
      await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
      await expect(page.getByText('Rolette Family Reunion 2026').first()).toBeVisible();
      await settled(page);
      expect(problems.errors).toEqual([]);
    });
  }

  test('home states the dates and its three blocks', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByText('July 10th–\u206012th, 2026').first()).toBeVisible();
    // After the reunion (the build's day): the headings in the past.
    for (const name of ['What Happened', 'The Planning Committee', 'More Information']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText(/about 275 people/)).toBeVisible();
    await expect(page.getByText(/2076/).first()).toBeVisible();
  });

  test('news shows the dates with the month named, and a mail link', async ({ page }) => {
    await page.goto('/news');
    const dates = page.locator('#dates-heading + p time');
    await expect(dates).toHaveText('July 10th–\u206012th, 2026');
    await expect(dates).toHaveAttribute('datetime', '2026-07-10');
    await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+\?subject=/);
  });

  test('contact has a mailto link to the configured address', async ({ page }) => {
    await page.goto('/contact');
    const link = page.getByRole('link', { name: 'reunion2026@example.org' });
    await expect(link).toHaveAttribute('href', /^mailto:reunion2026@example\.org/);
  });

  test('the page language is declared', async ({ page }) => {
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('layout', () => {
  for (const [width, rem] of [
    [800, 10],
    [859, 10],
    [860, 15],
    [900, 15],
  ] as const) {
    test(`banner is ${rem}rem high at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/home');
      const height = await page
        .locator('.banner')
        .evaluate((element) => element.getBoundingClientRect().height);
      expect(height).toBe(rem * 16);
      // The picture is the banner's background, inlined in the stylesheet.
      expect(
        await page.locator('.banner').evaluate((element) => getComputedStyle(element).backgroundImage),
      ).toMatch(/^url\("data:image\/svg\+xml/);
    });
  }

  for (const [width, size] of [
    [360, [250, 350]],
    [419, [250, 350]],
    [420, [350, 450]],
    [767, [350, 450]],
    [768, [450, 450]],
    [1199, [450, 450]],
    [1200, [800, 550]],
    [1400, [800, 550]],
  ] as const) {
    test(`map is ${size[0]}x${size[1]} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/about');
      const frame = page.getByTitle('Map of Rolette, North Dakota');
      await expect(frame).toBeAttached();
      const box = await frame.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return [rect.width, rect.height];
      });
      expect(box).toEqual(size);
      await expect(
        page.getByRole('link', { name: /Open Rolette, North Dakota in Google Maps/ }),
      ).toBeVisible();
    });
  }

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

  test('the top navigation collapses behind a toggler on small screens', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/home');
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
  test('about-event is active at first; a click activates and scrolls to a section', async ({ page }) => {
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
  });

  test('a hash naming a section activates it and scrolls there after load', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/home#planning-committee');
    const sidebar = page.getByRole('navigation', { name: 'Home page' });
    await expect(sidebar.getByRole('link', { name: 'The Planning Committee' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect(page.locator('#planning-committee')).toBeInViewport();
  });

  test('a members section hash on home is an old link into the members area', async ({ page }) => {
    await page.goto('/home#images');
    // Not signed in, so the members area sends the visitor on to /login.
    await expect(page).toHaveURL(/\/login$/);
  });

  test('on a small screen the sidebar is behind a Navigation button', async ({ page }) => {
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
  });

  for (const hash of [
    `#${'x'.repeat(10_000)}`,
    '#<script>alert(1)</script>',
    '#%E0%A4%A',
    '#%',
    '#about-event%00',
    '#constructor',
  ]) {
    test(`an odd hash (${hash.slice(0, 24)}) neither crashes nor injects`, async ({ page, problems }) => {
      let dialog = false;
      page.on('dialog', (d) => {
        dialog = true;
        void d.dismiss();
      });
      await page.goto(`/home${hash}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Home page' }).getByRole('link', { name: 'About the Reunion' }),
      ).toHaveAttribute('aria-current', 'location');
      await settled(page); // the section scroll (100 ms after load) has had its turn
      expect(dialog).toBe(false);
      expect(problems.errors).toEqual([]);
    });
  }
});

test.describe('search and sharing', () => {
  const TITLES: Record<string, string> = {
    '/home': 'Home · Rolette Family Reunion 2026',
    '/news': 'News · Rolette Family Reunion 2026',
    '/about': 'About · Rolette Family Reunion 2026',
    '/contact': 'Contact · Rolette Family Reunion 2026',
  };

  test('every public page has its own title, description, Open Graph tags and canonical link in its HTML', async ({
    request,
  }) => {
    const descriptions = new Set<string>();
    for (const [path, title] of Object.entries(TITLES)) {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="https://[^"]+${path}" />`));
      expect(html).toMatch(/<meta property="og:image" content="https:\/\/[^"]+\/og-image\.png" \/>/);
      const description = /<meta\s+name="description"\s+content="([^"]+)"/.exec(html)?.[1];
      expect(description?.length).toBeGreaterThan(50);
      descriptions.add(description!);
    }
    expect(descriptions.size).toBe(4);
  });

  test('the title follows client-side navigation', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveTitle(TITLES['/home']!);
    for (const [name, path] of [
      ['News', '/news'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ] as const) {
      await page.getByRole('navigation').first().getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveTitle(TITLES[path]!);
    }
    await page.getByRole('navigation').first().getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveTitle('Login · Rolette Family Reunion 2026');
  });

  test('sitemap, robots, favicon and preview image are served', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of Object.keys(TITLES)) expect(sitemap).toContain(`${path}</loc>`);
    expect(sitemap).not.toContain('/members');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https:\/\/\S+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /members');
    for (const [path, type] of [
      ['/favicon.svg', 'image/svg+xml'],
      ['/og-image.png', 'image/png'],
      ['/apple-touch-icon.png', 'image/png'],
    ]) {
      const response = await request.get(path!);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type']).toContain(type);
    }
  });
});
