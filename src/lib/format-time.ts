/**
 * A moment written for people, in a given time zone and the page's language: "July 11th, 2026, 2:03 PM" /
 * "11. juli 2026 kl. 14:03" (the spec's Bokmål time pattern HH:mm). For the photos: when each was taken, shown
 * as the clocks in Rolette showed it. Apart from ./format, which the public pages load at once.
 */
import { formatLongDate } from './format';
import { currentLocale, type Locale } from './locale';

const pad = (value: number) => String(value).padStart(2, '0');
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD), hour and minute a clock in `timeZone` shows at `instant`. */
function wallTimeIn(instant: Date, timeZone: string): { date: string; hour: number; minute: number } {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    clocks.set(timeZone, clock);
  }
  const parts: Record<string, string> = {};
  for (const part of clock.formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

export function formatDateTimeIn(instant: Date, timeZone: string, locale: Locale = currentLocale()): string {
  const { date, hour, minute } = wallTimeIn(instant, timeZone);
  const day = formatLongDate(date, locale);
  if (locale === 'nb') return `${day} kl. ${pad(hour)}:${pad(minute)}`;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${day}, ${hour12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}
