import { takenAtOf } from './taken-at';

const LAST_MODIFIED = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('takenAtOf', () => {
  it('reads an EXIF time without an offset as the reunion time (Central Daylight Time in July, UTC-5)', () => {
    const taken = takenAtOf({ dateTimeOriginal: '2026:07:11 14:03:22', hasGps: false }, LAST_MODIFIED);
    expect(taken).toEqual({ date: new Date('2026-07-11T19:03:22Z'), source: 'exif' });
  });

  it('uses OffsetTimeOriginal when the camera wrote it (a phone still on Norwegian time)', () => {
    const taken = takenAtOf(
      { dateTimeOriginal: '2026:07:11 21:03:22', offsetTimeOriginal: '+02:00', hasGps: false },
      LAST_MODIFIED,
    );
    expect(taken.date.toISOString()).toBe('2026-07-11T19:03:22.000Z');
  });

  it('reads a winter photo as Central Standard Time (UTC-6)', () => {
    const taken = takenAtOf({ dateTimeOriginal: '2026:01:15 12:00:00', hasGps: false }, LAST_MODIFIED);
    expect(taken.date.toISOString()).toBe('2026-01-15T18:00:00.000Z');
  });

  it('falls back to DateTimeDigitized, never to DateTime (the last change of the file)', () => {
    expect(
      takenAtOf(
        { dateTimeDigitized: '2026:07:10 09:30:00', dateTime: '2026:08:01 10:00:00', hasGps: false },
        LAST_MODIFIED,
      ).date.toISOString(),
    ).toBe('2026-07-10T14:30:00.000Z');
    expect(takenAtOf({ dateTime: '2026:08:01 10:00:00', hasGps: false }, LAST_MODIFIED)).toEqual({
      date: new Date(LAST_MODIFIED),
      source: 'file',
    });
  });

  it("takes the file's last-modified time without EXIF, or with a camera clock never set", () => {
    expect(takenAtOf(null, LAST_MODIFIED)).toEqual({ date: new Date(LAST_MODIFIED), source: 'file' });
    expect(takenAtOf({ dateTimeOriginal: '0000:00:00 00:00:00', hasGps: false }, LAST_MODIFIED).source).toBe(
      'file',
    );
  });

  it('takes now when the last-modified time is nonsense too', () => {
    expect(takenAtOf(null, Number.NaN, 'America/Chicago', () => LAST_MODIFIED).date).toEqual(
      new Date(LAST_MODIFIED),
    );
  });
});
