import { formatDateTimeIn } from './format-time';

const CHICAGO = 'America/Chicago';

describe('formatDateTimeIn', () => {
  it('writes the time a clock in Rolette showed, in each language', () => {
    const instant = new Date('2026-07-11T19:03:22Z');
    expect(formatDateTimeIn(instant, CHICAGO, 'en')).toBe('July 11th, 2026, 2:03 PM');
    expect(formatDateTimeIn(instant, CHICAGO, 'nb')).toBe('11. juli 2026 kl. 14.03');
  });

  it('writes midnight and noon as people do', () => {
    expect(formatDateTimeIn(new Date('2026-07-11T05:00:00Z'), CHICAGO, 'en')).toBe(
      'July 11th, 2026, 12:00 AM',
    );
    expect(formatDateTimeIn(new Date('2026-07-11T17:05:00Z'), CHICAGO, 'en')).toBe(
      'July 11th, 2026, 12:05 PM',
    );
    expect(formatDateTimeIn(new Date('2026-07-11T05:00:00Z'), CHICAGO, 'nb')).toBe('11. juli 2026 kl. 00.00');
  });
});
