/**
 * Starting a test signed in, for the specs whose subject is not signing in: the session Firebase Auth keeps in the
 * browser (localStorage, the site's browserLocalPersistence), made by Firebase's own SDK in the test's process and
 * written into the page before the site reads it. The page then starts as a returning visitor's does: the site's
 * SDK checks the saved account with the Auth emulator and the guard lets it in. Signing in itself (the widget, the
 * guard's way to the login page and back) is tested through the widget every time (auth, login-nb, i18n, the
 * accessibility walk, sign-in.ts); auth.spec.ts also proves the session made here is the one the widget saves.
 */
import type { Page } from '@playwright/test';
import { getApp, getApps, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { parseEnv } from '../../src/config/env-schema.ts';
import { AUTH_URL } from '../../tools/local/config.ts';
import { text, type Locale } from './messages.ts';
import { accounts, expect } from './test.ts';

/** The site's Firebase settings as the build reads them (VITE_* settings; none: the demo project). */
const FIREBASE = parseEnv(process.env).firebase;

/** Where Firebase Auth saves the signed-in user: `firebase:authUser:<apiKey>:<appName>` (src/firebase/session-hint.ts). */
export const PERSISTED_USER_KEY = `firebase:authUser:${FIREBASE.apiKey}:[DEFAULT]`;

let auth: Auth | undefined;

/** Firebase Auth in this worker, on the local stack's Auth emulator, under the site's settings and app name. */
function workerAuth(): Auth {
  if (!auth) {
    // The default app, as in the site: its name is part of the saved user (appName) and of its key.
    auth = getAuth(getApps().length ? getApp() : initializeApp(FIREBASE));
    connectAuthEmulator(auth, AUTH_URL, { disableWarnings: true });
  }
  return auth;
}

/**
 * The saved user the site's Firebase would keep after `who` signed in: signed in by the same SDK here, and
 * serialised as its persistence serialises it (User.toJSON).
 */
export async function persistedSession(who: { email: string; password: string }): Promise<string> {
  const { user } = await signInWithEmailAndPassword(workerAuth(), who.email, who.password);
  return JSON.stringify(user.toJSON());
}

/**
 * Opens a members' page (`path` without the language's prefix) already signed in as `who`, in a language:
 * the guard lets the account in and the member's menu is there (behind the menu button on a phone).
 */
export async function openSignedIn(
  page: Page,
  who: { email: string; password: string },
  path: string,
  locale: Locale = 'en',
): Promise<void> {
  const session = await persistedSession(who);
  // A page of the site's origin that runs nothing, to write its storage before the site reads it.
  await page.goto('/robots.txt');
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key, value),
    [PERSISTED_USER_KEY, session],
  );
  const address = `${locale === 'nb' ? '/nb' : ''}${path}`;
  await page.goto(address);
  // The member's menu, once the site has read the session (a phone folds it behind the menu button: hidden there).
  await expect(
    page
      .getByRole('navigation')
      .first()
      .getByRole('button', { name: text(locale, 'nav_logout'), includeHidden: true }),
  ).toBeAttached();
  await expect(page).toHaveURL(new RegExp(`${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** Opens the members area signed in as the worker's verified, approved member (English unless told). */
export async function signInAsMember(page: Page, locale: Locale = 'en'): Promise<void> {
  await openSignedIn(page, accounts.member, '/members', locale);
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'members_heading') })).toBeVisible();
}
