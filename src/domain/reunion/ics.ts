/**
 * A minimal iCalendar writer (RFC 5545) for one all-day event: what the reunion's calendar file needs and
 * nothing more. Pure, so the build writes the same bytes every time.
 */

export interface AllDayEvent {
  /** Globally unique and stable: calendars recognise a re-imported event by it. */
  uid: string;
  /** When the event data was last changed (DTSTAMP), a UTC instant. */
  stamp: Date;
  /** First day (YYYY-MM-DD). */
  start: string;
  /** The day after the last day (YYYY-MM-DD): DTEND of an all-day event is exclusive. */
  endExclusive: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  /** The language of the texts (LANGUAGE parameter), e.g. "en" or "nb". */
  language: string;
}

export interface CalendarInfo {
  /** PRODID: who made the file, e.g. "-//Example//Website//EN". */
  productId: string;
}

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_OCTETS = 75;

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * One content line folded (RFC 5545 3.1): no line longer than 75 octets of UTF-8, a continuation starting
 * with a space (which counts), never splitting a character's bytes. Lines end with CRLF.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Length(character.codePointAt(0)!);
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.map((part) => `${part}\r\n`).join('');
}

function dateValue(iso: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new Error(`Not an ISO date: ${iso}`);
  return iso.replace(/-/g, '');
}

function utcValue(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** The whole file: a VCALENDAR with the one VEVENT. */
export function icsCalendar(event: AllDayEvent, info: CalendarInfo): string {
  const text = (name: string, value: string) => `${name};LANGUAGE=${event.language}:${escapeText(value)}`;
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${info.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcValue(event.stamp)}`,
    `DTSTART;VALUE=DATE:${dateValue(event.start)}`,
    `DTEND;VALUE=DATE:${dateValue(event.endExclusive)}`,
    text('SUMMARY', event.summary),
    text('DESCRIPTION', event.description),
    text('LOCATION', event.location),
    `URL:${event.url}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(foldLine)
    .join('');
}
