/**
 * Text from relatives (captions, display names, file names), printed in an organiser's terminal as text only. A
 * terminal acts on control characters and escape sequences: a caption could otherwise move the cursor and rewrite
 * lines already printed, change the window's title, or (where a terminal allows OSC 52) set the clipboard. Removed
 * here: whole escape sequences (7-bit ESC and their 8-bit C1 forms), every other C0 and C1 control character, DEL,
 * and the Unicode controls that reorder how a line is shown (bidirectional embeddings, overrides and isolates).
 */

import { cleanText, withoutEscapeSequences } from '../src/lib/relative-text.ts';

/** Any control character left (C0 but tab and line feed, DEL, C1) and the bidirectional controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The text with every escape sequence and control character removed; tabs and line breaks kept. */
export function printable(text: string): string {
  return withoutEscapeSequences(text).replace(CONTROL, '');
}

/**
 * Text from a relative on one line, as the site shows it for review (cleanText: no line breaks, no invisible or
 * reordering characters) and without the escape sequences printable() removes.
 */
export function oneLine(text: string): string {
  return cleanText(printable(text));
}

/**
 * Text from a relative on one line (oneLine), at most `max` characters (code points: an emoji is not cut in half),
 * the last one an ellipsis when it was longer; `empty` when there is no text.
 */
export function shortLine(text: string | undefined, max: number, empty = ''): string {
  const line = oneLine(text ?? '');
  if (!line) return empty;
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/**
 * A time as the commands print one: '2026-07-11 19:03', in UTC, from an ISO 8601 time or the Admin SDK's time
 * strings; '-' when there is none; what it is otherwise, as one short line of text (it may come from a file a
 * relative's browser wrote).
 */
export function utcMinute(time: string | null | undefined): string {
  if (!time) return '-';
  const date = new Date(time);
  return Number.isNaN(date.getTime())
    ? shortLine(time, 40)
    : date.toISOString().slice(0, 16).replace('T', ' ');
}
