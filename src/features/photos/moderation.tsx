import { useCallback, useEffect, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import type { PhotoLocation } from '../../domain/photos';
import {
  ApprovalError,
  approvePhoto,
  deleteWaitingPhoto,
  listWaiting,
  type WaitingPhoto,
} from '../../firebase/photos';
import { formatCount } from '../../lib/format-sizes';
import { m } from '../../paraglide/messages.js';
import { useDetails, type DetailsCache } from './details-cache';
import { altTextOf, sharedByText, takenAtText } from './photo-text';
import { Thumbnail } from './thumbnail';

export interface ModerationDeps {
  list: () => Promise<WaitingPhoto[]>;
  approve: (uid: string, photoId: string) => Promise<void>;
  reject: (uid: string, photoId: string) => Promise<void>;
}

const browserDeps: ModerationDeps = { list: listWaiting, approve: approvePhoto, reject: deleteWaitingPhoto };

type Failure = 'approve' | 'reject' | 'conflict';

function WaitingCard({
  photo,
  details,
  deps,
  onDone,
}: {
  photo: WaitingPhoto;
  details: DetailsCache;
  deps: ModerationDeps;
  onDone: (photo: WaitingPhoto, outcome: 'approved' | 'rejected') => void;
}) {
  const location: PhotoLocation = { state: 'pending', uid: photo.uid, photoId: photo.photoId };
  const metadata = useDetails(details, location);
  const [busy, setBusy] = useState<'approve' | 'reject' | undefined>();
  const [confirmReject, setConfirmReject] = useState(false);
  const [failure, setFailure] = useState<Failure | undefined>();
  const date = takenAtText(photo.photoId, metadata);

  const act = async (action: 'approve' | 'reject') => {
    setBusy(action);
    setFailure(undefined);
    try {
      if (action === 'approve') await deps.approve(photo.uid, photo.photoId);
      else await deps.reject(photo.uid, photo.photoId);
      onDone(photo, action === 'approve' ? 'approved' : 'rejected');
    } catch (error) {
      console.warn(`Could not ${action} the photo`, error);
      setFailure(error instanceof ApprovalError && error.problem === 'conflict' ? 'conflict' : action);
      setBusy(undefined);
    }
  };

  return (
    <li className="waiting-photo card" data-photo-id={photo.photoId}>
      <Thumbnail location={location} enabled alt={altTextOf(photo.photoId, metadata)} />
      <div className="card-body p-2">
        <p className="mb-1 text-break">{metadata?.caption ?? <em>{m.photos_no_caption()}</em>}</p>
        <p className="small text-body-secondary mb-2">
          {m.photos_viewer_details({ date, name: sharedByText(metadata) })}
        </p>
        {failure && (
          <p className="small text-danger" role="alert">
            {failure === 'conflict'
              ? m.photos_approve_conflict()
              : failure === 'approve'
                ? m.photos_approve_failed()
                : m.photos_reject_failed()}
          </p>
        )}
        {confirmReject ? (
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <span className="small">{m.photos_reject_question()}</span>
            <Button
              variant="danger"
              size="sm"
              onClick={() => act('reject')}
              disabled={!!busy}
              aria-busy={busy === 'reject'}
            >
              {busy === 'reject' && (
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />
              )}
              {m.photos_reject_confirm()}
            </Button>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => setConfirmReject(false)}
              disabled={!!busy}
            >
              {m.photos_keep()}
            </Button>
          </div>
        ) : (
          <div className="d-flex flex-wrap gap-2">
            <Button
              variant="success"
              size="sm"
              onClick={() => act('approve')}
              disabled={!!busy}
              aria-busy={busy === 'approve'}
              aria-label={m.photos_approve_named({ date })}
            >
              {busy === 'approve' && (
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />
              )}
              {m.photos_approve()}
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              onClick={() => setConfirmReject(true)}
              disabled={!!busy}
              aria-label={m.photos_reject_named({ date })}
            >
              {m.photos_reject()}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * Organisers: "Waiting for approval (N)", each photo with its thumbnail, caption, who shared it and when it was
 * taken; Approve moves it to the gallery (copy, then delete the waiting one: a second press after a failure
 * part-way finishes the move), Reject deletes it after a second click.
 */
export function Moderation({
  details,
  version,
  onChanged,
  deps = browserDeps,
}: {
  details: DetailsCache;
  version: number;
  onChanged: (outcome: 'approved' | 'rejected') => void;
  deps?: ModerationDeps;
}) {
  const [waiting, setWaiting] = useState<WaitingPhoto[] | undefined>();
  const [failed, setFailed] = useState(false);
  const [reload, setReload] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    let active = true;
    deps.list().then(
      (found) => {
        if (!active) return;
        setWaiting(found);
        setFailed(false);
      },
      (error: unknown) => {
        console.warn('Could not list the waiting photos', error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [deps, version, reload]);

  const done = useCallback(
    (photo: WaitingPhoto, outcome: 'approved' | 'rejected') => {
      setWaiting((current) => current?.filter((entry) => entry.photoId !== photo.photoId));
      setAnnouncement(outcome === 'approved' ? m.photos_approved() : m.photos_rejected());
      onChanged(outcome);
    },
    [onChanged],
  );

  const count = waiting?.length;
  return (
    <section className="photos-moderation content-section" aria-labelledby="moderation-heading">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
        <h2 id="moderation-heading">
          {count === undefined
            ? m.photos_waiting_heading_plain()
            : m.photos_waiting_heading({ count: formatCount(count) })}
        </h2>
        <Button variant="outline-secondary" size="sm" onClick={() => setReload((value) => value + 1)}>
          {m.photos_refresh()}
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {failed ? (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
          <span>{m.photos_waiting_failed()}</span>
          <Button size="sm" variant="outline-secondary" onClick={() => setReload((value) => value + 1)}>
            {m.common_try_again()}
          </Button>
        </div>
      ) : count === undefined ? (
        <Spinner animation="border" size="sm" aria-hidden="true" />
      ) : count === 0 ? (
        <p>{m.photos_waiting_none()}</p>
      ) : (
        <ul className="list-unstyled waiting-list">
          {waiting!.map((photo) => (
            <WaitingCard key={photo.photoId} photo={photo} details={details} deps={deps} onDone={done} />
          ))}
        </ul>
      )}
    </section>
  );
}
