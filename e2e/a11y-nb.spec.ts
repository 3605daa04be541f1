/**
 * Accessibility in Norwegian: axe (WCAG 2.2 AA and best practice) over every state of the Norwegian site, each
 * at a phone's width and a desktop's (the page resized, not loaded again), with reduced motion; the banner's
 * texts measured from their pixels; and the site by keyboard alone. The same in English: a11y.spec.ts.
 */
import { CATALOGUE, downloadFileName } from '../src/domain/catalogue.ts';
import { readNewsPosts } from '../tools/build/news/posts.ts';
import {
  DESKTOP,
  atStart,
  walkPages,
  PHONE,
  atEachSize,
  expectNoViolations,
  expectNoViolationsAtEachSize,
} from './support/a11y.ts';
import { text } from './support/messages.ts';
import { WIDGET_LABELS, newEmail, signInAsMember, signInWithEmail } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';

const POSTS = readNewsPosts()
  .filter((post) => post.locale === 'nb')
  .map((post) => `/nb/news/${post.slug}`);
/** During the reunion (its second day), and after it: the notice says so, on News and on Home. */
const DURING_REUNION = '2026-07-11T12:00:00-05:00';
const AFTER_REUNION = '2026-07-20T12:00:00-05:00';
const WIDGET = WIDGET_LABELS['/nb/login'];

const nb = (key: string, values: Record<string, string | number> = {}) => text('nb', key, values);

test('/nb/home: axe at each size, the phone’s menu and sections open, and after the reunion its notice', async ({
  page,
}) => {
  // Desktop first: the page then ends at the phone's width, where the menu and the sections open.
  await atStart(page, DESKTOP);
  await walkPages(page, 'English', ['/nb/home'], () => false);
  await page.getByRole('button', { name: nb('nav_menu') }).click();
  await expect(
    page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: nb('nav_news') }),
  ).toBeVisible();
  await expectNoViolations(page, 'menu open');
  await page.getByRole('button', { name: nb('nav_menu') }).click();
  const sections = page.getByRole('navigation', { name: nb('home_sections_label') });
  await sections.getByRole('button', { name: nb('common_navigation') }).click();
  await expect(sections.getByRole('link', { name: nb('home_section_more') })).toBeVisible();
  await expectNoViolations(page, 'sections open');

  await page.clock.install({ time: new Date(AFTER_REUNION) });
  await page.goto('/nb/home');
  await atEachSize(page, async (size) => {
    await expect(page.locator('.reunion-notice h2')).toContainText('Slektstreffet ble holdt');
    await expectNoViolations(page, `/nb/home ${AFTER_REUNION} (${size})`);
  });
});

test('/nb/news and each Norwegian news post: axe at each size, the banner legible, and during the reunion the notice', async ({
  page,
}) => {
  await atStart(page, PHONE);
  await walkPages(page, 'English', [...new Set(['/nb/news', ...POSTS])], (path) => path === '/nb/news');
  await page.clock.install({ time: new Date(DURING_REUNION) });
  await page.goto('/nb/news');
  await atEachSize(page, async (size) => {
    await expect(page.locator('.reunion-notice h2')).toHaveText(nb('timeline_during_heading'));
    await expectNoViolations(page, `/nb/news ${DURING_REUNION} (${size})`);
  });
});

test('the other Norwegian pages (about, contact, login, privacy): axe at each size', async ({ page }) => {
  await atStart(page, PHONE);
  await walkPages(page, 'English', ['/nb/about', '/nb/contact', '/nb/login', '/nb/privacy'], () => false);
});

test('Norwegian login, sign-up with the requirements panel, and each modal and alert', async ({
  page,
  problems,
}) => {
  problems.expectWarnings(/^Sign-in failed/); // the failure the walk stages (a 500 from the service)
  await atStart(page, PHONE);
  await page.goto('/nb/login');
  const emailOption = page.getByRole('button', { name: WIDGET.emailOption });
  await expect(emailOption).toBeVisible();
  await expectNoViolationsAtEachSize(page, '/nb/login');

  await emailOption.click();
  await page.getByLabel(WIDGET.email).fill(newEmail('a11y-nb'));
  await expectNoViolationsAtEachSize(page, 'e-mail step');
  await page.getByRole('button', { name: WIDGET.next }).click();
  const password = page.getByLabel('Velg passord');
  await password.fill('kort');
  await expect(page.locator('#password-requirements')).toBeVisible();
  await expectNoViolationsAtEachSize(page, 'sign-up with requirements');
  await password.press('Tab'); // to the show-password button: still in the field
  await page.keyboard.press('Tab');
  const requirements = page.getByRole('dialog', { name: nb('login_password_title') });
  await expect(requirements).toBeVisible();
  await expectNoViolationsAtEachSize(page, 'password modal');
  await requirements.getByRole('button', { name: nb('common_ok') }).click();
  await expect(requirements).toBeHidden();
  // Back to the choice of provider, to sign in on the same page.
  await page.getByRole('button', { name: 'Avbryt' }).click();

  await signInWithEmail(page, accounts.unverified.email, accounts.unverified.password, {
    loginPath: '/nb/login',
    navigate: false,
  });
  const verify = page.getByRole('dialog', { name: nb('login_verify_title') });
  await expect(verify).toBeVisible();
  await expectNoViolationsAtEachSize(page, 'verification modal');
  await verify.getByRole('button', { name: nb('common_ok') }).click();
  await expect(verify).toBeHidden();

  await page.route('**/accounts:signInWithPassword**', (route) =>
    route.fulfill({ status: 500, body: '{"error":{"message":"INTERNAL"}}' }),
  );
  await signInWithEmail(page, accounts.member.email, accounts.member.password, {
    loginPath: '/nb/login',
    navigate: false,
  });
  await expect(page.getByRole('alert').filter({ hasText: nb('login_failed') })).toBeVisible();
  await expectNoViolationsAtEachSize(page, 'sign-in error alert');
});

test('by keyboard alone in Norwegian: sign in and download a file; then the members area, the seminar list, the menu and the error modal', async ({
  page,
  problems,
}) => {
  problems.expectWarnings(/^Download failed/); // the failure the test stages (a 500 from Storage)
  await atStart(page, DESKTOP);
  await page.goto('/nb/home');
  // Skip link first, then the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: nb('nav_skip_to_content') })).toBeFocused();
  const login = page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: nb('nav_login'), exact: true });
  for (let i = 0; i < 10 && !(await login.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(login).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/nb\/login$/);

  const emailOption = page.getByRole('button', { name: WIDGET.emailOption });
  await expect(emailOption).toBeVisible();
  for (
    let i = 0;
    i < 20 && !(await emailOption.evaluate((element) => element === document.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
  await expect(emailOption).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(WIDGET.email)).toBeFocused();
  await page.keyboard.type(accounts.member.email);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(WIDGET.password, { exact: true })).toBeFocused();
  await page.keyboard.type(accounts.member.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/nb\/members$/);

  const item = CATALOGUE.find((entry) => entry.id === 'cemetery-monument')!;
  const target = page.locator(`button[data-file-id="${item.id}"]`);
  for (let i = 0; i < 80 && !(await target.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe(downloadFileName(item, 'nb'));

  await expectNoViolationsAtEachSize(page, '/nb/members');
  await page.getByRole('button', { name: nb('members_seminars_show', { count: 12 }) }).click();
  await expect(page.locator('#highlighted-seminars li')).toHaveCount(12);
  await expectNoViolationsAtEachSize(page, 'seminars open');
  // The members menu is in the top navigation, which a phone folds behind its menu button.
  await page.setViewportSize(DESKTOP);
  await page
    .getByRole('navigation')
    .first()
    .getByRole('button', { name: nb('nav_members') })
    .click();
  await expect(page.getByRole('link', { name: nb('nav_downloads') })).toBeVisible();
  await expectNoViolations(page, 'members menu open');
  await page.keyboard.press('Escape');
  await page.route('**/v0/b/*/o/members%2F**', (route) => route.fulfill({ status: 500, body: 'error' }));
  await page.locator('button[data-file-id="program-1976"]').click();
  await expect(page.getByRole('dialog', { name: nb('members_download_error_title') })).toBeVisible();
  await expectNoViolationsAtEachSize(page, 'download error modal');
});

test('the Norwegian members area’s sections, each reached by its address: axe at each size', async ({
  page,
}) => {
  await atStart(page, PHONE);
  await signInAsMember(page);
  const heading = page.getByRole('heading', { level: 1, name: nb('members_heading') });
  await atEachSize(page, async (size) => {
    for (const hash of ['#images', '#educational-materials', '#links']) {
      await page.goto(`/nb/members${hash}`);
      await expect(heading).toBeVisible();
      await expect(page.locator(`${hash} h2`)).toBeInViewport(); // scrolled there (100 ms after load)
      await expectNoViolations(page, `${hash} (${size})`);
    }
  });
});
