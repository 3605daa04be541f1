import { useCallback, useId, useMemo, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { MAX_NAME_LENGTH, type PhotoLocation } from '../../../domain/photos';
import {
  ApprovalError,
  approvePhoto,
  rejectWaitingPhoto,
  listWaiting,
  type MakePhoto,
  type WaitingPhoto,
} from '../../../firebase/photos';
import type { MemberAccess } from '../../../firebase/member-access';
import { formatCount } from '../../../lib/format-sizes';
import { invalidate, useLoad } from '../../../lib/use-load';
import { PHOTO_LISTS } from '../../../firebase/photo-lists';
import { m } from '../../../paraglide/messages.js';
import { Sender } from '../../../components/review/sender';
import { useDetails, type DetailsCache } from '../../../components/photo-view/details-cache';
import type { PhotoPreparer } from '../prepare/photo-preparer';
import { altTextOf, sharedByText, takenAtText } from '../../../components/photo-view/photo-text';
import { PhotoViewer } from '../../../components/photo-view/photo-viewer';
import { Thumbnail } from '../../../components/photo-view/thumbnail';
import { TryAgainAlert } from '../../../components/try-again-alert';

export interface ModerationDeps {
  list: () => Promise<WaitingPhoto[]>;
  /** Approves with the name the organiser confirmed (undefined: the account's, as the photo carries it). */
  approve: (uid: string, photoId: string, name: string | undefined) => Promise<void>;
  reject: (uid: string, photoId: string) => Promise<void>;
}

/**
 * The page's moderation: an approval makes the shared photo and its thumbnail from the waiting photo in the same
 * Web Worker the uploads use (decoded, upright, at most 2560 px, re-encoded without EXIF).
 */
export function browserModerationDeps(preparer: PhotoPreparer, organiser: MemberAccess): ModerationDeps {
  const make: MakePhoto = async (file) => {
    const { photo, thumbnail, photoSize, thumbnailSize } = await preparer.prepare(file);
    return { photo, thumbnail, photoSize, thumbnailSize };
  };
  return {
    list: listWaiting,
    approve: (uid, photoId, name) => approvePhoto(uid, photoId, { name, make }),
    // Kept apart for 30 days first: a rejection by mistake can be undone (organiser:photos -- restore).
    reject: (uid, photoId) => rejectWaitingPhoto(uid, photoId, organiser.email ?? organiser.uid),
  };
}

type Failure = 'approve' | 'reject' | 'conflict' | 'undecodable';

const FAILURE_TEXT: Record<Failure, () => string> = {
  approve: m.photos_approve_failed,
  reject: m.photos_reject_failed,
  conflict: m.photos_approve_conflict,
  undecodable: m.photos_approve_undecodable,
};

function WaitingCard({
  photo,
  details,
  deps,
  onView,
  onDone,
}: {
  photo: WaitingPhoto;
  details: DetailsCache;
  deps: ModerationDeps;
  onView: () => void;
  onDone: (photo: WaitingPhoto, outcome: 'approved' | 'rejected') => void;
}) {
  const location: PhotoLocation = { state: 'pending', uid: photo.uid, photoId: photo.photoId };
  const metadata = useDetails(details, location);
  const [busy, setBusy] = useState<'approve' | 'reject' | undefined>();
  const [confirmReject, setConfirmReject] = useState(false);
  const [failure, setFailure] = useState<Failure | undefined>();
  // The name relatives will see: the account's, until the organiser corrects it.
  const [name, setName] = useState<string | undefined>();
  const accountName = metadata?.uploaderName ?? '';
  const shownName = name ?? accountName;
  const nameId = useId();
  const date = takenAtText(photo.photoId, metadata);
  const email = metadata && 'uploaderEmail' in metadata ? metadata.uploaderEmail : undefined;

  const act = async (action: 'approve' | 'reject') => {
    setBusy(action);
    setFailure(undefined);
    try {
      // Not shown yet (the metadata still on its way): the account's name, which the photo carries.
      if (action === 'approve')
        await deps.approve(
          photo.uid,
          photo.photoId,
          metadata === undefined && name === undefined ? undefined : shownName,
        );
      else await deps.reject(photo.uid, photo.photoId);
      onDone(photo, action === 'approve' ? 'approved' : 'rejected');
    } catch (error) {
      console.warn(`Could not ${action} the photo`, error);
      setFailure(error instanceof ApprovalError && error.problem !== 'not-found' ? error.problem : action);
      setBusy(undefined);
    }
  };

  return (
    <li className="waiting-photo card" data-photo-id={photo.photoId}>
      <button
        type="button"
        className="waiting-photo-view"
        onClick={onView}
        aria-label={m.photos_view_waiting_named({ date })}
      >
        <Thumbnail location={location} enabled alt={altTextOf(photo.photoId, metadata)} />
      </button>
      <div className="card-body p-2">
        <p className="mb-1 text-break">{metadata?.caption ?? <em>{m.photos_no_caption()}</em>}</p>
        {email && <Sender className="mb-1" email={email} name={metadata?.uploaderName} />}
        <p className="small text-body-secondary mb-2">
          {email
            ? m.photos_viewer_taken({ date })
            : m.photos_viewer_details({ date, name: sharedByText(metadata) })}
        </p>
        <Form.Group className="mb-2" controlId={nameId}>
          <Form.Label className="small mb-1">{m.photos_name_label()}</Form.Label>
          <Form.Control
            size="sm"
            value={shownName}
            maxLength={MAX_NAME_LENGTH}
            onChange={(event) => setName(event.target.value)}
            disabled={!!busy}
            aria-describedby={`${nameId}-help`}
          />
          <Form.Text id={`${nameId}-help`} className="small">
            {m.photos_name_help()}
          </Form.Text>
        </Form.Group>
        {failure && (
          <p className="small text-danger" role="alert">
            {FAILURE_TEXT[failure]()}
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
 * Organisers: "Waiting for approval (N)", each photo with its thumbnail (a click shows the photo itself, larger),
 * caption, date, the account that shared it (its name and verified e-mail address) and the name the gallery will
 * show, which the organiser confirms or corrects. Approve makes the shared photo from the waiting one and deletes
 * the waiting one (a second press after a failure part-way finishes it); Reject deletes it after a second click.
 */
export function Moderation({
  access,
  details,
  deps,
}: {
  access: MemberAccess;
  details: DetailsCache;
  deps: ModerationDeps;
}) {
  const { state, reload, update } = useLoad(PHOTO_LISTS.waiting, () => deps.list());
  const [announcement, setAnnouncement] = useState('');
  const [viewing, setViewing] = useState<number | undefined>();

  const done = useCallback(
    (photo: WaitingPhoto, outcome: 'approved' | 'rejected') => {
      setViewing(undefined);
      update((current) =>
        current.filter((entry) => entry.photoId !== photo.photoId || entry.uid !== photo.uid),
      );
      setAnnouncement(outcome === 'approved' ? m.photos_approved() : m.photos_rejected());
    },
    [update],
  );

  const waiting = state.value;
  const photos = useMemo(
    () => (waiting ?? []).map(({ uid, photoId }): PhotoLocation => ({ state: 'pending', uid, photoId })),
    [waiting],
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
        {/* Every list of them: this one, and the count in the members menu. */}
        <Button variant="outline-secondary" size="sm" onClick={() => invalidate(PHOTO_LISTS.waiting)}>
          {m.photos_refresh()}
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {state.status === 'failed' ? (
        <TryAgainAlert text={m.photos_waiting_failed()} onRetry={reload} />
      ) : count === undefined ? (
        <Spinner animation="border" size="sm" aria-hidden="true" />
      ) : count === 0 ? (
        <p>{m.photos_waiting_none()}</p>
      ) : (
        <ul className="list-unstyled waiting-list">
          {waiting!.map((photo, index) => (
            <WaitingCard
              key={`${photo.uid}/${photo.photoId}`}
              photo={photo}
              details={details}
              deps={deps}
              onView={() => setViewing(index)}
              onDone={done}
            />
          ))}
        </ul>
      )}
      <PhotoViewer
        photos={photos}
        index={viewing}
        onIndex={setViewing}
        onClose={() => setViewing(undefined)}
        access={access}
        details={details}
      />
    </section>
  );
}
