/**
 * The language Firebase Auth uses for what it sends the visitor: the verification and password-reset
 * e-mails (the X-Firebase-Locale header of its requests picks the template language) and Google's sign-in
 * popup. It follows the page's language. This module loads no Firebase code, so the site can call
 * setAuthLanguage at startup; Auth (./app, loaded later) picks the language up when it is created.
 */
export type AuthLocale = 'en' | 'nb';

/**
 * Firebase's code for each page language. Firebase Auth and FirebaseUI call Norwegian Bokmål "no"
 * (FirebaseUI's LANGUAGES.md; its Norwegian build sets auth.languageCode to "no").
 */
export const AUTH_LANGUAGE_CODES: Readonly<Record<AuthLocale, string>> = { en: 'en', nb: 'no' };

let locale: AuthLocale = 'en';
let apply: ((languageCode: string) => void) | undefined;

/** Sets the language of Firebase Auth's e-mails and popups to the page's language. */
export function setAuthLanguage(next: AuthLocale): void {
  locale = next;
  apply?.(AUTH_LANGUAGE_CODES[next]);
}

export function authLanguageCode(): string {
  return AUTH_LANGUAGE_CODES[locale];
}

/** For ./app: applies the language now and on every later change. */
export function followAuthLanguage(applyCode: (languageCode: string) => void): void {
  apply = applyCode;
  applyCode(authLanguageCode());
}
