/**
 * Approval and blocking, as relatives meet them: the lists of living people (the identification key of 1976 too) are
 * marked, an unapproved
 * relative is told why a list does not download (with the organisers' address) and the zip of every file leaves
 * them out; an organiser approves the account with the real command while the relative is signed in, and
 * "Check again" lets the list download without signing out, with no download token left on the catalogue at any
 * step. A blocked member's open page, reloaded, lands on the login page saying why, once; a blocked account is
 * refused at sign-in with its own message only (not FirebaseUI's as well). In each language.
 */
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { CATALOGUE, downloadFileName } from '../src/domain/catalogue.ts';
import { expectNoViolations } from './support/a11y.ts';
import {
  byId,
  download,
  expectNoTokens,
  fileButton,
  servedDemoFile,
  watchMetadataGets,
} from './support/member-files.ts';
import { text } from './support/messages.ts';
import { withoutPicker } from './support/save-file.ts';
import { openSignedIn } from './support/session.ts';
import { signInWithEmail } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';
import { accountsOfEachTest, organiserMembers } from './support/organiser';
import { englishTitle } from '../admin/bucket/english-title.ts';

const account = accountsOfEachTest(test);
const CONTACT = 'reunion2026@example.org';
const approvalOnly = CATALOGUE.filter((entry) => entry.approvalOnly);
const attendees = byId('attendees-list-1976');

test('an unapproved relative sees the marks and the message, in Norwegian and in English, and a zip without the lists; is approved by the command while signed in, presses Check again and downloads the list; no step leaves a download token', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const metadataGets = watchMetadataGets(context);
  const relative = await account('unapproved', { approved: false });
  await withoutPicker(page);
  await openSignedIn(page, relative, '/members', 'nb');
  await expect(
    page.locator('.approval-badge').getByText(text('nb', 'members_approval_badge'), { exact: true }),
  ).toHaveCount(approvalOnly.length);
  await expect(page.locator('.approval-notice')).toContainText(
    'Når en arrangør har godkjent kontoen din, kan du laste dem ned og se bildene fra treffet og navnene på gruppebildet fra 1976',
  );
  await fileButton(page, attendees).click();
  const dialogNb = page.getByRole('dialog', { name: text('nb', 'members_approval_title') });
  await expect(dialogNb).toContainText(attendees.title({}, { locale: 'nb' }));
  await dialogNb.getByRole('button', { name: text('nb', 'members_check_again') }).click();
  await expect(dialogNb.getByRole('status')).toHaveText(text('nb', 'members_check_not_yet'));
  await expectNoViolations(page, 'the approval dialog in Norwegian');

  await page.goto('/members');
  await expect(page).toHaveURL(/\/members$/);
  // Marked before any click: a badge on each list, and a notice that says why and whom to write to.
  for (const entry of approvalOnly)
    await expect(fileButton(page, entry)).toHaveAccessibleDescription('Approved relatives only');
  await expect(
    page.locator('.approval-badge').getByText('Approved relatives only', { exact: true }),
  ).toHaveCount(approvalOnly.length);
  // The key of 1976 is an image: its preview says why it shows no picture, and a click says whom to ask.
  const key = page.locator('[data-preview-id="group-photo-identification-1976"]');
  await expect(key).toHaveAccessibleName(
    /^Larger view of 1976 Group Photo Identification, Approved relatives only$/,
  );
  const notice = page.locator('.approval-notice');
  await expect(notice).toContainText(
    'Once an organiser has approved your account, you can download them and see the photos from the reunion and the names on the 1976 group photo',
  );
  await expect(notice.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
  await expectNoViolations(page, 'the members area of an unapproved relative');

  // The zip of every file leaves the lists out, and says so.
  const allFiles = page.locator('.download-all');
  await expect(allFiles).toContainText(
    `Saves the ${CATALOGUE.length - approvalOnly.length} files you can download`,
  );
  await expect(allFiles).toContainText(
    `The ${approvalOnly.length} files for approved relatives only are left out`,
  );
  const zipDownload = page.waitForEvent('download');
  await allFiles.getByRole('button', { name: 'Download all files (.zip)' }).click();
  const zip = await JSZip.loadAsync(await readFile(await (await zipDownload).path()));
  const names = Object.keys(zip.files);
  expect(names).toHaveLength(CATALOGUE.length - approvalOnly.length);
  for (const entry of approvalOnly) expect(names.join('\n')).not.toContain(downloadFileName(entry));

  // A click on a list: the approval message with the contact address, not the generic Error.
  await fileButton(page, attendees).click();
  const dialog = page.getByRole('dialog', { name: 'Waiting for approval' });
  await expect(dialog).toContainText('once an organiser has approved your account');
  await expect(dialog).toContainText(englishTitle(attendees));
  await expect(dialog.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
  await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
  await expectNoViolations(page, 'the approval dialog');
  await expectNoTokens(metadataGets, 'the refusals of an unapproved account');

  // Not approved yet: Check again says so.
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Your account has not been approved yet. Please try again later.',
  );

  // An organiser approves the account while the relative is signed in.
  const output = await organiserMembers('approve', relative.email);
  expect(output).toContain(relative.email);

  // Check again fetches a new ID token (no sign-out): the message goes, the list downloads.
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Your account is approved now' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page).toHaveURL(/\/members$/);
  const file = await download(page, attendees);
  expect(file.name).toBe(downloadFileName(attendees));
  expect(file.bytes.equals(await servedDemoFile(attendees))).toBe(true);
  await expect(page.locator('.download-all')).toContainText(`Saves the ${CATALOGUE.length} files`);
  await expectNoTokens(metadataGets, 'the approval and the download of a list');
});

test('a blocked member’s open page, reloaded, lands on the login page saying why, once; signing in again is refused with a message of its own only; in each language', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const blocked = await Promise.all(
    ['blocked-en', 'blocked-nb'].map((label) => account(label, { approved: false })),
  );
  for (const [who, locale, membersPath, loginPath, message] of [
    [
      blocked[0]!,
      'en',
      '/members',
      '/login',
      'This account has been blocked by the organisers, so it cannot sign in.',
    ],
    [
      blocked[1]!,
      'nb',
      '/nb/members',
      '/nb/login',
      'Arrangørene har sperret denne kontoen, så du kan ikke logge inn med den.',
    ],
  ] as const) {
    await openSignedIn(page, who, '/members', locale);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await organiserMembers('block', who.email)).toContain(who.email);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${loginPath}$`));
    await expect(page.locator('.sign-in-alert')).toContainText(message);
    // Said once: the next visit to the login page is an ordinary one.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.sign-in-alert')).toHaveCount(0);

    // Signing in again is refused.
    await signInWithEmail(page, who.email, who.password, { loginPath });
    const alert = page.locator('.sign-in-alert');
    await expect(alert).toContainText(message);
    await expect(alert.getByRole('link', { name: CONTACT })).toHaveAttribute('href', `mailto:${CONTACT}`);
    await expect(page.getByText('An error occurred while signing in')).toHaveCount(0);
    // One message: FirebaseUI's own ("Something went wrong", over the form) is not shown as well.
    await expect(page.locator('.firebaseui-info-bar')).toBeHidden();
    await expect(page.getByText(/Something went wrong|Noe gikk galt/)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${loginPath}$`));
    await page.goto(membersPath);
    await expect(page).toHaveURL(new RegExp(`${loginPath}$`)); // still signed out
  }
});
