import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { RichText } from '../rich-text';
import { pagePath } from '../../config/pages';
import { REUNION_END, REUNION_START } from '../../config/site';
import { formatDateRange } from '../../lib/format';
import { m } from '../../paraglide/messages.js';
import { useAuth } from '../../lib/auth-context';
import { phaseOn } from '../../domain/reunion/reunion-phase';
import { useReunionDate } from './use-reunion-date';

const HEADING_ID = 'reunion-notice-heading';

function MembersPointer() {
  const { user, member } = useAuth();
  // A signed-in member goes straight to the photos; anyone else signs in first. While a saved session is
  // still being checked, the members area is the better guess: its guard sends a stranger to sign in.
  if (member)
    return (
      <RichText
        message={m.timeline_after_photos}
        inputs={{}}
        tags={{
          photos: (children) => <Link to={pagePath('members/photos')}>{children}</Link>,
          members: (children) => <Link to={pagePath('members')}>{children}</Link>,
        }}
      />
    );
  if (user === undefined)
    return (
      <RichText
        message={m.timeline_after_members}
        inputs={{}}
        tags={{ link: (children) => <Link to={pagePath('members')}>{children}</Link> }}
      />
    );
  return (
    <RichText
      message={m.timeline_after_login}
      inputs={{}}
      tags={{ link: (children) => <Link to={pagePath('login')}>{children}</Link> }}
    />
  );
}

function AfterNotice() {
  return (
    <>
      <h2 id={HEADING_ID} className="h4">
        {m.timeline_after_heading({ dates: formatDateRange(REUNION_START, REUNION_END) })}
      </h2>
      <p>{m.timeline_after_thanks()}</p>
      <p className="mb-0">
        <MembersPointer />
      </p>
    </>
  );
}

const AheadNotice = lazy(() => import('./ahead-notice'));

/**
 * The notice for today in Rolette: thanks once the reunion is over (the state of the site from now on);
 * before and during it, days to go or the day of the reunion with the calendar choices, loaded only then.
 * Kept current at midnight in Rolette without a reload.
 */
export default function NoticeContent() {
  const date = useReunionDate();
  if (!date) return null;
  const phase = phaseOn(date);
  return (
    <section className="reunion-notice" aria-labelledby={HEADING_ID}>
      {phase.kind === 'after' ? (
        <AfterNotice />
      ) : (
        <Suspense fallback={null}>
          <AheadNotice phase={phase} headingId={HEADING_ID} />
        </Suspense>
      )}
    </section>
  );
}
