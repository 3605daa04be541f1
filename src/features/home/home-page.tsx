import { useCallback, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { sectionFromHash, useHashSection } from '../../lib/hash-section';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { SectionNav, type SectionLink } from '../../components/section-nav';
import { pagePath } from '../../config/pages';
import { OneOf, Tensed } from '../../components/reunion-tense';
import { useAuth } from '../../lib/auth-context';
import { MEMBER_SECTION_IDS } from '../../domain/member-sections';
import { m } from '../../paraglide/messages.js';
import { ReunionNotice } from '../../components/reunion-notice/reunion-notice';

const IDS = ['about-event', 'planning-committee', 'more-information'] as const;
type HomeSection = (typeof IDS)[number];

export const meta: PageMetaMessages = { title: m.page_home_title, description: m.page_home_description };

export default function HomePage() {
  const navigate = useNavigate();
  // Old links put the members' section names on Home (#documents, #images, ...): send them on.
  const onOtherHash = useCallback(
    (hash: string) => {
      const memberSection = sectionFromHash(hash, MEMBER_SECTION_IDS);
      if (memberSection) void navigate(`${pagePath('members')}#${memberSection}`, { replace: true });
    },
    [navigate],
  );
  const { active, select } = useHashSection<HomeSection>(IDS, 'about-event', onOtherHash);
  const sections: SectionLink<HomeSection>[] = [
    { id: 'about-event', label: m.home_section_about() },
    { id: 'planning-committee', label: <Tensed message={m.home_section_planning} /> },
    { id: 'more-information', label: m.home_section_more() },
  ];
  const link = (page: 'about' | 'contact' | 'login' | 'members' | 'news') => (children: ReactNode) => (
    <Link to={pagePath(page)}>{children}</Link>
  );
  const strong = (children: ReactNode) => <strong>{children}</strong>;
  // Not known at build time: the build-time HTML tells a visitor to log in; a member reads where the files are.
  const { member } = useAuth();

  return (
    <>
      <PageMeta meta={meta} />
      <div className="g-4 row">
        {/* First in the HTML, on the right on a wide screen: ms-md-auto keeps it there before the column after it
            has arrived, so a page drawn from part of its HTML does not move it when the rest comes. */}
        <aside className="order-md-2 col-lg-3 col-md-4 ms-md-auto">
          <div className="sticky-md-top sidebar-sticky">
            <SectionNav
              id="home"
              label={m.home_sections_label()}
              sections={sections}
              active={active}
              onSelect={select}
            />
          </div>
        </aside>
        <div className="order-md-1 col-lg-9 col-md-8">
          <h1>{m.home_heading()}</h1>
          <ReunionNotice />
          <p className="lead">
            <Tensed
              message={m.home_intro}
              render={(message) => <RichText message={message} inputs={{}} tags={{ strong }} />}
            />
          </p>

          <section id="about-event" className="content-section" aria-labelledby="about-event-heading">
            <h2 id="about-event-heading">
              <Tensed message={m.home_happening_heading} />
            </h2>
            <h3 className="h5">{m.home_who_heading()}</h3>
            <p>{m.home_who_text()}</p>
            <h3 className="h5">{m.home_legacy_heading()}</h3>
            <p>{m.home_legacy_text()}</p>
            <h3 className="h5">
              <Tensed message={m.home_vision_heading} />
            </h3>
            <p>
              <Tensed message={m.home_vision_text} />
            </p>
            <h3 className="h5">
              <Tensed message={m.home_invited_heading} />
            </h3>
            <p>
              <Tensed message={m.home_invited_text} />
            </p>
            <h3 className="h5">{m.home_when_heading()}</h3>
            <p>
              <RichText message={m.home_when_text} inputs={{}} tags={{ about: link('about') }} />
            </p>
          </section>

          <section
            id="planning-committee"
            className="content-section"
            aria-labelledby="planning-committee-heading"
          >
            <h2 id="planning-committee-heading">
              <Tensed message={m.home_planning_heading} />
            </h2>
            <p>
              <Tensed message={m.home_planning_text} />
            </p>
            <p>
              <Tensed
                message={m.home_planning_help}
                render={(message) => (
                  <RichText message={message} inputs={{}} tags={{ contact: link('contact') }} />
                )}
              />
            </p>
          </section>

          <section
            id="more-information"
            className="content-section"
            aria-labelledby="more-information-heading"
          >
            <h2 id="more-information-heading">{m.home_more_heading()}</h2>
            <p>
              <OneOf
                shown={member ? 'member' : 'visitor'}
                texts={{
                  visitor: (
                    <RichText message={m.home_more_text} inputs={{}} tags={{ login: link('login') }} />
                  ),
                  member: (
                    <RichText
                      message={m.home_more_text_member}
                      inputs={{}}
                      tags={{ members: link('members') }}
                    />
                  ),
                }}
              />
            </p>
            <p>
              <RichText message={m.home_more_news} inputs={{}} tags={{ news: link('news') }} />
            </p>
            <p>
              <Tensed message={m.home_more_social} />
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
