import { useState } from 'react';
import { Accordion } from 'react-bootstrap';
import { Link } from 'react-router';
import { pagePath } from '../../config/pages';
import { groupsOf, type CatalogueEntry } from '../../domain/catalogue';
import { PICTURES_FOR_NAMING } from '../../domain/faces';
import { currentLocale } from '../../lib/locale';
import { m } from '../../paraglide/messages.js';
import { DownloadButton } from './download-button';
import type { Progress } from './download-service';
import { ImagePreview } from './image-preview';

type Download = (entry: CatalogueEntry, onProgress: (progress: Progress) => void) => Promise<void>;

interface Props {
  section: CatalogueEntry['section'];
  /** The files the search finds (every file when nothing is searched). */
  matches: ReadonlySet<string>;
  /** The search text: a new search opens every group again. */
  query: string;
  approved: boolean | undefined;
  onDownload: Download;
  onCancel: (entry: CatalogueEntry) => void;
  onError: (error: unknown, entry: CatalogueEntry) => void;
  /** Images: each file shows its preview, which opens the larger view. */
  onOpenImage?: (entry: CatalogueEntry) => void;
}

/**
 * A section's files in accordions by group. While searching, only the files found are shown, groups without
 * one are left out, and a section without any says so; the accordions keep opening and closing.
 */
export function FileGroups({
  section,
  matches,
  query,
  approved,
  onDownload,
  onCancel,
  onError,
  onOpenImage,
}: Props) {
  const groups = groupsOf(section)
    .map(({ group, entries }) => ({ group, entries: entries.filter((entry) => matches.has(entry.id)) }))
    .filter(({ entries }) => entries.length > 0);
  // Groups the member closed; a new search opens them all again, so that every file found is in view.
  const [closed, setClosed] = useState<{ query: string; ids: ReadonlySet<string> }>({
    query,
    ids: new Set(),
  });
  if (closed.query !== query) setClosed({ query, ids: new Set() });
  const open = groups.map(({ group }) => group.id).filter((id) => !closed.ids.has(id));

  if (!groups.length) return <p className="file-groups-none">{m.members_find_none_section()}</p>;
  return (
    <Accordion
      alwaysOpen
      activeKey={open}
      onSelect={(keys) => {
        const now = new Set(Array.isArray(keys) ? keys : keys ? [keys] : []);
        setClosed({ query, ids: new Set(groups.map(({ group }) => group.id).filter((id) => !now.has(id))) });
      }}
      className="mb-3"
    >
      {groups.map(({ group, entries }) => (
        <Accordion.Item eventKey={group.id} key={group.id}>
          <Accordion.Header as="h3">{group.title()}</Accordion.Header>
          <Accordion.Body>
            <ul
              className={`list-unstyled mb-0 ${onOpenImage ? 'image-grid row row-cols-1 row-cols-sm-2 row-cols-xl-3 g-3' : 'download-list'}`}
            >
              {entries.map((entry) => (
                <li key={entry.id} className={onOpenImage ? 'col d-flex flex-column gap-2' : undefined}>
                  {onOpenImage && (
                    <ImagePreview
                      entry={entry}
                      readable={!(entry.approvalOnly && approved === false)}
                      onOpen={onOpenImage}
                    />
                  )}
                  <DownloadButton
                    entry={entry}
                    onDownload={onDownload}
                    onCancel={onCancel}
                    onError={onError}
                  />
                  {/* An image opened for naming links to its who-is-who page. */}
                  {PICTURES_FOR_NAMING.has(entry.id) && (
                    <Link
                      className="who-is-who-link"
                      to={pagePath('who-is-who', currentLocale(), { slug: entry.id })}
                    >
                      {m.members_who_is_who_link()}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
