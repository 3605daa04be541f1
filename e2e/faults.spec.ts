import { AUTH_URL, STORAGE_URL } from '../tools/local/config.ts';
import { settled } from './support/page-state.ts';
import { MALFORMED_ADDRESS_SUFFIXES } from './support/pages.ts';
import { signInAsMember } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';

const ERROR_TEXT =
  "We're sorry, we're currently experiencing difficulties downloading your file. Please try again later.";

test.describe('with the Auth emulator stopped', () => {
  test.beforeEach(async ({ context }) => {
    // From the page's side a stopped emulator is a refused connection.
    await context.route(`${AUTH_URL}/**`, (route) => route.abort('connectionrefused'));
  });

  test('the public pages still work', async ({ page, problems }) => {
    for (const path of ['/home', '/news', '/about', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Login' })).toBeVisible();
    }
    expect(problems.errors).toEqual([]);
  });

  test('/login says the service cannot be reached, and a sign-in attempt ends in the alert', async ({
    page,
    problems,
  }) => {
    problems.expectWarnings(/^Sign-in failed/); // the failure the test stages (the service unreachable)
    await page.goto('/login');
    await expect(page.getByText('The sign-in service cannot be reached right now.')).toBeVisible();
    await expect(page.getByText('Loading the sign-in form…')).toBeHidden();
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByLabel('Email').fill(accounts.member.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'An error occurred while signing in. Please try again.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('the warning goes once the service is back', async ({ page, context }) => {
    await page.goto('/login');
    await expect(page.getByText('The sign-in service cannot be reached right now.')).toBeVisible();
    await context.unroute(`${AUTH_URL}/**`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('The sign-in service cannot be reached right now.')).toBeHidden();
  });
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

test.describe('downloads under trouble', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsMember(page);
  });

  test('with storage stopped a download ends in the Error modal', async ({ page, context, problems }) => {
    problems.expectWarnings(/^Download failed/); // the failure the test stages (Storage refusing connections)
    await context.route(`${STORAGE_URL}/**`, (route) => route.abort('connectionrefused'));
    const button = page.locator('button[data-file-id="time-capsule-list"]');
    await button.click();
    const modal = page.getByRole('dialog', { name: 'Error' });
    await expect(modal).toContainText(ERROR_TEXT);
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(button).toBeEnabled();
  });

  for (const how of ['navigation away', 'reload'] as const) {
    test(`a ${how} during a download leaves nothing stuck`, async ({ page, problems }) => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/v0/b/*/o/members%2F**', async (route) => {
        await gate;
        await route.continue().catch(() => {}); // the page may have gone
      });
      const button = page.locator('button[data-file-id="program-1976"]');
      await button.click();
      await expect(button).toBeDisabled();
      if (how === 'reload') await page.reload();
      else await page.getByRole('navigation').first().getByRole('link', { name: 'News' }).click();
      release();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
      await page.unroute('**/v0/b/*/o/members%2F**');
      await page.goto('/members');
      await expect(button).toBeEnabled();
      const download = page.waitForEvent('download');
      await button.click();
      expect((await download).suggestedFilename()).toBe('1976 Reunion Program.pdf');
      expect(problems.errors).toEqual([]);
    });
  }
});

test.describe('bad input on every route', () => {
  const hashes = [
    `#${'a'.repeat(10_000)}`,
    '#<script>alert(1)</script>',
    '#%E0%A4%A',
    '#%25%%',
    '#"><img src=x onerror=alert(1)>',
  ];
  for (const path of ['/home', '/news', '/about', '/contact', '/login', '/members']) {
    test(`${path} with odd hashes neither crashes nor injects`, async ({ page, problems }) => {
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      for (const hash of hashes) {
        // A fresh document for each address: going from one hash to another is a same-document
        // navigation, which no start-up code (the page's, FirebaseUI's) ever reads. (Without it, whether
        // FirebaseUI saw a broken hash depended on how fast its chunk loaded.)
        await page.goto('about:blank');
        await page.goto(`${path}${hash}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/login' || path === '/members')
          await expect(page.getByRole('button', { name: 'Sign in with email' })).toBeVisible();
        await expect(page.locator('img[src="x"]')).toHaveCount(0);
      }
      await settled(page);
      expect(dialogs).toBe(0);
      expect(problems.errors).toEqual([]);
    });

    test(`unknown paths below ${path} go home`, async ({ page }) => {
      // (Paths with broken percent-encoding or encoded "../" never reach the app: the Hosting emulator
      // answers them with an error page of its own. The route table's unit test covers such paths.)
      for (const suffix of ['/x', '/%C3%A6%C3%B8%C3%A5', '/<script>', '/x?y=%E0%A4%A', '/a/b/c/']) {
        await page.goto(`${path}${suffix}`);
        await expect(page).toHaveURL(/\/home$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          'Welcome to the 2026 Rolette Family Reunion',
        );
      }
    });
  }

  // FirebaseUI parses the page address (its goog.Uri) whenever its widget starts or resets, and threw
  // "URIError: URI malformed" on broken percent-encoding, in the hash or the query. Each address is a
  // fresh page load, so the widget reads exactly that address, and the test waits for the widget itself:
  // it failed every time before the fix (tools/build/vite-plugins.ts, patchFirebaseUiJs).
  for (const suffix of MALFORMED_ADDRESS_SUFFIXES) {
    test(`the sign-in widget starts on /login${suffix}`, async ({ page, problems }) => {
      await page.goto(`/login${suffix}`);
      await expect(page.getByRole('button', { name: 'Sign in with email' })).toBeVisible();
      await expect(page.getByText('Loading the sign-in form…')).toBeHidden();
      await page.getByRole('button', { name: 'Sign in with email' }).click();
      await expect(page.getByLabel('Email')).toBeVisible();
      // Leaving the page resets the widget, which reads the address again.
      await page.getByRole('navigation').first().getByRole('link', { name: 'News' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
      expect(problems.errors).toEqual([]);
    });
  }

  test('odd query strings are ignored', async ({ page, problems }) => {
    await page.goto('/news?x=%E0%A4%A&<script>=1');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    expect(problems.errors).toEqual([]);
  });
});
