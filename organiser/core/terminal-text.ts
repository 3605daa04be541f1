/**
 * Text from relatives (captions, display names, file names), printed in an organiser's terminal as text only. A
 * terminal acts on control characters and escape sequences: a caption could otherwise move the cursor and rewrite
 * lines already printed, change the window's title, or (where a terminal allows OSC 52) set the clipboard. Removed
 * here: whole escape sequences (7-bit ESC and their 8-bit C1 forms), every other C0 and C1 control character, DEL,
 * and the Unicode controls that reorder how a line is shown (bidirectional embeddings, overrides and isolates).
 */

import { cleanText, withoutEscapeSequences } from '../../src/lib/relative-text.ts';

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
