/**
 * The reunion's facts, in one place: its days (spec section 9) as calendar dates in Rolette, the time zone
 * those days begin and end in, and the place. The phase notice, the calendar file and links, and the event
 * data for search engines all read them here.
 */
export const REUNION_START = '2026-07-10';
export const REUNION_END = '2026-07-12';

/** Rolette, North Dakota keeps Central Time: each reunion day begins at midnight there, wherever the visitor is. */
export const REUNION_TIME_ZONE = 'America/Chicago';

/** Where the reunion is held (the address parts are schema.org PostalAddress values: ISO region and country codes). */
export const REUNION_PLACE = { locality: 'Rolette', region: 'ND', country: 'US' } as const;

/**
 * When the facts above last changed (UTC): the calendar file's DTSTAMP, so the file is the same from build to
 * build. Move it forward whenever the dates or the place change, so calendars take the new version.
 */
export const REUNION_EVENT_UPDATED = '2026-11-22T00:00:00Z';
