import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { config } from '../../config/env';
import { pagePath } from '../../config/pages';
import { newsFeedPath } from '../../domain/news';
import { currentLocale } from '../../lib/locale';
import { REUNION_START } from '../../config/site';
import { m } from '../../paraglide/messages.js';
import { ReunionNotice } from '../../components/reunion-notice/reunion-notice';
import { OneOf, Tensed } from '../../components/reunion-tense';
import { useAuth } from '../../lib/auth-context';
import { newsPosts } from './news-posts';

/** The posts of content/news, newest first, each with its date, its summary and a link to it. */
function NewsPosts() {
  return (
    <>
      {newsPosts().map((post) => (
        <article key={post.slug} className="content-section news-item" aria-labelledby={`post-${post.slug}`}>
          <h2 id={`post-${post.slug}`} className="h3">
            <Link to={pagePath('news-post', currentLocale(), { slug: post.slug })}>{post.title}</Link>
          </h2>
          <p className="mb-1 small text-body-secondary">
            <time dateTime={post.date}>{post.dateText}</time>
          </p>
          <p>{post.summary}</p>
        </article>
      ))}
      <p className="content-section">
        <RichText
          message={m.news_follow}
          inputs={{}}
          tags={{
            link: (children) => (
              <a href={newsFeedPath()} type="application/atom+xml">
                {children}
              </a>
            ),
          }}
        />
      </p>
    </>
  );
}

export const meta: PageMetaMessages = { title: m.page_news_title, description: m.page_news_description };

export default function NewsPage() {
  const mail = `mailto:${config.contactEmail}?subject=${encodeURIComponent(m.news_seminars_mail_subject())}`;
  const login = (children: ReactNode) => <Link to={pagePath('login')}>{children}</Link>;
  const mailLink = (children: ReactNode) => <a href={mail}>{children}</a>;
  // HTML's datetime takes a date, not a span of days: the first day (the Home page's Event data gives search
  // engines both ends).
  const time = (children: ReactNode) => <time dateTime={REUNION_START}>{children}</time>;
  // Not known at build time: the build-time HTML tells a visitor to log in; a member reads where the recordings are.
  const { member } = useAuth();
  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.news_heading()}</h1>
      <ReunionNotice />
      <NewsPosts />

      <article className="content-section" aria-labelledby="dates-heading">
        <h2 id="dates-heading">
          <Tensed message={m.news_dates_heading} />
        </h2>
        <p>
          <Tensed
            message={m.news_dates_text}
            render={(message) => <RichText message={message} inputs={{}} tags={{ time }} />}
          />
        </p>
      </article>

      <article className="content-section" aria-labelledby="seminars-heading">
        <h2 id="seminars-heading">{m.news_seminars_heading()}</h2>
        <p>
          <Tensed message={m.news_seminars_text} />
        </p>
        <p>
          <Tensed
            message={m.news_seminars_contact}
            render={(message) => (
              <RichText message={message} inputs={{ email: config.contactEmail }} tags={{ mail: mailLink }} />
            )}
          />
        </p>
        <div className="border-primary-subtle card">
          <div className="card-body">
            <h3 className="h6">{m.news_missed_heading()}</h3>
            <p className="mb-0">
              <OneOf
                shown={member ? 'member' : 'visitor'}
                texts={{
                  visitor: <RichText message={m.news_missed_text} inputs={{}} tags={{ login }} />,
                  member: (
                    <RichText
                      message={m.news_missed_text_member}
                      inputs={{}}
                      tags={{ link: (children) => <Link to={pagePath('members')}>{children}</Link> }}
                    />
                  ),
                }}
              />
            </p>
          </div>
        </div>
      </article>
    </>
  );
}
