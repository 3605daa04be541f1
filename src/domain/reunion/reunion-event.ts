import { config } from '../../config/env';
import { pagePath } from '../../config/pages';
import { REUNION_END, REUNION_START } from '../../config/site';
import { localizePath } from '../../lib/locale';
import { type Locale } from '../../lib/locale-path';
import { dayNumber, isoOfDayNumber } from '../../lib/zoned-date';
import { m } from '../../paraglide/messages.js';

/**
 * The reunion as an event for calendars, in a language: its texts, the calendar file's address, and the
 * "add to calendar" links of Google Calendar and Outlook on the web. All-day dates: no time zone can shift
 * them.
 */
export interface ReunionEventTexts {
  title: string;
  description: string;
  location: string;
  /** The home page in that language. */
  url: string;
}

export function reunionEventTexts(locale: Locale): ReunionEventTexts {
  return {
    title: m.site_title({}, { locale }),
    description: m.timeline_event_description({}, { locale }),
    location: m.timeline_event_location({}, { locale }),
    url: `${config.siteUrl}${pagePath('home', locale)}`,
  };
}

/** The calendar file, written at build time for each language: /calendar/... and /nb/calendar/.... */
export function calendarFilePath(locale: Locale): string {
  return localizePath('/calendar/rolette-reunion-2026.ics', locale);
}

/** The day after the last day: where an all-day event's end lies (calendars take it as exclusive). */
export const REUNION_END_EXCLUSIVE = isoOfDayNumber(dayNumber(REUNION_END) + 1);

const compact = (iso: string) => iso.replace(/-/g, '');
const details = (event: ReunionEventTexts) => `${event.description}\n\n${event.url}`;

/** A query string with spaces as %20, not "+": Outlook shows a "+" as it is. */
function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Google Calendar's "create event" template, filled in. */
export function googleCalendarUrl(event: ReunionEventTexts): string {
  return `https://calendar.google.com/calendar/render?${query({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compact(REUNION_START)}/${compact(REUNION_END_EXCLUSIVE)}`,
    details: details(event),
    location: event.location,
  })}`;
}

/**
 * Outlook on the web's compose form, as an all-day event; the end date is exclusive there too. Microsoft does
 * not document these links: this is the form calendar widgets use today (outlook.live.com is Outlook.com, for
 * personal Microsoft accounts; work accounts would need outlook.office.com, not offered here).
 */
export function outlookCalendarUrl(event: ReunionEventTexts): string {
  return `https://outlook.live.com/calendar/0/action/compose?${query({
    rru: 'addevent',
    allday: 'true',
    startdt: REUNION_START,
    enddt: REUNION_END_EXCLUSIVE,
    subject: event.title,
    location: event.location,
    body: details(event),
  })}`;
}
