/**
 * The site's two languages and how a URL says which one a page is in. English keeps the plain paths
 * (/home, /news, ...); Norwegian Bokmål lives under /nb with the same path names (/nb/home, ...). A
 * document is in one language for its whole life: the language switch is a full page load, so the page's
 * HTML (`lang`, title, build-time content) always matches its messages.
 */
import { experimentalStaticLocale, overwriteGetLocale } from '../paraglide/runtime.js';

export const LOCALES = ['en', 'nb'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The path prefix of the Norwegian pages. */
export const NB_PREFIX = '/nb';

interface LocaleFacts {
  /** BCP 47 tag for `<html lang>`, `hreflang` and Intl. */
  tag: string;
  /** Open Graph's og:locale. */
  ogLocale: string;
  /** The language's own name, as the language switch shows it. */
  name: string;
  /** Firebase Auth's languageCode for its e-mails and Google's sign-in popup (Norwegian is "no" there). */
  firebase: string;
}

export const LOCALE_FACTS: Record<Locale, LocaleFacts> = {
  en: { tag: 'en', ogLocale: 'en_US', name: 'English', firebase: 'en' },
  nb: { tag: 'nb', ogLocale: 'nb_NO', name: 'Norsk', firebase: 'no' },
};

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

let documentLocale: Locale = DEFAULT_LOCALE;

/** The language of this document (set once at start-up, or per page at build time). */
export function currentLocale(): Locale {
  return builtLocale() ?? documentLocale;
}

/**
 * The one language this build's code carries, or undefined where it carries both (the dev server, the
 * tests, the build-time rendering). The production build is made once per language (tools/build/build.ts), so
 * each page downloads its own language's texts only.
 */
export function builtLocale(): Locale | undefined {
  return isLocale(experimentalStaticLocale) ? experimentalStaticLocale : undefined;
}

/** Sets the document's language; the messages follow it (where the build carries both languages). */
export function setDocumentLocale(locale: Locale): void {
  documentLocale = locale;
  overwriteGetLocale(() => documentLocale);
}

/** The language a path belongs to: /nb and everything below it is Norwegian (case-sensitive, like the routes). */
export function localeOfPath(pathname: string): Locale {
  return pathname === NB_PREFIX || pathname.startsWith(`${NB_PREFIX}/`) ? 'nb' : 'en';
}

export function prefixOf(locale: Locale): string {
  return locale === 'nb' ? NB_PREFIX : '';
}

/** '/home' in a language: '/home' or '/nb/home'. `path` starts with '/'. */
export function localizePath(path: string, locale: Locale = currentLocale()): string {
  return `${prefixOf(locale)}${path}`;
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
