import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { REUNION_END, REUNION_START } from '../../config/site';
import { PageMeta } from '../../components/page-meta';
import { config } from '../../config/env';
import { formatDateRange } from '../../lib/format';

export function NewsPage() {
  const mail = `mailto:${config.contactEmail}?subject=${encodeURIComponent('Reunion 2026 seminars')}`;
  return (
    <>
      <PageMeta page="/news" />
      <h1>News</h1>

      <article className="content-section" aria-labelledby="dates-heading">
        <h2 id="dates-heading">The reunion dates are set: July 10th-12th, 2026</h2>
        <p>
          The reunion takes place on{' '}
          <time dateTime={`${REUNION_START}/${REUNION_END}`}>
            {formatDateRange(REUNION_START, REUNION_END)}
          </time>{' '}
          in and around Rolette, North Dakota. The 1976 time capsule is opened that weekend, its messages
          handed out, and the capsule filled with new messages and resealed for 2076.
        </p>
      </article>

      <article className="content-section" aria-labelledby="seminars-heading">
        <h2 id="seminars-heading">Informational seminars</h2>
        <p>
          Leading up to the reunion we hold a series of informational seminars by video call: on the families
          and their history, on Rolette and its county, on genealogy research, and on the plans for the
          weekend. Everyone is welcome to join.
        </p>
        <p>
          Would you like to be told about the next seminar, or to give one yourself? Write to us at{' '}
          <a href={mail}>{config.contactEmail}</a>.
        </p>
        <Card body className="border-primary-subtle">
          <h3 className="h6">Missed a seminar?</h3>
          <p className="mb-0">
            Recordings of past seminars are in the members area: <Link to="/login">log in</Link>, then open
            the Downloads section from the Members menu.
          </p>
        </Card>
      </article>
    </>
  );
}
