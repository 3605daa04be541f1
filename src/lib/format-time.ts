/**
 * A moment written for people, in a given time zone and the page's language: "July 11th, 2026, 2:03 PM" /
 * "11. juli 2026 kl. 14.03" (Norwegian newspapers' form of a time in running text, as the copy editor asked,
 * rather than the spec's HH:mm). For the photos: when each was taken, shown as the clocks in Rolette showed it.
 * Apart from ./format, which the public pages load at once.
 */
import { formatLongDate } from './format';
import { currentLocale } from './locale';
import { type Locale } from './locale-path';
import { wallTimeIn } from './zoned-date';

const pad = (value: number) => String(value).padStart(2, '0');

export function formatDateTimeIn(instant: Date, timeZone: string, locale: Locale = currentLocale()): string {
  const { date, hour, minute } = wallTimeIn(instant, timeZone);
  const day = formatLongDate(date, locale);
  if (locale === 'nb') return `${day} kl. ${pad(hour)}.${pad(minute)}`;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${day}, ${hour12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}
