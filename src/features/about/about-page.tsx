import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MapEmbed } from '../../components/map-embed';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { Tensed } from '../../components/reunion-tense';
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
          <Tensed message={m.about_why_text} />
        </p>
      </section>
      <section className="content-section" aria-labelledby="where-heading">
        <h2 id="where-heading">{m.about_where_heading()}</h2>
        <p>
          <Tensed
            message={m.about_where_text}
            render={(message) => <RichText message={message} inputs={{}} tags={{ contact }} />}
          />
        </p>
        <MapEmbed place="Rolette, North Dakota" title={m.about_map_title()} linkText={m.about_map_link()} />
      </section>
      <section className="content-section" aria-labelledby="informed-heading">
        <h2 id="informed-heading">{m.about_informed_heading()}</h2>
        <p>
          <Tensed
            message={m.about_informed_text}
            render={(message) => <RichText message={message} inputs={{}} tags={{ news, contact }} />}
          />
        </p>
      </section>
    </>
  );
}
