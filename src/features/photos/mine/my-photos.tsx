import { useCallback, useState } from 'react';
import { Badge, Button, Spinner } from 'react-bootstrap';
import type { PhotoLocation } from '../../../domain/photos';
import { listPendingOf, listSharedOf, withdrawWaitingPhoto } from '../../../firebase/photos';
import { PHOTO_LISTS } from '../../../firebase/photo-lists';
import { useLoad } from '../../../lib/use-load';
import type { MemberAccess } from '../../../firebase/member-access';
import { m } from '../../../paraglide/messages.js';
import { useDetails, type DetailsCache } from '../../../components/photo-view/details-cache';
import { forgetPhoto, rememberedPhotos } from './my-photos-store';
import { altTextOf, takenAtText } from '../../../components/photo-view/photo-text';
import { Thumbnail } from '../../../components/photo-view/thumbnail';
import { TryAgainAlert } from '../../../components/try-again-alert';

type Fate = 'waiting' | 'shared' | 'not-accepted';

interface Entry {
  photoId: string;
  fate: Fate;
}

export interface MyPhotosDeps {
  listPending: (uid: string) => Promise<string[]>;
  listShared: (uid: string) => Promise<string[]>;
  withdraw: (uid: string, photoId: string) => Promise<void>;
}

const browserDeps: MyPhotosDeps = {
  listPending: listPendingOf,
  listShared: listSharedOf,
  withdraw: withdrawWaitingPhoto,
};

/**
 * What became of this account's photos: waiting for an organiser (its own folder, from any device), and, of those
 * sent from this browser, shared (a marker in shared/ names the account) or not accepted (in neither). A waiting one
 * can be withdrawn. Read from listings only: nothing here asks Storage for a photo's metadata.
 */
export async function myPhotos(uid: string, deps: MyPhotosDeps = browserDeps): Promise<Entry[]> {
  const waiting = new Set(await deps.listPending(uid));
  const others = rememberedPhotos(uid).filter((id) => !waiting.has(id));
  const shared = new Set(others.length ? await deps.listShared(uid) : []);
  return [
    ...[...waiting].map((photoId): Entry => ({ photoId, fate: 'waiting' })),
    ...others.map((photoId): Entry => ({ photoId, fate: shared.has(photoId) ? 'shared' : 'not-accepted' })),
  ].sort((a, b) => (a.photoId < b.photoId ? -1 : 1));
}

const FATE_TEXT: Record<Fate, () => string> = {
  waiting: m.photos_fate_waiting,
  shared: m.photos_fate_shared,
  'not-accepted': m.photos_fate_not_accepted,
};
const FATE_BADGE: Record<Fate, string> = {
  waiting: 'warning',
  shared: 'success',
  'not-accepted': 'secondary',
};

function MyPhoto({
  entry,
  access,
  details,
  onWithdraw,
  onDismiss,
}: {
  entry: Entry;
  access: MemberAccess;
  details: DetailsCache;
  onWithdraw: (photoId: string) => Promise<void>;
  onDismiss: (photoId: string) => void;
}) {
  const location: PhotoLocation | undefined =
    entry.fate === 'waiting'
      ? { state: 'pending', uid: access.uid, photoId: entry.photoId }
      : entry.fate === 'shared'
        ? { state: 'shared', photoId: entry.photoId }
        : undefined;
  // A shared photo's details file; a waiting photo's caption is in its metadata, which only organisers read.
  const metadata = useDetails(details, location?.state === 'shared' ? location : undefined);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const withdraw = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onWithdraw(entry.photoId);
    } catch (error) {
      console.warn('Could not withdraw the photo', error);
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <li className="my-photo" data-photo-id={entry.photoId}>
      {location ? (
        <Thumbnail location={location} enabled alt={altTextOf(entry.photoId, metadata)} />
      ) : (
        <span className="photo-thumbnail" />
      )}
      <div className="my-photo-text">
        <Badge bg={FATE_BADGE[entry.fate]} text={entry.fate === 'waiting' ? 'dark' : undefined}>
          {FATE_TEXT[entry.fate]()}
        </Badge>
        <div className="small">{takenAtText(entry.photoId, metadata)}</div>
        {metadata?.caption && <div className="small text-body-secondary text-break">{metadata.caption}</div>}
        {failed && (
          <div className="small text-danger" role="alert">
            {m.photos_withdraw_failed()}
          </div>
        )}
        {entry.fate === 'waiting' && (
          <Button
            variant="outline-secondary"
            size="sm"
            className="mt-1"
            onClick={withdraw}
            disabled={busy}
            aria-busy={busy}
            aria-label={m.photos_withdraw_named({ date: takenAtText(entry.photoId, metadata) })}
          >
            {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />}
            {m.photos_withdraw()}
          </Button>
        )}
        {entry.fate === 'not-accepted' && (
          <Button
            variant="link"
            size="sm"
            className="p-0 mt-1"
            onClick={() => onDismiss(entry.photoId)}
            aria-label={m.photos_dismiss_named({ date: takenAtText(entry.photoId, metadata) })}
          >
            {m.photos_dismiss()}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * "Your photos": the account's photos and what became of them (hidden until it has any). Read again wherever
 * photos move (src/firebase/photos.ts invalidates PHOTO_LISTS.mine).
 */
export function MyPhotos({
  access,
  details,
  deps = browserDeps,
}: {
  access: MemberAccess;
  details: DetailsCache;
  deps?: MyPhotosDeps;
}) {
  const { state, reload, update } = useLoad(PHOTO_LISTS.mineOf(access.uid), () => myPhotos(access.uid, deps));
  const without = useCallback(
    (photoId: string) => update((entries) => entries.filter((entry) => entry.photoId !== photoId)),
    [update],
  );
  const withdraw = useCallback(
    async (photoId: string) => {
      await deps.withdraw(access.uid, photoId);
      forgetPhoto(access.uid, photoId);
      without(photoId);
    },
    [access.uid, deps, without],
  );
  const dismiss = useCallback(
    (photoId: string) => {
      forgetPhoto(access.uid, photoId);
      without(photoId);
    },
    [access.uid, without],
  );

  if (state.status === 'failed')
    return (
      <section className="my-photos content-section" aria-labelledby="my-photos-heading">
        <h2 id="my-photos-heading">{m.photos_mine_heading()}</h2>
        <TryAgainAlert text={m.photos_mine_failed()} onRetry={reload} />
      </section>
    );
  const entries = state.value;
  if (!entries?.length) return null;
  const waiting = entries.filter((entry) => entry.fate === 'waiting').length;
  return (
    <section className="my-photos content-section" aria-labelledby="my-photos-heading">
      <h2 id="my-photos-heading">{m.photos_mine_heading()}</h2>
      {waiting > 0 && <p className="small">{m.photos_mine_waiting_note()}</p>}
      <ul className="list-unstyled my-photo-list">
        {entries.map((entry) => (
          <MyPhoto
            key={entry.photoId}
            entry={entry}
            access={access}
            details={details}
            onWithdraw={withdraw}
            onDismiss={dismiss}
          />
        ))}
      </ul>
    </section>
  );
}
