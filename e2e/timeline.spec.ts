/**
 * Where the reunion stands in time (issue 9, items 1 and 2), tried with the browser's clock set before,
 * during and after the reunion: the notice at the top of Home and News in both languages, its change at
 * midnight in Rolette without a reload, the build-time HTML that stays true whenever it is read, no layout
 * shift, the calendar file (parsed by ical.js, an independent parser), the Google Calendar and Outlook
 * links, and the Event data for search engines.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { SITE_URL } from '../tools/local/config.ts';
import { expectNoViolations } from './support/a11y.ts';
import { layoutShifts, recordLayoutShifts } from './support/page-state.ts';
import { signInAsMember } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

type Messages = Record<string, string | { match: Record<string, string> }[]>;
const en = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Messages;

const NOTICE = '.reunion-notice';
const PATHS = ['/home', '/news', '/nb/home', '/nb/news'] as const;
const isNb = (path: string) => path.startsWith('/nb');

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

/** Instants around each midnight in Rolette (Central Daylight Time, UTC-5, in July). */
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

async function expectNotice(page: Page, [heading, text]: [string, string]) {
  const notice = page.locator(NOTICE);
  await expect(notice.getByRole('heading', { level: 2 })).toHaveText(heading);
  await expect(notice).toContainText(text);
}

/** English pieces (4+ characters) of the notice's messages found in a text: none may be on a Norwegian page. */
function englishTimelineText(text: string): string[] {
  return Object.entries(en)
    .filter(([key]) => key.startsWith('timeline_') && key !== 'timeline_calendar_file_name')
    .flatMap(([key, value]) =>
      (typeof value === 'string' ? [value] : value.flatMap((v) => Object.values(v.match)))
        .flatMap((variant) => variant.split(/\{[^}]*\}/))
        .map((piece) => piece.trim().replace(/^[\s.,:;!–-]+|[\s.,:;!–-]+$/g, ''))
        .filter((piece) => piece.length >= 4 && text.includes(piece))
        .map((piece) => `${key}: "${piece}"`),
    );
}

test.describe('where the reunion stands', () => {
  for (const { at, ...expected } of INSTANTS) {
    for (const path of PATHS) {
      test(`${path} at ${at}`, async ({ page, problems }) => {
        await openAt(page, path, at);
        await expectNotice(page, isNb(path) ? expected.nb : expected.en);
        if (isNb(path)) expect(englishTimelineText(await page.locator(NOTICE).innerText())).toEqual([]);
        expect(problems.errors).toEqual([]);
      });
    }
  }

  test('without a set clock (today) the reunion is over, and the site says so', async ({ page }) => {
    // The machine's clock is past July 12, 2026, like every visitor's from now on.
    test.skip(Date.now() < Date.parse('2026-07-13T05:00:00Z'), 'only once the reunion is over');
    await page.goto('/home');
    await expectNotice(page, AFTER.en);
    await page.goto('/nb/news');
    await expectNotice(page, AFTER.nb);
  });

  async function inZone(browser: Browser, timezoneId: string, at: string, path: string) {
    const context = await browser.newContext({ timezoneId, baseURL: SITE_URL });
    const page = await context.newPage();
    await openAt(page, path, at);
    return { context, page };
  }

  test('counts in Central Time from a browser in Norway', async ({ browser }) => {
    // 06:59 on July 10 in Oslo is 23:59 on July 9 in Rolette: one day to go.
    const { context, page } = await inZone(browser, 'Europe/Oslo', '2026-07-10T06:59:00+02:00', '/nb/home');
    expect(await page.evaluate(() => [new Date().getDate(), new Date().getHours()])).toEqual([10, 6]);
    await expectNotice(page, ['1 dag igjen', BEFORE_TEXT_NB]);
    await page.clock.setFixedTime(new Date('2026-07-10T07:00:00+02:00'));
    await page.reload();
    await expectNotice(page, ['Slektstreffet er i gang', 'I dag er det dag 1 av 3: fredag 10. juli 2026.']);
    // 06:59 on July 13 in Oslo is still the last day in Rolette.
    await page.clock.setFixedTime(new Date('2026-07-13T06:59:00+02:00'));
    await page.reload();
    await expectNotice(page, ['Slektstreffet er i gang', 'I dag er det dag 3 av 3: søndag 12. juli 2026.']);
    await context.close();
  });

  test('counts in Central Time from a browser on the US west coast', async ({ browser }) => {
    // 22:30 on July 9 in Los Angeles is 00:30 on July 10 in Rolette.
    const { context, page } = await inZone(
      browser,
      'America/Los_Angeles',
      '2026-07-09T22:30:00-07:00',
      '/home',
    );
    expect(await page.evaluate(() => new Date().getDate())).toBe(9);
    await expectNotice(page, ['Happening now', 'Today is day 1 of 3: Friday, July 10th, 2026.']);
    await context.close();
  });

  test('changes at midnight in Rolette without a reload', async ({ page, problems }) => {
    await openAt(page, '/home', '2026-07-09T23:59:30-05:00');
    await expectNotice(page, ['1 day to go', BEFORE_TEXT]);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.clock.fastForward('00:45');
    await expectNotice(page, ['Happening now', 'Today is day 1 of 3: Friday, July 10th, 2026.']);
    await page.clock.fastForward('24:00:00');
    await expectNotice(page, ['Happening now', 'Today is day 2 of 3: Saturday, July 11th, 2026.']);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(problems.errors).toEqual([]);
  });

  test('ends at midnight after the last day without a reload, in Norwegian', async ({ page }) => {
    await openAt(page, '/nb/news', '2026-07-12T23:59:00-05:00');
    await expectNotice(page, ['Slektstreffet er i gang', 'I dag er det dag 3 av 3: søndag 12. juli 2026.']);
    await page.clock.fastForward('01:30');
    await expectNotice(page, AFTER.nb);
    await expect(page.locator(NOTICE).getByRole('link', { name: 'logg inn' })).toHaveAttribute(
      'href',
      '/nb/login',
    );
  });
});

test.describe('the build-time HTML', () => {
  test('holds only the notice’s room: it says nothing that a date could make untrue', async ({ request }) => {
    // (The pages' own texts are those of the build's day, the past once the reunion is over: e2e/news.spec.ts.)
    for (const path of PATHS) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div class="reunion-notice-room"></div>');
      for (const words of ['to go', 'Happening now', 'dager igjen', 'dag igjen', 'Slektstreffet er i gang'])
        expect(html, `${path}: ${words}`).not.toContain(words);
    }
  });

  for (const width of [390, 768, 1280]) {
    test(`filling the room after hydration moves nothing and warns of nothing, at ${width}px`, async ({
      page,
      problems,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await recordLayoutShifts(page);
      await page.clock.install({ time: new Date(BEFORE_AT) });
      for (const at of [BEFORE_AT, DURING_AT, AFTER_AT]) {
        await page.clock.setFixedTime(new Date(at));
        for (const path of PATHS) {
          await page.goto(path);
          await expect(page.locator(`${NOTICE} h2`)).toBeVisible();
          if (at !== AFTER_AT) await expect(page.locator('.calendar-choices a')).toHaveCount(3);
          await page.waitForLoadState('networkidle');
          const shifts = await layoutShifts(page);
          expect({ path, at, shifts }).toEqual({ path, at, shifts: [] });
        }
      }
      expect(problems.errors).toEqual([]);
    });
  }

  test('carries the reunion as a schema.org Event on Home, in each language', async ({ request, page }) => {
    for (const [path, name, lang] of [
      ['/home', 'Rolette Family Reunion 2026', 'en'],
      ['/nb/home', 'Slektstreff i Rolette 2026', 'nb'],
    ] as const) {
      const html = await (await request.get(path)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
      expect(blocks).toHaveLength(1);
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
    expect(await (await request.get('/news')).text()).not.toContain('application/ld+json');
    // The browser keeps the one data block through hydration (React does not render it).
    await page.goto('/nb/home');
    await expect(page.locator(`${NOTICE} h2`)).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });
});

test.describe('add to calendar', () => {
  test('before and during the reunion: the file, Google Calendar and Outlook, in the page’s language', async ({
    page,
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

  test('the calendar file downloads under the language’s name', async ({ page, request }) => {
    await openAt(page, '/nb/home', BEFORE_AT);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Kalenderfil (.ics)' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('slektstreff-rolette-2026.ics');
    const served = await (await request.get('/nb/calendar/rolette-reunion-2026.ics')).body();
    expect(readFileSync(await download.path()).equals(served)).toBe(true);
  });

  test('after the reunion there is nothing to add', async ({ page }) => {
    await openAt(page, '/home', AFTER_AT);
    await expectNotice(page, AFTER.en);
    await expect(page.locator('.calendar-choices')).toHaveCount(0);
  });

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
    test(`${path} is served as text/calendar and reads as one all-day event (ical.js)`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
      expect(response.headers()['content-security-policy']).toContain("default-src 'self'");
      const bytes = await response.body();
      const text = bytes.toString('utf8');
      expect(Buffer.from(text, 'utf8').equals(bytes)).toBe(true); // valid UTF-8
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // every line ends with CRLF
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.name).toBe('vcalendar');
      expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
      const events = calendar.getAllSubcomponents('vevent');
      expect(events).toHaveLength(1);
      const event = new ICAL.Event(events[0]!);
      expect(event.summary).toBe(summary);
      expect(event.location).toBe(location);
      expect(event.description).toContain(words);
      expect(event.description).toMatch(new RegExp(`\\n\\nhttps://[^/]+${lang === 'nb' ? '/nb' : ''}/home$`));
      expect(event.uid).toMatch(/^rolette-family-reunion-2026@/);
      expect(event.startDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe('2026-07-10');
      expect(event.endDate.isDate).toBe(true);
      expect(event.endDate.toString()).toBe('2026-07-13');
      expect(events[0]!.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-22T00:00:00Z');
      expect(events[0]!.getFirstProperty('summary')?.getParameter('language')).toBe(lang);
    });
  }

  test('both files are the same event', async ({ request }) => {
    const uid = async (path: string) =>
      new ICAL.Event(
        new ICAL.Component(ICAL.parse(await (await request.get(path)).text())).getFirstSubcomponent(
          'vevent',
        )!,
      ).uid;
    expect(await uid('/calendar/rolette-reunion-2026.ics')).toBe(
      await uid('/nb/calendar/rolette-reunion-2026.ics'),
    );
  });
});

test.describe('after the reunion, the photos and recordings', () => {
  test('a visitor is sent to sign in, in each language', async ({ page }) => {
    await openAt(page, '/home', AFTER_AT);
    await page.locator(NOTICE).getByRole('link', { name: 'log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Members Login' })).toBeVisible();
    await page.goto('/nb/news');
    await expect(page.locator(NOTICE).getByRole('link', { name: 'logg inn' })).toHaveAttribute(
      'href',
      '/nb/login',
    );
  });

  test('a member is sent to the members area', async ({ page }) => {
    // Signed in with the real clock (the Auth emulator's tokens carry it): only once the reunion is over.
    test.skip(Date.now() < Date.parse('2026-07-13T05:00:00Z'), 'only once the reunion is over');
    await signInAsMember(page);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Home', exact: true }).click();
    const link = page.locator(NOTICE).getByRole('link', { name: 'the members area' });
    await expect(link).toHaveAttribute('href', '/members');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members Area' })).toBeVisible();
  });
});

test.describe('accessibility and faults', () => {
  for (const [path, at] of [
    ['/home', BEFORE_AT],
    ['/nb/news', DURING_AT],
    ['/nb/home', AFTER_AT],
  ] as const) {
    test(`${path} with its notice (${at}) has no axe violation, on a phone and a desktop`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openAt(page, path, at);
      for (const size of [
        { width: 390, height: 844 },
        { width: 1280, height: 900 },
      ]) {
        await page.setViewportSize(size);
        await expect(page.locator(`${NOTICE} h2`)).toBeVisible();
        await expectNoViolations(page, `${path} ${at} ${size.width}px`);
      }
    });
  }

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
