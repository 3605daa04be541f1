import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { config } from '../../config/env';
import { pagePath } from '../../config/pages';
import { m } from '../../paraglide/messages.js';

export const meta: PageMetaMessages = {
  title: m.page_privacy_title,
  description: m.page_privacy_description,
};

/**
 * What the site keeps about relatives, who sees it, and how to have a photo or an account removed. Public and
 * prerendered, linked from every page's footer.
 */
export default function PrivacyPage() {
  const email = config.contactEmail;
  const mail = (children: ReactNode) => (
    <a href={`mailto:${email}?subject=${encodeURIComponent(m.page_privacy_title())}`}>{children}</a>
  );
  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.page_privacy_title()}</h1>
      <p className="lead">{m.privacy_lead()}</p>
      <section className="content-section" aria-labelledby="stored-heading">
        <h2 id="stored-heading">{m.privacy_stored_heading()}</h2>
        <ul>
          <li>{m.privacy_stored_account()}</li>
          <li>{m.privacy_stored_approval()}</li>
          <li>{m.privacy_stored_photos()}</li>
          <li>{m.privacy_stored_names()}</li>
          <li>{m.privacy_stored_nothing_else()}</li>
        </ul>
      </section>
      <section className="content-section" aria-labelledby="seen-heading">
        <h2 id="seen-heading">{m.privacy_seen_heading()}</h2>
        <ul>
          <li>{m.privacy_seen_organisers()}</li>
          <li>{m.privacy_seen_waiting()}</li>
          <li>{m.privacy_seen_shared()}</li>
          <li>{m.privacy_seen_blocked()}</li>
          <li>{m.privacy_seen_where()}</li>
        </ul>
      </section>
      <section className="content-section" aria-labelledby="removal-heading">
        <h2 id="removal-heading">{m.privacy_removal_heading()}</h2>
        <p>
          <RichText message={m.privacy_removal_text} inputs={{ email }} tags={{ link: mail }} />
        </p>
      </section>
      <section className="content-section" aria-labelledby="delete-heading">
        <h2 id="delete-heading">{m.privacy_delete_heading()}</h2>
        <p>
          <RichText
            message={m.privacy_delete_text}
            inputs={{}}
            tags={{ account: (children) => <Link to={pagePath('members/account')}>{children}</Link> }}
          />
        </p>
      </section>
      <p>
        <RichText message={m.privacy_questions} inputs={{ email }} tags={{ link: mail }} />
      </p>
    </>
  );
}
