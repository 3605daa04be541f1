/**
 * The build-time HTML of the static pages, one file per page and language (dist/home.html,
 * dist/nb/home.html, ...), the app shells for the other paths of each language (dist/index.html,
 * dist/nb/index.html), sitemap.xml and robots.txt. Pure functions over index.html as Vite built it;
 * tools/build/prerender.ts writes the files.
 */
import type { HeadTexts } from '../../src/lib/document-head.ts';
import { escapeHtml } from '../../src/lib/escape-html.ts';

/** Replaces the one match of `pattern` in index.html; fails the build if there is not exactly one. */
function setOnce(
  html: string,
  pattern: RegExp,
  replace: (match: string, ...groups: string[]) => string,
  what: string,
) {
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  const count = [...html.matchAll(global)].length;
  if (count !== 1) throw new Error(`static pages: index.html must have exactly one ${what}, found ${count}`);
  return html.replace(pattern, replace);
}

export interface Alternate {
  /** hreflang: a language tag, or x-default */
  hreflang: string;
  href: string;
}

export interface PageLinks {
  /** The page's own address (og:url, canonical link). */
  url: string;
  /** The page in every language, and x-default (omitted for the app shells). */
  alternates?: Alternate[];
  /** og:locale:alternate */
  otherOgLocales: string[];
  canonical: boolean;
}

/** index.html with a page's language, title, description, Open Graph tags, canonical and alternate links. */
export function pageHtml(indexHtml: string, head: HeadTexts, links: PageLinks): string {
  const set = (html: string, pattern: RegExp, replacement: string, what: string) =>
    setOnce(html, pattern, () => replacement, what);
  const attr = (name: RegExp, value: string) => (html: string, what: string) =>
    setOnce(
      html,
      new RegExp(`(<meta\\s+${name.source}\\s+content=")[^"]*(")`),
      (_match, before = '', after = '') => `${before}${escapeHtml(value)}${after}`,
      what,
    );
  let html = set(indexHtml, /<html lang="[^"]*">/, `<html lang="${escapeHtml(head.lang)}">`, '<html lang>');
  html = set(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`, '<title>');
  html = attr(/name="description"/, head.description)(html, 'description');
  html = attr(/property="og:site_name"/, head.siteName)(html, 'og:site_name');
  html = attr(/property="og:title"/, head.title)(html, 'og:title');
  html = attr(/property="og:description"/, head.description)(html, 'og:description');
  html = attr(/property="og:url"/, links.url)(html, 'og:url');
  html = attr(/property="og:locale"/, head.ogLocale)(html, 'og:locale');
  html = attr(/property="og:image"/, head.image)(html, 'og:image');
  const extra = [
    `<meta property="og:image:alt" content="${escapeHtml(head.imageAlt)}" />`,
    ...links.otherOgLocales.map(
      (locale) => `<meta property="og:locale:alternate" content="${escapeHtml(locale)}" />`,
    ),
    ...(links.canonical ? [`<link rel="canonical" href="${escapeHtml(links.url)}" />`] : []),
    ...(links.alternates ?? []).map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
    ),
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(head.feed.url)}" />`,
  ];
  html = set(html, /<\/head>/, `${extra.map((line) => `  ${line}\n`).join('')}  </head>`, '</head>');
  return set(
    html,
    /<noscript>[^<]*<\/noscript>/,
    `<noscript>${escapeHtml(head.noscript)}</noscript>`,
    '<noscript>',
  );
}

/** The sitemap: every public page in every language, each listing all its language versions. */
export function sitemapXml(pages: { url: string; alternates: Alternate[] }[]): string {
  const urls = pages.map((page) =>
    [
      '  <url>',
      `    <loc>${escapeHtml(page.url)}</loc>`,
      ...page.alternates.map(
        (alternate) =>
          `    <xhtml:link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
      ),
      '  </url>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(siteUrl: string, privatePaths: string[]): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * Adds structured data (JSON-LD) to the page's <head>. A data block never runs, so the CSP (no inline
 * scripts) does not block it; `<` is written as \u003c, so no text in it can close the element.
 */
export function withJsonLd(html: string, data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return setOnce(
    html,
    /<\/head>/,
    () => `  <script type="application/ld+json">${json}</script>\n  </head>`,
    '</head>',
  );
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The page's HTML with the markup rendered at build time inside its (empty) root element. */
export function withMarkupIn(html: string, markup: string): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error('prerender: no empty <div id="root"></div> in the page');
  return html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
}

/**
 * Adds the page's stylesheets (`now`: they style its build-time content, render-blocking like the site's own) and a
 * preload of those its code applies right after it starts (`soon`, e.g. the sign-in widget's), for each file the
 * HTML does not reference yet. No script is preloaded: the site's JavaScript starts after the first paint
 * (src/main.tsx), so that the page shows as soon as its HTML and stylesheets have arrived.
 */
export function stylesheetLinks(html: string, now: string[], soon: string[] = []): string {
  const seen = new Set<string>();
  const fresh = (file: string) => {
    if (seen.has(file) || html.includes(`/${file}"`)) return false;
    seen.add(file);
    return true;
  };
  const links = [
    ...now.filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`),
    ...soon
      .filter(fresh)
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}">`),
  ];
  if (!links.length) return html;
  return setOnce(
    html,
    /<\/head>/,
    () => `${links.map((link) => `  ${link}\n`).join('')}  </head>`,
    '</head>',
  );
}

/** The build-time HTML without any script (the limit npm run bench:web measures): data blocks stay. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, (tag) => (/application\/ld\+json/.test(tag) ? tag : ''))
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g, '');
}
