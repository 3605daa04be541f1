import type { ReactNode } from 'react';
import { REUNION_START } from '../../config/site';
import { formatNumber, formatWeekdayDate } from '../../lib/format';
import { currentLocale } from '../../lib/locale';
import { m } from '../../paraglide/messages.js';
import {
  calendarFilePath,
  googleCalendarUrl,
  outlookCalendarUrl,
  reunionEventTexts,
} from '../../domain/reunion/reunion-event';
import type { ReunionPhase } from '../../domain/reunion/reunion-phase';

function NewTab({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="btn btn-sm btn-outline-primary" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {m.common_new_tab()}</span>
    </a>
  );
}

/** The calendar file of the page's language, and Google Calendar's and Outlook's forms, filled in. */
function CalendarChoices() {
  const locale = currentLocale();
  const event = reunionEventTexts(locale);
  return (
    <>
      <p className="mb-1 small" id="calendar-choices-label">
        {m.timeline_calendar_label()}
      </p>
      <ul className="calendar-choices" aria-labelledby="calendar-choices-label">
        <li>
          <a
            className="btn btn-sm btn-outline-primary"
            href={calendarFilePath(locale)}
            download={m.timeline_calendar_file_name()}
            type="text/calendar"
          >
            {m.timeline_calendar_file()}
          </a>
        </li>
        <li>
          <NewTab href={googleCalendarUrl(event)}>{m.timeline_calendar_google()}</NewTab>
        </li>
        <li>
          <NewTab href={outlookCalendarUrl(event)}>{m.timeline_calendar_outlook()}</NewTab>
        </li>
      </ul>
    </>
  );
}

/**
 * The notice before and during the reunion: days to go, or which day it is, with the calendar choices.
 * Loaded only then (src/components/reunion-notice/reunion-notice.tsx), so the pages' first load, once the reunion
 * is over, does not carry it.
 */
export default function AheadNotice({
  phase,
  headingId,
}: {
  phase: Exclude<ReunionPhase, { kind: 'after' }>;
  headingId: string;
}) {
  return (
    <>
      <h2 id={headingId} className="h4">
        {phase.kind === 'before'
          ? m.timeline_before_heading({ count: phase.daysToGo, days: formatNumber(phase.daysToGo) })
          : m.timeline_during_heading()}
      </h2>
      <p>
        {phase.kind === 'before'
          ? m.timeline_before_text({ date: formatWeekdayDate(REUNION_START) })
          : m.timeline_during_text({
              day: formatNumber(phase.day),
              days: formatNumber(phase.days),
              date: formatWeekdayDate(phase.date),
            })}
      </p>
      <CalendarChoices />
    </>
  );
}
