/**
 * The language of this document, and what each language is called where (Intl, Open Graph, Firebase). A document
 * is in one language for its whole life: the language switch is a full page load, so the page's HTML (`lang`,
 * title, build-time content) always matches its messages. The languages themselves and their paths:
 * ./locale-path.ts.
 */
import { experimentalStaticLocale, overwriteGetLocale } from '../paraglide/runtime.js';
import { DEFAULT_LOCALE, isLocale, prefixOf, type Locale } from './locale-path.ts';

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

/** '/home' in a language: '/home' or '/nb/home'. `path` starts with '/'. */
export function localizePath(path: string, locale: Locale = currentLocale()): string {
  return `${prefixOf(locale)}${path}`;
}
