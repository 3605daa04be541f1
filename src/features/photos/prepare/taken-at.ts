/**
 * When a photo was taken: EXIF DateTimeOriginal first (or DateTimeDigitized); a
 * camera time without an offset is read as the reunion's time (America/Chicago), one with OffsetTimeOriginal by
 * that offset; with no EXIF date, the file's last-modified time. The photo's id starts with this instant, so
 * the gallery reads oldest first.
 */
import { REUNION_TIME_ZONE } from '../../../config/site';
import { parseExifDateTime, parseExifOffset, type ExifFields } from '../../../lib/exif';
import { instantOfWallClock } from '../../../lib/zoned-date';

export interface TakenAt {
  date: Date;
  /** 'exif': the camera's date; 'file': the file's last-modified time (no EXIF date). */
  source: 'exif' | 'file';
}

/** Years a photo id can carry (4 digits); a date outside them is not believed. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

function believable(date: Date): boolean {
  const time = date.getTime();
  return Number.isFinite(time) && time >= EARLIEST && time <= LATEST;
}

export function takenAtOf(
  exif: ExifFields | null,
  lastModified: number,
  timeZone: string = REUNION_TIME_ZONE,
  now: () => number = Date.now,
): TakenAt {
  const text = exif?.dateTimeOriginal ?? exif?.dateTimeDigitized;
  const parts = parseExifDateTime(text);
  if (parts) {
    const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
    const offset = exif?.dateTimeOriginal ? parseExifOffset(exif.offsetTimeOriginal) : null;
    const date = offset === null ? instantOfWallClock(wall, timeZone) : new Date(wall - offset * 60_000);
    if (believable(date)) return { date, source: 'exif' };
  }
  const file = new Date(lastModified);
  return { date: believable(file) ? file : new Date(now()), source: 'file' };
}
