import {
  dateIn,
  dayNumber,
  instantOfWallClock,
  isoOfDayNumber,
  nextMidnightIn,
  startOfDayIn,
  wallTimeIn,
} from './zoned-date';

const CHICAGO = 'America/Chicago';

describe('dateIn', () => {
  it('gives the date in Central Time, summer (UTC-5) and winter (UTC-6)', () => {
    expect(dateIn(new Date('2026-07-10T04:59:59.999Z'), CHICAGO)).toBe('2026-07-09');
    expect(dateIn(new Date('2026-07-10T05:00:00Z'), CHICAGO)).toBe('2026-07-10');
    expect(dateIn(new Date('2026-01-15T05:59:59Z'), CHICAGO)).toBe('2026-01-14');
    expect(dateIn(new Date('2026-01-15T06:00:00Z'), CHICAGO)).toBe('2026-01-15');
  });

  it('is the same instant whatever the clock was written in', () => {
    // 06:30 in Oslo on July 10 is still 23:30 on July 9 in Rolette.
    expect(dateIn(new Date('2026-07-10T06:30:00+02:00'), CHICAGO)).toBe('2026-07-09');
    expect(dateIn(new Date('2026-07-10T06:30:00+02:00'), 'Europe/Oslo')).toBe('2026-07-10');
  });
});

describe('startOfDayIn', () => {
  it('finds midnight in Central Time, on ordinary and daylight-saving days', () => {
    expect(startOfDayIn('2026-07-10', CHICAGO).toISOString()).toBe('2026-07-10T05:00:00.000Z');
    expect(startOfDayIn('2026-01-15', CHICAGO).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    // Summer time starts at 2:00 on March 8, 2026 and ends at 2:00 on November 1, 2026.
    expect(startOfDayIn('2026-03-08', CHICAGO).toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDayIn('2026-03-09', CHICAGO).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(startOfDayIn('2026-11-01', CHICAGO).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(startOfDayIn('2026-11-02', CHICAGO).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect(startOfDayIn('2026-03-29', 'Europe/Oslo').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});

describe('nextMidnightIn', () => {
  it('is the next change of date in the zone, 23 or 25 hours away on daylight-saving days', () => {
    expect(nextMidnightIn(new Date('2026-07-09T23:59:00-05:00'), CHICAGO).toISOString()).toBe(
      '2026-07-10T05:00:00.000Z',
    );
    expect(nextMidnightIn(new Date('2026-07-10T00:00:00-05:00'), CHICAGO).toISOString()).toBe(
      '2026-07-11T05:00:00.000Z',
    );
    expect(nextMidnightIn(new Date('2026-03-08T00:00:00-06:00'), CHICAGO).toISOString()).toBe(
      '2026-03-09T05:00:00.000Z',
    );
    expect(nextMidnightIn(new Date('2026-11-01T12:00:00-06:00'), CHICAGO).toISOString()).toBe(
      '2026-11-02T06:00:00.000Z',
    );
  });
});

describe('day numbers', () => {
  it('count whole calendar days, both ways', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2026-07-13') - dayNumber('2026-07-10')).toBe(3);
    expect(dayNumber('2026-03-09') - dayNumber('2026-03-08')).toBe(1);
    expect(isoOfDayNumber(dayNumber('2028-02-29'))).toBe('2028-02-29');
    expect(() => dayNumber('July 10')).toThrow(/Not an ISO date/);
  });
});

describe('instantOfWallClock', () => {
  it('reads a clock time in Central Time, summer and winter', () => {
    expect(instantOfWallClock(Date.UTC(2026, 6, 11, 14, 3, 22), CHICAGO).toISOString()).toBe(
      '2026-07-11T19:03:22.000Z',
    );
    expect(instantOfWallClock(Date.UTC(2026, 0, 15, 12), CHICAGO).toISOString()).toBe(
      '2026-01-15T18:00:00.000Z',
    );
  });

  it('reads a skipped time an hour earlier, and a repeated one as the first', () => {
    expect(instantOfWallClock(Date.UTC(2026, 2, 8, 2, 30), CHICAGO).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(instantOfWallClock(Date.UTC(2026, 10, 1, 1, 30), CHICAGO).toISOString()).toBe(
      '2026-11-01T06:30:00.000Z',
    );
  });
});

describe('wallTimeIn', () => {
  it('gives the date, hour and minute a clock in the zone shows', () => {
    expect(wallTimeIn(new Date('2026-07-11T19:03:22Z'), CHICAGO)).toEqual({
      date: '2026-07-11',
      hour: 14,
      minute: 3,
    });
    expect(wallTimeIn(new Date('2026-07-11T03:00:00Z'), CHICAGO)).toEqual({
      date: '2026-07-10',
      hour: 22,
      minute: 0,
    });
  });
});
