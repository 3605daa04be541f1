import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { config } from '../../config/env';
import { pagePath } from '../../config/pages';
import { REUNION_END, REUNION_START } from '../../config/site';
import { formatDateRange } from '../../lib/format';
import { m } from '../../paraglide/messages.js';
import { ReunionNotice } from '../../components/reunion-notice/reunion-notice';

export const meta: PageMetaMessages = { title: m.page_news_title, description: m.page_news_description };

export default function NewsPage() {
  const mail = `mailto:${config.contactEmail}?subject=${encodeURIComponent(m.news_seminars_mail_subject())}`;
  const login = (children: ReactNode) => <Link to={pagePath('login')}>{children}</Link>;
  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.news_heading()}</h1>
      <ReunionNotice />

      <article className="content-section" aria-labelledby="dates-heading">
        <h2 id="dates-heading">{m.news_dates_heading()}</h2>
        <p>
          <RichText
            message={m.news_dates_text}
            inputs={{ dates: formatDateRange(REUNION_START, REUNION_END) }}
            tags={{
              // HTML's datetime takes a date, not a span of days: the first day (the Home page's
              // Event data gives search engines both ends).
              time: (children) => <time dateTime={REUNION_START}>{children}</time>,
            }}
          />
        </p>
      </article>

      <article className="content-section" aria-labelledby="seminars-heading">
        <h2 id="seminars-heading">{m.news_seminars_heading()}</h2>
        <p>{m.news_seminars_text()}</p>
        <p>
          <RichText
            message={m.news_seminars_contact}
            inputs={{ email: config.contactEmail }}
            tags={{ mail: (children) => <a href={mail}>{children}</a> }}
          />
        </p>
        <div className="border-primary-subtle card">
          <div className="card-body">
            <h3 className="h6">{m.news_missed_heading()}</h3>
            <p className="mb-0">
              <RichText message={m.news_missed_text} inputs={{}} tags={{ login }} />
            </p>
          </div>
        </div>
      </article>
    </>
  );
}
