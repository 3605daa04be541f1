/**
 * Where the reunion stands in time (issue 9, items 1 and 2), tried with the browser's clock set before,
 * during and after the reunion: the notice at the top of Home and News in both languages, its change at
 * midnight in Rolette without a reload, the build-time HTML that stays true whenever it is read, no layout
 * shift, the calendar file (parsed by ical.js, an independent parser), the Google Calendar and Outlook
 * links, and the Event data for search engines. (Its accessibility in each state: e2e/a11y.spec.ts and
 * e2e/a11y-nb.spec.ts.)
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { SITE_URL } from '../tools/local/config.ts';
import { messages, text, type Locale } from './support/messages.ts';
import { layoutShifts, recordedShifts, recordLayoutShifts, shiftText } from './support/page-state.ts';
import { signInAsMember } from './support/session.ts';
import { expect, test } from './support/test.ts';

const NOTICE = '.reunion-notice';
const PATHS = ['/home', '/news', '/nb/home', '/nb/news'] as const;
const isNb = (path: string) => path.startsWith('/nb');
const OVER = Date.now() >= Date.parse('2026-07-13T05:00:00Z');

/** What the notice says at an instant, in each language: its heading, and a line of its text. */
interface Expected {
  at: string;
  en: [heading: string, text: string];
  nb: [heading: string, text: string];
}

const BEFORE_TEXT = 'The reunion begins on Friday, July 10th, 2026 in and around Rolette, North Dakota.';
const BEFORE_TEXT_NB = 'Slektstreffet begynner fredag 10. juli 2026 i og rundt Rolette i North Dakota.';
const AFTER: Omit<Expected, 'at'> = {
  en: [
    'The reunion took place on July 10th–\u206012th, 2026',
    'Thank you to everyone who came! The time capsule has been resealed, to be opened again in 2076.',
  ],
  nb: [
    'Slektstreffet ble holdt 10.–\u206012. juli 2026',
    'Takk til alle som kom! Tidskapselen er forseglet igjen og skal åpnes på nytt i 2076.',
  ],
};

/** Instants around each midnight in Rolette (Central Daylight Time, UTC-5, in July), in increasing order. */
const INSTANTS: Expected[] = [
  {
    at: '2025-12-24T18:00:00-06:00',
    en: ['198 days to go', BEFORE_TEXT],
    nb: ['198 dager igjen', BEFORE_TEXT_NB],
  },
  { at: '2026-07-09T00:00:00-05:00', en: ['1 day to go', BEFORE_TEXT], nb: ['1 dag igjen', BEFORE_TEXT_NB] },
  { at: '2026-07-09T23:59:00-05:00', en: ['1 day to go', BEFORE_TEXT], nb: ['1 dag igjen', BEFORE_TEXT_NB] },
  {
    at: '2026-07-10T00:00:00-05:00',
    en: ['Happening now', 'Today is day 1 of 3: Friday, July 10th, 2026.'],
    nb: ['Slektstreffet er i gang', 'I dag er det dag 1 av 3: fredag 10. juli 2026.'],
  },
  {
    at: '2026-07-11T12:00:00-05:00',
    en: ['Happening now', 'Today is day 2 of 3: Saturday, July 11th, 2026.'],
    nb: ['Slektstreffet er i gang', 'I dag er det dag 2 av 3: lørdag 11. juli 2026.'],
  },
  {
    at: '2026-07-12T23:59:00-05:00',
    en: ['Happening now', 'Today is day 3 of 3: Sunday, July 12th, 2026.'],
    nb: ['Slektstreffet er i gang', 'I dag er det dag 3 av 3: søndag 12. juli 2026.'],
  },
  { at: '2026-07-13T00:00:00-05:00', ...AFTER },
  { at: '2026-11-22T12:00:00-06:00', ...AFTER },
];

const BEFORE_AT = '2026-05-01T12:00:00-05:00';
const DURING_AT = '2026-07-11T12:00:00-05:00';
const AFTER_AT = '2026-07-20T12:00:00-05:00';

async function openAt(page: Page, path: string, at: string) {
  await page.clock.install({ time: new Date(at) });
  await page.goto(path);
}

/**
 * Moves the page's clock on to an instant as a closed laptop lid would (each timer due by then fires once):
 * the notice's own timer, set for the next midnight in Rolette, brings it up to date without a reload.
 */
async function stepTo(page: Page, at: string) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Date.parse(at) - now);
}

async function expectNotice(page: Page, [heading, line]: [string, string]) {
  const notice = page.locator(NOTICE);
  await expect(notice.getByRole('heading', { level: 2 })).toHaveText(heading);
  await expect(notice).toContainText(line);
}

/**
 * The layout shifts of what is outside the notice (recordLayoutShifts with `within: NOTICE`), and those that name no
 * box: what a change of the notice would move if it outgrew its room.
 */
async function shiftsAroundNotice(page: Page): Promise<string[]> {
  return (await recordedShifts(page)).flatMap(({ value, moved }) => {
    const outside = moved.filter(({ within }) => !within);
    return outside.length || !moved.length ? [shiftText({ value, moved: outside })] : [];
  });
}

/** English pieces (4+ characters) of the notice's messages found in a text: none may be on a Norwegian page. */
function englishTimelineText(shown: string): string[] {
  return Object.entries(messages.en)
    .filter(([key]) => key.startsWith('timeline_') && key !== 'timeline_calendar_file_name')
    .flatMap(([key, value]) =>
      (typeof value === 'string' ? [value] : value.flatMap((v) => Object.values(v.match)))
        .flatMap((variant) => variant.split(/\{[^}]*\}/))
        .map((piece) => piece.trim().replace(/^[\s.,:;!–-]+|[\s.,:;!–-]+$/g, ''))
        .filter((piece) => piece.length >= 4 && shown.includes(piece))
        .map((piece) => `${key}: "${piece}"`),
    );
}

test.describe('where the reunion stands', () => {
  for (const locale of ['en', 'nb'] as const satisfies Locale[]) {
    const prefix = locale === 'nb' ? '/nb' : '';
    // Loaded on News: the clock's midnights then find Home at the reunion's first day, News at its end.
    const pages = [`${prefix}/news`, `${prefix}/home`] as const;
    const label = (path: string) => text(locale, path.endsWith('/home') ? 'nav_home' : 'nav_news');

    test(`${pages.join(' and ')} at each instant, one page stepped by the clock: the notice changes at midnight in Rolette without a reload`, async ({
      page,
      problems,
    }) => {
      const [first] = INSTANTS;
      await openAt(page, pages[0], first!.at);
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      let shown: string = pages[0];
      for (const [index, { at, ...expected }] of INSTANTS.entries()) {
        if (index > 0) await stepTo(page, at);
        // The page the clock moved on (its notice brought up to date), then the other one opened from the
        // menu (its notice drawn anew at that instant).
        for (const path of [shown, shown === pages[0] ? pages[1] : pages[0]]) {
          if (path !== shown) {
            await page
              .getByRole('navigation')
              .first()
              .getByRole('link', { name: label(path), exact: true })
              .click();
            await expect(page).toHaveURL(new RegExp(`${path}$`));
            shown = path;
          }
          const what = `${path} at ${at}`;
          await test.step(what, async () => {
            await expectNotice(page, expected[locale]);
            if (locale === 'nb')
              expect(englishTimelineText(await page.locator(NOTICE).innerText()), what).toEqual([]);
            if (expected.en === AFTER.en) {
              // After the reunion there is nothing to add to a calendar; the photos and recordings are for
              // members, a visitor is sent to sign in.
              await expect(page.locator('.calendar-choices'), what).toHaveCount(0);
              await expect(
                page.locator(NOTICE).getByRole('link', { name: locale === 'nb' ? 'logg inn' : 'log in' }),
                what,
              ).toHaveAttribute('href', `${prefix}/login`);
            } else {
              await expect(page.locator('.calendar-choices a'), what).toHaveCount(3);
            }
            expect(problems.errors, what).toEqual([]);
          });
        }
      }
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await page
        .locator(NOTICE)
        .getByRole('link', { name: locale === 'nb' ? 'logg inn' : 'log in' })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
      await expect(
        page.getByRole('heading', { level: 1, name: text(locale, 'login_heading') }),
      ).toBeVisible();
    });
  }

  test('without a set clock (today) the reunion is over: the site says so, and sends a member to the members area', async ({
    page,
  }) => {
    // The machine's clock is past July 12, 2026, like every visitor's from now on (and the Auth emulator's tokens
    // carry it: a member signs in with the real clock).
    test.skip(!OVER, 'only once the reunion is over');
    await page.goto('/home');
    await expectNotice(page, AFTER.en);
    await page.goto('/nb/news');
    await expectNotice(page, AFTER.nb);
    await signInAsMember(page);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Home', exact: true }).click();
    const link = page.locator(NOTICE).getByRole('link', { name: 'the members area' });
    await expect(link).toHaveAttribute('href', '/members');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members Area' })).toBeVisible();
  });

  async function inZone(browser: Browser, timezoneId: string, at: string, path: string) {
    const context = await browser.newContext({ timezoneId, baseURL: SITE_URL });
    const page = await context.newPage();
    await openAt(page, path, at);
    return { context, page };
  }

  test('counts in Central Time from a browser in Norway and from one on the US west coast', async ({
    browser,
  }) => {
    // 06:59 on July 10 in Oslo is 23:59 on July 9 in Rolette: one day to go.
    const oslo = await inZone(browser, 'Europe/Oslo', '2026-07-10T06:59:00+02:00', '/nb/home');
    const { page } = oslo;
    expect(await page.evaluate(() => [new Date().getDate(), new Date().getHours()])).toEqual([10, 6]);
    await expectNotice(page, ['1 dag igjen', BEFORE_TEXT_NB]);
    await stepTo(page, '2026-07-10T07:00:00+02:00');
    await expectNotice(page, ['Slektstreffet er i gang', 'I dag er det dag 1 av 3: fredag 10. juli 2026.']);
    // 06:59 on July 13 in Oslo is still the last day in Rolette.
    await stepTo(page, '2026-07-13T06:59:00+02:00');
    await expectNotice(page, ['Slektstreffet er i gang', 'I dag er det dag 3 av 3: søndag 12. juli 2026.']);
    await oslo.context.close();

    // 22:30 on July 9 in Los Angeles is 00:30 on July 10 in Rolette.
    const losAngeles = await inZone(browser, 'America/Los_Angeles', '2026-07-09T22:30:00-07:00', '/home');
    expect(await losAngeles.page.evaluate(() => new Date().getDate())).toBe(9);
    await expectNotice(losAngeles.page, ['Happening now', 'Today is day 1 of 3: Friday, July 10th, 2026.']);
    await losAngeles.context.close();
  });
});

test.describe('the build-time HTML', () => {
  test('holds only the notice’s room (nothing a date could make untrue), and the reunion as a schema.org Event on Home', async ({
    request,
    page,
  }) => {
    // (The pages' own texts are those of the build's day, the past once the reunion is over: e2e/news.spec.ts.)
    for (const path of PATHS) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div class="reunion-notice-room"></div>');
      for (const words of ['to go', 'Happening now', 'dager igjen', 'dag igjen', 'Slektstreffet er i gang'])
        expect(html, `${path}: ${words}`).not.toContain(words);
      if (path.endsWith('/news')) {
        expect(html, path).not.toContain('application/ld+json');
        continue;
      }
      const [name, lang] = isNb(path)
        ? ['Slektstreff i Rolette 2026', 'nb']
        : ['Rolette Family Reunion 2026', 'en'];
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
      expect(blocks, path).toHaveLength(1);
      const data = JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name,
        startDate: '2026-07-10',
        endDate: '2026-07-12',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        inLanguage: lang,
        location: {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'Rolette',
            addressRegion: 'ND',
            addressCountry: 'US',
          },
        },
        organizer: { '@type': 'Organization' },
      });
      expect(data.url).toMatch(new RegExp(`^https://[^/]+${path}$`));
      expect(typeof data.description).toBe('string');
    }
    // The browser keeps the one data block through hydration (React does not render it).
    await page.goto('/nb/home');
    await expect(page.locator(`${NOTICE} h2`)).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });

  test('filling the room after hydration, and each change of the reunion’s phase after it, moves nothing and warns of nothing, at 390, 768 and 1280 px', async ({
    page,
    context,
    problems,
  }) => {
    // Each page, at each width, is loaded before the reunion (the room filled at hydration: nothing may move),
    // then moved on by the clock (one for the whole context: the clock cannot go back for a page loaded later) to
    // during and after it. The room is as high as the tallest notice, so a notice that fits it when drawn at
    // hydration fits it when the phase changes, and one taller than its room moves what is below it either way.
    // (When its text changes, the notice rearranges its own lines: that is no shift of the page.)
    await page.clock.install({ time: new Date(BEFORE_AT) });
    const shown: { tab: Page; width: number; path: string }[] = [];
    for (const width of [390, 768, 1280]) {
      for (const path of PATHS) {
        const tab = shown.length ? await context.newPage() : page;
        await tab.setViewportSize({ width, height: 900 });
        await recordLayoutShifts(tab, { within: NOTICE });
        await tab.goto(path);
        await expect(tab.locator(`${NOTICE} h2`)).toBeVisible();
        await expect(tab.locator('.calendar-choices a')).toHaveCount(3);
        await tab.waitForLoadState('networkidle');
        const shifts = await layoutShifts(tab);
        expect({ width, path, at: BEFORE_AT, shifts }).toEqual({ width, path, at: BEFORE_AT, shifts: [] });
        shown.push({ tab, width, path });
      }
    }
    for (const at of [DURING_AT, AFTER_AT]) {
      const headings = await Promise.all(shown.map(({ tab }) => tab.locator(`${NOTICE} h2`).innerText()));
      await stepTo(page, at);
      for (const [index, { tab, width, path }] of shown.entries()) {
        await tab.bringToFront();
        await expect(tab.locator(`${NOTICE} h2`)).not.toHaveText(headings[index]!);
        if (at !== AFTER_AT) await expect(tab.locator('.calendar-choices a')).toHaveCount(3);
        else await expect(tab.locator('.calendar-choices')).toHaveCount(0);
        // (Shifts are found when a frame is drawn, and reported after it.)
        await tab.evaluate(
          () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
        );
        const shifts = await shiftsAroundNotice(tab);
        expect({ width, path, at, shifts }).toEqual({ width, path, at, shifts: [] });
      }
    }
    expect(problems.errors).toEqual([]);
  });
});

test.describe('add to calendar', () => {
  test('before and during the reunion: the file (downloaded under the language’s name), Google Calendar and Outlook, in the page’s language', async ({
    page,
    request,
  }) => {
    for (const [path, at] of [
      ['/nb/home', BEFORE_AT],
      ['/news', DURING_AT],
    ] as const) {
      const nb = isNb(path);
      await openAt(page, path, at);
      const choices = page.getByRole('list', {
        name: nb ? 'Legg til i kalenderen din' : 'Add to your calendar',
      });
      const file = choices.getByRole('link', { name: nb ? 'Kalenderfil (.ics)' : 'Calendar file (.ics)' });
      await expect(file).toHaveAttribute('href', `${nb ? '/nb' : ''}/calendar/rolette-reunion-2026.ics`);
      await expect(file).toHaveAttribute(
        'download',
        nb ? 'slektstreff-rolette-2026.ics' : 'rolette-family-reunion-2026.ics',
      );
      if (nb) {
        const downloadPromise = page.waitForEvent('download');
        await file.click();
        const download = await downloadPromise;
        expect(download.suggestedFilename()).toBe('slektstreff-rolette-2026.ics');
        const served = await (await request.get('/nb/calendar/rolette-reunion-2026.ics')).body();
        expect(readFileSync(await download.path()).equals(served)).toBe(true);
      }
      const newTab = nb ? '(åpnes i en ny fane)' : '(opens in a new tab)';
      const google = choices.getByRole('link', {
        name: `${nb ? 'Google Kalender' : 'Google Calendar'} ${newTab}`,
      });
      const outlook = choices.getByRole('link', {
        name: `${nb ? 'Outlook på nettet' : 'Outlook on the web'} ${newTab}`,
      });
      for (const link of [google, outlook]) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
      const title = nb ? 'Slektstreff i Rolette 2026' : 'Rolette Family Reunion 2026';
      const location = 'Rolette, North Dakota, USA'; // an address, as calendar apps read it, in both languages
      const home = new RegExp(`\\n\\nhttps://[^/]+${nb ? '/nb' : ''}/home$`);
      const g = new URL((await google.getAttribute('href'))!);
      expect(`${g.origin}${g.pathname}`).toBe('https://calendar.google.com/calendar/render');
      expect(g.searchParams.get('action')).toBe('TEMPLATE');
      expect(g.searchParams.get('dates')).toBe('20260710/20260713');
      expect(g.searchParams.get('text')).toBe(title);
      expect(g.searchParams.get('location')).toBe(location);
      expect(g.searchParams.get('details')).toMatch(home);
      const o = new URL((await outlook.getAttribute('href'))!);
      expect(`${o.origin}${o.pathname}`).toBe('https://outlook.live.com/calendar/0/action/compose');
      expect(o.searchParams.get('allday')).toBe('true');
      expect(o.searchParams.get('startdt')).toBe('2026-07-10');
      expect(o.searchParams.get('enddt')).toBe('2026-07-13');
      expect(o.searchParams.get('subject')).toBe(title);
      expect(o.searchParams.get('location')).toBe(location);
      expect(o.searchParams.get('body')).toMatch(home);
    }
  });

  test('each language’s calendar file is served as text/calendar and reads as one all-day event (ical.js), the same event in both', async ({
    request,
  }) => {
    const uids: string[] = [];
    for (const [path, lang, summary, location, words] of [
      [
        '/calendar/rolette-reunion-2026.ics',
        'en',
        'Rolette Family Reunion 2026',
        'Rolette, North Dakota, USA',
        'The time capsule buried in 1976',
      ],
      [
        '/nb/calendar/rolette-reunion-2026.ics',
        'nb',
        'Slektstreff i Rolette 2026',
        'Rolette, North Dakota, USA',
        'Tidskapselen som ble gravd ned i 1976, åpnes, fylles med nye hilsener og forsegles igjen fram til 2076.',
      ],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toBe('text/calendar; charset=utf-8');
      expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers()['content-security-policy'], path).toContain("default-src 'self'");
      const bytes = await response.body();
      const ics = bytes.toString('utf8');
      expect(Buffer.from(ics, 'utf8').equals(bytes), `${path}: valid UTF-8`).toBe(true);
      expect(ics.endsWith('\r\n'), path).toBe(true);
      expect(ics.replace(/\r\n/g, ''), `${path}: every line ends with CRLF`).not.toMatch(/[\r\n]/);
      for (const line of ics.split('\r\n'))
        expect(Buffer.byteLength(line, 'utf8'), `${path}: ${line}`).toBeLessThanOrEqual(75);

      const calendar = new ICAL.Component(ICAL.parse(ics));
      expect(calendar.name, path).toBe('vcalendar');
      expect(calendar.getFirstPropertyValue('version'), path).toBe('2.0');
      const events = calendar.getAllSubcomponents('vevent');
      expect(events, path).toHaveLength(1);
      const event = new ICAL.Event(events[0]!);
      expect(event.summary, path).toBe(summary);
      expect(event.location, path).toBe(location);
      expect(event.description, path).toContain(words);
      expect(event.description, path).toMatch(
        new RegExp(`\\n\\nhttps://[^/]+${lang === 'nb' ? '/nb' : ''}/home$`),
      );
      expect(event.uid, path).toMatch(/^rolette-family-reunion-2026@/);
      expect(event.startDate.isDate, path).toBe(true);
      expect(event.startDate.toString(), path).toBe('2026-07-10');
      expect(event.endDate.isDate, path).toBe(true);
      expect(event.endDate.toString(), path).toBe('2026-07-13');
      expect(events[0]!.getFirstPropertyValue('dtstamp')?.toString(), path).toBe('2026-11-22T00:00:00Z');
      expect(events[0]!.getFirstProperty('summary')?.getParameter('language'), path).toBe(lang);
      uids.push(event.uid);
    }
    // Both files are the same event.
    expect(uids[1]).toBe(uids[0]);
  });
});

test.describe('faults', () => {
  test('if the notice cannot load, the page works on without it', async ({ page, problems }) => {
    problems.expectWarnings(/^Part of the page failed/); // the failure the test stages (its code unreachable)
    await page.route('**/assets/notice-content-*.js', (route) => route.abort('connectionreset'));
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Welcome to the 2026 Rolette Family Reunion',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'What Happened' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator(NOTICE)).toHaveCount(0);
    await page.getByRole('navigation').first().getByRole('link', { name: 'News', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  });
});
