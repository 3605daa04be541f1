/**
 * The news posts (content/news) inside the site's code, rendered in Node by ./news.ts, so no Markdown library
 * ever reaches a browser:
 *
 *   virtual:news-posts            the posts' titles, dates and summaries (for /news and each post's page)
 *   virtual:news-bodies           loadNewsBody(locale, slug): loads a post's HTML, a chunk of its own
 *   virtual:news-body/<locale>/<slug>   one post's HTML
 *
 * A build for one language (tools/build/build.ts) carries that language's posts only. While Vite serves
 * (npm run dev), a change under content/news reloads the page, and the pictures and the feeds are answered
 * from the same code as the build writes them (tools/build/prerender.ts).
 */
import { resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { formatLongDate } from '../../../src/lib/format.ts';
import { isLocale, LOCALES, type Locale } from '../../../src/lib/locale-path.ts';
import { STATIC_LOCALE_GLOBAL } from '../paraglide.ts';
import type { FeedTexts } from './atom.ts';
import { feedPath, loadNews, newsFeed, newsImages, type NewsItem } from './news.ts';
import { NEWS_FOLDER } from './posts.ts';

export const NEWS_POSTS_MODULE = 'virtual:news-posts';
export const NEWS_BODIES_MODULE = 'virtual:news-bodies';
const BODY_MODULE = /^virtual:news-body\/([a-z]+)\/([a-z0-9-]+)$/;

/** The summary of a post as the site's code sees it (src/types/virtual-news.d.ts). */
export function postSummary(item: NewsItem) {
  return {
    locale: item.locale,
    slug: item.slug,
    title: item.title,
    summary: item.summary,
    date: item.date,
    dateText: formatLongDate(item.date, item.locale),
    updated: item.updated,
    ...(item.author ? { author: item.author } : {}),
  };
}

/** The code of virtual:news-posts for the posts of `locales`. */
export function postsModule(items: readonly NewsItem[], locales: readonly Locale[]): string {
  const shown = items.filter((item) => locales.includes(item.locale));
  return `export const NEWS_POSTS = ${JSON.stringify(shown.map(postSummary))};\n`;
}

/** The code of virtual:news-bodies for the posts of `locales`. */
export function bodiesModule(items: readonly NewsItem[], locales: readonly Locale[]): string {
  const shown = items.filter((item) => locales.includes(item.locale));
  const bodies = shown.map(
    (item) =>
      `  ${JSON.stringify(`${item.locale}/${item.slug}`)}: () => import(${JSON.stringify(`virtual:news-body/${item.locale}/${item.slug}`)}),`,
  );
  return [
    'const bodies = {',
    ...bodies,
    '};',
    'export function loadNewsBody(locale, slug) {',
    '  const load = bodies[`${locale}/${slug}`];',
    '  return load ? load().then((module) => module.default) : undefined;',
    '}',
    '',
  ].join('\n');
}

/**
 * A source map of generated code onto itself, line by line: the chunks of the news have maps like every other
 * chunk (npm run size reads them to tell what went into a page's first load).
 */
function withMap(id: string, code: string) {
  const lines = code.split('\n').length;
  return {
    code,
    map: {
      version: 3,
      sources: [id.replace(/^\0/, '')],
      sourcesContent: [code],
      names: [],
      mappings: `AAAA${';AACA'.repeat(lines - 1)}`,
    },
  };
}

interface FeedTextsModule {
  feedTexts: (locale: Locale) => FeedTexts;
}

export function newsPosts({ siteUrl, root = '.' }: { siteUrl: string; root?: string }): Plugin {
  let locales: readonly Locale[] = LOCALES;
  let loaded: Promise<NewsItem[]> | undefined;
  const load = () => (loaded ??= loadNews(siteUrl, root));
  const folder = resolve(root, NEWS_FOLDER);

  function serve(server: ViteDevServer) {
    server.watcher.add(folder);
    server.watcher.on('all', (_event, path) => {
      if (path !== folder && !path.startsWith(`${folder}${sep}`)) return;
      loaded = undefined;
      for (const environment of Object.values(server.environments)) {
        const graph = environment.moduleGraph;
        for (const [id, module] of graph.idToModuleMap)
          if (id.startsWith('\0virtual:news-') || BODY_MODULE.test(id)) graph.invalidateModule(module);
      }
      server.ws.send({ type: 'full-reload' });
    });
    server.middlewares.use((request, response, next) => {
      const path = (request.url ?? '').split('?')[0]!;
      if (!/^\/assets\/news-[^/]+\.webp$|\/feed\.xml$/.test(path)) return next();
      load()
        .then(async (items) => {
          const feedLocale = LOCALES.find((locale) => feedPath(locale) === path);
          if (feedLocale) {
            const { feedTexts } = (await server.ssrLoadModule(
              '/src/features/news/feed-texts.ts',
            )) as FeedTextsModule;
            response.setHeader('Content-Type', 'application/atom+xml; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(newsFeed(items, feedLocale, feedTexts(feedLocale), siteUrl).content);
            return;
          }
          const image = newsImages(items).find((candidate) => candidate.url === path);
          if (!image) return next();
          response.setHeader('Content-Type', 'image/webp');
          response.setHeader('Cache-Control', 'no-cache');
          response.end(image.bytes);
        })
        .catch(next);
    });
  }

  return {
    name: 'news-posts',
    configResolved(config) {
      const fixed = config.define?.[STATIC_LOCALE_GLOBAL];
      const locale = typeof fixed === 'string' ? (JSON.parse(fixed) as unknown) : undefined;
      locales = isLocale(locale) ? [locale] : LOCALES;
    },
    configureServer: serve,
    resolveId(id) {
      // The posts' list as a virtual module (\0: no other plugin touches it); each post's text under its own
      // name, which keeps the source map its chunk needs (npm run size reads every chunk's map).
      if (id === NEWS_POSTS_MODULE || id === NEWS_BODIES_MODULE) return `\0${id}`;
      if (BODY_MODULE.test(id)) return id;
      return undefined;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:news-') && !BODY_MODULE.test(id)) return undefined;
      const items = await load();
      const name = id.replace(/^\0/, '');
      if (name === NEWS_POSTS_MODULE) return withMap(id, postsModule(items, locales));
      if (name === NEWS_BODIES_MODULE) return withMap(id, bodiesModule(items, locales));
      const [, locale, slug] = BODY_MODULE.exec(name) ?? [];
      const item = items.find((candidate) => candidate.locale === locale && candidate.slug === slug);
      if (!item) throw new Error(`news: no post ${locale}/${slug}`);
      return withMap(id, `export default ${JSON.stringify(item.html)};\n`);
    },
  };
}
