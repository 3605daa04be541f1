/**
 * After the client builds (tools/build/build.ts) and `vite build --ssr src/prerender.tsx` (part of `npm run build`): writes the
 * build-time HTML of every static page in both languages (dist/home.html, dist/nb/home.html, ...) and of every
 * news post (dist/news/<slug>.html, dist/nb/news/<slug>.html), the Norwegian app shell (dist/nb/index.html,
 * served for the other /nb/... paths), the calendar file of each language (dist/calendar/*.ics,
 * dist/nb/calendar/*.ics), the news feed of each language (dist/news/feed.xml, dist/nb/news/feed.xml) and the
 * news posts' pictures (dist/assets/news-*.webp), sitemap.xml and robots.txt. Visitors see each page before the
 * JavaScript has loaded, and search engines read it, in its language, without running any.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inSitemap, isPrerendered, type Page } from '../../src/config/pages.ts';
import type { HeadTexts } from '../../src/lib/document-head.ts';
import { localizePath } from '../../src/lib/locale.ts';
import { type Locale } from '../../src/lib/locale-path.ts';
import { writeBuildStamp } from './build-stamp.ts';
import { chunkFiles, newsBodyKey, pageFiles, readManifest } from './manifest.ts';
import type { FeedTexts } from './news/atom.ts';
import { loadNews, newsFeed, newsImages } from './news/news.ts';
import { pageAddresses, type PageAddress } from './page-paths.ts';
import {
  pageHtml,
  stylesheetLinks,
  robotsTxt,
  sitemapXml,
  withJsonLd,
  withMarkupIn,
  type Alternate,
} from './static-pages.ts';

/** Modules a page imports as soon as it runs (by source path), whose chunks its HTML fetches early. */
const LOADED_RIGHT_AFTER: Partial<Record<string, (locale: Locale) => string[]>> = {
  login: (locale) => [
    'src/features/auth/sign-in-widget-view.tsx',
    `src/features/auth/sign-in-widget-${locale}.tsx`,
  ],
};

interface PrerenderModule {
  LOCALES: readonly Locale[];
  MEMBER_PAGES: readonly Page[];
  /** The source path of the page's module, e.g. src/features/home/home-page.tsx (its key in the manifest). */
  pageSource: (page: Page) => string;
  prerenderPage: (path: string, locale: Locale) => Promise<string>;
  headTexts: (locale: Locale, page?: Page, path?: string) => Promise<HeadTexts>;
  structuredData: (page: Page, locale: Locale) => Record<string, unknown> | undefined;
  calendarFiles: () => { path: string; content: string }[];
  feedTexts: (locale: Locale) => FeedTexts;
  SITE_URL: string;
}

function write(file: string, content: string | Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

async function main(): Promise<void> {
  const entry = resolve(process.argv[2] ?? '.cache/prerender/prerender.js');
  const site = (await import(pathToFileURL(entry).href)) as PrerenderModule;
  const siteUrl = site.SITE_URL;
  const news = await loadNews(siteUrl);
  // Each language's app shell, as its build wrote it (tools/build/build.ts): the template of its pages.
  const shellFile = (locale: Locale) => `dist${localizePath('/index', locale)}.html`; // dist/index.html, dist/nb/index.html
  const templates = new Map(site.LOCALES.map((locale) => [locale, readFileSync(shellFile(locale), 'utf8')]));
  const manifests = new Map(site.LOCALES.map((locale) => [locale, readManifest('dist', locale)]));
  const full = (path: string) => `${siteUrl}${path}`;
  const shellHeads = new Map<Locale, HeadTexts>();
  for (const locale of site.LOCALES) shellHeads.set(locale, await site.headTexts(locale));
  const alternates = (address: PageAddress): Alternate[] => [
    ...site.LOCALES.map((locale) => ({
      hreflang: shellHeads.get(locale)!.lang,
      href: full(address.inLanguage[locale]),
    })),
    { hreflang: 'x-default', href: full(address.inLanguage.en) },
  ];
  const otherOgLocales = (locale: Locale) =>
    site.LOCALES.filter((other) => other !== locale).map((other) => shellHeads.get(other)!.ogLocale);
  const posts = news.filter((item) => item.locale === 'en');

  for (const locale of site.LOCALES) {
    // The app shell of the language: every path without its own file (the members page, unknown paths).
    const template = templates.get(locale)!;
    const shell = pageHtml(template, shellHeads.get(locale)!, {
      url: full(localizePath('/home', locale)),
      otherOgLocales: otherOgLocales(locale),
      canonical: false,
    });
    write(shellFile(locale), shell);
  }

  for (const address of pageAddresses(isPrerendered, news)) {
    const { page, locale, path } = address;
    let html = pageHtml(templates.get(locale)!, await site.headTexts(locale, page, path), {
      url: full(path),
      alternates: alternates(address),
      otherOgLocales: otherOgLocales(locale),
      canonical: true,
    });
    const data = site.structuredData(page, locale);
    if (data) html = withJsonLd(html, data);
    const markup = await site.prerenderPage(path, locale);
    const file = `dist${path}.html`;
    // The page's stylesheets (a news post's text's too) style its build-time content: linked at once. Its code,
    // like the rest of the site's, is fetched after the first paint (src/main.tsx); the stylesheets of what the
    // page loads right after (the login page's sign-in widget) are fetched early, and apply only once that code
    // runs.
    const manifest = manifests.get(locale)!;
    const own = pageFiles(manifest, site.pageSource(page));
    const body =
      address.page === 'news-post'
        ? chunkFiles(manifest, newsBodyKey(manifest, locale, address.path.split('/').at(-1)!))
        : { js: [], css: [] };
    const later = (LOADED_RIGHT_AFTER[page]?.(locale) ?? []).map((source) => chunkFiles(manifest, source));
    const withStyles = stylesheetLinks(
      html,
      [...own.css, ...body.css],
      later.flatMap((files) => files.css),
    );
    write(file, withMarkupIn(withStyles, markup));
    console.log(`prerendered ${file} (${(markup.length / 1024).toFixed(1)} KB of markup)`);
  }

  for (const { path, content } of site.calendarFiles()) {
    write(`dist${path}`, content);
    console.log(`wrote dist${path}`);
  }
  for (const locale of site.LOCALES) {
    const { path, content } = newsFeed(news, locale, site.feedTexts(locale), siteUrl);
    write(`dist${path}`, content);
    console.log(`wrote dist${path} (${news.filter((item) => item.locale === locale).length} posts)`);
  }
  for (const image of newsImages(news)) write(`dist${image.url}`, image.bytes);
  console.log(`news: ${posts.length} posts in each language, ${newsImages(news).length} pictures`);

  write(
    'dist/sitemap.xml',
    sitemapXml(
      pageAddresses(inSitemap, news).map((address) => ({
        url: full(address.path),
        alternates: alternates(address),
      })),
    ),
  );
  write(
    'dist/robots.txt',
    robotsTxt(
      siteUrl,
      site.LOCALES.flatMap((locale) => site.MEMBER_PAGES.map((page) => localizePath(`/${page}`, locale))),
    ),
  );
}

await main();
// The last step of `npm run build`: what was built, and from what (tools/build/build-stamp.ts).
writeBuildStamp();
