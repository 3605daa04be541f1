/**
 * Accessibility, in English and in Norwegian: axe (WCAG 2.2 AA and best practice) over every state a visitor can
 * meet, each at a phone's width and a desktop's (the page resized, not loaded again), with reduced motion; the
 * banner's texts, which axe cannot judge over the picture, measured from their pixels; and the site by keyboard
 * alone. Each walk is written once and runs in each language of LANGUAGES: the site's texts from its messages, the
 * sign-in widget's from WIDGET_LABELS.
 */
import type { Page } from '@playwright/test';
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
import { text, type Locale } from './support/messages.ts';
import { settled } from './support/page-state.ts';
import { signInAsMember } from './support/session.ts';
import { WIDGET_LABELS, loginPathOf, walkSignInStates } from './support/sign-in.ts';
import { accounts, expect, test } from './support/test.ts';

/**
 * The reunion's three moments, each shown by the notice on a page (News during the reunion, Home before and after);
 * the notice's heading in each language is in LANGUAGES.
 */
const MOMENTS = {
  before: { time: '2026-05-01T12:00:00-05:00', page: '/home' },
  during: { time: '2026-07-11T12:00:00-05:00', page: '/news' }, // its second day
  after: { time: '2026-07-20T12:00:00-05:00', page: '/home' },
} as const;
type Moment = keyof typeof MOMENTS;

/** The languages the walks run in, with what differs between them beyond the messages. */
const LANGUAGES: readonly {
  locale: Locale;
  name: string;
  /** The addresses' prefix: /home and /nb/home. */
  prefix: '' | '/nb';
  /** The notice's heading at each moment (before: a plural form, which the messages module does not fill). */
  notice: Record<Moment, string>;
}[] = [
  {
    locale: 'en',
    name: 'English',
    prefix: '',
    notice: {
      before: '70 days to go',
      during: text('en', 'timeline_during_heading'),
      after: text('en', 'timeline_after_heading', { dates: 'July 10th–\u206012th, 2026' }),
    },
  },
  {
    locale: 'nb',
    name: 'Norwegian',
    prefix: '/nb',
    notice: {
      before: '70 dager igjen',
      during: text('nb', 'timeline_during_heading'),
      after: text('nb', 'timeline_after_heading', { dates: '10.–\u206012. juli 2026' }),
    },
  },
];

/** The post whose banner is measured besides Home's and News' (a post's banner sits over its own picture). */
const MEASURED_POST = 'thank-you';

for (const { locale, name, prefix, notice } of LANGUAGES) {
  const t = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);
  const widget = WIDGET_LABELS[loginPathOf(locale)];
  /** The language switch, which names the other language. */
  const switchName = t('language_switch_label');
  const posts = readNewsPosts()
    .filter((post) => post.locale === locale)
    .map((post) => `${prefix}/news/${post.slug}`);

  /** Each moment shown on its page, from the page's clock: the notice's heading, and axe at each size. */
  async function expectNotices(page: Page, moments: Moment[]): Promise<void> {
    for (const [i, moment] of moments.entries()) {
      const time = new Date(MOMENTS[moment].time);
      if (i === 0) await page.clock.install({ time });
      else await page.clock.setSystemTime(time);
      const path = `${prefix}${MOMENTS[moment].page}`;
      await page.goto(path);
      await atEachSize(page, async (size) => {
        await expect(page.locator('.reunion-notice h2')).toHaveText(notice[moment]);
        if (moment === 'before')
          await expect(page.locator('.reunion-notice .calendar-choices')).toBeVisible();
        await expectNoViolations(page, `${path} ${MOMENTS[moment].time} (${size})`);
      });
    }
  }

  test(`${name}: Home at each size, the banner legible, the phone’s menu and sections open, and the notice before and after the reunion`, async ({
    page,
  }) => {
    // Desktop first: the page then ends at the phone's width, where the menu and the sections open.
    await atStart(page, DESKTOP);
    await walkPages(page, switchName, [`${prefix}/home`], () => true);
    await page.getByRole('button', { name: t('nav_menu') }).click();
    await expect(
      page
        .getByRole('navigation')
        .first()
        .getByRole('link', { name: t('nav_news') }),
    ).toBeVisible();
    await expectNoViolations(page, 'menu open');
    await page.getByRole('button', { name: t('nav_menu') }).click();
    const sections = page.getByRole('navigation', { name: t('home_sections_label') });
    await sections.getByRole('button', { name: t('common_navigation') }).click();
    await expect(sections.getByRole('link', { name: t('home_section_more') })).toBeVisible();
    await expectNoViolations(page, 'sections open');

    await expectNotices(page, ['before', 'after']);
  });

  test(`${name}: News and each news post at each size, the banner legible over the list and a post, and the notice during the reunion`, async ({
    page,
  }) => {
    await atStart(page, PHONE);
    const measured = [`${prefix}/news`, `${prefix}/news/${MEASURED_POST}`];
    expect(posts).toContain(measured[1]);
    await walkPages(page, switchName, [`${prefix}/news`, ...posts], (path) => measured.includes(path));
    await expectNotices(page, ['during']);
  });

  test(`${name}: About, Contact, Login and Privacy at each size`, async ({ page }) => {
    await atStart(page, PHONE);
    await walkPages(
      page,
      switchName,
      ['/about', '/contact', '/login', '/privacy'].map((path) => `${prefix}${path}`),
      () => false,
    );
  });

  test(`${name}: login, sign-up with the requirements panel, and each modal and alert`, async ({
    page,
    problems,
  }) => {
    problems.expectWarnings(/^Sign-in failed/); // the failure the walk stages (a 500 from the service)
    await atStart(page, PHONE);
    await page.goto(loginPathOf(locale));
    await expect(page.getByRole('button', { name: widget.emailOption })).toBeVisible();
    await expectNoViolationsAtEachSize(page, loginPathOf(locale));
    await walkSignInStates(
      page,
      `a11y-${locale}`,
      (state) => expectNoViolationsAtEachSize(page, state),
      locale,
    );
  });

  test(`${name}, by keyboard alone: sign in and download a file; then the members area, the seminar list, the menu and the error modal`, async ({
    page,
    problems,
  }) => {
    problems.expectWarnings(/^Download failed/); // the failure the test stages (a 500 from Storage)
    await atStart(page, DESKTOP);
    await page.goto(`${prefix}/home`);
    // Skip link first, then the navigation.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: t('nav_skip_to_content') })).toBeFocused();
    const login = page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: t('nav_login'), exact: true });
    for (let i = 0; i < 10 && !(await login.evaluate((element) => element === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(login).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));

    const emailOption = page.getByRole('button', { name: widget.emailOption });
    await expect(emailOption).toBeVisible();
    for (
      let i = 0;
      i < 20 && !(await emailOption.evaluate((element) => element === document.activeElement));
      i++
    )
      await page.keyboard.press('Tab');
    await expect(emailOption).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(widget.email)).toBeFocused();
    await page.keyboard.type(accounts.member.email);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(widget.password, { exact: true })).toBeFocused();
    await page.keyboard.type(accounts.member.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${prefix}/members$`));

    const target = page.locator('button[data-file-id="cemetery-monument"]');
    for (let i = 0; i < 80 && !(await target.evaluate((element) => element === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    // Saved under its title in the page's language.
    expect((await download).suggestedFilename()).toBe(`${t('file_cemetery_monument')}.jpg`);

    await expectNoViolationsAtEachSize(page, `${prefix}/members`);
    await page.getByRole('button', { name: t('members_seminars_show', { count: 12 }) }).click();
    await expect(page.locator('#highlighted-seminars li')).toHaveCount(12);
    await expectNoViolationsAtEachSize(page, 'seminars open');
    // The members menu is in the top navigation, which a phone folds behind its menu button.
    await page.setViewportSize(DESKTOP);
    await page
      .getByRole('navigation')
      .first()
      .getByRole('button', { name: t('nav_members') })
      .click();
    await expect(page.getByRole('link', { name: t('nav_downloads') })).toBeVisible();
    await expectNoViolations(page, 'members menu open');
    await page.keyboard.press('Escape');
    await page.route('**/v0/b/*/o/members%2F**', (route) => route.fulfill({ status: 500, body: 'error' }));
    await page.locator('button[data-file-id="program-1976"]').click();
    await expect(page.getByRole('dialog', { name: t('members_download_error_title') })).toBeVisible();
    await expectNoViolationsAtEachSize(page, 'download error modal');
  });

  test(`${name}: the members area’s sections, each reached by its address, at each size`, async ({
    page,
  }) => {
    await atStart(page, PHONE);
    await signInAsMember(page, locale);
    const heading = page.getByRole('heading', { level: 1, name: t('members_heading') });
    await atEachSize(page, async (size) => {
      for (const hash of ['#images', '#educational-materials', '#links']) {
        await page.goto(`${prefix}/members${hash}`);
        await expect(heading).toBeVisible();
        await expect(page.locator(`${hash} h2`)).toBeInViewport(); // scrolled there (100 ms after load)
        await expectNoViolations(page, `${hash} (${size})`);
      }
    });
  });
}

test('the check itself, on the English About page: it fails on a violation, and on text it cannot read over a picture or the banner', async ({
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
