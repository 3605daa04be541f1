/**
 * Build-time entry (vite build --ssr): renders a page's markup in its language, so its HTML file shows
 * the content before any JavaScript runs, and gives the texts of its <head> (tools/build/prerender.ts writes
 * dist/<page>.html and dist/nb/<page>.html, and dist/news/<slug>.html for each news post). The account slot of
 * the navigation renders as "not known yet", so a signed-in member never sees a Login link flash; the browser
 * then hydrates the markup.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { PAGE_MODULES } from './app/page-components';
import { AppRoutes } from './app/routes';
import { documentTitle } from './components/page-meta';
import { config } from './config/env';
import { pageDefinition, type Page } from './config/pages';
import { newsFeedPath } from './domain/news';
import { AuthContext, fixedAuthState } from './lib/auth-context';
import { calendarFile } from './domain/reunion/calendar-file';
import { eventJsonLd } from './domain/reunion/event-json-ld';
import { shareImagePath } from './lib/share-image';
import { feedTexts } from './features/news/feed-texts';
import type { HeadTexts } from './lib/document-head';
import { LOCALE_FACTS, setDocumentLocale } from './lib/locale';
import { LOCALES, type Locale } from './lib/locale-path';
import { m } from './paraglide/messages.js';

export { LOCALES } from './lib/locale-path';
export { MEMBER_PAGES } from './config/pages';
export { feedTexts };

/** The source path of a page's module: its key in the build's manifest. */
export function pageSource(page: Page): string {
  return `src/${pageDefinition(page).module}`;
}

/** The account slot renders as "not known yet" (no Login link, no Members menu). */
const unknownAuth = fixedAuthState(undefined);

/** React puts the page's <title> and meta description into the markup; the HTML file has its own. */
export function withoutHeadTags(html: string): string {
  return html.replace(/<title>[^<]*<\/title>/g, '').replace(/<meta name="description"[^>]*>/g, '');
}

async function render(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/** The markup of the page at `path` (e.g. /nb/news/thank-you), in its language. */
export async function prerenderPage(path: string, locale: Locale): Promise<string> {
  setDocumentLocale(locale);
  return withoutHeadTags(
    await render(
      <AuthContext value={unknownAuth}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AuthContext>,
    ),
  );
}

/**
 * The texts of a page's <head> in a language (the page at `path`: a news post has its own title and summary);
 * without a page, those of the language's app shell.
 */
export async function headTexts(locale: Locale, page?: Page, path?: string): Promise<HeadTexts> {
  setDocumentLocale(locale);
  const siteName = m.site_title({}, { locale });
  const module = page ? await PAGE_MODULES[page]() : undefined;
  const own = module && path ? module.headAt?.(path, locale) : undefined;
  return {
    lang: LOCALE_FACTS[locale].tag,
    ogLocale: LOCALE_FACTS[locale].ogLocale,
    siteName,
    title: own?.title ?? (module ? documentTitle(module.meta, locale) : siteName),
    description:
      own?.description ??
      (module ? module.meta.description({}, { locale }) : m.site_share_description({}, { locale })),
    noscript: m.site_noscript({}, { locale }),
    image: `${config.siteUrl}${shareImagePath(locale)}`,
    imageAlt: m.site_share_image_alt({}, { locale }),
    feed: { title: feedTexts(locale).title, url: `${config.siteUrl}${newsFeedPath(locale)}` },
  };
}

/** The structured data of a page's build-time HTML (JSON-LD): the reunion as an Event, on Home. */
export function structuredData(page: Page, locale: Locale): Record<string, unknown> | undefined {
  return page === 'home' ? eventJsonLd(locale) : undefined;
}

/** The calendar file of each language (dist/calendar/..., dist/nb/calendar/...). */
export function calendarFiles(): { path: string; content: string }[] {
  return LOCALES.map(calendarFile);
}

export const SITE_URL = config.siteUrl;
