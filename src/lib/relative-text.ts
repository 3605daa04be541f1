/**
 * Text a relative wrote (a suggested name or note, a caption, the name on an account), as the site shows it for
 * review and as it keeps it: one function for both, so that what an organiser approves is exactly what is stored.
 *
 * Removed: characters that are there but not seen, which let a text look like something it is not. The
 * bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) turn "moc.elpmaxe@enna" into
 * what reads as an address; zero-width spaces and joiners, the soft hyphen, the byte order mark and Unicode's other
 * format characters (general category Cf) hide a difference between two names that look the same; the Hangul
 * fillers show as blank letters. A zero-width joiner between two pictographs is kept: it is how a family emoji is
 * written, and hides nothing. Control characters (tabs, line breaks) become spaces, runs of spaces one, and the
 * text is one line, trimmed, in Unicode's composed form (NFC), so that "Ø" typed two ways is one name. A terminal's
 * escape sequences go whole (an organiser's command prints these texts), not only their ESC.
 */

/** ESC [ ... final, ESC ] ... (BEL | ESC \), ESC P/X/^/_ ... ESC \, and ESC with one more character. */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[ -~]?/g;
/** The same in their 8-bit forms: CSI (U+009B), OSC (U+009D), DCS, SOS, PM and APC, up to ST (U+009C) or BEL. */
const C1_SEQUENCE =
  // eslint-disable-next-line no-control-regex
  /\u009b[0-?]*[ -/]*[@-~]|[\u009d\u0090\u0098\u009e\u009f][^\u0007\u009c]*[\u0007\u009c]?/g;

/** The text without terminal escape sequences, 7-bit or 8-bit. */
export function withoutEscapeSequences(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(C1_SEQUENCE, '');
}

/**
 * Every format character (Cf) and Hangul filler, but a zero-width joiner between two pictographs (the second may
 * follow a variation selector on the first).
 */
const INVISIBLE =
  /(?!(?<=\p{Extended_Pictographic}[\uFE0E\uFE0F]?)\u200D(?=\p{Extended_Pictographic}))[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/gu;

export function cleanText(text: string): string {
  return withoutEscapeSequences(text)
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(LINE_BREAKING, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
