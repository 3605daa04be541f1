/**
 * Calendar dates in a given time zone (an IANA name such as America/Chicago), from the visitor's clock. The
 * browser's own zone plays no part: Intl converts the instant, daylight saving time included.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time in `timeZone` at `instant`, written as if it were UTC (milliseconds since 1970). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) + (((instant % 1000) + 1000) % 1000);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of an ISO calendar date (YYYY-MM-DD). */
export function dayNumber(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** The ISO calendar date (YYYY-MM-DD) of a day number. */
export function isoOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date (YYYY-MM-DD) in `timeZone` at `now`. */
export function dateIn(now: Date, timeZone: string): string {
  return isoOfDayNumber(Math.floor(wallClock(now.getTime(), timeZone) / DAY_MS));
}

/**
 * The instant at which the wall-clock time `wall` (milliseconds since 1970, written as if it were UTC) is shown in
 * `timeZone`. A time in the hour that daylight saving time skips is read one hour earlier (standard time); one in the
 * hour it repeats, as the first of the two.
 */
export function instantOfWallClock(wall: number, timeZone: string): Date {
  // The zone's offset at a guess, corrected once more in case the guess fell on the other side of a
  // daylight-saving change.
  let instant = wall - (wallClock(wall, timeZone) - wall);
  instant = wall - (wallClock(instant, timeZone) - instant);
  return new Date(instant);
}

/** The instant at which the calendar date `iso` begins (its midnight) in `timeZone`. */
export function startOfDayIn(iso: string, timeZone: string): Date {
  return instantOfWallClock(dayNumber(iso) * DAY_MS, timeZone);
}

/** The calendar date (YYYY-MM-DD), hour and minute shown by a clock in `timeZone` at `instant`. */
export function wallTimeIn(instant: Date, timeZone: string): { date: string; hour: number; minute: number } {
  const wall = wallClock(instant.getTime(), timeZone);
  const date = new Date(wall);
  return { date: date.toISOString().slice(0, 10), hour: date.getUTCHours(), minute: date.getUTCMinutes() };
}

/** The next midnight in `timeZone` after `now`: when the date there changes. */
export function nextMidnightIn(now: Date, timeZone: string): Date {
  return startOfDayIn(isoOfDayNumber(dayNumber(dateIn(now, timeZone)) + 1), timeZone);
}
