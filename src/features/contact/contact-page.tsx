import { PageMeta } from '../../components/page-meta';
import { config } from '../../config/env';
import { m } from '../../paraglide/messages.js';

export default function ContactPage() {
  const mail = `mailto:${config.contactEmail}?subject=${encodeURIComponent(m.site_title())}`;
  return (
    <>
      <PageMeta page="contact" />
      <h1>{m.contact_heading()}</h1>
      <p className="lead">{m.contact_lead()}</p>
      <p>{m.contact_text()}</p>
      <p className="fs-5">
        <a href={mail} className="contact-link">
          {config.contactEmail}
        </a>
      </p>
      <p>{m.contact_committee()}</p>
    </>
  );
}
