import { escapeText, foldLine, icsCalendar, type AllDayEvent } from './ics';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and line breaks, backslash first', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('Rolette, North Dakota; USA')).toBe('Rolette\\, North Dakota\\; USA');
    expect(escapeText('\\,')).toBe('\\\\\\,');
    expect(escapeText('æøå: «ok»')).toBe('æøå: «ok»');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets whole, and ends it with CRLF', () => {
    const line = 'X'.repeat(75);
    expect(foldLine(line)).toBe(`${line}\r\n`);
  });

  it('folds at 75 octets, each continuation starting with a space that counts', () => {
    const folded = foldLine('A'.repeat(200));
    const lines = folded.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.map(octets)).toEqual([75, 75, 52]); // 75 + 74 + 51 characters
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join('')).toBe('A'.repeat(200));
  });

  it('counts a Norwegian letter as two octets and never splits one', () => {
    // 74 ASCII octets, then "ø" (2 octets) would make 76: it moves to the next line.
    const folded = foldLine(`${'x'.repeat(74)}ø${'å'.repeat(40)}`);
    const lines = folded.split('\r\n').slice(0, -1);
    expect(lines[0]).toBe('x'.repeat(74));
    expect(lines.every((line) => octets(line) <= 75)).toBe(true);
    expect(lines[1]).toBe(` ø${'å'.repeat(36)}`);
    expect(octets(lines[1]!)).toBe(75);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join('')).toBe(
      `${'x'.repeat(74)}ø${'å'.repeat(40)}`,
    );
  });

  it('keeps characters outside the BMP (4 octets) whole', () => {
    const folded = foldLine(`${'x'.repeat(73)}🇳🇴`);
    const lines = folded.split('\r\n').slice(0, -1);
    expect(lines).toEqual(['x'.repeat(73), ' 🇳🇴']);
  });
});

describe('icsCalendar', () => {
  const event: AllDayEvent = {
    uid: 'reunion-2026@example.org',
    stamp: new Date('2026-11-22T00:00:00Z'),
    start: '2026-07-10',
    endExclusive: '2026-07-13',
    summary: 'Slektstreff i Rolette 2026',
    description: `Tidskapselen fra 1976 åpnes, fylles på nytt og forsegles igjen fram til 2076. ${'Mer, og mer; '.repeat(5)}`,
    location: 'Rolette i North Dakota, USA',
    url: 'https://example.org/nb/home',
    language: 'nb',
  };

  it('writes one all-day event with CRLF line ends and lines of at most 75 octets', () => {
    const file = icsCalendar(event, { productId: '-//Example//Website//NB' });
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of file.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const unfolded = file.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nDTSTART;VALUE=DATE:20260710\r\n');
    expect(unfolded).toContain('\r\nDTEND;VALUE=DATE:20260713\r\n');
    expect(unfolded).toContain('\r\nDTSTAMP:20261122T000000Z\r\n');
    expect(unfolded).toContain('\r\nUID:reunion-2026@example.org\r\n');
    expect(unfolded).toContain('\r\nLOCATION;LANGUAGE=nb:Rolette i North Dakota\\, USA\r\n');
    expect(unfolded).toContain('Mer\\, og mer\\; ');
    expect(unfolded.indexOf('BEGIN:VEVENT')).toBeLessThan(unfolded.indexOf('END:VEVENT'));
  });

  it('writes the same bytes every time', () => {
    const info = { productId: '-//Example//Website//NB' };
    expect(icsCalendar(event, info)).toBe(icsCalendar({ ...event }, info));
  });

  it('refuses a date that is not an ISO date', () => {
    expect(() => icsCalendar({ ...event, start: '10.07.2026' }, { productId: 'x' })).toThrow(
      /Not an ISO date/,
    );
  });
});
