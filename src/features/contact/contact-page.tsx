import { PageMeta } from '../../components/page-meta';
import { config } from '../../config/env';

export function ContactPage() {
  const mail = `mailto:${config.contactEmail}?subject=${encodeURIComponent('Rolette Family Reunion 2026')}`;
  return (
    <>
      <PageMeta page="/contact" />
      <h1>Contact</h1>
      <p className="lead">We would love to hear from you.</p>
      <p>
        Do you have a question about the reunion, a suggestion for the program, or would you like to offer
        your help with the planning or on the day? Are you coming from out of town and need a room from our
        hotel block? Send the organisers an e-mail:
      </p>
      <p className="fs-5">
        <a href={mail} className="contact-link">
          {config.contactEmail}
        </a>
      </p>
      <p>
        The planning committee is made up of volunteers in Norway and the USA; we answer as soon as we can.
      </p>
    </>
  );
}
