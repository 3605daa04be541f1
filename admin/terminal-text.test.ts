import { describe, expect, it } from 'vitest';
import { oneLine, printable, shortLine, utcMinute } from './terminal-text.ts';

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

describe('shortLine', () => {
  it('puts a relative’s text on one line, as text only, at most so many characters, an emoji whole', () => {
    expect(shortLine('  a\n b ', 50)).toBe('a b');
    expect(shortLine('a\u001b[31mb', 50)).toBe('ab');
    expect(shortLine('😀'.repeat(60), 50)).toBe(`${'😀'.repeat(49)}…`);
    expect(shortLine('x'.repeat(50), 50)).toBe('x'.repeat(50));
  });

  it('says `empty` for no text', () => {
    expect(shortLine('', 50, '-')).toBe('-');
    expect(shortLine(undefined, 50)).toBe('');
    expect(shortLine(' \u200B ', 50, '-')).toBe('-');
  });
});

describe('utcMinute', () => {
  it('prints a time to the minute in UTC, from ISO 8601 or the Admin SDK’s time strings', () => {
    expect(utcMinute('2026-07-11T19:03:22.000Z')).toBe('2026-07-11 19:03');
    expect(utcMinute('2026-07-11T14:03:22-05:00')).toBe('2026-07-11 19:03');
    expect(utcMinute('Fri, 01 May 2026 09:30:12 GMT')).toBe('2026-05-01 09:30');
  });

  it('"-" for none; anything else as one short line of text', () => {
    expect(utcMinute(null)).toBe('-');
    expect(utcMinute(undefined)).toBe('-');
    expect(utcMinute('yesterday\u001b[31m')).toBe('yesterday');
    expect(utcMinute(`soon\n${'x'.repeat(100)}`)).toBe(`soon ${'x'.repeat(34)}…`);
  });
});
