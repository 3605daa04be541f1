import { expectLegible, expectNoViolations, textContrast } from './support/a11y.ts';
import { settled } from './support/page-state.ts';
import { signInAsMember, walkSignInStates } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';

const WIDTHS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

for (const size of WIDTHS) {
  test.describe(`accessibility, ${size.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ reducedMotion: 'reduce' });
    });

    test('the language switch and the banner are legible (contrast computed from what is behind them)', async ({
      page,
    }) => {
      for (const path of ['/home', '/nb/news', '/news/thank-you']) {
        await page.goto(path);
        const other = path.startsWith('/nb') ? 'English' : 'Norsk';
        await expectLegible(page.getByRole('link', { name: other }), `${path}: the language switch`);
        await expectLegible(page.locator('.site-title'), `${path}: the site's title on the banner`);
        await expectLegible(page.locator('.site-subtitle'), `${path}: the subtitle on the banner`);
      }
      // The check sees what a visitor sees: the switch's old colour (the page's text colour) on the dark bar fails.
      const sw = page.getByRole('link', { name: 'Norsk' });
      await page.goto('/home');
      await sw.evaluate((element) => element.style.setProperty('color', 'rgb(33, 37, 41)'));
      expect((await textContrast(sw)).ratio).toBeLessThan(1.5);
    });

    test('public pages', async ({ page }) => {
      for (const path of ['/home', '/news', '/news/thank-you', '/about', '/contact', '/privacy']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoViolations(page, path);
      }
      if (size.name === 'mobile') {
        await page.goto('/home');
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
      }
    });

    test('login, sign-up with the requirements panel, and each modal and alert', async ({
      page,
      problems,
    }) => {
      problems.expectWarnings(/^Sign-in failed/); // the failure the walk stages (a 500 from the service)
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in with email' })).toBeVisible();
      await expectNoViolations(page, 'login');

      await walkSignInStates(page, 'a11y', (state) => expectNoViolations(page, state));
    });

    test('members area: each section, the seminar list and the error modal', async ({ page, problems }) => {
      problems.expectWarnings(/^Download failed/); // the failure the test stages (a 500 from Storage)
      await signInAsMember(page);
      await expectNoViolations(page, 'members');
      for (const hash of ['#images', '#educational-materials', '#links']) {
        await page.goto(`/members${hash}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Members Area' })).toBeVisible();
        await expect(page.locator(`${hash} h2`)).toBeInViewport(); // scrolled there (100 ms after load)
        await expectNoViolations(page, hash);
      }
      await page.getByRole('button', { name: /highlighted seminars/ }).click();
      await expect(page.locator('#highlighted-seminars li')).toHaveCount(12);
      await expectNoViolations(page, 'seminars open');
      if (size.name === 'desktop') {
        await page.getByRole('navigation').first().getByRole('button', { name: 'Members' }).click();
        await expect(page.getByRole('link', { name: 'Downloads' })).toBeVisible();
        await expectNoViolations(page, 'members menu open');
        await page.keyboard.press('Escape');
      }
      await page.route('**/v0/b/*/o/members%2F**', (route) => route.fulfill({ status: 500, body: 'error' }));
      await page.locator('button[data-file-id="program-1976"]').click();
      await expect(page.getByRole('dialog', { name: 'Error' })).toBeVisible();
      await expectNoViolations(page, 'download error modal');
    });
  });
}

test('keyboard only: sign in and download a file', async ({ page }) => {
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
});

test('the check fails on what it must find: a violation, and text it cannot read over a picture', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page); // hydrated: React leaves what is added now alone
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
