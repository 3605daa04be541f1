import { useCallback } from 'react';
import { Col, Row } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { sectionFromHash, useHashSection } from '../../components/hash-section';
import { PageMeta } from '../../components/page-meta';
import { SectionNav, type SectionLink } from '../../components/section-nav';
import { MEMBER_SECTION_IDS } from '../../domain/member-sections';

const SECTIONS = [
  { id: 'about-event', label: 'About the Reunion' },
  { id: 'planning-committee', label: 'Planning in Progress!' },
  { id: 'more-information', label: 'More Information' },
] as const satisfies readonly SectionLink<string>[];
type HomeSection = (typeof SECTIONS)[number]['id'];
const IDS = SECTIONS.map((section) => section.id);

export function HomePage() {
  const navigate = useNavigate();
  // Old links put the members' section names on Home (#documents, #images, ...): send them on.
  const onOtherHash = useCallback(
    (hash: string) => {
      const memberSection = sectionFromHash(hash, MEMBER_SECTION_IDS);
      if (memberSection) void navigate(`/members#${memberSection}`, { replace: true });
    },
    [navigate],
  );
  const { active, select } = useHashSection<HomeSection>(IDS, 'about-event', onOtherHash);

  return (
    <>
      <PageMeta page="/home" />
      <Row className="g-4">
        <Col md={4} lg={3} as="aside" className="order-md-2">
          <div className="sticky-md-top sidebar-sticky">
            <SectionNav
              title="Sections"
              label="Home page"
              sections={SECTIONS}
              active={active}
              onSelect={select}
            />
          </div>
        </Col>
        <Col md={8} lg={9} className="order-md-1">
          <h1>Welcome to the 2026 Rolette Family Reunion</h1>
          <p className="lead">
            Join us on <strong>July 10th-12th, 2026</strong> in and around Rolette, North Dakota, when the
            descendants of two Norwegian immigrant families gather again, fifty years after the reunion of
            1976.
          </p>

          <section id="about-event" className="content-section" aria-labelledby="about-event-heading">
            <h2 id="about-event-heading">What is Happening</h2>
            <h3 className="h5">Who we are</h3>
            <p>
              We are the descendants of two Norwegian families who left Norway and homesteaded on the prairie
              of Rolette County. Their children and grandchildren now live across the United States and in
              Norway, and many of us have never met.
            </p>
            <h3 className="h5">The legacy of 1976</h3>
            <p>
              At the 1976 reunion about 275 people came together in Rolette and buried a time capsule filled
              with letters, photographs and messages to the future. It was sealed to be opened fifty years
              later, in 2026.
            </p>
            <h3 className="h5">Our vision</h3>
            <p>
              In 2026 we open the capsule and hand its messages to the families they were written for. Then we
              write new messages, fill the capsule again and reseal it, to be opened by the next generation in
              2076.
            </p>
            <h3 className="h5">Who is invited</h3>
            <p>
              Everyone is welcome: relatives from Norway and the USA, and our neighbours in and around
              Rolette, whether or not you are family.
            </p>
            <h3 className="h5">When and where</h3>
            <p>
              July 10th-12th, 2026, in and around Rolette, North Dakota. See <Link to="/about">About</Link>{' '}
              for the details and a map.
            </p>
          </section>

          <section
            id="planning-committee"
            className="content-section"
            aria-labelledby="planning-committee-heading"
          >
            <h2 id="planning-committee-heading">Planning in Progress</h2>
            <p>
              A volunteer planning committee from Norway and the USA meets regularly by video call to prepare
              the weekend: the opening of the time capsule, gatherings, tours of the family places and a
              program for all ages.
            </p>
            <p>
              We would love to hear from you. Send us your ideas, or offer a hand with the planning or on the
              day, through the <Link to="/contact">Contact</Link> page.
            </p>
            <p>
              A block of hotel rooms is held for out-of-town visitors. Please{' '}
              <Link to="/contact">contact the organisers</Link> for the details.
            </p>
          </section>

          <section
            id="more-information"
            className="content-section"
            aria-labelledby="more-information-heading"
          >
            <h2 id="more-information-heading">More Information</h2>
            <p>
              Documents, historical papers and recordings of our informational seminars are available to
              family members: <Link to="/login">log in</Link> and open Downloads in the Members menu. Read the
              latest in <Link to="/news">News</Link>.
            </p>
            <p>Links to our social media pages are coming soon.</p>
          </section>
        </Col>
      </Row>
    </>
  );
}
