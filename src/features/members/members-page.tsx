import { useCallback, useEffect, useState } from 'react';
import { Accordion, Button, Card, Col, Collapse, Row } from 'react-bootstrap';
import { useHashSection } from '../../components/hash-section';
import { MessageModal } from '../../components/message-modal';
import { PageMeta } from '../../components/page-meta';
import { SectionNav } from '../../components/section-nav';
import { config } from '../../config/env';
import { formatDate } from '../../lib/format';
import { groupsOf, type CatalogueEntry } from '../../domain/catalogue';
import { DownloadButton } from './download-button';
import { DownloadService, type Progress } from './download-service';
import { MEMBER_SECTIONS, MEMBER_SECTION_IDS, type MemberSectionId } from '../../domain/member-sections';
import { SEMINARS, SEMINARS_HOSTED } from './seminars';
import '../../styles/bootstrap-lazy.scss';

export const DOWNLOAD_ERROR_TITLE = 'Error';
export const DOWNLOAD_ERROR_TEXT =
  "We're sorry, we're currently experiencing difficulties downloading your file. Please try again later.";

type Download = (entry: CatalogueEntry, onProgress: (progress: Progress) => void) => Promise<void>;

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function FileGroups({
  section,
  onDownload,
  onError,
}: {
  section: CatalogueEntry['section'];
  onDownload: Download;
  onError: (e: unknown) => void;
}) {
  const groups = groupsOf(section);
  return (
    <Accordion alwaysOpen defaultActiveKey={groups.map((group) => group.name)} className="mb-3">
      {groups.map((group) => (
        <Accordion.Item eventKey={group.name} key={group.name}>
          <Accordion.Header as="h3">{group.name}</Accordion.Header>
          <Accordion.Body>
            <ul className="list-unstyled download-list mb-0">
              {group.entries.map((entry) => (
                <li key={entry.id}>
                  <DownloadButton entry={entry} onDownload={onDownload} onError={onError} />
                </li>
              ))}
            </ul>
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function SeminarList() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline-secondary"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="highlighted-seminars"
      >
        {open ? 'Hide' : 'Show'} the {SEMINARS.length} highlighted seminars
      </Button>
      <Collapse in={open}>
        <div id="highlighted-seminars">
          <ol className="list-group list-group-numbered mt-3">
            {SEMINARS.map((seminar) => (
              <li key={seminar.title} className="list-group-item seminar">
                <ExternalLink href={seminar.videoUrl}>{seminar.title}</ExternalLink>
                <div className="small text-body-secondary">
                  {seminar.presenter} · <time dateTime={seminar.date}>{formatDate(seminar.date)}</time>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </Collapse>
    </>
  );
}

export default function MembersPage() {
  const { active, select } = useHashSection<MemberSectionId>(MEMBER_SECTION_IDS, 'documents');
  const [service] = useState(() => new DownloadService());
  const [error, setError] = useState(false);
  useEffect(() => () => service.dispose(), [service]);

  const onDownload = useCallback<Download>(
    (entry, onProgress) => service.download(entry, onProgress),
    [service],
  );
  const onError = useCallback((cause: unknown) => {
    console.warn('Download failed', cause);
    setError(true);
  }, []);

  return (
    <>
      <PageMeta page="/members" />
      <h1>Members Area</h1>
      <p className="lead">
        Welcome! Genealogy results, survey data, historical documents and images will be added here as the
        reunion draws near.
      </p>
      <Row className="g-4">
        <Col md={4} lg={3} as="aside">
          <div className="sticky-md-top sidebar-sticky">
            <SectionNav
              title="Sections"
              label="Members area"
              sections={MEMBER_SECTIONS}
              active={active}
              onSelect={select}
            />
            <Card className="mt-3 shadow-sm quick-actions">
              <Card.Header as="h2" className="h5 mb-0">
                Quick Actions
              </Card.Header>
              <Card.Body>
                <ul className="list-unstyled mb-0">
                  <li className="mb-2">
                    <ExternalLink href={config.links.videoChannel}>Our video channel</ExternalLink>
                  </li>
                  <li>
                    <ExternalLink href={config.links.seminars}>Past informational seminars</ExternalLink>
                  </li>
                </ul>
              </Card.Body>
            </Card>
          </div>
        </Col>
        <Col md={8} lg={9}>
          <section id="documents" className="content-section" aria-labelledby="documents-heading">
            <h2 id="documents-heading">Documents</h2>
            <FileGroups section="documents" onDownload={onDownload} onError={onError} />
          </section>
          <section id="images" className="content-section" aria-labelledby="images-heading">
            <h2 id="images-heading">Images</h2>
            <FileGroups section="images" onDownload={onDownload} onError={onError} />
          </section>
          <section
            id="educational-materials"
            className="content-section"
            aria-labelledby="educational-heading"
          >
            <h2 id="educational-heading">Educational Materials</h2>
            <FileGroups section="educational-materials" onDownload={onDownload} onError={onError} />
            <h3 className="h5">Seminars</h3>
            <p>
              We have hosted over {SEMINARS_HOSTED} informational seminars. See them all on{' '}
              <ExternalLink href={config.links.videoChannel}>our video channel</ExternalLink>.
            </p>
            <SeminarList />
          </section>
          <section id="links" className="content-section" aria-labelledby="links-heading">
            <h2 id="links-heading">Links</h2>
            <ul>
              <li>
                <ExternalLink href={config.links.burialDatabase}>
                  Burial database of the Rolette cemetery
                </ExternalLink>{' '}
                <span className="text-body-secondary">
                  (on Find a Grave, a third-party grave-search site)
                </span>
              </li>
            </ul>
          </section>
        </Col>
      </Row>
      <MessageModal show={error} title={DOWNLOAD_ERROR_TITLE} onClose={() => setError(false)}>
        {DOWNLOAD_ERROR_TEXT}
      </MessageModal>
    </>
  );
}
