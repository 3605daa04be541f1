/**
 * What the build tells the site's code about the reunion's tense (src/components/reunion-tense.tsx): the instant
 * it ended, and whether this build is later. Read by vite.config.ts and vitest.config.ts (so it imports only
 * modules that Vite can load natively with a config).
 */
import { REUNION_END, REUNION_TIME_ZONE } from '../../src/config/site.ts';
import { dateIn, dayNumber, isoOfDayNumber, startOfDayIn } from '../../src/lib/zoned-date.ts';

/** The instant the reunion ended: midnight in Rolette after its last day. */
export function reunionEndedAt(): Date {
  return startOfDayIn(isoOfDayNumber(dayNumber(REUNION_END) + 1), REUNION_TIME_ZONE);
}

/**
 * Whether the reunion is over on the build's day in Rolette, or on `buildDate` (YYYY-MM-DD, from
 * REUNION_BUILD_DATE: a test builds the site as it was built before the reunion).
 */
export function reunionOverAtBuild(buildDate: string | undefined = process.env.REUNION_BUILD_DATE): boolean {
  const day = buildDate ?? dateIn(new Date(), REUNION_TIME_ZONE);
  return dayNumber(day) > dayNumber(REUNION_END);
}

/** Vite's `define` for it. */
export function reunionTenseDefines(overAtBuild = reunionOverAtBuild()): Record<string, string> {
  return {
    __REUNION_ENDED_AT__: JSON.stringify(reunionEndedAt().getTime()),
    __REUNION_OVER_AT_BUILD__: JSON.stringify(overAtBuild),
  };
}
