import { REUNION_END, REUNION_START, REUNION_TIME_ZONE } from '../../config/site';
import { dateIn, dayNumber, isoOfDayNumber, nextMidnightIn } from '../../lib/zoned-date';

/**
 * Where the reunion stands on a date in Rolette: days still to go, which of its days it is, or over.
 * Days are calendar days in Central Time (America/Chicago), so every visitor, in Norway or in the USA,
 * sees the count change at midnight in Rolette.
 */
export type ReunionPhase =
  | { kind: 'before'; daysToGo: number }
  | { kind: 'during'; day: number; days: number; date: string }
  | { kind: 'after' };

/** The date in Rolette (YYYY-MM-DD) at `now`. */
export function reunionDate(now: Date): string {
  return dateIn(now, REUNION_TIME_ZONE);
}

/** The phase on a calendar date in Rolette. */
export function phaseOn(date: string, start = REUNION_START, end = REUNION_END): ReunionPhase {
  const today = dayNumber(date);
  const first = dayNumber(start);
  const last = dayNumber(end);
  if (today < first) return { kind: 'before', daysToGo: first - today };
  if (today > last) return { kind: 'after' };
  return { kind: 'during', day: today - first + 1, days: last - first + 1, date: isoOfDayNumber(today) };
}

/** The phase at an instant, read from any clock. */
export function reunionPhase(now: Date): ReunionPhase {
  return phaseOn(reunionDate(now));
}

/** When the phase may change next (the next midnight in Rolette), or undefined once the reunion is over. */
export function nextPhaseChange(now: Date): Date | undefined {
  return reunionPhase(now).kind === 'after' ? undefined : nextMidnightIn(now, REUNION_TIME_ZONE);
}
