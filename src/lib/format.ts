/**
 * The one formatting module: every date and number the site shows goes through here, in the page's
 * language. Norwegian pages follow Norwegian Bokmål conventions (nb-NO: "12. mars 2026", "42 %", weeks
 * from Monday); English pages US English ("March 12th, 2026", "42%").
 *
 * Dates written for people to read carry the month's name, so that no reader takes 10.07 for October 7,
 * and are written one way in each language: English with ordinals as the spec writes the reunion's days
 * ("July 10th–12th, 2026", "Friday, July 10th, 2026"), Norwegian as Bokmål writes them ("10.–12. juli 2026").
 * A range of days never breaks after its dash (a word joiner follows it).
 * Only the month's name comes from Intl; the order and punctuation are ours, so the text is the same in
 * Node (build-time HTML) and in every browser, whatever ICU version each carries, and hydration matches.
 *
 * Counts and file sizes (the members area only) are in ./format-sizes, so that this module, which the public
 * pages load at once, stays as small as they need.
 */
import { currentLocale } from './locale.ts';
import { type Locale } from './locale-path.ts';

const INTL_TAG: Record<Locale, string> = { en: 'en-US', nb: 'nb-NO' };

/**
 * Calendar dates are kept as ISO strings (YYYY-MM-DD) and read as UTC, so a date never shifts a day with
 * the visitor's time zone.
 */
export function parseIsoDate(iso: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d))
    throw new Error(`Not a calendar date: ${iso}`);
  return date;
}

const monthFormats = new Map<Locale, Intl.DateTimeFormat>();

function monthName(date: Date, locale: Locale): string {
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_TAG[locale], { month: 'long', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format.format(date);
}

interface Parts {
  day: number;
  month: string;
  year: number;
}

function partsOf(iso: string, locale: Locale): Parts {
  const date = parseIsoDate(iso);
  return { day: date.getUTCDate(), month: monthName(date, locale), year: date.getUTCFullYear() };
}

/** An invisible character that keeps the two characters around it on one line (U+2060 WORD JOINER). */
export const WORD_JOINER = '\u2060';

/** A text whose number ranges ("10.–12.", "10th–12th", "1976–2026") never break after the dash. */
export function noBreakInRanges(text: string): string {
  return text.replace(/(\d(?:\.|st|nd|rd|th)?–)(?=\d)/g, `$1${WORD_JOINER}`);
}

/** English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, ... */
function ordinal(day: number): string {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** "March 12th, 2026" / "12. mars 2026" */
export function formatLongDate(iso: string, locale: Locale = currentLocale()): string {
  const { day, month, year } = partsOf(iso, locale);
  return locale === 'nb' ? `${day}. ${month} ${year}` : `${month} ${ordinal(day)}, ${year}`;
}

const weekdayFormats = new Map<Locale, Intl.DateTimeFormat>();

function weekdayName(date: Date, locale: Locale): string {
  let format = weekdayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_TAG[locale], { weekday: 'long', timeZone: 'UTC' });
    weekdayFormats.set(locale, format);
  }
  return format.format(date);
}

/** "Friday, July 10th, 2026" / "fredag 10. juli 2026" */
export function formatWeekdayDate(iso: string, locale: Locale = currentLocale()): string {
  const weekday = weekdayName(parseIsoDate(iso), locale);
  return locale === 'nb'
    ? `${weekday} ${formatLongDate(iso, locale)}`
    : `${weekday}, ${formatLongDate(iso, locale)}`;
}

/**
 * A span of days, written as people write it: "July 10th–12th, 2026" / "10.–12. juli 2026";
 * across months "June 30th – July 2nd, 2026" / "30. juni – 2. juli 2026"; across years in full. A word
 * joiner follows a dash between numbers, so the range never breaks there ("10.–" / "12. juli").
 */
export function formatDateRange(startIso: string, endIso: string, locale: Locale = currentLocale()): string {
  const start = partsOf(startIso, locale);
  const end = partsOf(endIso, locale);
  let range: string;
  if (start.year !== end.year) {
    // A dash between parts with spaces has spaces (Språkrådet); in Norwegian a line never starts with it.
    const separator = locale === 'nb' ? '\u00a0– ' : ' – ';
    range = `${formatLongDate(startIso, locale)}${separator}${formatLongDate(endIso, locale)}`;
  } else if (locale === 'nb') {
    range =
      start.month === end.month
        ? `${start.day}.–${end.day}. ${end.month} ${end.year}`
        : `${start.day}. ${start.month}\u00a0– ${end.day}. ${end.month} ${end.year}`;
  } else {
    range =
      start.month === end.month
        ? `${start.month} ${ordinal(start.day)}–${ordinal(end.day)}, ${end.year}`
        : `${start.month} ${ordinal(start.day)} – ${end.month} ${ordinal(end.day)}, ${end.year}`;
  }
  return noBreakInRanges(range);
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** A whole number: "1,234" / "1 234" (a no-break space groups the thousands in Norwegian). */
export function formatNumber(value: number, locale: Locale = currentLocale()): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAG[locale], { maximumFractionDigits: 0 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

const percentFormats = new Map<Locale, Intl.NumberFormat>();

/** 0..1 -> "42%" / "42 %" */
export function formatPercent(fraction: number, locale: Locale = currentLocale()): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAG[locale], { style: 'percent', maximumFractionDigits: 0 });
    percentFormats.set(locale, format);
  }
  return format.format(fraction);
}
