import { AUTH_URL, STORAGE_URL } from '../tools/local/config.ts';
import { text } from './support/messages.ts';
import { settled } from './support/page-state.ts';
import { loadAfresh, MALFORMED_ADDRESS_SUFFIXES } from './support/pages.ts';
import { signInAsMember } from './support/session.ts';
import { WIDGET_LABELS } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';

const ERROR_TEXT =
  "We're sorry, we're currently experiencing difficulties downloading your file. Please try again later.";

test('with the Auth emulator stopped the public pages work, /login says the service cannot be reached, a sign-in attempt ends in the alert, and the warning goes once the service is back', async ({
  page,
  context,
  problems,
}) => {
  problems.expectWarnings(/^Sign-in failed/); // the failure the test stages (the service unreachable)
  // From the page's side a stopped emulator is a refused connection.
  await context.route(`${AUTH_URL}/**`, (route) => route.abort('connectionrefused'));
  const nav = page.getByRole('navigation').first();
  await page.goto('/home');
  for (const name of ['Home', 'News', 'About', 'Contact']) {
    if (name !== 'Home') await nav.getByRole('link', { name, exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text('en', `${name.toLowerCase()}_heading`) }),
    ).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  }
  expect(problems.errors).toEqual([]);

  await page.goto('/login');
  const unreachable = page.getByText('The sign-in service cannot be reached right now.');
  await expect(unreachable).toBeVisible();
  await expect(page.getByText('Loading the sign-in form…')).toBeHidden();
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email').fill(accounts.member.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'An error occurred while signing in. Please try again.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();

  await context.unroute(`${AUTH_URL}/**`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(unreachable).toBeHidden();
});

test('/login says so when the sign-in form cannot be loaded', async ({ page, problems }) => {
  problems.expectWarnings(/^Part of the page failed/); // the failure the test stages (the widget's code unreachable)
  await page.route('**/assets/sign-in-widget-*.js', (route) => route.abort('connectionreset'));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'The sign-in form could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeEnabled();
  await expect(page.getByText('Loading the sign-in form…')).toBeHidden();
  // The rest of the site still works.
  await page.getByRole('navigation').first().getByRole('link', { name: 'News' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
});

test('downloads under trouble: a navigation away or a reload during a download leaves nothing stuck; with storage stopped a download ends in the Error modal', async ({
  page,
  context,
  problems,
}) => {
  problems.expectWarnings(/^Download failed/); // the failure the test stages last (Storage refusing connections)
  await signInAsMember(page);
  const program = page.locator('button[data-file-id="program-1976"]');
  for (const how of ['navigation away', 'reload'] as const) {
    // A page that has not downloaded the file yet (the page keeps a file it has downloaded).
    if (how === 'reload') await page.goto('/members');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v0/b/*/o/members%2F**', async (route) => {
      await gate;
      await route.continue().catch(() => {}); // the page may have gone
    });
    await program.click();
    await expect(program, how).toBeDisabled();
    if (how === 'reload') await page.reload();
    else await page.getByRole('navigation').first().getByRole('link', { name: 'News' }).click();
    release();
    await expect(page.getByRole('heading', { level: 1 }), how).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Error' }), how).toHaveCount(0);
    await page.unroute('**/v0/b/*/o/members%2F**');
    await page.goto('/members');
    await expect(program, how).toBeEnabled();
    const download = page.waitForEvent('download');
    await program.click();
    expect((await download).suggestedFilename(), how).toBe('1976 Reunion Program.pdf');
    expect(problems.errors, how).toEqual([]);
  }

  await context.route(`${STORAGE_URL}/**`, (route) => route.abort('connectionrefused'));
  const button = page.locator('button[data-file-id="time-capsule-list"]');
  await button.click();
  const modal = page.getByRole('dialog', { name: 'Error' });
  await expect(modal).toContainText(ERROR_TEXT);
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(button).toBeEnabled();
});

const ROUTES = ['/home', '/news', '/about', '/contact', '/login', '/members'];

test('odd hashes and query strings on every route neither crash nor inject', async ({ page, problems }) => {
  const hashes = [
    `#${'a'.repeat(10_000)}`,
    '#<script>alert(1)</script>',
    '#%E0%A4%A',
    '#%25%%',
    '#"><img src=x onerror=alert(1)>',
  ];
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  for (const path of ROUTES) {
    for (const hash of hashes) {
      const address = `${path}${hash.slice(0, 40)}`;
      // A fresh document for each address: going from one hash to another is a same-document
      // navigation, which no start-up code (the page's, FirebaseUI's) ever reads. (Without it, whether
      // FirebaseUI saw a broken hash depended on how fast its chunk loaded.)
      await loadAfresh(page, `${path}${hash}`);
      await expect(page.getByRole('heading', { level: 1 }), address).toBeVisible();
      if (path === '/login' || path === '/members')
        await expect(page.getByRole('button', { name: 'Sign in with email' }), address).toBeVisible();
      await expect(page.locator('img[src="x"]'), address).toHaveCount(0);
    }
    await settled(page);
    expect({ path, dialogs }).toEqual({ path, dialogs: 0 });
    expect({ path, errors: problems.errors }).toEqual({ path, errors: [] });
  }

  await page.goto('/news?x=%E0%A4%A&<script>=1');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  expect(problems.errors).toEqual([]);
});

test('unknown paths below every route go home', async ({ page }) => {
  // (Paths with broken percent-encoding or encoded "../" never reach the app: the Hosting emulator
  // answers them with an error page of its own. The route table's unit test covers such paths.)
  for (const path of ROUTES) {
    for (const suffix of ['/x', '/%C3%A6%C3%B8%C3%A5', '/<script>', '/x?y=%E0%A4%A', '/a/b/c/']) {
      await page.goto(`${path}${suffix}`);
      await expect(page, `${path}${suffix}`).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { level: 1 }), `${path}${suffix}`).toHaveText(
        'Welcome to the 2026 Rolette Family Reunion',
      );
    }
  }
});

// FirebaseUI parses the page address (its goog.Uri) whenever its widget starts or resets, and threw
// "URIError: URI malformed" on broken percent-encoding, in the hash or the query. Each address is a
// fresh page load, so the widget reads exactly that address, and the test waits for the widget itself:
// it failed every time before the fix (tools/build/vite-plugins.ts, patchFirebaseUiJs). The Norwegian
// widget (its own build, tools/build/firebaseui-nb.ts) is patched the same way.
test('the sign-in widget starts, in each language, on addresses with broken percent-encoding', async ({
  page,
  problems,
}) => {
  for (const [loginPath, locale] of [
    ['/login', 'en'],
    ['/nb/login', 'nb'],
  ] as const) {
    const labels = WIDGET_LABELS[loginPath];
    const news = text(locale, 'nav_news');
    for (const suffix of MALFORMED_ADDRESS_SUFFIXES) {
      const address = `${loginPath}${suffix}`;
      await page.goto(address);
      const widget = page.locator('.sign-in-widget');
      await expect(widget.getByRole('button', { name: labels.emailOption }), address).toBeVisible();
      await expect(page.getByText(text(locale, 'login_loading')), address).toBeHidden();
      await widget.getByRole('button', { name: labels.emailOption }).click();
      await expect(widget.getByLabel(labels.email), address).toBeVisible();
      // Leaving the page resets the widget, which reads the address again.
      await page.getByRole('navigation').first().getByRole('link', { name: news, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: news }), address).toBeVisible();
      expect({ address, errors: problems.errors }).toEqual({ address, errors: [] });
    }
  }
});
