/** Signing in as a visitor does: through the real FirebaseUI widget, by e-mail or Google's popup. */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { oobCodes, type OobCode } from '../../admin/auth-emulator.ts';
import { text, type Locale } from './messages.ts';
import { accounts, authEmulator, expect } from './test.ts';

/** A unique e-mail address for a new test account. */
export function newEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The emulator's most recent verification link for an address. */
export async function verificationLink(email: string): Promise<OobCode> {
  const codes = (await oobCodes(authEmulator)).filter(
    (code) => code.email === email && code.requestType === 'VERIFY_EMAIL',
  );
  const last = codes.at(-1);
  if (!last) throw new Error(`No verification e-mail for ${email}`);
  return last;
}

/** The sign-in widget's labels on each login page (FirebaseUI's own texts). */
export const WIDGET_LABELS = {
  '/login': {
    emailOption: 'Sign in with email',
    email: 'Email',
    next: 'Next',
    password: 'Password',
    signIn: 'Sign In',
    choosePassword: 'Choose password',
    cancel: 'Cancel',
  },
  '/nb/login': {
    emailOption: 'Logg inn med e-post',
    email: 'E-postadresse',
    next: 'Neste',
    password: 'Passord',
    signIn: 'Logg inn',
    choosePassword: 'Velg passord',
    cancel: 'Avbryt',
  },
} as const;

/** The login page of a language. */
export function loginPathOf(locale: Locale): keyof typeof WIDGET_LABELS {
  return locale === 'nb' ? '/nb/login' : '/login';
}

/** Signs in through the real FirebaseUI widget with e-mail and password, on the login page of a language. */
export async function signInWithEmail(
  page: Page,
  email: string,
  password: string,
  {
    loginPath = '/login',
    navigate = true,
  }: { loginPath?: keyof typeof WIDGET_LABELS; navigate?: boolean } = {},
): Promise<void> {
  const labels = WIDGET_LABELS[loginPath];
  // navigate: false signs in on the login page already shown (e.g. where the guard sent the visitor).
  if (navigate) await page.goto(loginPath);
  await page.getByRole('button', { name: labels.emailOption }).click();
  await page.getByLabel(labels.email).fill(email);
  await page.getByRole('button', { name: labels.next }).click();
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
}

/**
 * Takes the sign-in form on the login page of a language (already open) through each state a visitor can meet,
 * and calls `check` in each, by name: the e-mail step, sign-up with the password requirements, the requirements
 * modal, the verification modal (an unverified account) and the sign-in failure alert (the service answers 500).
 * The widget's texts are WIDGET_LABELS', the site's its messages'.
 */
export async function walkSignInStates(
  page: Page,
  emailLabel: string,
  check: (state: string) => Promise<void>,
  locale: Locale = 'en',
): Promise<void> {
  const loginPath = loginPathOf(locale);
  const labels = WIDGET_LABELS[loginPath];
  await page.getByRole('button', { name: labels.emailOption }).click();
  await page.getByLabel(labels.email).fill(newEmail(emailLabel));
  await check('e-mail step');
  await page.getByRole('button', { name: labels.next }).click();
  const password = page.getByLabel(labels.choosePassword);
  await password.fill('weak');
  await expect(page.locator('#password-requirements')).toBeVisible();
  await check('sign-up with requirements');
  await password.press('Tab'); // to the show-password button: still in the field
  await page.keyboard.press('Tab');
  const requirements = page.getByRole('dialog', { name: text(locale, 'login_password_title') });
  await expect(requirements).toBeVisible();
  await check('password modal');
  await requirements.getByRole('button', { name: text(locale, 'common_ok') }).click();
  await expect(requirements).toBeHidden();
  // Back to the choice of provider, to sign in on the same page (no page load between the states).
  await page.getByRole('button', { name: labels.cancel }).click();

  await signInWithEmail(page, accounts.unverified.email, accounts.unverified.password, {
    loginPath,
    navigate: false,
  });
  const verify = page.getByRole('dialog', { name: text(locale, 'login_verify_title') });
  await expect(verify).toBeVisible();
  await check('verification modal');
  await verify.getByRole('button', { name: text(locale, 'common_ok') }).click();
  await expect(verify).toBeHidden();

  await page.route('**/accounts:signInWithPassword**', (route) =>
    route.fulfill({ status: 500, body: '{"error":{"message":"INTERNAL"}}' }),
  );
  await signInWithEmail(page, accounts.member.email, accounts.member.password, {
    loginPath,
    navigate: false,
  });
  await expect(page.getByRole('alert').filter({ hasText: text(locale, 'login_failed') })).toBeVisible();
  await check('sign-in error alert');
}

/** The site's session flag (sessionStorage `logged`), read in the page. */
export async function sessionFlag(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('logged'));
}

const GAPI_STAND_IN = readFileSync(new URL('./gapi-stand-in.js', import.meta.url), 'utf8');

/** Serves the small stand-in for apis.google.com's script (offline here) to every page of the context. */
export async function serveGapiStandIn(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
}

/** On /login: signs in with Google through the Auth emulator's popup, as a new generated account. */
export async function signInWithGooglePopup(page: Page): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await popup.getByText('Add new account').click();
  await popup.getByText('Auto-generate user information').click();
  await popup.getByText('Sign in with Google.com').click();
}
