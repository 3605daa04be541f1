/**
 * The Norwegian sign-in page: FirebaseUI in Bokmål (our build-time translation, tools/build/firebaseui-nb.ts),
 * loaded only there, and Firebase's e-mails and Google's popup requested in Norwegian ("no").
 * Runs against /nb/login, which the Norwegian site provides (E2E_NB_LOGIN_PATH overrides it). Only the
 * widget's own texts are checked here; the page's texts belong to the page's tests. (That the English /login
 * never loads the Norwegian widget: auth.spec.ts; that the widget starts on addresses with broken
 * percent-encoding, in both languages: faults.spec.ts.)
 */
import type { Page, Request } from '@playwright/test';
import { text } from './support/messages.ts';
import { newEmail, serveGapiStandIn } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';

const NB_LOGIN = process.env.E2E_NB_LOGIN_PATH ?? '/nb/login';

function widget(page: Page) {
  return page.locator('.sign-in-widget');
}

async function openEmailStep(page: Page) {
  await widget(page).getByRole('button', { name: 'Logg inn med e-post' }).click();
  await expect(widget(page).getByRole('heading', { name: 'Logg inn med e-post' })).toBeVisible();
}

/** The next request of the Auth emulator's sendOobCode (verification or password-reset e-mail) of a type. */
function oobRequest(page: Page, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<Request> {
  return page.waitForRequest(
    (request) =>
      request.method() === 'POST' &&
      request.url().includes('accounts:sendOobCode') &&
      (request.postDataJSON() as { requestType?: string } | null)?.requestType === requestType,
  );
}

test.describe('FirebaseUI in Norwegian Bokmål', () => {
  test('each screen of the widget on one page: the provider choice (only the Norwegian FirebaseUI loaded), the e-mail step, sign-up, a wrong password, password recovery', async ({
    page,
    problems,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(NB_LOGIN);

    // The provider choice is in Bokmål, and the page loads only the Norwegian FirebaseUI.
    await expect(widget(page).getByRole('button', { name: 'Logg inn med Google' })).toBeVisible();
    await expect(widget(page).getByRole('button', { name: 'Logg inn med e-post' })).toBeVisible();
    await expect(widget(page)).toHaveAttribute('lang', 'nb'); // set by FirebaseUI on its container
    await expect(widget(page)).not.toContainText('Sign in');
    expect(scripts.some((url) => /\/sign-in-widget-nb-[\w-]+\.js$/.test(url))).toBe(true);
    expect(scripts.filter((url) => /\/sign-in-widget-en-[\w-]+\.js$/.test(url))).toEqual([]);
    expect(problems.errors).toEqual([]);

    // The e-mail step: labels, buttons, field errors and Avbryt.
    await openEmailStep(page);
    const email = widget(page).getByLabel('E-postadresse');
    await expect(email).toBeVisible();
    await widget(page).getByRole('button', { name: 'Neste' }).click();
    await expect(widget(page).getByText('Skriv inn e-postadressen din for å fortsette')).toBeVisible();
    await email.fill('ikke-en-adresse');
    await widget(page).getByRole('button', { name: 'Neste' }).click();
    await expect(widget(page).getByText('Denne e-postadressen er ikke gyldig')).toBeVisible();
    await widget(page).getByRole('button', { name: 'Avbryt' }).click();
    await expect(widget(page).getByRole('button', { name: 'Logg inn med Google' })).toBeVisible();

    // Sign-up: labels, the password button, and the verification e-mail requested in Norwegian.
    await openEmailStep(page);
    await widget(page).getByLabel('E-postadresse').fill(newEmail('nb-signup'));
    await widget(page).getByRole('button', { name: 'Neste' }).click();
    await expect(widget(page).getByRole('heading', { name: 'Opprett konto' })).toBeVisible();
    await widget(page).getByRole('button', { name: 'Lagre' }).click();
    await expect(widget(page).getByText('Skriv inn fornavn og etternavn')).toBeVisible();
    await widget(page).getByLabel('Fornavn og etternavn').fill('Kari Nordmann');
    const password = widget(page).getByLabel('Velg passord');
    await password.fill('Nordmann2026');
    await widget(page).getByRole('button', { name: 'Vis passord' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(widget(page).getByRole('button', { name: 'Skjul passord' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(widget(page).getByRole('button', { name: 'Avbryt' })).toBeVisible();
    const verification = oobRequest(page, 'VERIFY_EMAIL');
    await widget(page).getByRole('button', { name: 'Lagre' }).click();
    expect((await verification).headers()['x-firebase-locale']).toBe('no');
    // The new account is unverified: the page says so, and the widget starts again.
    const verify = page.getByRole('dialog', { name: text('nb', 'login_verify_title') });
    await verify.getByRole('button', { name: text('nb', 'common_ok') }).click();
    await expect(verify).toBeHidden();

    // A wrong password is explained in Bokmål.
    await openEmailStep(page);
    await widget(page).getByLabel('E-postadresse').fill(accounts.member.email);
    await widget(page).getByRole('button', { name: 'Neste' }).click();
    await expect(widget(page).getByRole('heading', { name: 'Logg inn', exact: true })).toBeVisible();
    await expect(widget(page).getByRole('link', { name: 'Problemer med å logge inn?' })).toBeVisible();
    await widget(page).getByRole('button', { name: 'Logg inn', exact: true }).click();
    await expect(widget(page).getByText('Skriv inn passordet ditt')).toBeVisible();
    await widget(page).getByLabel('Passord', { exact: true }).fill('Feil-passord-1');
    await widget(page).getByRole('button', { name: 'Logg inn', exact: true }).click();
    await expect(widget(page).getByText('E-postadressen og passordet stemmer ikke overens')).toBeVisible();

    // Password recovery and "Sjekk e-posten din"; the reset e-mail is requested in Norwegian.
    await widget(page).getByRole('link', { name: 'Problemer med å logge inn?' }).click();
    await expect(widget(page).getByRole('heading', { name: 'Tilbakestill passord' })).toBeVisible();
    await expect(widget(page)).toContainText('Vi sender deg en e-post med instruksjoner');
    await expect(widget(page).getByRole('button', { name: 'Avbryt' })).toBeVisible();
    const reset = oobRequest(page, 'PASSWORD_RESET');
    await widget(page).getByRole('button', { name: 'Send' }).click();
    expect((await reset).headers()['x-firebase-locale']).toBe('no');
    await expect(widget(page).getByRole('heading', { name: 'Sjekk e-posten din' })).toBeVisible();
    await expect(widget(page)).toContainText(
      `Følg instruksjonene vi har sendt til ${accounts.member.email} for å tilbakestille passordet ditt.`,
    );
  });

  test("Google's popup is asked for in Norwegian; an address already used with Google gets the account-linking screen", async ({
    page,
    browser,
  }) => {
    // Another visitor (a browser context of its own) signs up with Google using this address...
    const email = newEmail('nb-google');
    const other = await browser.newContext();
    await serveGapiStandIn(other);
    const otherPage = await other.newPage();
    await otherPage.goto(NB_LOGIN);
    const popupPromise = otherPage.waitForEvent('popup');
    await widget(otherPage).getByRole('button', { name: 'Logg inn med Google' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    // Firebase Auth hands FirebaseUI's custom parameters for Google to the sign-in handler.
    const parameters = new URL(popup.url()).searchParams.get('customParameters');
    expect(JSON.parse(parameters ?? '{}')).toMatchObject({ hl: 'no' });
    await popup.getByText('Add new account').click();
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Kari Nordmann');
    await popup.getByText('Sign in with Google.com').click();
    await expect(otherPage).not.toHaveURL(/\/login/, { timeout: 20_000 });
    await other.close();
    // ...then tries to sign in with it by e-mail.
    await page.goto(NB_LOGIN);
    await openEmailStep(page);
    await widget(page).getByLabel('E-postadresse').fill(email);
    await widget(page).getByRole('button', { name: 'Neste' }).click();
    await expect(widget(page).getByRole('heading', { name: 'Du har allerede en konto' })).toBeVisible();
    await expect(widget(page)).toContainText(
      `Du har allerede brukt ${email}. Logg inn med Google for å fortsette.`,
    );
    await expect(widget(page).getByRole('button', { name: 'Logg inn med Google' })).toBeVisible();
  });
});
