import type { Page } from '@playwright/test';
import { oobCodes } from '../admin/auth-emulator.ts';
import { SITE_URL } from '../tools/local/config.ts';
import { PERSISTED_USER_KEY, persistedSession, signInAsMember } from './support/session.ts';
import {
  newEmail,
  serveGapiStandIn,
  sessionFlag,
  signInWithEmail,
  signInWithGooglePopup,
  verificationLink,
} from './support/sign-in.ts';
import { accounts, authEmulator, expect, test } from './support/test.ts';

const VERIFY_TEXT =
  "We've sent a verification link to your email address. Please click the link to verify your address.";
const PASSWORD_TEXT =
  'Password must be 8-32 characters long and include at least 1 number, 1 capital letter, and 1 lowercase letter.';

function nav(page: Page) {
  return page.getByRole('navigation').first();
}

async function expectSignedOutNav(page: Page) {
  await expect(nav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Members' })).toHaveCount(0);
}

async function expectMemberNav(page: Page) {
  await expect(nav(page).getByRole('button', { name: 'Members' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
}

/** On /login: the e-mail step with a new address, to the sign-up form. */
async function openSignUp(page: Page, email: string) {
  await expect(page.getByText('Loading the sign-in form…')).toBeHidden();
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
}

function rule(page: Page, key: string) {
  return page.locator(`#password-requirements [data-rule="${key}"]`);
}

test.describe('sign-in', () => {
  test('the login page loads the widget with Google and e-mail options, never the Norwegian one, and it works again after leaving /login and coming back', async ({
    page,
    problems,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Members Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with email' })).toBeVisible();
    await expect(page.getByText('Loading the sign-in form…')).toBeHidden();
    expect(scripts.filter((url) => /\/sign-in-widget-nb-[\w-]+\.js$/.test(url))).toEqual([]);
    expect(problems.errors).toEqual([]);

    await nav(page).getByRole('link', { name: 'News' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(scripts.filter((url) => /\/sign-in-widget-nb-[\w-]+\.js$/.test(url))).toEqual([]);
  });

  test('the verification modal: the unverified demo account gets an e-mail and stays signed out; a new account signs up, verifies by the e-mailed link, signs in, reaches /members, logs out', async ({
    page,
    problems,
  }) => {
    // The unverified demo account: a verification e-mail, the modal, and still signed out.
    const before = (await oobCodes(authEmulator)).filter(
      (code) => code.email === accounts.unverified.email,
    ).length;
    await signInWithEmail(page, accounts.unverified.email, accounts.unverified.password);
    const verify = page.getByRole('dialog', { name: 'Email verification needed' });
    await expect(verify).toBeVisible();
    await expect(verify).toContainText(VERIFY_TEXT);
    const after = (await oobCodes(authEmulator)).filter(
      (code) => code.email === accounts.unverified.email,
    ).length;
    expect(after).toBe(before + 1);
    await verify.getByRole('button', { name: 'OK' }).click();
    await expectSignedOutNav(page);
    expect(await sessionFlag(page)).toBeNull();
    await page.goto('/members');
    await expect(page).toHaveURL(/\/login$/);

    // A new account, on the login page the guard showed: the password rules on the way, then the same modal until the address is verified.
    const email = newEmail('signup');
    await openSignUp(page, email);
    await page.getByLabel('First & last name').fill('Kari Nordmann');
    const password = page.getByLabel('Choose password');
    await expect(password).toHaveAttribute('required', '');
    const save = page.getByRole('button', { name: 'Save' });

    // Weak: every unmet rule is red; leaving the field disables the button and explains the rules.
    await password.fill('short');
    await expect(page.locator('#password-requirements')).toBeVisible();
    for (const key of ['length', 'digit', 'uppercase'])
      await expect(rule(page, key)).toHaveAttribute('data-met', 'false');
    await expect(rule(page, 'lowercase')).toHaveAttribute('data-met', 'true');
    await expect(rule(page, 'length')).toHaveCSS('color', 'rgb(176, 42, 55)');
    await expect(rule(page, 'lowercase')).toHaveCSS('color', 'rgb(20, 108, 67)');
    await password.press('Tab'); // to the show/hide button: still in the field
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
    await page.keyboard.press('Tab'); // and out
    const modal = page.getByRole('dialog', { name: 'Please check password requirements' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(PASSWORD_TEXT);
    await expect(save).toBeDisabled();
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(modal).toBeHidden();

    // Showing the password is not leaving the field: no modal.
    await password.focus();
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await expect(modal).toBeHidden();

    // Enter in the field never submits.
    await password.fill('Short1');
    await password.press('Enter');
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();

    // Strong: all green, the button is usable again at once.
    await password.fill('Nordmann2026');
    for (const key of ['length', 'digit', 'uppercase', 'lowercase'])
      await expect(rule(page, key)).toHaveAttribute('data-met', 'true');
    await expect(save).toBeEnabled();
    await save.click();

    await expect(verify).toBeVisible();
    await expect(verify).toContainText(VERIFY_TEXT);
    expect(await sessionFlag(page)).toBeNull();
    await verify.getByRole('button', { name: 'OK' }).click();
    await expectSignedOutNav(page);
    await expect(page.getByRole('button', { name: 'Sign in with email' })).toBeVisible(); // the widget restarted

    // The app sent the verification e-mail; open its link as the member would.
    const link = await verificationLink(email);
    const verifyPage = await page.context().newPage();
    await verifyPage.goto(link.oobLink);
    await expect(verifyPage.getByText(/verified/i).first()).toBeVisible();
    await verifyPage.close();

    await signInWithEmail(page, email, 'Nordmann2026');
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Members Area' })).toBeVisible();
    await expectMemberNav(page);
    expect(await sessionFlag(page)).toBe('true');

    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectSignedOutNav(page);
    expect(await sessionFlag(page)).toBeNull();
    await page.goto('/members');
    await expect(page).toHaveURL(/\/login$/);
    expect(problems.errors).toEqual([]);
  });

  test('a failing auth backend shows the alert and leaves the widget usable; the member then reaches the hash they asked for, and stays signed in across a reload', async ({
    page,
    problems,
  }) => {
    problems.expectWarnings(/^Sign-in failed/); // the failure the test stages (a 500 from the sign-in service)
    await page.goto('/members#images');
    await expect(page).toHaveURL(/\/login$/);
    await page.route('**/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 500, message: 'INTERNAL' } }),
      }),
    );
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByLabel('Email').fill(accounts.member.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(accounts.member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'An error occurred while signing in. Please try again.' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.unroute('**/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword**');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await expect(signIn).toBeEnabled();
    await signIn.click();
    await expect(page).toHaveURL(/\/members#images$/);
    await expect(
      page.getByRole('navigation', { name: 'Members area' }).getByRole('link', { name: 'Images' }),
    ).toHaveAttribute('aria-current', 'location');

    // A reload never shows the Login link to a signed-in member, not even for a moment.
    const sawLogin = page
      .waitForFunction(
        () => {
          const links = [...document.querySelectorAll('nav a')].filter((a) => a.textContent === 'Login');
          return links.some((a) => (a as HTMLElement).offsetParent !== null);
        },
        undefined,
        { timeout: 3000, polling: 'raf' },
      )
      .then(
        () => true,
        () => false,
      );
    await page.goto('/home');
    expect(await sawLogin).toBe(false);
    await expectMemberNav(page);
    await nav(page).getByRole('button', { name: 'Members' }).click();
    await nav(page).getByRole('link', { name: 'Downloads' }).click();
    await expect(page).toHaveURL(/\/members$/);
  });

  test('Google sign-in through the emulator popup', async ({ page, context, problems }) => {
    await serveGapiStandIn(context);
    await page.goto('/login');
    await signInWithGooglePopup(page);
    await expect(page).toHaveURL(/\/members$/, { timeout: 20_000 });
    await expectMemberNav(page);
    expect(await sessionFlag(page)).toBe('true');
    expect(problems.errors).toEqual([]);
  });
});

test('the signed-in start of the specs about something else (session.ts) is the session the widget saves: its key and its fields; the member is let in, with the session flag, and logs out', async ({
  page,
  browser,
}) => {
  await signInWithEmail(page, accounts.member.email, accounts.member.password);
  await expect(page).toHaveURL(/\/members$/);
  const saved = await page.evaluate(() =>
    Object.fromEntries(
      Object.entries(window.localStorage).filter(([key]) => key.startsWith('firebase:authUser:')),
    ),
  );
  expect(Object.keys(saved)).toEqual([PERSISTED_USER_KEY]);
  const byWidget = JSON.parse(saved[PERSISTED_USER_KEY]!) as Record<string, unknown>;
  const made = JSON.parse(await persistedSession(accounts.member)) as Record<string, unknown>;
  // The same fields, of the same kinds, at every depth; the same account.
  expect(shapeOf(made)).toEqual(shapeOf(byWidget));
  expect([made.uid, made.email, made.appName]).toEqual([byWidget.uid, byWidget.email, byWidget.appName]);

  const other = await browser.newContext({ baseURL: SITE_URL });
  const second = await other.newPage();
  await signInAsMember(second);
  await expectMemberNav(second);
  expect(await sessionFlag(second)).toBe('true');
  await nav(second).getByRole('button', { name: 'Logout' }).click();
  await expect(second).toHaveURL(/\/login$/);
  await expectSignedOutNav(second);
  await other.close();
});

/** A JSON value's fields and their kinds, at every depth (the values themselves left out). */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  return value === null ? 'null' : typeof value;
}
