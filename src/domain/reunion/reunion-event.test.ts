import {
  calendarFilePath,
  googleCalendarUrl,
  outlookCalendarUrl,
  REUNION_END_EXCLUSIVE,
  reunionEventTexts,
} from './reunion-event';

describe('the reunion as a calendar event', () => {
  it('has its texts and home page in each language', () => {
    const en = reunionEventTexts('en');
    const nb = reunionEventTexts('nb');
    expect(en.title).toBe('Rolette Family Reunion 2026');
    expect(nb.title).toBe('Slektstreff i Rolette 2026');
    expect(en.location).toBe('Rolette, North Dakota, USA');
    expect(nb.location).toBe('Rolette, North Dakota, USA');
    expect(en.url).toMatch(/^https:\/\/[^/]+\/home$/);
    expect(nb.url).toMatch(/^https:\/\/[^/]+\/nb\/home$/);
    expect(nb.description).toContain('Tidskapselen');
  });

  it('ends the day after July 12 (an all-day end is exclusive)', () => {
    expect(REUNION_END_EXCLUSIVE).toBe('2026-07-13');
  });

  it('has one calendar file per language', () => {
    expect(calendarFilePath('en')).toBe('/calendar/rolette-reunion-2026.ics');
    expect(calendarFilePath('nb')).toBe('/nb/calendar/rolette-reunion-2026.ics');
  });

  it('fills in Google Calendar’s event template, all day from July 10 to 12', () => {
    const event = reunionEventTexts('nb');
    const url = new URL(googleCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Slektstreff i Rolette 2026');
    expect(url.searchParams.get('dates')).toBe('20260710/20260713');
    expect(url.searchParams.get('location')).toBe('Rolette, North Dakota, USA');
    expect(url.searchParams.get('details')).toBe(`${event.description}\n\n${event.url}`);
  });

  it('writes spaces as %20 (Outlook would show a "+")', () => {
    for (const url of [
      googleCalendarUrl(reunionEventTexts('nb')),
      outlookCalendarUrl(reunionEventTexts('nb')),
    ]) {
      expect(url).not.toContain('+');
      expect(url).toContain('Slektstreff%20i%20Rolette%202026');
    }
  });

  it('fills in Outlook’s compose form as an all-day event', () => {
    const event = reunionEventTexts('en');
    const url = new URL(outlookCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe('https://outlook.live.com/calendar/0/action/compose');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      rru: 'addevent',
      allday: 'true',
      startdt: '2026-07-10',
      enddt: '2026-07-13',
      subject: 'Rolette Family Reunion 2026',
      location: 'Rolette, North Dakota, USA',
      body: `${event.description}\n\n${event.url}`,
    });
  });
});
