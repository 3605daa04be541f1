/**
 * Approval and blocking, as relatives meet them: the two lists of living people are marked, an unapproved
 * relative is told why a list does not download (with the organisers' address) and the zip of every file leaves
 * them out; an organiser approves the account with the real command while the relative is signed in, and
 * "Check again" lets the list download without signing out. A blocked account is refused at sign-in with its own
 * message only (not FirebaseUI's as well), in each language; a blocked member's open page, reloaded, lands on the
 * login page saying why.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { demoFile } from '../tools/local/seed/demo-files.ts';
import { CATALOGUE, downloadFileName } from '../src/domain/catalogue.ts';
import { expectNoViolations } from './support/a11y.ts';
import { newEmail, signInWithEmail } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';
import { createVerifiedAccount, organiserMembers } from './support/organiser';
import { englishTitle } from '../admin/bucket/english-title.ts';

type Messages = Record<string, string>;
const nb = JSON.parse(readFileSync('messages/nb.json', 'utf8')) as Messages;
const CONTACT = 'reunion2026@example.org';
const approvalOnly = CATALOGUE.filter((entry) => entry.approvalOnly);
const attendees = CATALOGUE.find((entry) => entry.id === 'attendees-list-1976')!;

test.describe('an unapproved relative', () => {
  // The demo relative starts unapproved and is left so, whatever a run before did.
  test.beforeAll(async () => {
    await organiserMembers('unapprove', accounts.relative.email);
  });
  test.afterAll(async () => {
    await organiserMembers('unapprove', accounts.relative.email);
  });

  test('sees the marks and the message, is approved by the command while signed in, presses Check again and downloads the list', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await signInWithEmail(page, accounts.relative.email, accounts.relative.password);
    await expect(page).toHaveURL(/\/members$/);

    // Marked before any click: a badge on each list, and a notice that says why and whom to write to.
    for (const entry of approvalOnly) {
      const button = page.locator(`button[data-file-id="${entry.id}"]`);
      await expect(button).toHaveAccessibleDescription('Approved relatives only');
    }
    await expect(page.getByText('Approved relatives only', { exact: true })).toHaveCount(2);
    const notice = page.locator('.approval-notice');
    await expect(notice).toContainText('You can download them once an organiser has approved your account');
    await expect(notice.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
    await expectNoViolations(page, 'the members area of an unapproved relative');

    // The zip of every file leaves the two lists out, and says so.
    const allFiles = page.locator('.download-all');
    await expect(allFiles).toContainText(`Saves the ${CATALOGUE.length - 2} files you can download`);
    await expect(allFiles).toContainText('The 2 files for approved relatives only are left out');
    const zipDownload = page.waitForEvent('download');
    await allFiles.getByRole('button', { name: 'Download all files (.zip)' }).click();
    const zip = await JSZip.loadAsync(await readFile(await (await zipDownload).path()));
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(CATALOGUE.length - 2);
    for (const entry of approvalOnly) expect(names.join('\n')).not.toContain(downloadFileName(entry));

    // A click on a list: the approval message with the contact address, not the generic Error.
    await page.locator(`button[data-file-id="${attendees.id}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'Waiting for approval' });
    await expect(dialog).toContainText('once an organiser has approved your account');
    await expect(dialog).toContainText(englishTitle(attendees));
    await expect(dialog.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
    await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
    await expectNoViolations(page, 'the approval dialog');

    // Not approved yet: Check again says so.
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Your account has not been approved yet. Please try again later.',
    );

    // An organiser approves the account while the relative is signed in.
    const output = await organiserMembers('approve', accounts.relative.email);
    expect(output).toContain(accounts.relative.email);

    // Check again fetches a new ID token (no sign-out): the message goes, the list downloads.
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Your account is approved now' })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/\/members$/);
    const download = page.waitForEvent('download');
    await page.locator(`button[data-file-id="${attendees.id}"]`).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(downloadFileName(attendees));
    expect((await readFile(await file.path())).equals(await demoFile(attendees))).toBe(true);
    await expect(page.locator('.download-all')).toContainText(`Saves the ${CATALOGUE.length} files`);
  });

  test('reads it all in Norwegian', async ({ page }) => {
    await organiserMembers('unapprove', accounts.relative.email);
    await signInWithEmail(page, accounts.relative.email, accounts.relative.password, {
      loginPath: '/nb/login',
    });
    await expect(page).toHaveURL(/\/nb\/members$/);
    await expect(page.getByText(nb.members_approval_badge!, { exact: true })).toHaveCount(2);
    await expect(page.locator('.approval-notice')).toContainText('når en arrangør har godkjent kontoen din');
    await page.locator(`button[data-file-id="${attendees.id}"]`).click();
    const dialog = page.getByRole('dialog', { name: nb.members_approval_title });
    await expect(dialog).toContainText(attendees.title({}, { locale: 'nb' }));
    await dialog.getByRole('button', { name: nb.members_check_again }).click();
    await expect(dialog.getByRole('status')).toHaveText(nb.members_check_not_yet!);
    await expectNoViolations(page, 'the approval dialog in Norwegian');
  });
});

test.describe('a blocked account', () => {
  for (const loginPath of ['/login', '/nb/login'] as const) {
    test(`is refused at sign-in with a message of its own on ${loginPath}`, async ({ page }) => {
      test.setTimeout(120_000);
      const email = newEmail('blocked');
      const remove = await createVerifiedAccount(email, accounts.relative.password);
      try {
        expect(await organiserMembers('block', email)).toContain(email);
        await signInWithEmail(page, email, accounts.relative.password, { loginPath });
        const alert = page.locator('.sign-in-alert');
        const text =
          loginPath === '/login'
            ? 'This account has been blocked by the organisers, so it cannot sign in.'
            : 'Arrangørene har sperret denne kontoen, så du kan ikke logge inn med den.';
        await expect(alert).toContainText(text);
        await expect(alert.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
        await expect(page.getByText('An error occurred while signing in')).toHaveCount(0);
        // One message: FirebaseUI's own ("Something went wrong", over the form) is not shown as well.
        await expect(page.locator('.firebaseui-info-bar')).toBeHidden();
        await expect(page.getByText(/Something went wrong|Noe gikk galt/)).toBeHidden();
        await expect(page).toHaveURL(new RegExp(`${loginPath}$`));
        await page.goto(loginPath.replace('login', 'members'));
        await expect(page).toHaveURL(new RegExp(`${loginPath}$`)); // still signed out
        await organiserMembers('unblock', email);
      } finally {
        await remove();
      }
    });
  }

  for (const [membersPath, loginPath] of [
    ['/members', '/login'],
    ['/nb/members', '/nb/login'],
  ] as const) {
    test(`a member's open page, reloaded after the block, lands on ${loginPath} saying why`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const email = newEmail('blocked-open');
      const remove = await createVerifiedAccount(email, accounts.relative.password);
      try {
        await signInWithEmail(page, email, accounts.relative.password, {
          loginPath: loginPath as '/login' | '/nb/login',
        });
        await expect(page).toHaveURL(new RegExp(`${membersPath}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await organiserMembers('block', email);
        await page.reload();
        await expect(page).toHaveURL(new RegExp(`${loginPath}$`));
        await expect(page.locator('.sign-in-alert')).toContainText(
          loginPath === '/login'
            ? 'This account has been blocked by the organisers, so it cannot sign in.'
            : 'Arrangørene har sperret denne kontoen, så du kan ikke logge inn med den.',
        );
        // Said once: the next visit to the login page is an ordinary one.
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.sign-in-alert')).toHaveCount(0);
        await organiserMembers('unblock', email);
      } finally {
        await remove();
      }
    });
  }
});
