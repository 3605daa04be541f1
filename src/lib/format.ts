/**
 * The one formatting module: every date, time or amount the site shows goes through here.
 * The interface follows Norwegian Bokmål conventions (dd.MM.y, HH:mm, weeks from Monday, NOK).
 */
export const LOCALE = 'nb-NO';

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'NOK' });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });

/**
 * Calendar dates are kept as ISO strings (YYYY-MM-DD) and read as UTC, so a date never shifts a day with
 * the visitor's time zone.
 */
export function parseIsoDate(iso: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1) throw new Error(`Not a calendar date: ${iso}`);
  return date;
}

/** dd.MM.y, e.g. 10.07.2026 */
export function formatDate(iso: string): string {
  return dateFormat.format(parseIsoDate(iso));
}

/** dd.MM.y–dd.MM.y, e.g. 10.07.2026–12.07.2026 */
export function formatDateRange(startIso: string, endIso: string): string {
  return `${formatDate(startIso)}–${formatDate(endIso)}`;
}

/** HH:mm on the 24-hour clock from "HH:mm" or a Date (read as UTC). */
export function formatTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(`1970-01-01T${value}:00Z`) : value;
  if (Number.isNaN(date.getTime())) throw new Error(`Not a time: ${String(value)}`);
  return timeFormat.format(date);
}

export function formatMoney(amount: number): string {
  return moneyFormat.format(amount);
}

/** 0..1 -> "42 %" */
export function formatPercent(fraction: number): string {
  return percentFormat.format(fraction);
}

/** First day of the week in the site's locale: 1 = Monday ... 7 = Sunday (ISO numbering). */
export function firstDayOfWeek(): number {
  const locale = new Intl.Locale(LOCALE) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  return locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay ?? 1;
}
