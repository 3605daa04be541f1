/**
 * The site's two languages and how a URL says which one a page is in: English keeps the plain paths (/home,
 * /news, ...); Norwegian Bokmål lives under /nb with the same path names (/nb/home, ...). And the language a
 * visitor last chose with the switch, which / opens. Without dependencies: the site's tiny entry (src/main.tsx)
 * records a choice with it before anything else has loaded.
 */

export const LOCALES = ['en', 'nb'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The path prefix of the Norwegian pages. */
export const NB_PREFIX = '/nb';

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** The language a path belongs to: /nb and everything below it is Norwegian (case-sensitive, like the routes). */
export function localeOfPath(pathname: string): Locale {
  return pathname === NB_PREFIX || pathname.startsWith(`${NB_PREFIX}/`) ? 'nb' : 'en';
}

export function prefixOf(locale: Locale): string {
  return locale === 'nb' ? NB_PREFIX : '';
}

/** The language-neutral path: '/nb/home' -> '/home', '/nb' -> '/', '/home' -> '/home'. */
export function delocalizePath(pathname: string): string {
  if (localeOfPath(pathname) === 'en') return pathname || '/';
  return pathname.slice(NB_PREFIX.length) || '/';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'nb' ? 'en' : 'nb';
}

/**
 * The language a first visit to / gets: Norwegian when the browser's first preferred language is
 * Norwegian (Bokmål `nb`, Nynorsk `nn`, or plain `no`, with or without a region), else English.
 */
export function preferredLocale(languages: readonly string[]): Locale {
  const first = languages[0]?.toLowerCase().split(/[-_]/)[0];
  return first === 'nb' || first === 'nn' || first === 'no' ? 'nb' : 'en';
}

/** Where the visitor's last choice on the language switch is kept. */
export const CHOICE_KEY = 'reunion-language';

export function rememberChoice(
  locale: Locale,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): void {
  try {
    storage?.setItem(CHOICE_KEY, locale);
  } catch {
    // storage full or disabled: the choice is only a convenience
  }
}

export function rememberedChoice(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
): Locale | undefined {
  try {
    const value = storage?.getItem(CHOICE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The language of a document about to start at `pathname`: the path's own language, except for the
 * bare root, which takes the language last chosen on the switch, else the browser's preference.
 */
export function startLocale(
  pathname: string,
  languages: readonly string[],
  storage?: Pick<Storage, 'getItem'>,
): Locale {
  if (pathname === '/' || pathname === '') return rememberedChoice(storage) ?? preferredLocale(languages);
  return localeOfPath(pathname);
}

/**
 * The language a visitor chose by arriving from the same page in the other language (the language switch, or any
 * link between a page's two languages): the language of `here`; undefined for any other arrival. The switch is a
 * plain link, so a tap before the page's scripts have run is a navigation like any other; the page it leads to
 * records the choice from where the visitor came (a same-origin referrer carries the whole address).
 */
export function chosenOnArrival(
  here: { pathname: string; origin: string },
  referrer: string,
): Locale | undefined {
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return undefined;
  }
  if (from.origin !== here.origin) return undefined;
  const locale = localeOfPath(here.pathname);
  return localeOfPath(from.pathname) !== locale &&
    delocalizePath(from.pathname) === delocalizePath(here.pathname)
    ? locale
    : undefined;
}
