import { currentLocale, localizePath, type Locale } from '../lib/locale';

/**
 * The site's pages (spec section 2): one list for the routes, the build-time HTML, the sitemap, the
 * budgets and the tests. Each page exists in both languages at the same path name (/home, /nb/home).
 */
export const PAGES = ['home', 'news', 'about', 'contact', 'login', 'members'] as const;
export type Page = (typeof PAGES)[number];

/** The public pages: in the navigation and the sitemap. */
export const PUBLIC_PAGES = ['home', 'news', 'about', 'contact'] as const satisfies readonly Page[];

/** Pages with their own build-time HTML file (title, description, rendered content): all but members. */
export const STATIC_PAGES = [...PUBLIC_PAGES, 'login'] as const satisfies readonly Page[];

/** '/home' in English, '/nb/home' in Norwegian. */
export function pagePath(page: Page, locale: Locale = currentLocale()): string {
  return localizePath(`/${page}`, locale);
}
