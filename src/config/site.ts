/** Site-wide facts and titles (spec section 9). */
export const SITE_TITLE = 'Rolette Family Reunion 2026';
export const SITE_SUBTITLE = 'Descendants of two Norwegian immigrant families · July 10th–12th, 2026';
export const REUNION_START = '2026-07-10';
export const REUNION_END = '2026-07-12';
