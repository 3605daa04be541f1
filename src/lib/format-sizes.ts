/**
 * Counts and file sizes in the page's language (the members area: how many files a search finds, the size of
 * the zip of every file). A module of its own so that the public pages' first load does not carry it; dates and
 * percentages are in ./format.
 */
import { currentLocale } from './locale';
import { type Locale } from './locale-path';

/** The same Intl locales as ./format (not imported from there: that would change the public pages' chunk). */
const INTL_TAG: Record<Locale, string> = { en: 'en-US', nb: 'nb-NO' };

const countFormats = new Map<Locale, Intl.NumberFormat>();
const decimalFormats = new Map<Locale, Intl.NumberFormat>();

function numberFormat(
  cache: Map<Locale, Intl.NumberFormat>,
  locale: Locale,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAG[locale], options);
    cache.set(locale, format);
  }
  return format;
}

/** A count of things: 1234 -> "1,234" / "1 234" (non-breaking space). */
export function formatCount(count: number, locale: Locale = currentLocale()): string {
  return numberFormat(countFormats, locale, { maximumFractionDigits: 0 }).format(count);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A file size, in units of 1024 as file managers show them: 532 B, 14 KB, 1.4 MB / 1,4 MB, with a
 * non-breaking space before the unit; one decimal below 10 of a unit, none above.
 */
export function formatBytes(bytes: number, locale: Locale = currentLocale()): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 1023.96 KB would round to "1024 KB": say 1 MB instead.
  if (unit < BYTE_UNITS.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const scale = 10 ** digits;
  const text = numberFormat(decimalFormats, locale, { maximumFractionDigits: 1 }).format(
    Math.round(value * scale) / scale,
  );
  return `${text}\u00a0${BYTE_UNITS[unit]}`;
}
