import { currentLocale, type Locale } from '../lib/locale';
import { m } from '../paraglide/messages.js';
import type { Page } from './pages';

/**
 * Each page's title and description, in each language: the browser tab and search results (PageMeta),
 * and the build-time HTML's <head> (src/prerender.tsx). Kept apart from the page list so that a page's
 * first load carries only the texts it shows.
 */
type Message = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

const META: Record<Page, { title: Message; description: Message }> = {
  home: { title: m.page_home_title, description: m.page_home_description },
  news: { title: m.page_news_title, description: m.page_news_description },
  about: { title: m.page_about_title, description: m.page_about_description },
  contact: { title: m.page_contact_title, description: m.page_contact_description },
  login: { title: m.page_login_title, description: m.page_login_description },
  members: { title: m.page_members_title, description: m.page_members_description },
};

export function pageDescription(page: Page, locale: Locale = currentLocale()): string {
  return META[page].description({}, { locale });
}

/** The browser tab's title, e.g. "News · Rolette Family Reunion 2026". */
export function documentTitle(page: Page, locale: Locale = currentLocale()): string {
  return `${META[page].title({}, { locale })} · ${m.site_title({}, { locale })}`;
}
