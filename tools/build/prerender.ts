/**
 * After the client builds (tools/build/build.ts) and `vite build --ssr src/prerender.tsx` (part of `npm run build`): writes the
 * build-time HTML of every static page in both languages (dist/home.html, dist/nb/home.html, ...), the
 * Norwegian app shell (dist/nb/index.html, served for the other /nb/... paths), the calendar file of
 * each language (dist/calendar/*.ics, dist/nb/calendar/*.ics), sitemap.xml and robots.txt. Visitors see each page before the JavaScript has loaded, and search engines read it, in
 * its language, without running any.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HeadTexts } from '../../src/lib/document-head.ts';
import type { Locale } from '../../src/lib/locale.ts';
import { writeBuildStamp } from './build-stamp.ts';
import { chunkFiles, pageFiles, readManifest } from './manifest.ts';

/** Modules a page imports as soon as it runs (by source path), whose chunks its HTML fetches early. */
const LOADED_RIGHT_AFTER: Partial<Record<string, (locale: Locale) => string[]>> = {
  login: (locale) => [
    'src/features/auth/sign-in-widget-view.tsx',
    `src/features/auth/sign-in-widget-${locale}.tsx`,
  ],
};
import {
  pageHtml,
  stylesheetLinks,
  robotsTxt,
  sitemapXml,
  withJsonLd,
  withMarkupIn,
  type Alternate,
} from './static-pages.ts';

type Page = string;

interface PrerenderModule {
  LOCALES: readonly Locale[];
  STATIC_PAGES: readonly Page[];
  SITEMAP_PAGES: readonly Page[];
  MEMBER_PAGES: readonly Page[];
  /** The source path of the page's module, e.g. src/features/home/home-page.tsx (its key in the manifest). */
  pageSource: (page: Page) => string;
  prerenderPage: (page: Page, locale: Locale) => Promise<string>;
  headTexts: (locale: Locale, page?: Page) => Promise<HeadTexts>;
  pagePath: (page: Page, locale: Locale) => string;
  structuredData: (page: Page, locale: Locale) => Record<string, unknown> | undefined;
  calendarFiles: () => { path: string; content: string }[];
  SITE_URL: string;
}

function write(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

async function main(): Promise<void> {
  const entry = resolve(process.argv[2] ?? '.cache/prerender/prerender.js');
  const site = (await import(pathToFileURL(entry).href)) as PrerenderModule;
  const siteUrl = site.SITE_URL;
  // Each language's app shell, as its build wrote it (tools/build/build.ts): the template of its pages.
  const shellFile = (locale: Locale) => `dist${site.pagePath('index', locale)}.html`; // dist/index.html, dist/nb/index.html
  const templates = new Map(site.LOCALES.map((locale) => [locale, readFileSync(shellFile(locale), 'utf8')]));
  const manifests = new Map(site.LOCALES.map((locale) => [locale, readManifest('dist', locale)]));
  const url = (page: Page, locale: Locale) => `${siteUrl}${site.pagePath(page, locale)}`;
  const shellHeads = new Map<Locale, HeadTexts>();
  for (const locale of site.LOCALES) shellHeads.set(locale, await site.headTexts(locale));
  const alternates = (page: Page): Alternate[] => [
    ...site.LOCALES.map((locale) => ({ hreflang: shellHeads.get(locale)!.lang, href: url(page, locale) })),
    { hreflang: 'x-default', href: url(page, 'en') },
  ];
  const otherOgLocales = (locale: Locale) =>
    site.LOCALES.filter((other) => other !== locale).map((other) => shellHeads.get(other)!.ogLocale);

  for (const locale of site.LOCALES) {
    // The app shell of the language: every path without its own file (the members page, unknown paths).
    const template = templates.get(locale)!;
    const shell = pageHtml(template, shellHeads.get(locale)!, {
      url: url('home', locale),
      otherOgLocales: otherOgLocales(locale),
      canonical: false,
    });
    write(shellFile(locale), shell);

    for (const page of site.STATIC_PAGES) {
      let html = pageHtml(template, await site.headTexts(locale, page), {
        url: url(page, locale),
        alternates: alternates(page),
        otherOgLocales: otherOgLocales(locale),
        canonical: true,
      });
      const data = site.structuredData(page, locale);
      if (data) html = withJsonLd(html, data);
      const markup = await site.prerenderPage(page, locale);
      const file = `dist${site.pagePath(page, locale)}.html`;
      // The page's stylesheets style its build-time content: linked at once. Its code, like the rest of the
      // site's, is fetched after the first paint (src/main.tsx); the stylesheets of what the page loads right after
      // (the login page's sign-in widget) are fetched early, and apply only once that code runs.
      const manifest = manifests.get(locale)!;
      const later = (LOADED_RIGHT_AFTER[page]?.(locale) ?? []).map((source) => chunkFiles(manifest, source));
      const withStyles = stylesheetLinks(
        html,
        pageFiles(manifest, site.pageSource(page)).css,
        later.flatMap((files) => files.css),
      );
      write(file, withMarkupIn(withStyles, markup));
      console.log(`prerendered ${file} (${(markup.length / 1024).toFixed(1)} KB of markup)`);
    }
  }

  for (const { path, content } of site.calendarFiles()) {
    write(`dist${path}`, content);
    console.log(`wrote dist${path}`);
  }

  write(
    'dist/sitemap.xml',
    sitemapXml(
      site.SITEMAP_PAGES.flatMap((page) =>
        site.LOCALES.map((locale) => ({ url: url(page, locale), alternates: alternates(page) })),
      ),
    ),
  );
  write(
    'dist/robots.txt',
    robotsTxt(
      siteUrl,
      site.LOCALES.flatMap((locale) => site.MEMBER_PAGES.map((page) => site.pagePath(page, locale))),
    ),
  );
}

await main();
// The last step of `npm run build`: what was built, and from what (tools/build/build-stamp.ts).
writeBuildStamp();
