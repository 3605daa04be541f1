import {
  formatDateRange,
  formatLongDate,
  formatNumber,
  formatPercent,
  formatWeekdayDate,
  noBreakInRanges,
  parseIsoDate,
  WORD_JOINER,
} from './format';

/** The text as read: without the word joiners that keep a range on one line. */
const read = (text: string) => text.replaceAll(WORD_JOINER, '');

describe('format', () => {
  it('writes a date with the month named, in each language', () => {
    expect(formatLongDate('2026-03-12', 'en')).toBe('March 12th, 2026');
    expect(formatLongDate('2026-11-23', 'en')).toBe('November 23rd, 2026');
    expect(
      ['01', '02', '03', '04', '11', '12', '13', '21', '22', '31'].map((day) =>
        formatLongDate(`2026-01-${day}`, 'en'),
      ),
    ).toEqual([
      'January 1st, 2026',
      'January 2nd, 2026',
      'January 3rd, 2026',
      'January 4th, 2026',
      'January 11th, 2026',
      'January 12th, 2026',
      'January 13th, 2026',
      'January 21st, 2026',
      'January 22nd, 2026',
      'January 31st, 2026',
    ]);
    expect(formatLongDate('2026-03-12', 'nb')).toBe('12. mars 2026');
    expect(formatLongDate('1976-07-04', 'nb')).toBe('4. juli 1976');
  });

  it('writes a date with its weekday, in each language', () => {
    expect(formatWeekdayDate('2026-07-10', 'en')).toBe('Friday, July 10th, 2026');
    expect(formatWeekdayDate('2026-07-10', 'nb')).toBe('fredag 10. juli 2026');
    expect(formatWeekdayDate('2026-07-12', 'en')).toBe('Sunday, July 12th, 2026');
    expect(formatWeekdayDate('2026-07-12', 'nb')).toBe('søndag 12. juli 2026');
  });

  it('writes the reunion days as a range, the way the spec writes them in English', () => {
    expect(read(formatDateRange('2026-07-10', '2026-07-12', 'en'))).toBe('July 10th–12th, 2026');
    expect(read(formatDateRange('2026-07-10', '2026-07-12', 'nb'))).toBe('10.–12. juli 2026');
  });

  it('never breaks a range after its dash ("10.–" at the end of a line)', () => {
    expect(formatDateRange('2026-07-10', '2026-07-12', 'nb')).toBe(`10.–${WORD_JOINER}12. juli 2026`);
    expect(formatDateRange('2026-07-10', '2026-07-12', 'en')).toBe(`July 10th–${WORD_JOINER}12th, 2026`);
    expect(noBreakInRanges('1905–1980 og 10.–12. juli, ikke 5 – 6')).toBe(
      `1905–${WORD_JOINER}1980 og 10.–${WORD_JOINER}12. juli, ikke 5 – 6`,
    );
  });

  it('writes ranges across months and years', () => {
    expect(read(formatDateRange('2026-06-30', '2026-07-02', 'en'))).toBe('June 30th – July 2nd, 2026');
    expect(read(formatDateRange('2026-06-30', '2026-07-02', 'nb'))).toBe('30. juni\u00a0– 2. juli 2026');
    expect(read(formatDateRange('2025-12-30', '2026-01-02', 'en'))).toBe(
      'December 30th, 2025 – January 2nd, 2026',
    );
    expect(read(formatDateRange('2025-12-30', '2026-01-02', 'nb'))).toBe(
      '30. desember 2025\u00a0– 2. januar 2026',
    );
  });

  it('never shifts a calendar date with the time zone', () => {
    expect(parseIsoDate('2026-07-12').toISOString()).toBe('2026-07-12T00:00:00.000Z');
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => formatLongDate('10.07.2026', 'en')).toThrow(/Not an ISO date/);
    expect(() => formatLongDate('2026-02-30', 'nb')).toThrow(/Not a calendar date/);
  });

  it('writes whole numbers the way each language groups them', () => {
    expect(formatNumber(45, 'en')).toBe('45');
    expect(formatNumber(45, 'nb')).toBe('45');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234, 'nb')).toBe('1\u00a0234');
  });

  it('writes percentages the way each language does', () => {
    expect(formatPercent(0.42, 'en')).toBe('42%');
    expect(formatPercent(0.42, 'nb')).toBe('42\u00a0%');
    expect(formatPercent(1, 'nb')).toBe('100\u00a0%');
  });
});
