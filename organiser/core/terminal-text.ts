/**
 * Text from relatives (captions, display names, file names), printed in an organiser's terminal as text only. A
 * terminal acts on control characters and escape sequences: a caption could otherwise move the cursor and rewrite
 * lines already printed, change the window's title, or (where a terminal allows OSC 52) set the clipboard. Removed
 * here: whole escape sequences (7-bit ESC and their 8-bit C1 forms), every other C0 and C1 control character, DEL,
 * and the Unicode controls that reorder how a line is shown (bidirectional embeddings, overrides and isolates).
 */

/** ESC [ ... final, ESC ] ... (BEL | ESC \), ESC P/X/^/_ ... ESC \, and ESC with one more character. */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[ -~]?/g;
/** The same in their 8-bit forms: CSI (U+009B), OSC (U+009D), DCS, SOS, PM and APC, up to ST (U+009C) or BEL. */
const C1_SEQUENCE =
  // eslint-disable-next-line no-control-regex
  /\u009b[0-?]*[ -/]*[@-~]|[\u009d\u0090\u0098\u009e\u009f][^\u0007\u009c]*[\u0007\u009c]?/g;
/** Any control character left (C0 but tab and line feed, DEL, C1) and the bidirectional controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The text with every escape sequence and control character removed; tabs and line breaks kept. */
export function printable(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(C1_SEQUENCE, '').replace(CONTROL, '');
}

/** One line of printable text: as printable(), with every run of white space (line breaks too) one space. */
export function oneLine(text: string): string {
  return printable(text).replace(/\s+/g, ' ').trim();
}
