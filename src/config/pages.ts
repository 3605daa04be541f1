import { currentLocale, localizePath, type Locale } from '../lib/locale';
import { m } from '../paraglide/messages.js';

/**
 * The site's pages (spec section 2): the one list that the routes (src/app/routes.tsx), the lazily loaded page
 * modules (src/app/page-components.tsx), the navigation, the build-time HTML, the sitemap, robots.txt, the
 * budgets and the tests read. Adding a page is adding an entry here and writing its module. Each page exists in
 * both languages at the same path name (/home, /nb/home).
 */
interface PageDefinition {
  /** The path under the language's root: 'home' is /home and /nb/home. */
  readonly name: string;
  /**
   * The page's code under src/: a module whose default export is the page and whose `meta` export holds its
   * title and description (a file named `*-page.tsx` under src/features/, loaded when the page is shown).
   */
  readonly module: `features/${string}/${string}-page.tsx`;
  /**
   * 'public': everyone, with the public pages' first-load budgets (no FirebaseUI, no compat SDK);
   * 'sign-in': everyone, the page that carries the sign-in widget; 'member': signed-in members with a verified
   * e-mail address (the route guard sends others to the sign-in page).
   */
  readonly access: 'public' | 'sign-in' | 'member';
  /** Its own build-time HTML file in each language (title, description, content rendered at build time). */
  readonly prerender: boolean;
  /** Listed in sitemap.xml (public pages worth finding). */
  readonly sitemap: boolean;
  /** Where the header links to it: the main navigation (everyone), the Members menu (signed in), or nowhere. */
  readonly nav?: { readonly menu: 'main' | 'members'; readonly label: () => string };
}

export const PAGE_LIST = [
  {
    name: 'home',
    module: 'features/home/home-page.tsx',
    access: 'public',
    prerender: true,
    sitemap: true,
    nav: { menu: 'main', label: m.nav_home },
  },
  {
    name: 'news',
    module: 'features/news/news-page.tsx',
    access: 'public',
    prerender: true,
    sitemap: true,
    nav: { menu: 'main', label: m.nav_news },
  },
  {
    name: 'about',
    module: 'features/about/about-page.tsx',
    access: 'public',
    prerender: true,
    sitemap: true,
    nav: { menu: 'main', label: m.nav_about },
  },
  {
    name: 'contact',
    module: 'features/contact/contact-page.tsx',
    access: 'public',
    prerender: true,
    sitemap: true,
    nav: { menu: 'main', label: m.nav_contact },
  },
  // Linked from every page's footer (src/app/layout.tsx), not from a menu.
  {
    name: 'privacy',
    module: 'features/privacy/privacy-page.tsx',
    access: 'public',
    prerender: true,
    sitemap: true,
  },
  // Linked from the account slot of the header while signed out (src/app/layout.tsx), not from a menu.
  {
    name: 'login',
    module: 'features/auth/login-page.tsx',
    access: 'sign-in',
    prerender: true,
    sitemap: false,
  },
  {
    name: 'members',
    module: 'features/members/members-page.tsx',
    access: 'member',
    prerender: false,
    sitemap: false,
    nav: { menu: 'members', label: m.nav_downloads },
  },
  {
    name: 'members/photos',
    module: 'features/photos/photos-page.tsx',
    access: 'member',
    prerender: false,
    sitemap: false,
    nav: { menu: 'members', label: m.nav_photos },
  },
] as const satisfies readonly PageDefinition[];

export type Page = (typeof PAGE_LIST)[number]['name'];
type PageEntry = (typeof PAGE_LIST)[number];

/** The names of the pages the predicate picks (pure: what the client does not use is left out of its code). */
function pagesWhere(pick: (page: PageDefinition) => boolean): Page[] {
  return PAGE_LIST.filter(pick).map((page) => page.name);
}

export const PAGES: readonly Page[] = /* @__PURE__ */ pagesWhere(() => true);

/** The page's entry in the list. */
export function pageDefinition(page: Page): PageDefinition {
  return PAGE_LIST.find((entry) => entry.name === page)!;
}

type PrerenderedPage = Extract<PageEntry, { prerender: true }>['name'];
type PublicPage = Extract<PageEntry, { access: 'public' }>['name'];

/** Pages with their own build-time HTML file in each language. */
export const STATIC_PAGES = /* @__PURE__ */ pagesWhere((page) => page.prerender) as PrerenderedPage[];

/** The public pages: everyone sees them, and their first load is budgeted (npm run size). */
export const PUBLIC_PAGES = /* @__PURE__ */ pagesWhere((page) => page.access === 'public') as PublicPage[];

/** Pages in sitemap.xml. */
export const SITEMAP_PAGES: readonly Page[] = PAGE_LIST.filter((page) => page.sitemap).map(
  (page) => page.name,
);

/** Pages behind the route guard (kept out of search engines by robots.txt too). */
export const MEMBER_PAGES: readonly Page[] = /* @__PURE__ */ pagesWhere((page) => page.access === 'member');

/** The pages a header menu links to, in the list's order, with their labels. */
export function navPages(menu: 'main' | 'members'): { page: Page; label: () => string }[] {
  return PAGE_LIST.flatMap((page: PageDefinition & { name: Page }) =>
    page.nav?.menu === menu ? [{ page: page.name, label: page.nav.label }] : [],
  );
}

/** '/home' in English, '/nb/home' in Norwegian. */
export function pagePath(page: Page, locale: Locale = currentLocale()): string {
  return localizePath(`/${page}`, locale);
}
