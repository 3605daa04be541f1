import { config } from '../../config/env';
import { REUNION_EVENT_UPDATED, REUNION_START } from '../../config/site';
import { LOCALE_FACTS } from '../../lib/locale';
import { type Locale } from '../../lib/locale-path';
import { icsCalendar } from './ics';
import { calendarFilePath, REUNION_END_EXCLUSIVE, reunionEventTexts } from './reunion-event';

/** The same for every language and every build: calendars see one event, whichever file they import. */
export function reunionEventUid(siteUrl: string = config.siteUrl): string {
  return `rolette-family-reunion-2026@${new URL(siteUrl).hostname}`;
}

/**
 * The calendar file of a language (written at build time by tools/build/prerender.ts, served while developing by
 * tools/build/calendar-dev.ts): where it is served, and its text.
 */
export function calendarFile(locale: Locale): { path: string; content: string } {
  const texts = reunionEventTexts(locale);
  return {
    path: calendarFilePath(locale),
    content: icsCalendar(
      {
        uid: reunionEventUid(),
        stamp: new Date(REUNION_EVENT_UPDATED),
        start: REUNION_START,
        endExclusive: REUNION_END_EXCLUSIVE,
        summary: texts.title,
        description: `${texts.description}\n\n${texts.url}`,
        location: texts.location,
        url: texts.url,
        language: LOCALE_FACTS[locale].tag,
      },
      { productId: `-//Rolette Family Reunion 2026//Website//${locale.toUpperCase()}` },
    ),
  };
}
