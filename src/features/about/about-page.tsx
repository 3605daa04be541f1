import { Link } from 'react-router';
import { MapEmbed } from '../../components/map-embed';
import { PageMeta } from '../../components/page-meta';

export function AboutPage() {
  return (
    <>
      <PageMeta page="/about" />
      <h1>About the Reunion</h1>
      <section className="content-section" aria-labelledby="when-heading">
        <h2 id="when-heading">When</h2>
        <p>Friday, July 10th to Sunday, July 12th, 2026.</p>
      </section>
      <section className="content-section" aria-labelledby="why-heading">
        <h2 id="why-heading">Why</h2>
        <p>
          In 1976 about 275 descendants of two Norwegian immigrant families met in Rolette and buried a time
          capsule to be opened fifty years later. In 2026 we open it, hand out its messages, write new ones,
          and reseal the capsule to be opened again in 2076.
        </p>
      </section>
      <section className="content-section" aria-labelledby="where-heading">
        <h2 id="where-heading">Where</h2>
        <p>
          In and around Rolette, a small town in Rolette County, North Dakota, where our families homesteaded.
          A block of hotel rooms is held for out-of-town visitors:{' '}
          <Link to="/contact">contact the organisers</Link> for the details.
        </p>
        <MapEmbed place="Rolette, North Dakota" title="Map of Rolette, North Dakota" />
      </section>
      <section className="content-section" aria-labelledby="informed-heading">
        <h2 id="informed-heading">Stay informed</h2>
        <p>
          Follow the <Link to="/news">News</Link> page, join our informational seminars, and write to us
          through the <Link to="/contact">Contact</Link> page with ideas or offers of help. Family members can
          log in to download historical papers, photos and seminar material.
        </p>
      </section>
    </>
  );
}
