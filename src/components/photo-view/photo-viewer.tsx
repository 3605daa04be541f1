import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { Alert, Button, Modal, ProgressBar, Spinner } from 'react-bootstrap';
import { MailLink } from '../approval/mail-link';
import { photoPathOf, type PhotoLocation } from '../../domain/photos';
import { isNotFound, removeSharedPhoto } from '../../firebase/photos';
import type { MemberAccess } from '../../firebase/member-access';
import { formatPercent } from '../../lib/format';
import { formatCount } from '../../lib/format-sizes';
import { saveUrl } from '../../lib/save-file';
import { m } from '../../paraglide/messages.js';
import './photo-view.scss';
import { useDetails, type DetailsCache, type ShownDetails } from './details-cache';
import { altTextOf, downloadNameOf, removalRequest, sharedByText, takenAtText } from './photo-text';
import { loadPhoto } from './thumbnail';
import { useBlob } from '../../lib/use-blob';

/** A swipe: the finger moved at least this far sideways, and more sideways than up or down. */
const SWIPE_PX = 50;

/** Whether this account may remove a shared photo: organisers, and the one who shared it. */
export function mayRemove(access: MemberAccess, metadata: ShownDetails | null | undefined): boolean {
  return access.organiser || (!!metadata && metadata.uploaderUid === access.uid);
}

interface Props {
  /** The photos, in order: the gallery's shared ones, or (organisers) the waiting ones. */
  photos: readonly PhotoLocation[];
  /** The photo shown (an index into photos), or undefined: closed. */
  index: number | undefined;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** More photos follow the last one listed. */
  hasMore?: boolean;
  /** Next on the last photo listed: asks for the next page, and moves on to its first photo when it arrives. */
  onNextPage?: () => void;
  /** That page is on its way. */
  loadingMore?: boolean;
  access: MemberAccess;
  details: DetailsCache;
  /** A shared photo was removed from the view. */
  onRemoved?: (photoId: string) => void;
}

const keyOf = (location: PhotoLocation) =>
  location.state === 'shared' ? location.photoId : `${location.uid}/${location.photoId}`;

/**
 * The larger view of a photo: the photo itself (fetched with the ID token, shown from an object URL that is
 * revoked when the view moves on or closes), its caption, date and who shared it; Previous and Next (also the
 * left and right arrow keys, and a swipe), Escape closes. A shared photo also has Download, "Ask for removal" (an
 * e-mail to the organisers naming the photo) and Remove for organisers and the one who shared it; a waiting one
 * is shown to organisers as it was sent, before they approve it.
 */
export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
  hasMore = false,
  onNextPage = () => {},
  loadingMore = false,
  access,
  details,
  onRemoved = () => {},
}: Props) {
  const open = index !== undefined && index < photos.length;
  const [location, setLocation] = useState<PhotoLocation | undefined>();
  const current = open ? photos[index] : undefined;
  // Keep the content while the dialog fades out.
  if (current && (!location || keyOf(current) !== keyOf(location))) setLocation(current);
  const shownId = location?.photoId;
  const shared = location?.state === 'shared';
  const metadata = useDetails(details, location);
  const [fraction, setFraction] = useState<number | undefined>();
  const load = useCallback((path: string, signal: AbortSignal) => {
    setFraction(undefined);
    return loadPhoto(path, signal, setFraction);
  }, []);
  const photo = useBlob(open && location ? photoPathOf(location) : undefined, load, isNotFound);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeFailed, setRemoveFailed] = useState(false);
  const swipe = useRef<{ x: number; y: number } | undefined>(undefined);

  // A new photo: no question pending about the previous one.
  const shownKey = location && keyOf(location);
  const [questionFor, setQuestionFor] = useState(shownKey);
  if (questionFor !== shownKey) {
    setQuestionFor(shownKey);
    setConfirming(false);
    setRemoveFailed(false);
  }

  const last = index !== undefined && index >= photos.length - 1;
  const hasNext = !last || hasMore;
  const previous = () => {
    if (index !== undefined && index > 0) onIndex(index - 1);
  };
  const next = () => {
    if (index === undefined) return;
    if (!last) onIndex(index + 1);
    else if (hasMore && !loadingMore) onNextPage();
  };

  // Left and right anywhere in the open view (its focus may be on the dialog itself, outside its inner parts).
  const keys = useRef({ previous, next });
  useLayoutEffect(() => {
    keys.current = { previous, next };
  });
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        keys.current.previous();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        keys.current.next();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = undefined;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      if (dx < 0) next();
      else previous();
    }
  };

  const download = () => {
    if (photo.status === 'ready' && shownId) saveUrl(photo.url, downloadNameOf(shownId));
  };

  const remove = async () => {
    if (!shownId) return;
    setRemoving(true);
    setRemoveFailed(false);
    try {
      await removeSharedPhoto(shownId, metadata?.uploaderUid, access);
      setConfirming(false);
      onRemoved(shownId);
    } catch (error) {
      console.warn('Could not remove the photo', error);
      setRemoveFailed(true);
    } finally {
      setRemoving(false);
    }
  };

  const alt = shownId ? altTextOf(shownId, metadata) : '';
  const date = shownId ? takenAtText(shownId, metadata) : '';
  const mail = shownId && shared ? removalRequest(shownId, metadata) : undefined;

  return (
    <Modal
      show={open}
      onHide={onClose}
      onExited={() => setLocation(undefined)}
      size="xl"
      centered
      aria-labelledby="photo-viewer-title"
      className="photo-viewer"
    >
      <Modal.Header closeButton closeLabel={m.common_close()}>
        <Modal.Title id="photo-viewer-title" as="h2" className="h5">
          {index !== undefined && open
            ? m.photos_viewer_title({
                n: formatCount(index + 1),
                total: formatCount(photos.length),
              })
            : null}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <figure className="mb-0">
          <div className="photo-viewer-stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
            {photo.status === 'ready' ? (
              <img src={photo.url} alt={alt} className="photo-viewer-picture" />
            ) : photo.status === 'failed' ? (
              <p className="mb-0">{m.photos_viewer_failed()}</p>
            ) : photo.status === 'gone' ? (
              <p className="mb-0">{m.photos_viewer_gone()}</p>
            ) : (
              <div className="d-flex flex-column align-items-center gap-2 py-4" role="status">
                <Spinner animation="border" aria-hidden="true" />
                <span>{m.photos_viewer_loading()}</span>
                {fraction !== undefined && (
                  <ProgressBar
                    className="w-50"
                    now={Math.round(fraction * 100)}
                    label={formatPercent(fraction)}
                    aria-label={m.photos_viewer_progress()}
                  />
                )}
              </div>
            )}
          </div>
          <figcaption className="mt-2">
            {metadata?.caption && <p className="mb-1 photo-viewer-caption">{metadata.caption}</p>}
            <p className="mb-0 small text-body-secondary">
              {metadata !== undefined
                ? m.photos_viewer_details({ date, name: sharedByText(metadata) })
                : m.photos_viewer_taken({ date })}
            </p>
          </figcaption>
        </figure>
        {confirming && (
          <Alert variant="warning" className="mt-3 mb-0">
            <p className="mb-2">
              {/* Removing one's own photo is a deletion; an organiser's removal of another's is kept apart. */}
              {metadata?.uploaderUid === access.uid
                ? m.photos_remove_question()
                : m.photos_remove_question_kept()}
            </p>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="danger" size="sm" onClick={remove} disabled={removing} aria-busy={removing}>
                {removing && <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />}
                {m.photos_remove_confirm()}
              </Button>
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => setConfirming(false)}
                disabled={removing}
              >
                {m.photos_keep()}
              </Button>
            </div>
          </Alert>
        )}
        {removeFailed && (
          <Alert variant="danger" className="mt-3 mb-0">
            {m.photos_remove_failed()}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={previous} disabled={!index}>
            <span aria-hidden="true">‹ </span>
            {m.photos_previous()}
          </Button>
          <Button variant="outline-secondary" onClick={next} disabled={!hasNext || (last && loadingMore)}>
            {m.photos_next()}
            <span aria-hidden="true"> ›</span>
          </Button>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {shared && (
            <Button variant="primary" onClick={download} disabled={photo.status !== 'ready'}>
              {m.photos_download()}
            </Button>
          )}
          {mail && (
            <MailLink className="btn btn-outline-secondary" subject={mail.subject} body={mail.body}>
              {m.photos_ask_removal()}
            </MailLink>
          )}
          {shared && mayRemove(access, metadata) && !confirming && (
            <Button variant="outline-danger" onClick={() => setConfirming(true)}>
              {m.photos_remove()}
            </Button>
          )}
        </div>
      </Modal.Footer>
    </Modal>
  );
}
