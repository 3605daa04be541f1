/** The reunion's dates (spec section 9), as calendar dates in Rolette (America/Chicago). */
export const REUNION_START = '2026-07-10';
export const REUNION_END = '2026-07-12';
