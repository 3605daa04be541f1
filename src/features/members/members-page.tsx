import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Col, Collapse, Row } from 'react-bootstrap';
import { useAuth } from '../../lib/auth-context';
import { Link } from 'react-router';
import { useHashSection } from '../../lib/hash-section';
import { MessageModal } from '../../components/message-modal';
import { PageMeta, type PageMetaMessages } from '../../components/page-meta';
import { RichText } from '../../components/rich-text';
import { SectionNav, type SectionLink } from '../../components/section-nav';
import { config } from '../../config/env';
import { pagePath } from '../../config/pages';
import { type CatalogueEntry } from '../../domain/catalogue';
import { GROUP_PHOTO_1976 } from '../../domain/faces';
import { currentLocale } from '../../lib/locale';
import { MEMBER_SECTION_IDS, type MemberSectionId } from '../../domain/member-sections';
import { isAccountBlocked } from '../../firebase/auth-errors';
import { isPermissionDenied } from '../../firebase/storage';
import { formatLongDate } from '../../lib/format';
import { Tensed } from '../../components/reunion-tense';
import { m } from '../../paraglide/messages.js';
import { useApproval } from '../../components/approval/use-approval';
import { ApprovalModal, ApprovalNotice, ApprovedNote } from './approval-ui';
import { DownloadAll } from './download-all';
import { DownloadService, type Progress } from './download-service';
import { filterFiles } from './file-filter';
import { FileGroups } from './file-groups';
import { FileSearch } from './file-search';
import { ImageViewer } from './image-preview';
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

/**
 * The shortcuts (the video channel, past seminars, the account page): in the sidebar beside the files on a wide
 * screen; on a phone after them, so that the first screen shows the welcome, Find a file and the first documents.
 */
function QuickActions({ className }: { className: string }) {
  return (
    <Card className={`mt-3 shadow-sm quick-actions ${className}`}>
      <Card.Header as="h2" className="h5 mb-0">
        {m.members_quick_actions()}
      </Card.Header>
      <Card.Body>
        <ul className="list-unstyled mb-0">
          <li className="mb-2">
            <ExternalLink href={config.links.videoChannel}>{m.members_video_channel()}</ExternalLink>
          </li>
          <li className="mb-2">
            <ExternalLink href={config.links.seminars}>{m.members_past_seminars()}</ExternalLink>
          </li>
          <li>
            <Link to={pagePath('members/account')}>{m.account_heading()}</Link>
          </li>
        </ul>
      </Card.Body>
    </Card>
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
  const [approvalFor, setApprovalFor] = useState<CatalogueEntry | undefined>();
  const [justApproved, setJustApproved] = useState(false);
  const [viewing, setViewing] = useState<CatalogueEntry | undefined>();
  const [query, setQuery] = useState('');
  const { approved, checkAgain } = useApproval();
  const { signOut } = useAuth();
  useEffect(() => () => service.dispose(), [service]);

  const matches = useMemo(() => filterFiles(query), [query]);

  const onDownload = useCallback<Download>(
    (entry, onProgress) => service.download(entry, onProgress),
    [service],
  );
  const onCancel = useCallback((entry: CatalogueEntry) => service.cancel(entry), [service]);
  const onSave = useCallback((entry: CatalogueEntry, blob: Blob) => service.saveBlob(entry, blob), [service]);
  const onError = useCallback(
    (cause: unknown, entry?: CatalogueEntry) => {
      // The account was blocked while signed in (its token could not be renewed): not "difficulties". Firebase
      // Auth has signed it out (made sure here); the guard takes the member to the login page, which says why.
      if (isAccountBlocked(cause)) {
        void signOut().catch((error: unknown) => console.warn('Could not sign out', error));
        return;
      }
      // storage.rules refused a file that needs an organiser's approval: say so, not "difficulties".
      if (entry?.approvalOnly && isPermissionDenied(cause)) {
        setViewing(undefined);
        setApprovalFor(entry);
        return;
      }
      console.warn('Download failed', cause);
      setError(true);
    },
    [signOut],
  );
  const onApproved = useCallback(() => {
    setApprovalFor(undefined);
    setJustApproved(true);
  }, []);

  const sections: SectionLink<MemberSectionId>[] = [
    { id: 'documents', label: m.members_section_documents() },
    { id: 'images', label: m.members_section_images() },
    { id: 'educational-materials', label: m.members_section_educational() },
    { id: 'links', label: m.members_section_links() },
  ];
  const groupProps = { matches, query, approved, onDownload, onCancel, onError };

  return (
    <>
      <PageMeta meta={meta} />
      <h1>{m.members_heading()}</h1>
      <p className="lead">
        <Tensed message={m.members_welcome} />
      </p>
      <p className="members-photos-link">
        <RichText
          message={m.members_photos_intro}
          inputs={{}}
          tags={{ link: (children) => <Link to={pagePath('members/photos')}>{children}</Link> }}
        />
      </p>
      <p className="members-who-is-who">
        <RichText
          message={m.members_who_is_who}
          inputs={{}}
          tags={{
            link: (children) => (
              <Link to={pagePath('who-is-who', currentLocale(), { slug: GROUP_PHOTO_1976 })}>{children}</Link>
            ),
          }}
        />
      </p>
      <Row className="g-4">
        <Col md={4} lg={3} as="aside">
          <div className="sticky-md-top sidebar-sticky">
            <SectionNav
              id="members"
              label={m.members_sections_label()}
              sections={sections}
              active={active}
              onSelect={select}
            />
            <QuickActions className="d-none d-md-block" />
          </div>
        </Col>
        <Col md={8} lg={9}>
          {/* Find a file, then the documents, so that a phone's first screen reaches them; all at once after them. */}
          <div className="row mb-4 members-tools">
            <div className="col-lg-7">
              <FileSearch query={query} onQuery={setQuery} found={matches.size} />
              <p className="mt-2 mb-0 members-search-link">
                <Link to={pagePath('members/search')}>{m.members_search_link()}</Link>
              </p>
            </div>
          </div>
          {justApproved ? (
            <ApprovedNote onClose={() => setJustApproved(false)} />
          ) : (
            approved === false && <ApprovalNotice checkAgain={checkAgain} onApproved={onApproved} />
          )}
          <section id="documents" className="content-section" aria-labelledby="documents-heading">
            <h2 id="documents-heading">{m.members_section_documents()}</h2>
            <FileGroups section="documents" {...groupProps} />
          </section>
          <div className="mb-4">
            <DownloadAll approved={approved} onError={onError} />
          </div>
          <section id="images" className="content-section" aria-labelledby="images-heading">
            <h2 id="images-heading">{m.members_section_images()}</h2>
            <FileGroups section="images" {...groupProps} onOpenImage={setViewing} />
          </section>
          <section
            id="educational-materials"
            className="content-section"
            aria-labelledby="educational-heading"
          >
            <h2 id="educational-heading">{m.members_section_educational()}</h2>
            <FileGroups section="educational-materials" {...groupProps} />
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
          <QuickActions className="d-md-none" />
        </Col>
      </Row>
      <ImageViewer
        entry={viewing}
        onClose={() => setViewing(undefined)}
        onDownload={onDownload}
        onSave={onSave}
        onCancel={onCancel}
        onError={onError}
      />
      <ApprovalModal
        entry={approvalFor}
        checkAgain={checkAgain}
        onApproved={onApproved}
        onClose={() => setApprovalFor(undefined)}
      />
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
