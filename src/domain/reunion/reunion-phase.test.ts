import { nextPhaseChange, phaseOn, reunionPhase } from './reunion-phase';

describe('reunionPhase', () => {
  it('counts whole days to go until July 10 in Central Time', () => {
    expect(reunionPhase(new Date('2026-07-09T23:59:59-05:00'))).toEqual({ kind: 'before', daysToGo: 1 });
    expect(reunionPhase(new Date('2026-07-09T00:00:00-05:00'))).toEqual({ kind: 'before', daysToGo: 1 });
    expect(reunionPhase(new Date('2026-07-08T23:59:59-05:00'))).toEqual({ kind: 'before', daysToGo: 2 });
    // Across the change to summer time (March 8, 2026): still whole calendar days.
    expect(reunionPhase(new Date('2026-03-07T12:00:00-06:00'))).toEqual({ kind: 'before', daysToGo: 125 });
    expect(reunionPhase(new Date('2025-11-22T12:00:00-06:00'))).toEqual({ kind: 'before', daysToGo: 230 });
  });

  it('names the day of the reunion, from its first to its last minute', () => {
    expect(reunionPhase(new Date('2026-07-10T00:00:00-05:00'))).toEqual({
      kind: 'during',
      day: 1,
      days: 3,
      date: '2026-07-10',
    });
    expect(reunionPhase(new Date('2026-07-11T12:00:00-05:00'))).toMatchObject({ day: 2 });
    expect(reunionPhase(new Date('2026-07-12T23:59:59-05:00'))).toMatchObject({
      kind: 'during',
      day: 3,
      date: '2026-07-12',
    });
  });

  it('is over from midnight after the last day', () => {
    expect(reunionPhase(new Date('2026-07-13T00:00:00-05:00'))).toEqual({ kind: 'after' });
    expect(reunionPhase(new Date('2026-11-22T09:00:00+01:00'))).toEqual({ kind: 'after' });
  });

  it('follows the clock in Rolette, not the visitor’s: a Norwegian clock and a US clock agree', () => {
    // 06:30 on July 10 in Oslo is 23:30 on July 9 in Rolette: one day to go.
    expect(reunionPhase(new Date('2026-07-10T06:30:00+02:00'))).toEqual({ kind: 'before', daysToGo: 1 });
    // 07:00 in Oslo is midnight in Rolette: the first day.
    expect(reunionPhase(new Date('2026-07-10T07:00:00+02:00'))).toMatchObject({ kind: 'during', day: 1 });
    // 06:59 on July 13 in Oslo is still the last day in Rolette; 07:00 it is over.
    expect(reunionPhase(new Date('2026-07-13T06:59:59+02:00'))).toMatchObject({ kind: 'during', day: 3 });
    expect(reunionPhase(new Date('2026-07-13T07:00:00+02:00'))).toEqual({ kind: 'after' });
    // 22:59 on July 9 in Los Angeles is 00:59 on July 10 in Rolette.
    expect(reunionPhase(new Date('2026-07-09T22:59:00-07:00'))).toMatchObject({ kind: 'during', day: 1 });
  });
});

describe('phaseOn', () => {
  it('works for any span of days', () => {
    expect(phaseOn('2026-06-30', '2026-07-01', '2026-07-01')).toEqual({ kind: 'before', daysToGo: 1 });
    expect(phaseOn('2026-07-01', '2026-07-01', '2026-07-01')).toEqual({
      kind: 'during',
      day: 1,
      days: 1,
      date: '2026-07-01',
    });
    expect(phaseOn('2026-07-02', '2026-07-01', '2026-07-01')).toEqual({ kind: 'after' });
  });
});

describe('nextPhaseChange', () => {
  it('is the next midnight in Rolette while the reunion is ahead or under way, and never after it', () => {
    expect(nextPhaseChange(new Date('2026-07-09T23:59:00-05:00'))?.toISOString()).toBe(
      '2026-07-10T05:00:00.000Z',
    );
    expect(nextPhaseChange(new Date('2026-07-12T23:59:00-05:00'))?.toISOString()).toBe(
      '2026-07-13T05:00:00.000Z',
    );
    expect(nextPhaseChange(new Date('2026-07-13T00:00:00-05:00'))).toBeUndefined();
  });
});
