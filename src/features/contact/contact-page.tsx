import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { Tensed } from '../../components/reunion-tense';
import { config } from '../../config/env';
import { m } from '../../paraglide/messages.js';

export const meta: PageMetaMessages = {
  title: m.page_contact_title,
  description: m.page_contact_description,
};

export default function ContactPage() {
  const mail = `mailto:${config.contactEmail}?subject=${encodeURIComponent(m.site_title())}`;
  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.contact_heading()}</h1>
      <p className="lead">{m.contact_lead()}</p>
      <p>
        <Tensed message={m.contact_text} />
      </p>
      <p className="fs-5">
        <a href={mail} className="contact-link">
          {config.contactEmail}
        </a>
      </p>
      <p>{m.contact_committee()}</p>
    </>
  );
}
