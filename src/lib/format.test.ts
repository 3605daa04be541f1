import {
  firstDayOfWeek,
  formatDate,
  formatDateRange,
  formatMoney,
  formatPercent,
  formatTime,
  parseIsoDate,
} from './format';

describe('format', () => {
  it('formats dates as dd.MM.y', () => {
    expect(formatDate('2026-07-10')).toBe('10.07.2026');
    expect(formatDate('1976-01-05')).toBe('05.01.1976');
  });

  it('never shifts a calendar date with the time zone', () => {
    expect(parseIsoDate('2026-07-12').toISOString()).toBe('2026-07-12T00:00:00.000Z');
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => formatDate('10.07.2026')).toThrow(/Not an ISO date/);
    expect(() => formatDate('2026-02-30')).toThrow(/Not a calendar date/);
  });

  it('formats a date range', () => {
    expect(formatDateRange('2026-07-10', '2026-07-12')).toBe('10.07.2026–12.07.2026');
  });

  it('formats times as HH:mm on the 24-hour clock', () => {
    expect(formatTime('19:05')).toBe('19:05');
    expect(formatTime('07:30')).toBe('07:30');
    expect(formatTime(new Date(Date.UTC(2026, 6, 10, 0, 0)))).toBe('00:00');
    expect(() => formatTime('25:99')).toThrow(/Not a time/);
  });

  it('formats money in Norwegian kroner', () => {
    expect(formatMoney(1234.5).replace(/\s/g, ' ')).toBe('1 234,50 kr');
  });

  it('formats percentages', () => {
    expect(formatPercent(0.42).replace(/\s/g, ' ')).toBe('42 %');
  });

  it('starts the week on Monday', () => {
    expect(firstDayOfWeek()).toBe(1);
  });
});
