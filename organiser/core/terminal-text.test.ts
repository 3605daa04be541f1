import { describe, expect, it } from 'vitest';
import { oneLine, printable } from './terminal-text.ts';

describe('printable', () => {
  it.each([
    ['a CSI that erases the line and moves up', 'ok\u001b[2K\u001b[1Adone', 'okdone'],
    ['colours', '\u001b[31mred\u001b[0m', 'red'],
    ['OSC 52 (set the clipboard), ended by BEL', 'a\u001b]52;c;cm0gLXJmIH4=\u0007b', 'ab'],
    ['a window title, ended by ST', 'a\u001b]0;title\u001b\\b', 'ab'],
    ['a DCS string', 'a\u001bPq#0;2;0;0;0\u001b\\b', 'ab'],
    ['an OSC that is never ended', 'a\u001b]8;;https://example.org', 'a'],
    ['a two-character escape (reset)', 'a\u001bcb', 'ab'],
    ['an 8-bit CSI', 'a\u009b31mb', 'ab'],
    ['an 8-bit OSC ended by ST', 'a\u009d0;title\u009cb', 'ab'],
    ['C0 controls, carriage return and backspace', 'ab\rc\bd\u0000e\u0007', 'abcde'],
    ['DEL and lone C1 controls', 'a\u007fb\u0085c', 'abc'],
    ['bidirectional overrides and isolates', 'a\u202eevil\u202c\u2066b\u2069', 'aevilb'],
  ])('removes %s', (_what, text, shown) => expect(printable(text)).toBe(shown));

  it('keeps text, tabs and line breaks, letters of every script and emoji', () => {
    const text = 'Bestemors 90-årsdag\tØystein\nПривет 😀 – «sitat»';
    expect(printable(text)).toBe(text);
  });
});

describe('oneLine', () => {
  it('is printable text on one line', () => {
    expect(oneLine('  Leaving\non\tSunday\u001b[2K  ')).toBe('Leaving on Sunday');
  });
});
