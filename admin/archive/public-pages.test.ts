/**
 * The archive's copies of the public pages: the cleaning on small hostile pages (what runs, fetches or leads
 * nowhere from a folder goes; the text stays, escaped), the paths between the archive's files, and the whole of
 * the built site in dist/ when there is one: every public page once per language, nothing that runs, every link
 * leading to a file the archive holds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { prerenderedPages } from '../../tools/build/page-paths.ts';
import {
  archivedPages,
  archivePage,
  archivePath,
  indexPath,
  linkTarget,
  relativeHref,
  type ArchivedPage,
  type PageContext,
} from './public-pages.ts';

/** jsdom, to read the documents back (typed by the little the tests use; see ./public-pages.ts). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: Window & typeof globalThis };
};
const parse = (html: string) => new JSDOM(html).window.document;

const ARCHIVED = new Map([
  ['/news', 'pages/en/news.html'],
  ['/news/thank-you', 'pages/en/news/thank-you.html'],
  ['/about', 'pages/en/about.html'],
  ['/nb/privacy', 'pages/nb/privacy.html'],
]);

/** The context of the English post /news/thank-you on https://example.org. */
const POST: PageContext = {
  locale: 'en',
  address: '/news/thank-you',
  path: 'pages/en/news/thank-you.html',
  archived: ARCHIVED,
  siteUrl: 'https://example.org',
};

/** A built page as dist/ holds one: head, header, main, footer. */
function builtPage(main: string, { lang = 'en', title = 'Thank you · A Reunion' } = {}): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="UTF-8"><title>${title}</title>
<meta property="og:site_name" content="A Reunion"><script type="module" src="/assets/index.js"></script>
<link rel="stylesheet" href="/assets/index.css"><link rel="canonical" href="https://example.org/news/thank-you"></head>
<body><div id="root"><header><a href="/login">Log in</a></header><main id="main" tabindex="-1">${main}</main>
<footer><a href="/privacy">Privacy</a></footer></div><noscript>This website needs JavaScript.</noscript></body></html>`;
}

describe('paths in the archive', () => {
  it('puts each page below pages/<language>/, named after its address', () => {
    expect(archivePath('/about', 'en')).toBe('pages/en/about.html');
    expect(archivePath('/nb/about', 'nb')).toBe('pages/nb/about.html');
    expect(archivePath('/news/thank-you', 'en')).toBe('pages/en/news/thank-you.html');
    expect(archivePath('/nb/news/thank-you', 'nb')).toBe('pages/nb/news/thank-you.html');
  });

  it("has each language's index where the archive writes it", () => {
    expect(indexPath('en')).toBe('index.html');
    expect(indexPath('nb')).toBe('nb/index.html');
  });

  it('leads from one file to another by a relative path', () => {
    expect(relativeHref('pages/en/about.html', indexPath('en'))).toBe('../../index.html');
    expect(relativeHref('pages/nb/news/x.html', indexPath('nb'))).toBe('../../../nb/index.html');
    expect(relativeHref('pages/en/about.html', 'pages/en/news.html')).toBe('news.html');
    expect(relativeHref('pages/en/news/thank-you.html', 'pages/en/news.html')).toBe('../news.html');
    expect(relativeHref('pages/en/news.html', 'pages/en/news/thank-you.html')).toBe('news/thank-you.html');
    expect(relativeHref('pages/en/about.html', 'pages/nb/privacy.html')).toBe('../nb/privacy.html');
    expect(relativeHref('pages/en/about.html', 'pages/en/about.html')).toBe('about.html');
    // A file URL reads # and % as a URL does.
    expect(relativeHref('pages/en/a.html', 'pages/en/50% #1.html')).toBe('50%25%20%231.html');
  });
});

describe('where a link leads', () => {
  const target = (href: string) => linkTarget(href, POST);

  it('leads to an archived page by its address, in either language, with a place on it', () => {
    expect(target('/news')).toEqual({ kind: 'page', path: 'pages/en/news.html' });
    expect(target('/nb/privacy')).toEqual({ kind: 'page', path: 'pages/nb/privacy.html' });
    expect(target('/about#when-heading')).toEqual({
      kind: 'page',
      path: 'pages/en/about.html',
      id: 'when-heading',
    });
    // As a visitor could write it: absolute on the site, a trailing slash, the hosting's .html, relative.
    expect(target('https://example.org/about')).toEqual({ kind: 'page', path: 'pages/en/about.html' });
    expect(target('/about/')).toEqual({ kind: 'page', path: 'pages/en/about.html' });
    expect(target('/about.html')).toEqual({ kind: 'page', path: 'pages/en/about.html' });
    expect(target('../about')).toEqual({ kind: 'page', path: 'pages/en/about.html' });
    expect(target('#top')).toEqual({ kind: 'here', id: 'top' });
  });

  it('keeps web and e-mail addresses as they are written', () => {
    const maps = 'https://www.google.com/maps/search/?api=1&query=Rolette%2C%20North%20Dakota';
    expect(target(maps)).toEqual({ kind: 'external', href: maps });
    expect(target('mailto:a@example.org?subject=Hi')).toEqual({
      kind: 'external',
      href: 'mailto:a@example.org?subject=Hi',
    });
    // From a folder "//host" would mean file://host.
    expect(target('//example.com/x')).toEqual({ kind: 'external', href: 'https://example.com/x' });
  });

  it('leads nowhere for the rest of the site, scripts and other schemes', () => {
    for (const href of [
      '/login',
      '/members',
      '/members/photos',
      '/news/feed.xml',
      'https://example.org/members',
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'tel:+4712345678',
      '',
      '#',
      'http://[bad',
      '/%zz',
    ])
      expect(target(href), href).toEqual({ kind: 'none' });
  });
});

describe('one page cleaned', () => {
  const HOSTILE = builtPage(
    `<!--$--><div class="container"><h1 onclick="alert(1)" class="x" style="color:red" data-x="1">Thank <!-- -->you</h1>
<script>alert('main')</script><p>See <a href="/news" data-discover="true">the news</a>, <a href="/members">the members area</a>,
<a href="javascript:alert(1)" onmouseover="alert(2)">this</a>, <a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener">there<span class="visually-hidden"> <!-- -->(opens in a new tab)</span></a>
and <a href="mailto:a@example.org">write</a>.</p>
<img src="/a.png" alt="The map of Rolette"><img src="https://tracker.example/p.gif" alt="" onerror="alert(3)">
<picture><source srcset="/b.webp"><img src="/b.jpg" alt="The capsule"></picture>
<noscript><iframe src="https://www.google.com/maps?output=embed"></iframe></noscript>
<span class="one-of-hidden" aria-hidden="true">Members read this instead.</span><div hidden>Not shown</div>
<p><a href="#sec">Jump</a> <a href="#gone">nowhere</a> <a href="/news/thank-you#sec">here</a></p>
<h2 id="sec" class="h3">Section</h2><h2 id="unlinked">Other</h2><section id="gone" aria-hidden="true">hidden</section>
<form action="/x"><label>Search <input name="q"></label><button onclick="go()">Go</button></form>
<svg><script>alert('svg')</script><text>drawn</text></svg><template><p>later</p></template>
<p>1 &lt; 2 &amp; &lt;b&gt;not bold&lt;/b&gt; <time dateTime="2026-11-23" class="t">23 Nov</time> <time>soon</time></p>
<table><tr><td colspan="2" style="x" width="9">wide</td></tr></table>
<p lang="nb" dir="ltr" class="x">Ga\u030ardsbilde og bla\u030abær</p><div class="reunion-notice-room"></div></div><!--/$-->`,
  );
  const cleaned = archivePage(HOSTILE, POST);
  const doc = parse(cleaned.html);
  const main = doc.querySelector('main')!;

  it("is a complete standalone document in the page's language", () => {
    expect(cleaned.html.startsWith('<!DOCTYPE html>\n<html lang="en"><head>\n<meta charset="utf-8">')).toBe(
      true,
    );
    expect(doc.title).toBe('Thank you · A Reunion');
    expect(doc.querySelectorAll('title, main, header')).toHaveLength(3);
    expect(cleaned.title).toBe('Thank you');
    expect(cleaned.date).toBe('2026-11-23');
  });

  it('starts with the site, the address it copies and the way back to its index', () => {
    const header = doc.querySelector('header')!;
    expect(header.textContent).toBe(
      'A Reunion · archived copy of https://example.org/news/thank-you · Back to the index',
    );
    expect(header.querySelector('a')!.getAttribute('href')).toBe('../../../index.html');
  });

  it('keeps nothing that runs, fetches or is only seen by the site', () => {
    for (const gone of [
      '<script',
      'alert',
      'javascript:',
      '<img',
      '<picture',
      '<source',
      '<iframe',
      '<noscript',
      '<form',
      '<input',
      '<button',
      '<svg',
      '<template',
      '<link',
      'src=',
      'class=',
      'style=',
      'data-',
      'target=',
      'tabindex',
      'aria-',
      '<!--',
      'Log in',
      'Privacy',
      'needs JavaScript',
      'Members read this',
      'Not shown',
      'hidden',
      'opens in a new tab',
      'drawn',
      'later',
      'Search',
      'Go<',
    ])
      expect(cleaned.html, gone).not.toContain(gone);
    expect(cleaned.html).not.toMatch(/<[^>]*\son\w*=/i);
    expect(doc.querySelector('head')!.querySelectorAll('*')).toHaveLength(4); // charset, viewport, title, style
    expect(main.querySelector('div:empty')).toBeNull();
  });

  it('keeps the text: pictures as their descriptions, escaped where it looks like markup, in NFC', () => {
    expect(main.textContent).toContain('The map of Rolette');
    expect(main.textContent).toContain('The capsule');
    expect(cleaned.html).toContain('1 &lt; 2 &amp; &lt;b&gt;not bold&lt;/b&gt;');
    expect(main.querySelector('b')).toBeNull();
    expect(main.querySelector('p[lang="nb"]')!.textContent).toBe('Gårdsbilde og blåbær'.normalize('NFC'));
    expect(cleaned.html).not.toContain('\u030a');
    expect(main.textContent).toContain('See the news, the members area,\nthis, there\nand write.');
  });

  it('makes links to archived pages relative, keeps web and e-mail links, and unwraps the rest', () => {
    const links = Array.from(main.querySelectorAll('a'), (a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['the news', '../news.html'],
      ['there', 'https://example.com/x?a=1&b=2'],
      ['write', 'mailto:a@example.org'],
      ['Jump', '#sec'],
      ['here', '#sec'],
    ]);
    for (const a of main.querySelectorAll('a')) expect(a.getAttributeNames()).toEqual(['href']);
  });

  it('keeps only the attributes that mean something without the site: linked ids, lang, dir, spans, dates', () => {
    expect(Array.from(main.querySelectorAll('[id]'), (element) => element.id)).toEqual(['sec']);
    expect(main.querySelector('h2')!.getAttributeNames()).toEqual(['id']);
    expect(main.querySelector('p[lang="nb"][dir="ltr"]')).not.toBeNull();
    expect(main.querySelector('td')!.getAttributeNames()).toEqual(['colspan']);
    expect(main.querySelector('time')!.outerHTML).toBe('<time datetime="2026-11-23">23 Nov</time>');
    // A <time> without a datetime is valid only around a date: it becomes its text.
    expect(main.querySelectorAll('time')).toHaveLength(1);
    expect(main.textContent).toContain('23 Nov soon');
  });

  it('keeps an id another archived page links to, and says which places it links to on others', () => {
    const withAnchor = archivePage(
      builtPage(
        '<h1>About</h1><h2 id="when-heading">When</h2><p><a href="/news/thank-you#sec">the post</a></p>',
      ),
      { ...POST, address: '/about', path: 'pages/en/about.html' },
    );
    expect(withAnchor.linksTo).toEqual([{ path: 'pages/en/news/thank-you.html', id: 'sec' }]);
    expect(withAnchor.html).not.toContain('id="when-heading"');
    expect(withAnchor.html).toContain('<a href="news/thank-you.html#sec">the post</a>');
    const linked = archivePage(builtPage('<h1>About</h1><h2 id="when-heading">When</h2>'), {
      ...POST,
      address: '/about',
      path: 'pages/en/about.html',
      linkedIds: new Set(['when-heading']),
    });
    expect(linked.html).toContain('<h2 id="when-heading">When</h2>');
  });

  it('takes the site from the page when the caller does not name it, and the title from <title> without an <h1>', () => {
    const page = archivePage(builtPage('<p>No heading. <a href="https://example.org/news">News</a></p>'), {
      ...POST,
      siteUrl: undefined,
    });
    expect(page.title).toBe('Thank you · A Reunion');
    expect(page.html).toContain('archived copy of https://example.org/news/thank-you');
    expect(page.html).toContain('<a href="../news.html">News</a>');
  });

  it('says it in Norwegian on a Norwegian page', () => {
    const page = archivePage(
      builtPage('<h1>Om slektstreffet</h1>', { lang: 'nb', title: 'Om treffet · Slektstreff' }),
      {
        ...POST,
        locale: 'nb',
        address: '/nb/about',
        path: 'pages/nb/about.html',
      },
    );
    const header = parse(page.html).querySelector('header')!;
    expect(parse(page.html).documentElement.lang).toBe('nb');
    expect(header.textContent).toContain('arkivert kopi av https://example.org/nb/about');
    expect(header.querySelector('a')!.getAttribute('href')).toBe('../../nb/index.html');
  });

  it('refuses a page without <main>, naming its file', () => {
    expect(() =>
      archivePage('<!doctype html><p>Only this', { ...POST, file: 'dist/news/thank-you.html' }),
    ).toThrow(/dist\/news\/thank-you\.html: no <main>/);
  });
});

describe('the built site', () => {
  it('must have been built: a missing folder or page says to run npm run build', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'public-pages-'));
    try {
      await expect(archivedPages(join(empty, 'dist'))).rejects.toThrow(/npm run build/);
      // The first page of the list, named as a file.
      await expect(archivedPages(empty)).rejects.toThrow(`${join(empty, 'home.html')} is missing`);
      await expect(archivedPages(empty)).rejects.toThrow(/npm run build/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  const built = existsSync('dist/home.html');
  // CI builds before it tests; a unit run on a fresh checkout has no dist/ (npm run build makes it).
  describe.skipIf(!built)(`in dist/${built ? '' : ' (skipped: not built; npm run build makes it)'}`, () => {
    let pages: ArchivedPage[];
    beforeAll(async () => {
      pages = await archivedPages('dist');
    });

    it("holds every public page of the site's list once per language, the login page not", async () => {
      const expected = prerenderedPages().filter((address) => address.page !== 'login');
      expect(pages.map((page) => `${page.locale} ${page.address}`).sort()).toEqual(
        expected.map((address) => `${address.locale} ${address.path}`).sort(),
      );
      expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
      for (const page of pages) {
        expect(page.path).toBe(archivePath(page.address, page.locale));
        expect(page.kind).toBe(page.address.includes('/news/') ? 'news' : 'page');
        expect(page.title, page.address).not.toBe('');
      }
    });

    it('has nothing that runs, and every link leads to a file of the archive or is a web or e-mail address', async () => {
      const paths = new Set(pages.map((page) => page.path));
      const documents = new Map(pages.map((page) => [page.path, parse(page.html)]));
      for (const page of pages) {
        expect(page.html, page.path).not.toMatch(/<script|<iframe|<img|<link|\ssrc=|<[^>]*\son\w*=/i);
        const doc = documents.get(page.path)!;
        expect(doc.documentElement.lang, page.path).toBe(page.locale);
        for (const element of doc.querySelectorAll('[href]')) {
          const href = element.getAttribute('href')!;
          if (/^(https?:|mailto:)/.test(href)) continue;
          const [file, id] = href.split('#') as [string, string | undefined];
          const target = file
            ? posix.normalize(posix.join(posix.dirname(page.path), decodeURI(file)))
            : page.path;
          const what = `${page.path}: ${href}`;
          if (target === indexPath(page.locale)) continue; // the back link, to the index the archive writes
          expect(paths.has(target), what).toBe(true);
          if (id) expect(documents.get(target)!.getElementById(decodeURIComponent(id)), what).not.toBeNull();
        }
        expect(doc.querySelector('header a')!.getAttribute('href'), page.path).toBe(
          relativeHref(page.path, indexPath(page.locale)),
        );
      }
    });

    it('has the Norwegian pages in Norwegian', async () => {
      const about = pages.find((page) => page.address === '/nb/about')!;
      const h1 = parse(readFileSync('dist/nb/about.html', 'utf8')).querySelector('main h1')!.textContent!;
      expect(h1).toBe('Om slektstreffet'); // what the site shows
      expect(about.title).toBe(h1);
      const main = parse(about.html).querySelector('main')!;
      expect(main.querySelector('h1')!.textContent).toBe(h1);
      // Its Norwegian letters as the page has them: "Når", "Hvorfor", "Hvor".
      expect(main.textContent).toMatch(/Når.*Hvorfor.*Hvor/s);
      expect(about.html).toContain('<html lang="nb">');
      expect(about.html).toContain('Tilbake til oversikten');
    });
  });
});
