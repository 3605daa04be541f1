import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Accordion, Button, Card, Col, Collapse, Row } from 'react-bootstrap';
import { useHashSection } from '../../components/hash-section';
import { MessageModal } from '../../components/message-modal';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { SectionNav, type SectionLink } from '../../components/section-nav';
import { config } from '../../config/env';
import { groupsOf, type CatalogueEntry } from '../../domain/catalogue';
import { MEMBER_SECTION_IDS, type MemberSectionId } from '../../domain/member-sections';
import { formatLongDate } from '../../lib/format';
import { m } from '../../paraglide/messages.js';
import { DownloadButton } from './download-button';
import { DownloadService, type Progress } from './download-service';
import { presenterName, SEMINARS, SEMINARS_HOSTED } from './seminars';
import '../../styles/bootstrap-lazy.scss';

type Download = (entry: CatalogueEntry, onProgress: (progress: Progress) => void) => Promise<void>;

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {m.common_new_tab()}</span>
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
    <Accordion alwaysOpen defaultActiveKey={groups.map(({ group }) => group.id)} className="mb-3">
      {groups.map(({ group, entries }) => (
        <Accordion.Item eventKey={group.id} key={group.id}>
          <Accordion.Header as="h3">{group.title()}</Accordion.Header>
          <Accordion.Body>
            <ul className="list-unstyled download-list mb-0">
              {entries.map((entry) => (
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
        {(open ? m.members_seminars_hide : m.members_seminars_show)({ count: SEMINARS.length })}
      </Button>
      <Collapse in={open}>
        <div id="highlighted-seminars">
          <ol className="list-group list-group-numbered mt-3">
            {SEMINARS.map((seminar) => (
              <li key={seminar.id} className="list-group-item seminar">
                <ExternalLink href={seminar.videoUrl}>{seminar.title()}</ExternalLink>
                <div className="small text-body-secondary">
                  {presenterName(seminar)} ·{' '}
                  <time dateTime={seminar.date}>{formatLongDate(seminar.date)}</time>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </Collapse>
    </>
  );
}

export const meta: PageMetaMessages = {
  title: m.page_members_title,
  description: m.page_members_description,
};

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

  const sections: SectionLink<MemberSectionId>[] = [
    { id: 'documents', label: m.members_section_documents() },
    { id: 'images', label: m.members_section_images() },
    { id: 'educational-materials', label: m.members_section_educational() },
    { id: 'links', label: m.members_section_links() },
  ];

  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.members_heading()}</h1>
      <p className="lead">{m.members_welcome()}</p>
      <Row className="g-4">
        <Col md={4} lg={3} as="aside">
          <div className="sticky-md-top sidebar-sticky">
            <SectionNav
              id="members"
              title={m.common_sections()}
              label={m.members_sections_label()}
              sections={sections}
              active={active}
              onSelect={select}
            />
            <Card className="mt-3 shadow-sm quick-actions">
              <Card.Header as="h2" className="h5 mb-0">
                {m.members_quick_actions()}
              </Card.Header>
              <Card.Body>
                <ul className="list-unstyled mb-0">
                  <li className="mb-2">
                    <ExternalLink href={config.links.videoChannel}>{m.members_video_channel()}</ExternalLink>
                  </li>
                  <li>
                    <ExternalLink href={config.links.seminars}>{m.members_past_seminars()}</ExternalLink>
                  </li>
                </ul>
              </Card.Body>
            </Card>
          </div>
        </Col>
        <Col md={8} lg={9}>
          <section id="documents" className="content-section" aria-labelledby="documents-heading">
            <h2 id="documents-heading">{m.members_section_documents()}</h2>
            <FileGroups section="documents" onDownload={onDownload} onError={onError} />
          </section>
          <section id="images" className="content-section" aria-labelledby="images-heading">
            <h2 id="images-heading">{m.members_section_images()}</h2>
            <FileGroups section="images" onDownload={onDownload} onError={onError} />
          </section>
          <section
            id="educational-materials"
            className="content-section"
            aria-labelledby="educational-heading"
          >
            <h2 id="educational-heading">{m.members_section_educational()}</h2>
            <FileGroups section="educational-materials" onDownload={onDownload} onError={onError} />
            <h3 className="h5">{m.members_seminars_heading()}</h3>
            <p>
              <RichText
                message={m.members_seminars_note}
                inputs={{ count: SEMINARS_HOSTED }}
                tags={{
                  link: (children) => (
                    <ExternalLink href={config.links.videoChannel}>{children}</ExternalLink>
                  ),
                }}
              />
            </p>
            <SeminarList />
          </section>
          <section id="links" className="content-section" aria-labelledby="links-heading">
            <h2 id="links-heading">{m.members_section_links()}</h2>
            <ul>
              <li>
                <ExternalLink href={config.links.burialDatabase}>{m.members_burial_database()}</ExternalLink>{' '}
                <span className="text-body-secondary">{m.members_burial_database_note()}</span>
              </li>
            </ul>
          </section>
        </Col>
      </Row>
      <MessageModal
        show={error}
        id="download-error"
        title={m.members_download_error_title()}
        onClose={() => setError(false)}
      >
        {m.members_download_error_text()}
      </MessageModal>
    </>
  );
}
