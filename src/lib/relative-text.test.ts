import { describe, expect, it } from 'vitest';
import { cleanText } from './relative-text';

describe('cleanText', () => {
  it('one line: control characters and line breaks become spaces, runs of spaces one, trimmed', () => {
    expect(cleanText('  Ole\n\tHaugen\u0007 \u2028(grandfather)  ')).toBe('Ole Haugen (grandfather)');
  });

  it('removes the bidirectional controls that make a name read as an address it is not', () => {
    // "Organiser Anne <organiser@example.com>" written backwards behind a right-to-left override.
    const spoof = 'Anne \u202E>moc.elpmaxe@resinagro<\u202C';
    expect(cleanText(spoof)).toBe('Anne >moc.elpmaxe@resinagro<');
    for (const control of [
      '\u202A',
      '\u202B',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ])
      expect(cleanText(`a${control}b`), control.codePointAt(0)!.toString(16)).toBe('ab');
  });

  it('removes zero-width and other invisible characters, so that two names that look the same are the same', () => {
    expect(cleanText('O\u200Ble\u200C Hau\u00ADgen\uFEFF\u2060')).toBe('Ole Haugen');
    expect(cleanText('Kari\u3164Dahl\u115F')).toBe('KariDahl');
    expect(cleanText('\u200B\u200D')).toBe('');
  });

  it('keeps the joiner of an emoji sequence, and nothing else of the kind', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(cleanText(`Familien ${family}`)).toBe(`Familien ${family}`);
    const heart = '\u2764\uFE0F\u200D\u{1F525}';
    expect(cleanText(heart)).toBe(heart);
    expect(cleanText('Ole\u200DHaugen')).toBe('OleHaugen');
  });

  it('composes letters typed as a base and a mark (NFC), and keeps the letters of every language', () => {
    expect(cleanText('Sa\u030Athe')).toBe('S\u00E5the');
    expect(cleanText('A\u030Ase')).toBe('Åse');
    expect(cleanText('Ærlig Øyvind, Åsa; Zoë, Łukasz, 山田, محمد')).toBe(
      'Ærlig Øyvind, Åsa; Zoë, Łukasz, 山田, محمد',
    );
  });

  it('is idempotent: what is shown for review, cleaned again when stored, does not change', () => {
    for (const text of ['  a\u202E\u200Bb\n c ', 'Åse', '\u{1F468}\u200D\u{1F469}']) {
      expect(cleanText(cleanText(text))).toBe(cleanText(text));
    }
  });
});
