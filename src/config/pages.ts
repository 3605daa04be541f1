import { currentLocale, localizePath } from '../lib/locale.ts';
import { delocalizePath, type Locale } from '../lib/locale-path.ts';
import { m } from '../paraglide/messages.js';

/**
 * The site's pages (spec section 2): the one list that the routes (src/app/routes.tsx), the lazily loaded page
 * modules (src/app/page-components.tsx), the navigation, the build-time HTML, the sitemap, robots.txt, the
 * budgets and the tests read. Adding a page is adding an entry here and writing its module. Each page exists in
 * both languages at the same path name (/home, /nb/home).
 */
interface PageDefinition {
  /** The path under the language's root, unless `path` says otherwise: 'home' is /home and /nb/home. */
  readonly name: string;
  /**
   * A path with a parameter: 'news/:slug' is one page per news post (content/news), /news/<slug> and
   * /nb/news/<slug>; a public one has a build-time HTML file for each post in each language
   * (tools/build/page-paths.ts). 'members/who-is-who/:slug' is one per picture opened for naming.
   */
  readonly path?: `${string}/:slug`;
  /**
   * The page's code under src/: a module whose default export is the page and whose `meta` export holds its
   * title and description (a file named `*-page.tsx` under src/features/, loaded when the page is shown).
   */
  readonly module: `features/${string}/${string}-page.tsx`;
  /**
   * Who sees it, and so what the build makes of it:
   *   'public': everyone; its own build-time HTML in each language, in the sitemap, and the public pages'
   *             first-load budgets (no FirebaseUI, no compat SDK);
   *   'sign-in': everyone; the page that carries the sign-in widget: build-time HTML, not in the sitemap;
   *   'member': signed-in members with a verified e-mail address (the route guard sends others to the sign-in
   *             page): no build-time HTML, not in the sitemap, kept out of search engines by robots.txt.
   */
  readonly access: 'public' | 'sign-in' | 'member';
  /** Where the header links to it: the main navigation (everyone), the Members menu (signed in), or nowhere. */
  readonly nav?: { readonly menu: 'main' | 'members'; readonly label: () => string };
}

export const PAGE_LIST = [
  {
    name: 'home',
    module: 'features/home/home-page.tsx',
    access: 'public',
    nav: { menu: 'main', label: m.nav_home },
  },
  {
    name: 'news',
    module: 'features/news/news-page.tsx',
    access: 'public',
    nav: { menu: 'main', label: m.nav_news },
  },
  {
    name: 'news-post',
    path: 'news/:slug',
    module: 'features/news/news-post-page.tsx',
    access: 'public',
  },
  {
    name: 'about',
    module: 'features/about/about-page.tsx',
    access: 'public',
    nav: { menu: 'main', label: m.nav_about },
  },
  {
    name: 'contact',
    module: 'features/contact/contact-page.tsx',
    access: 'public',
    nav: { menu: 'main', label: m.nav_contact },
  },
  // Linked from every page's footer (src/app/layout.tsx), not from a menu.
  {
    name: 'privacy',
    module: 'features/privacy/privacy-page.tsx',
    access: 'public',
  },
  // Linked from the account slot of the header while signed out (src/app/layout.tsx), not from a menu.
  {
    name: 'login',
    module: 'features/auth/login-page.tsx',
    access: 'sign-in',
  },
  {
    name: 'members',
    module: 'features/members/members-page.tsx',
    access: 'member',
    nav: { menu: 'members', label: m.nav_downloads },
  },
  {
    name: 'members/photos',
    module: 'features/photos/photos-page.tsx',
    access: 'member',
    nav: { menu: 'members', label: m.nav_photos },
  },
  {
    name: 'members/search',
    module: 'features/search/search-page.tsx',
    access: 'member',
    nav: { menu: 'members', label: m.nav_search },
  },
  {
    name: 'members/account',
    module: 'features/account/account-page.tsx',
    access: 'member',
    nav: { menu: 'members', label: m.nav_account },
  },
  // One page per catalogue picture opened for naming (its file id), linked from its row in the members area.
  {
    name: 'who-is-who',
    path: 'members/who-is-who/:slug',
    module: 'features/faces/who-is-who-page.tsx',
    access: 'member',
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

type PrerenderedPage = Exclude<PageEntry, { access: 'member' }>['name'];
type PublicPage = Extract<PageEntry, { access: 'public' }>['name'];

/** Whether a page has its own build-time HTML file in each language (every page but the members'). */
export const isPrerendered = (page: PageDefinition): boolean => page.access !== 'member';

/** Whether a page is listed in sitemap.xml (the public pages). */
export const inSitemap = (page: PageDefinition): boolean => page.access === 'public';

/** Pages with their own build-time HTML file in each language. */
export const STATIC_PAGES = /* @__PURE__ */ pagesWhere(isPrerendered) as PrerenderedPage[];

/** The public pages: everyone sees them, and their first load is budgeted (npm run size). */
export const PUBLIC_PAGES = /* @__PURE__ */ pagesWhere((page) => page.access === 'public') as PublicPage[];

/** Pages in sitemap.xml. */
export const SITEMAP_PAGES: readonly Page[] = /* @__PURE__ */ pagesWhere(inSitemap);

/** Pages behind the route guard with one path each (robots.txt keeps them, and what is below them, out of search engines). */
export const MEMBER_PAGES = /* @__PURE__ */ pagesWhere(
  (page) => page.access === 'member' && !page.path,
) as readonly PlainPage[];

/** The pages a header menu links to, in the list's order, with their labels. */
export function navPages(menu: 'main' | 'members'): { page: PlainPage; label: () => string }[] {
  return PAGE_LIST.flatMap((page: PageDefinition & { name: Page }) =>
    page.nav?.menu === menu && !page.path ? [{ page: page.name as PlainPage, label: page.nav.label }] : [],
  );
}

/** The route of a page under its language's root: 'home', 'news/:slug'. */
export function routeOf(page: Page): string {
  const definition: PageDefinition = pageDefinition(page);
  return definition.path ?? definition.name;
}

/** Pages whose path has a parameter (one page per news post). */
export type ParametrisedPage = Extract<PageEntry, { path: string }>['name'];
export type PlainPage = Exclude<Page, ParametrisedPage>;

/**
 * '/home' in English, '/nb/home' in Norwegian; a page with a parameter needs its value:
 * pagePath('news-post', 'nb', { slug: 'thank-you' }) is '/nb/news/thank-you'.
 */
export function pagePath(page: PlainPage, locale?: Locale): string;
export function pagePath(page: Page, locale: Locale, params: { slug: string }): string;
export function pagePath(page: Page, locale: Locale = currentLocale(), params?: { slug: string }): string {
  const route = routeOf(page);
  if (route.includes(':slug') && !params) throw new Error(`pagePath: ${page} needs a slug`);
  return localizePath(`/${params ? route.replace(':slug', params.slug) : route}`, locale);
}

/** The page a path shows (either language), with its parameter if it has one. */
export function pageAt(pathname: string): { page: Page; params?: { slug: string } } | undefined {
  const path = delocalizePath(pathname).slice(1);
  for (const entry of PAGE_LIST as readonly (PageDefinition & { name: Page })[]) {
    if (!entry.path) {
      if (entry.name === path) return { page: entry.name };
      continue;
    }
    const [prefix] = entry.path.split(':slug');
    const slug = path.startsWith(prefix!) ? path.slice(prefix!.length) : '';
    if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return { page: entry.name, params: { slug } };
  }
  return undefined;
}
