/**
 * The language Firebase Auth uses for what it sends the visitor: the verification and password-reset
 * e-mails (the X-Firebase-Locale header of its requests picks the template language) and Google's sign-in
 * popup. It follows the page's language. This module loads no Firebase code, so the site can call
 * setAuthLanguage at startup; Auth (./app, loaded later) picks the language up when it is created.
 */
import { currentLocale, LOCALE_FACTS } from '../lib/locale';
import { type Locale } from '../lib/locale-path';

export type AuthLocale = Locale;

let chosen: AuthLocale | undefined;
let apply: ((languageCode: string) => void) | undefined;

/** Firebase's code for a page language (LOCALE_FACTS: Firebase and FirebaseUI call Bokmål "no"). */
export function authLanguageCodeOf(locale: AuthLocale): string {
  return LOCALE_FACTS[locale].firebase;
}

/** Sets the language of Firebase Auth's e-mails and popups (by default the document's language). */
export function setAuthLanguage(next: AuthLocale): void {
  chosen = next;
  apply?.(authLanguageCodeOf(next));
}

export function authLanguageCode(): string {
  return authLanguageCodeOf(chosen ?? currentLocale());
}

/** For ./app: applies the language now and on every later change. */
export function followAuthLanguage(applyCode: (languageCode: string) => void): void {
  apply = applyCode;
  applyCode(authLanguageCode());
}
