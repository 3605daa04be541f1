import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MapEmbed } from '../../components/map-embed';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { REUNION_OVER_AT_BUILD, Tensed } from '../../components/reunion-tense';
import { RichText } from '../../components/rich-text';
import { pagePath } from '../../config/pages';
import { m } from '../../paraglide/messages.js';

export const meta: PageMetaMessages = { title: m.page_about_title, description: m.page_about_description };

export default function AboutPage() {
  const contact = (children: ReactNode) => <Link to={pagePath('contact')}>{children}</Link>;
  const news = (children: ReactNode) => <Link to={pagePath('news')}>{children}</Link>;
  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.about_heading()}</h1>
      <section className="content-section" aria-labelledby="when-heading">
        <h2 id="when-heading">{m.about_when_heading()}</h2>
        <p>{m.about_when_text()}</p>
      </section>
      <section className="content-section" aria-labelledby="why-heading">
        <h2 id="why-heading">{m.about_why_heading()}</h2>
        <p>
          <Tensed ahead={REUNION_OVER_AT_BUILD ? null : m.about_why_text()} past={m.about_why_text_past()} />
        </p>
      </section>
      <section className="content-section" aria-labelledby="where-heading">
        <h2 id="where-heading">{m.about_where_heading()}</h2>
        <p>
          <Tensed
            ahead={
              REUNION_OVER_AT_BUILD ? null : (
                <RichText message={m.about_where_text} inputs={{}} tags={{ contact }} />
              )
            }
            past={m.about_where_text_past()}
          />
        </p>
        <MapEmbed place="Rolette, North Dakota" title={m.about_map_title()} linkText={m.about_map_link()} />
      </section>
      <section className="content-section" aria-labelledby="informed-heading">
        <h2 id="informed-heading">{m.about_informed_heading()}</h2>
        <p>
          <Tensed
            ahead={
              REUNION_OVER_AT_BUILD ? null : (
                <RichText message={m.about_informed_text} inputs={{}} tags={{ news, contact }} />
              )
            }
            past={<RichText message={m.about_informed_text_past} inputs={{}} tags={{ news, contact }} />}
          />
        </p>
      </section>
    </>
  );
}
