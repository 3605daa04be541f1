/**
 * Bundle budget of the pages, in both languages (npm run size, after a build). For each page's
 * build-time HTML (dist/home.html, dist/nb/home.html, ...) it adds up the gzipped JS of its first load: what the
 * HTML makes the browser fetch at once (the entry script, its modulepreloads), and what the entry fetches right
 * after the first paint (src/main.tsx): the app (src/app/start.tsx) and the page's own module, each with its
 * static imports. That is what the page needs before it works. And the render-blocking CSS
 * (tools/build/render-blocking-css.ts), budgeted on every page. Code behind a later dynamic import() (the sign-in
 * widget, the members area's parts) is not part of it. Fails when a public page is over the JS budget, or when its first
 * load contains FirebaseUI or the Firebase compat SDK (checked in the chunks' source maps, i.e. by the
 * modules that went into them). Reports the sign-in widget each language's login page adds (lazily), and
 * fails if one language's widget would download the other's FirebaseUI.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildProblems } from './build-stamp.ts';
import { isPrerendered, pageAt, pageDefinition, PUBLIC_PAGES, type Page } from '../../src/config/pages.ts';
import { localeOfPath, LOCALES, type Locale } from '../../src/lib/locale-path.ts';
import { chunkFiles, newsBodyKey, readManifest, staticClosure, type Manifest } from './manifest.ts';
import { pageAddresses } from './page-paths.ts';
import { CSS_BUDGET_BYTES, cssReport } from './render-blocking-css.ts';

export const JS_BUDGET_BYTES = 90 * 1024;
const FORBIDDEN = [
  /node_modules\/firebaseui\//,
  /node_modules\/@firebase\/[a-z-]+-compat\//,
  /node_modules\/firebase\/compat\//,
];

/** FirebaseUI's English build and its Norwegian copy (tools/build/firebaseui-nb.ts), as named in source maps. */
const FIREBASEUI_EN = /node_modules\/firebaseui\/dist\/esm\.js$/;
const FIREBASEUI_NB = /node_modules\/firebaseui\/dist\/esm\.js\?firebaseui-lang=nb$/;
/** Each language's lazily loaded sign-in widget: its entry module, and the FirebaseUI it must (not) load. */
export const SIGN_IN_WIDGETS: Record<Locale, { src: RegExp; own: RegExp; other: RegExp }> = {
  en: { src: /sign-in-widget-en\.tsx$/, own: FIREBASEUI_EN, other: FIREBASEUI_NB },
  nb: { src: /sign-in-widget-nb\.tsx$/, own: FIREBASEUI_NB, other: FIREBASEUI_EN },
};

export interface LoadReport {
  js: string[];
  css: string[];
  jsGzip: number;
  cssGzip: number;
  forbidden: string[];
  /** Every module that went into the JS files (from their source maps). */
  sources: string[];
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The asset files an HTML page loads at once: module scripts, modulepreloads and stylesheets. */
export function filesLoadedBy(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/([^"]+)"/g)) js.add(src!);
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="\/([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/\brel="modulepreload"/.test(tag)) js.add(href);
    else if (/\brel="stylesheet"/.test(tag)) css.add(href);
  }
  return { js: [...js], css: [...css] };
}

export function loadReport(dist: string, files: { js: string[]; css: string[] }): LoadReport {
  const forbidden: string[] = [];
  const allSources: string[] = [];
  for (const file of files.js) {
    const mapPath = join(dist, `${file}.map`);
    if (!existsSync(mapPath)) {
      // Only the bundler's own tiny chunks have no map (its runtime, Vite's preload helper: no source of ours).
      if (/rolldown-runtime|preload-helper/.test(file)) continue;
      throw new Error(`No source map for ${file}: build with sourcemaps`);
    }
    const sources: string[] = JSON.parse(readFileSync(mapPath, 'utf8')).sources;
    allSources.push(...sources);
    for (const source of sources)
      if (FORBIDDEN.some((pattern) => pattern.test(source))) forbidden.push(`${file}: ${source}`);
  }
  return {
    ...files,
    jsGzip: files.js.reduce((sum, file) => sum + gzipSize(join(dist, file)), 0),
    cssGzip: files.css.reduce((sum, file) => sum + gzipSize(join(dist, file)), 0),
    forbidden,
    sources: allSources,
  };
}

/** The module src/main.tsx imports after the first paint: the app (React, the router, the providers). */
export const APP_START_SOURCE = 'src/app/start.tsx';

/**
 * The first load of the page at `path` (e.g. /nb/news/thank-you): what its build-time HTML fetches, then what
 * src/main.tsx imports after the first paint and before hydrating: the app, the page's code and, for a news post,
 * its text (src/app/page-components.tsx).
 */
export function pageLoad(dist: string, path: string): LoadReport {
  const htmlFile = join(dist, `${path}.html`);
  if (!existsSync(htmlFile)) throw new Error(`${htmlFile} not found: run "npm run build" first`);
  const html = filesLoadedBy(readFileSync(htmlFile, 'utf8'));
  const found = pageAt(path);
  if (!found) throw new Error(`${path} is not one of the site's pages (src/config/pages.ts)`);
  const locale = localeOfPath(path);
  const manifest = readManifest(dist, locale);
  const sources = [APP_START_SOURCE, `src/${pageDefinition(found.page).module}`];
  const keys = sources.map((source) => {
    if (!manifest[source]) throw new Error(`No chunk for ${source} in the ${locale} build's manifest`);
    return source;
  });
  if (found.params) keys.push(newsBodyKey(manifest, locale, found.params.slug));
  const afterPaint = keys.map((key) => chunkFiles(manifest, key));
  return loadReport(dist, {
    js: [...new Set([...html.js, ...afterPaint.flatMap((files) => files.js)])],
    css: html.css,
  });
}

/** What the lazily loaded chunk whose source matches `srcPattern` adds to a page that is already loaded. */
function lazyChunkAddition(dist: string, manifest: Manifest, srcPattern: RegExp, loaded: LoadReport) {
  const key = Object.keys(manifest).find((k) => srcPattern.test(manifest[k]!.src ?? ''));
  if (!key) return undefined;
  const keys = staticClosure(manifest, key);
  const js = keys.map((k) => manifest[k]!.file).filter((file) => !loaded.js.includes(file));
  const css = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))].filter(
    (f) => !loaded.css.includes(f),
  );
  return loadReport(dist, { js, css });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const dist = process.argv[2] ?? 'dist';
  // Budgets of a development or stale build would measure the wrong thing.
  const problems = dist === 'dist' ? buildProblems() : [];
  for (const problem of problems) console.error(`size: ${problem}`);
  if (problems.length) process.exit(1);
  let failed = false;
  console.log(
    `First load of each page (gzip): budgets ${kb(JS_BUDGET_BYTES)} of JS on the public pages, ` +
      `${kb(CSS_BUDGET_BYTES)} of render-blocking CSS on every page`,
  );
  for (const locale of LOCALES) {
    const manifest = readManifest(dist, locale);
    for (const { page, path } of pageAddresses(isPrerendered).filter(
      (address) => address.locale === locale,
    )) {
      const report = pageLoad(dist, path);
      const css = cssReport(dist, path);
      const isPublic = (PUBLIC_PAGES as readonly Page[]).includes(page);
      const overJs = isPublic && report.jsGzip > JS_BUDGET_BYTES;
      const overCss = css.gzip > CSS_BUDGET_BYTES;
      const bad = isPublic && report.forbidden.length > 0;
      failed ||= overJs || overCss || bad;
      console.log(
        `  ${path.padEnd(28)} JS ${kb(report.jsGzip).padStart(9)}${isPublic ? '' : ' (not budgeted)'}  ` +
          `CSS ${kb(css.gzip).padStart(7)}  ${report.js.length + css.files.length} files  ` +
          `${overJs || overCss || bad ? 'FAIL' : 'ok'}`,
      );
      for (const line of bad ? report.forbidden : [])
        console.log(`    forbidden module in a first load: ${line}`);
      if (page === 'login') {
        const { src, own, other } = SIGN_IN_WIDGETS[locale];
        const widget = lazyChunkAddition(dist, manifest, src, report);
        // The login page's HTML preloads the widget (tools/build/prerender.ts): look at both.
        const sources = [...report.sources, ...(widget?.sources ?? [])];
        const hasOwn = sources.some((source) => own.test(source));
        const hasOther = sources.some((source) => other.test(source));
        failed ||= !widget || !hasOwn || hasOther;
        console.log(
          widget
            ? `  ${''.padEnd(28)} + ${kb(widget.jsGzip)} JS and ${kb(widget.cssGzip)} CSS for the sign-in widget ` +
                `(the rest is preloaded above, evaluated after hydration)` +
                (hasOwn ? '' : `: FAIL, its FirebaseUI (${own}) is missing`) +
                (hasOther ? `: FAIL, it loads the other language's FirebaseUI (${other})` : '')
            : `  ${''.padEnd(28)} no sign-in widget chunk (${src}) in the build: FAIL`,
        );
      }
    }
  }
  if (failed) {
    console.error('size: FAILED');
    process.exit(1);
  }
  console.log('size: ok');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
