/**
 * News as files (content/news), as a visitor, a feed reader and a search engine meet them: the posts listed on
 * /news newest first above the rest, each post's own page in both languages (its head, its text without
 * JavaScript, hydrated without a warning or a shift), the Atom feeds (served as application/atom+xml, valid
 * against RFC 4287's schema, linked from every page), the sitemap; and the texts after the reunion.
 */
import type { Page } from '@playwright/test';
import { SITE_URL } from '../tools/local/config.ts';
import { atomProblemsOf } from '../tools/build/news/validate-atom.ts';
import { readNewsPosts, type NewsPost } from '../tools/build/news/posts.ts';
import { layoutShifts, recordLayoutShifts } from './support/page-state.ts';
import { signInAsMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

const POSTS = readNewsPosts();
const postsIn = (locale: 'en' | 'nb') => POSTS.filter((post) => post.locale === locale);
const pathOf = (post: NewsPost) => `${post.locale === 'nb' ? '/nb' : ''}/news/${post.slug}`;
const WJ = '\u2060';
/** Text as read: without the word joiners that keep a range of days on one line. */
const read = (text: string) => text.replaceAll(WJ, '');

test('the news pages: each language’s list newest first, above what it said before, with its feed; a post opened from the list and back; each post hydrated without a warning, an error or a shift; an address that is no post', async ({
  page,
  problems,
}) => {
  await recordLayoutShifts(page);
  for (const locale of ['en', 'nb'] as const) {
    const news = locale === 'nb' ? '/nb/news' : '/news';
    await page.goto(news);
    const posts = postsIn(locale);
    expect(posts.length, news).toBeGreaterThanOrEqual(2);
    // The page's own headings (the notice above them, filled once hydrated, has one of its own).
    const headings = page.locator('main h2:not(.reunion-notice-room *)');
    await expect(headings.first(), news).toBeVisible();
    const titles = (await headings.allInnerTexts()).map(read);
    // Newest first (readNewsPosts sorts them so), then the articles of before: the dates, the seminars.
    expect(titles.slice(0, posts.length), news).toEqual(posts.map((post) => post.title));
    expect(titles.length, news).toBeGreaterThan(posts.length);
    for (const post of posts) {
      const item = page.locator('.news-item').filter({ hasText: post.title });
      await expect(item.getByRole('link', { name: post.title })).toHaveAttribute('href', pathOf(post));
      await expect(item.locator('time')).toHaveAttribute('datetime', post.date);
      await expect(item).toContainText(post.summary);
    }
    const follow = page.getByRole('link', { name: locale === 'nb' ? 'Følg nyhetene' : 'Follow the news' });
    await expect(follow).toHaveAttribute('href', `${news}/feed.xml`);
    await expect(follow).toHaveAttribute('type', 'application/atom+xml');
  }

  // A post opens from the list and leads back, the title following.
  const [first] = postsIn('en');
  await page.goto('/news');
  await page.getByRole('link', { name: first!.title }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(first!)}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
  await expect(page).toHaveTitle(`${first!.title} · Rolette Family Reunion 2026`);
  await page.getByRole('link', { name: 'All news' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page).toHaveTitle('News · Rolette Family Reunion 2026');

  // Each post, loaded: hydrated without a shift, with its links.
  for (const post of POSTS) {
    await page.goto(pathOf(post));
    await page.waitForLoadState('networkidle');
    expect({ path: pathOf(post), shifts: await layoutShifts(page) }).toEqual({
      path: pathOf(post),
      shifts: [],
    });
    await expect(page.locator('.news-post-body a').first()).toHaveAttribute('href', /^\//);
  }
  expect(problems.errors).toEqual([]);

  // An address that is no post goes home, like any unknown path.
  await page.goto('/nb/news/no-such-post');
  await expect(page).toHaveURL(/\/nb\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Velkommen');
});

test('each post has its own head: language, title, description, Open Graph, canonical, alternates, feed', async ({
  request,
}) => {
  for (const post of POSTS) {
    const path = pathOf(post);
    const other = POSTS.find((twin) => twin.slug === post.slug && twin.locale !== post.locale)!;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const site = post.locale === 'nb' ? 'Slektstreff i Rolette 2026' : 'Rolette Family Reunion 2026';
    const title = `${post.title} · ${site}`.replace(/&/g, '&amp;');
    expect(html, path).toContain(`<html lang="${post.locale}">`);
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html, path).toMatch(new RegExp(`<meta\\s+name="description"\\s+content="${post.summary}"`));
    expect(html, path).toMatch(new RegExp(`<meta\\s+property="og:description"\\s+content="${post.summary}"`));
    expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="https://[^"]+${path}" />`));
    expect(html, path).toMatch(
      new RegExp(`<link rel="alternate" hreflang="${other.locale}" href="https://[^"]+${pathOf(other)}" />`),
    );
    expect(html, path).toMatch(
      /<link rel="alternate" hreflang="x-default" href="https:\/\/[^"]+\/news\/[a-z0-9-]+" \/>/,
    );
    expect(html, path).toMatch(
      new RegExp(
        `<meta property="og:image" content="https://[^"]+${post.locale === 'nb' ? '/nb' : ''}/og-image.png" />`,
      ),
    );
    expect(html, path).toMatch(
      new RegExp(
        `<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="https://[^"]+${post.locale === 'nb' ? '/nb' : ''}/news/feed.xml" />`,
      ),
    );
  }
});

test('the feeds (Atom 1.0, valid against RFC 4287’s schema, served as application/atom+xml), linked from every page of their language; each language’s own picture; the sitemap with every post', async ({
  request,
}) => {
  const served: string[] = [];
  for (const locale of ['en', 'nb'] as const) {
    const path = `${locale === 'nb' ? '/nb' : ''}/news/feed.xml`;
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
    const xml = await response.text();
    served.push(xml);
    expect(xml, path).toContain(`xml:lang="${locale}"`);
    const entries = xml.split('<entry>').slice(1);
    expect(entries, path).toHaveLength(postsIn(locale).length);
    postsIn(locale).forEach((post, index) => {
      expect(entries[index]).toMatch(
        new RegExp(`<link rel="alternate" type="text/html" href="https://[^"]+${pathOf(post)}"/>`),
      );
      expect(entries[index]).toContain(`<title>${post.title}</title>`);
      expect(entries[index]).toMatch(/<published>\d{4}-\d{2}-\d{2}T\d{2}:00:00Z<\/published>/);
      expect(entries[index]).toContain(
        `<name>${post.author ?? (locale === 'nb' ? 'Arrangørene' : 'The organisers')}</name>`,
      );
      expect(entries[index]).toContain('<content type="html">&lt;p&gt;');
    });
  }
  // Both valid, by one run of jing.
  expect(atomProblemsOf(served)).toEqual([[], []]);

  // Every page of a language links its feed, the app shell too.
  for (const [path, feed] of [
    ['/home', '/news/feed.xml'],
    ['/about', '/news/feed.xml'],
    ['/login', '/news/feed.xml'],
    ['/members', '/news/feed.xml'],
    ['/nb/contact', '/nb/news/feed.xml'],
    ['/nb/members', '/nb/news/feed.xml'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(
      new RegExp(
        `<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="https://[^"]+${feed}" />`,
      ),
    );
  }

  // Each language shares its own picture, with its texts in that language.
  const [en, nb] = await Promise.all(['/og-image.png', '/nb/og-image.png'].map((path) => request.get(path)));
  for (const response of [en!, nb!]) {
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/png');
  }
  expect((await en!.body()).equals(await nb!.body())).toBe(false);
  for (const [path, image, alt] of [
    ['/nb/home', '/nb/og-image.png', 'Slektstreff i Rolette 2026'],
    ['/home', '/og-image.png', 'Rolette Family Reunion 2026'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(
      new RegExp(`<meta property="og:image" content="https://[^"]+\\.[a-z]+${image}" />`),
    );
    expect(html, path).toMatch(new RegExp(`<meta property="og:image:alt" content="${alt}, `));
  }

  // The sitemap lists every post in both languages.
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const post of POSTS) expect(sitemap).toContain(`${pathOf(post)}</loc>`);
});

/** What the page says to a reader: visible text (without the texts kept hidden for another state). */
async function visibleText(page: Page): Promise<string> {
  return read(await page.locator('main').innerText());
}

// The machine's clock (and the build's) is past July 12, 2026, like every visitor's from now on.
const OVER = Date.now() >= Date.parse('2026-07-13T05:00:00Z');

const AHEAD = [
  /Join us on/,
  /gather again/,
  /meets regularly/,
  /is held for out-of-town/,
  /takes place on/,
  /we hold a series/,
  /Everyone is welcome/,
  /as the reunion draws near/,
  /need one of the hotel rooms/,
  /Bli med oss/,
  /samles igjen/,
  /holder jevnlige/,
  /Vi har holdt av et antall hotellrom/,
  /Slektstreffet holdes/,
  /holder vi en serie/,
  /Alle er velkommen/,
  /etter hvert som treffet nærmer seg/,
  /trenger et av hotellrommene/,
];

test('without JavaScript: each post reads, in each language, and (after the reunion) the build-time HTML speaks of the reunion in the past', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SITE_URL });
  const page = await context.newPage();
  for (const post of POSTS) {
    await page.goto(pathOf(post));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(page.locator('.news-post-body p').first()).toBeVisible();
    await expect(page.locator('.news-post-body')).toContainText(
      post.markdown.trim().split(/\s+/).slice(0, 2).join(' '),
    );
  }
  if (OVER) {
    for (const path of [
      '/home',
      '/news',
      '/about',
      '/contact',
      '/nb/home',
      '/nb/news',
      '/nb/about',
      '/nb/contact',
    ]) {
      await page.goto(path);
      const text = await visibleText(page);
      for (const ahead of AHEAD) expect(text, `${path}: ${ahead}`).not.toMatch(ahead);
      if (path === '/home')
        expect(text).toContain(
          'On July 10th–12th, 2026 the descendants of two Norwegian immigrant families gathered again',
        );
      if (path === '/nb/news') expect(text).toContain('Slektstreffet ble holdt 10.–12. juli 2026');
    }
  }
  await context.close();
});

test.describe('after the reunion', () => {
  test.beforeEach(() => {
    test.skip(!OVER, 'only once the reunion is over');
  });

  test('a signed-in member is told where the files are, not to log in', async ({ page }) => {
    await signInAsMember(page);
    for (const path of ['/home', '/news']) {
      await page.goto(path);
      const main = page.locator('main');
      await expect(main.getByRole('link', { name: 'the members area' }).first()).toBeVisible();
      await expect(main.getByRole('link', { name: 'log in' })).toHaveCount(0);
      expect(await visibleText(page)).not.toMatch(/log in/i);
    }
    await page.goto('/members');
    await expect(page.locator('.lead')).toContainText('Here are the historical documents');
    await expect(page.locator('.lead')).not.toContainText('draws near');
  });

  test('the Norwegian range of days never breaks after "10.–", at any width (one page resized)', async ({
    page,
  }) => {
    await page.goto('/nb/home');
    for (const width of [320, 360, 390, 412]) {
      await page.setViewportSize({ width, height: 800 });
      // Each occurrence of the range: its characters all on one line (one row of boxes).
      const lines = await page.evaluate(() => {
        const found: number[] = [];
        const walker = document.createTreeWalker(document.querySelector('#root')!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          const at = text.indexOf('10.–');
          if (at < 0 || (node.parentElement && getComputedStyle(node.parentElement).visibility === 'hidden'))
            continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, text.indexOf('12.', at) + 3); // (it may break before "juli")
          found.push(new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size);
        }
        return found;
      });
      expect(lines.length, `${width}px`).toBeGreaterThanOrEqual(3);
      expect(lines, `${width}px`).toEqual(lines.map(() => 1));
    }
  });
});
