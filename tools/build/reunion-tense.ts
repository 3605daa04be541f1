/**
 * What the build tells the site's code about the reunion's tense (src/components/reunion-tense.tsx): the instant
 * it ended, whether this build is later, and which messages have a past twin. Read by vite.config.ts and
 * vitest.config.ts (so it imports only modules that Vite can load natively with a config).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
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

/** A message whose text speaks of the reunion as ahead has its past twin under the same key + `_past`. */
export const PAST_SUFFIX = '_past';

/** The keys of messages/en.json that have a past twin (`home_intro` for `home_intro` and `home_intro_past`). */
export function pastTwinKeys(messages: Record<string, unknown> = readMessages()): string[] {
  return Object.keys(messages).filter((key) => Object.hasOwn(messages, `${key}${PAST_SUFFIX}`));
}

function readMessages(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, 'messages', 'en.json'), 'utf8')) as Record<string, unknown>;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MESSAGES_DIR = join(ROOT, 'src', 'paraglide', 'messages');
const TWINS_ID = 'virtual:reunion-past-twins';
const MESSAGE_MODULE = /[\\/]src[\\/]paraglide[\\/]messages[\\/]([A-Za-z0-9_]+)\.js$/;

/**
 * The messages in the reunion's tense (src/components/reunion-tense.tsx), one way everywhere:
 * - built after the reunion, a message that has a past twin *is* that twin: its module re-exports the twin, so
 *   every page, the build-time HTML and the <head> say it in the past, and no text ahead reaches the build;
 * - `virtual:reunion-past-twins` maps each such message to its twin, for a site built before the reunion, whose
 *   pages switch to the past by the visitor's clock (after the reunion its only user is left out of the build).
 */
export function reunionTenseMessages(overAtBuild = reunionOverAtBuild()): Plugin {
  const twins = pastTwinKeys();
  const hasTwin = new Set(twins);
  return {
    name: 'reunion-tense-messages',
    enforce: 'pre',
    resolveId: (source) => (source === TWINS_ID ? `\0${TWINS_ID}` : undefined),
    load(id) {
      if (id === `\0${TWINS_ID}`) {
        const index = JSON.stringify(join(MESSAGES_DIR, '_index.js'));
        const names = twins.flatMap((key) => [key, `${key}${PAST_SUFFIX}`]);
        return {
          code:
            `import { ${names.join(', ')} } from ${index};\n` +
            `export const PAST_TWINS = new Map([${twins.map((key) => `[${key}, ${key}${PAST_SUFFIX}]`).join(', ')}]);\n`,
          moduleSideEffects: false,
        };
      }
      const key = overAtBuild ? MESSAGE_MODULE.exec(id.split('?')[0]!)?.[1] : undefined;
      if (!key || !hasTwin.has(key)) return undefined;
      return `export { ${key}${PAST_SUFFIX} as ${key} } from './${key}${PAST_SUFFIX}.js';\n`;
    },
  };
}
