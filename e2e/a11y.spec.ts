/**
 * Accessibility in English: axe (WCAG 2.2 AA and best practice) over every state a visitor can meet, each at a
 * phone's width and a desktop's (the page resized, not loaded again), with reduced motion; the banner's texts,
 * which axe cannot judge over the picture, measured from their pixels; and the site by keyboard alone. The same
 * in Norwegian: a11y-nb.spec.ts.
 */
import { readNewsPosts } from '../tools/build/news/posts.ts';
import {
  DESKTOP,
  atStart,
  walkPages,
  PHONE,
  atEachSize,
  expectNoViolations,
  expectNoViolationsAtEachSize,
  textContrast,
} from './support/a11y.ts';
import { settled } from './support/page-state.ts';
import { signInAsMember, walkSignInStates } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';

const POSTS = readNewsPosts()
  .filter((post) => post.locale === 'en')
  .map((post) => `/news/${post.slug}`);
/** Before the reunion: the notice on Home says when it begins and offers the calendar choices. */
const BEFORE_REUNION = '2026-05-01T12:00:00-05:00';

test('Home: axe at each size, the banner legible, the phone’s menu and sections open, and before the reunion its notice', async ({
  page,
}) => {
  // Desktop first: the page then ends at the phone's width, where the menu and the sections open.
  await atStart(page, DESKTOP);
  await walkPages(page, 'Norsk', ['/home'], () => true);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'News' })).toBeVisible();
  await expectNoViolations(page, 'menu open');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Home page' })
    .getByRole('button', { name: 'Navigation' })
    .click();
  await expect(
    page.getByRole('navigation', { name: 'Home page' }).getByRole('link', { name: 'More Information' }),
  ).toBeVisible();
  await expectNoViolations(page, 'sections open');

  await page.clock.install({ time: new Date(BEFORE_REUNION) });
  await page.goto('/home');
  await atEachSize(page, async (size) => {
    await expect(page.locator('.reunion-notice h2')).toBeVisible();
    await expect(page.locator('.reunion-notice .calendar-choices')).toBeVisible();
    await expectNoViolations(page, `/home ${BEFORE_REUNION} (${size})`);
  });
});

test('News and each news post: axe at each size, the banner legible over a post', async ({ page }) => {
  await atStart(page, PHONE);
  await walkPages(
    page,
    'Norsk',
    [...new Set(['/news', '/news/thank-you', ...POSTS])],
    (path) => path === '/news/thank-you',
  );
});

test('About, Contact and Privacy: axe at each size', async ({ page }) => {
  await atStart(page, PHONE);
  await walkPages(page, 'Norsk', ['/about', '/contact', '/privacy'], () => false);
});

test('login, sign-up with the requirements panel, and each modal and alert', async ({ page, problems }) => {
  problems.expectWarnings(/^Sign-in failed/); // the failure the walk stages (a 500 from the service)
  await atStart(page, PHONE);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with email' })).toBeVisible();
  await expectNoViolationsAtEachSize(page, 'login');
  await walkSignInStates(page, 'a11y', (state) => expectNoViolationsAtEachSize(page, state));
});

test('by keyboard alone: sign in and download a file; then the members area, the seminar list, the menu and the error modal', async ({
  page,
  problems,
}) => {
  problems.expectWarnings(/^Download failed/); // the failure the test stages (a 500 from Storage)
  await atStart(page, DESKTOP);
  await page.goto('/home');
  // Skip link first, then the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  const login = page.getByRole('navigation').first().getByRole('link', { name: 'Login' });
  for (let i = 0; i < 10 && !(await login.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(login).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  const emailOption = page.getByRole('button', { name: 'Sign in with email' });
  await expect(emailOption).toBeVisible();
  for (
    let i = 0;
    i < 20 && !(await emailOption.evaluate((element) => element === document.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
  await expect(emailOption).toBeFocused();
  await page.keyboard.press('Enter');
  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  await page.keyboard.type(accounts.member.email);
  await page.keyboard.press('Enter');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type(accounts.member.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/members$/);

  const target = page.locator('button[data-file-id="cemetery-monument"]');
  for (let i = 0; i < 80 && !(await target.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe('Cemetery Monument.jpg');

  await expectNoViolationsAtEachSize(page, 'members');
  await page.getByRole('button', { name: /highlighted seminars/ }).click();
  await expect(page.locator('#highlighted-seminars li')).toHaveCount(12);
  await expectNoViolationsAtEachSize(page, 'seminars open');
  // The members menu is in the top navigation, which a phone folds behind its menu button.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('navigation').first().getByRole('button', { name: 'Members' }).click();
  await expect(page.getByRole('link', { name: 'Downloads' })).toBeVisible();
  await expectNoViolations(page, 'members menu open');
  await page.keyboard.press('Escape');
  await page.route('**/v0/b/*/o/members%2F**', (route) => route.fulfill({ status: 500, body: 'error' }));
  await page.locator('button[data-file-id="program-1976"]').click();
  await expect(page.getByRole('dialog', { name: 'Error' })).toBeVisible();
  await expectNoViolationsAtEachSize(page, 'download error modal');
});

test('the members area’s sections, each reached by its address: axe at each size', async ({ page }) => {
  await atStart(page, PHONE);
  await signInAsMember(page);
  await atEachSize(page, async (size) => {
    for (const hash of ['#images', '#educational-materials', '#links']) {
      await page.goto(`/members${hash}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Members Area' })).toBeVisible();
      await expect(page.locator(`${hash} h2`)).toBeInViewport(); // scrolled there (100 ms after load)
      await expectNoViolations(page, `${hash} (${size})`);
    }
  });
});

test('the check fails on what it must find: a violation, and text it cannot read over a picture or the banner', async ({
  page,
}) => {
  await atStart(page, PHONE);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page); // hydrated: React leaves what is added now alone
  // The legibility check sees what a visitor sees: the switch's old colour (the page's text colour) on the dark
  // bar fails, at each size.
  const languageSwitch = page.getByRole('link', { name: 'Norsk' });
  await languageSwitch.evaluate((element) => element.style.setProperty('color', 'rgb(33, 37, 41)'));
  await atEachSize(page, async () => {
    expect((await textContrast(languageSwitch)).ratio).toBeLessThan(1.5);
  });
  await languageSwitch.evaluate((element) => element.style.removeProperty('color'));
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    // An image without a text alternative: axe's image-alt.
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    main.prepend(image);
    // Pale text over a pale gradient: axe cannot judge it ("incomplete"), the test computes it.
    const pale = document.createElement('p');
    pale.textContent = 'Hard to read';
    pale.id = 'pale-text';
    pale.style.setProperty('color', 'rgb(200, 200, 200)');
    pale.style.setProperty('background-image', 'linear-gradient(rgb(230, 230, 230), rgb(250, 250, 250))');
    main.prepend(pale);
  });
  const failure = await expectNoViolations(page, 'broken').then(
    () => 'no failure',
    (error: Error) => error.message,
  );
  expect(failure).toContain('broken: image-alt (critical)');
  expect(failure).toMatch(
    /broken: color-contrast 1\.\d\d:1 \(computed; axe: .*\) of rgb\(200, 200, 200\) at #pale-text/,
  );
});
