import { useState } from 'react';
import { Alert, Badge, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { CheckAgain } from '../../components/approval/check-again';
import { MailLink } from '../../components/approval/mail-link';
import { useMemberAccess } from '../../components/approval/use-member-access';
import { PageLoading } from '../../components/page-loading';
import { RichText } from '../../components/rich-text';
import { TryAgainAlert } from '../../components/try-again-alert';
import { config } from '../../config/env';
import { pagePath } from '../../config/pages';
import { faceHash } from '../../domain/faces';
import { readOwnSuggestions } from '../../firebase/faces';
import type { MemberAccess } from '../../firebase/member-access';
import { listPendingOf, listSharedOf } from '../../firebase/photos';
import { useAuth } from '../../lib/auth-context';
import { currentLocale } from '../../lib/locale';
import { useLoad } from '../../lib/use-load';
import { m } from '../../paraglide/messages.js';
import { altTextOf, takenAtText } from '../../components/photo-view/photo-text';
import { Thumbnail } from '../../components/photo-view/thumbnail';
import { DetailsCache, useDetails } from '../../components/photo-view/details-cache';
import { PhotoViewer } from '../../components/photo-view/photo-viewer';
import { accountPhotos, accountSuggestions, type AccountPhoto } from './account-items';
import { DeleteAccount } from './delete-account';
import '../../styles/bootstrap-lazy.scss';

function Loading() {
  return (
    <p className="d-flex align-items-center gap-2" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      {m.common_loading()}
    </p>
  );
}

/** How the relative signs in, and what the account may see. */
function SignIn({
  access,
  checkAgain,
}: { access: MemberAccess } & Pick<ReturnType<typeof useMemberAccess>, 'checkAgain'>) {
  const { member } = useAuth();
  const email = access.email ?? member?.email ?? '';
  return (
    <section className="content-section" aria-labelledby="account-sign-in-heading">
      <h2 id="account-sign-in-heading">{m.account_sign_in_heading()}</h2>
      <dl className="account-facts">
        <dt>{m.account_address_label()}</dt>
        <dd>
          <bdi className="account-address text-break">{email}</bdi>{' '}
          {member?.emailVerified && <Badge bg="success">{m.account_verified()}</Badge>}
        </dd>
        <dt>{m.account_name_label()}</dt>
        <dd>{access.name ? <bdi>{access.name}</bdi> : m.account_name_none()}</dd>
        <dt>{m.account_approval_label()}</dt>
        <dd className="account-approval">
          {access.organiser ? (
            m.account_organiser()
          ) : access.approved ? (
            m.account_approved()
          ) : (
            <>
              <p>
                <RichText
                  message={m.account_not_approved}
                  inputs={{ email: config.contactEmail }}
                  tags={{ link: (children) => <MailLink>{children}</MailLink> }}
                />
              </p>
              {/* Approved now: the hook gives the new access, and this says so. */}
              <CheckAgain checkAgain={checkAgain} onApproved={() => {}} />
            </>
          )}
        </dd>
      </dl>
    </section>
  );
}

function PhotoItem({
  photo,
  details,
  visible,
  onOpen,
}: {
  photo: AccountPhoto;
  details: DetailsCache;
  /** Whether the account may see it now (a shared photo: approved relatives only). */
  visible: boolean;
  onOpen?: () => void;
}) {
  const { location } = photo;
  // A shared photo's details file; a waiting photo's caption is in its metadata, which only organisers read.
  const metadata = useDetails(details, visible && location.state === 'shared' ? location : undefined);
  const taken = takenAtText(location.photoId, metadata);
  const thumbnail = visible ? (
    <Thumbnail location={location} enabled alt={altTextOf(location.photoId, metadata)} />
  ) : (
    <span className="photo-thumbnail" />
  );
  return (
    <li className="my-photo" data-photo-id={location.photoId}>
      {onOpen ? (
        <button
          type="button"
          className="photo-tile"
          onClick={onOpen}
          aria-label={m.photos_view_waiting_named({ date: taken })}
        >
          {thumbnail}
        </button>
      ) : (
        thumbnail
      )}
      <div className="my-photo-text">
        <Badge
          bg={photo.fate === 'waiting' ? 'warning' : 'success'}
          text={photo.fate === 'waiting' ? 'dark' : undefined}
        >
          {photo.fate === 'waiting' ? m.photos_fate_waiting() : m.photos_fate_shared()}
        </Badge>
        <div className="small">{taken}</div>
        {metadata?.caption && <div className="small text-body-secondary text-break">{metadata.caption}</div>}
      </div>
    </li>
  );
}

/** The account's photos, waiting and shared, from any device; a shared one opens in the larger view. */
function Photos({ access }: { access: MemberAccess }) {
  const [details] = useState(() => new DetailsCache());
  const photos = useLoad(access.uid, () =>
    accountPhotos(access.uid, { listPending: listPendingOf, listShared: listSharedOf }),
  );
  const [open, setOpen] = useState<number | undefined>();
  const seesShared = access.approved || access.organiser;
  const list = photos.state.value ?? [];
  // The larger view shows shared photos (a waiting one's caption and date are for organisers to read).
  const viewable = seesShared ? list.filter((photo) => photo.fate === 'shared') : [];
  return (
    <section className="content-section account-photos" aria-labelledby="account-photos-heading">
      <h2 id="account-photos-heading">{m.photos_mine_heading()}</h2>
      {photos.state.status === 'loading' && <Loading />}
      {photos.state.status === 'failed' && (
        <TryAgainAlert text={m.photos_mine_failed()} onRetry={photos.reload} />
      )}
      {photos.state.status === 'ready' &&
        (list.length ? (
          <>
            {!seesShared && list.some((photo) => photo.fate === 'shared') && (
              <p className="small">{m.account_photos_shared_hidden()}</p>
            )}
            <ul className="list-unstyled my-photo-list">
              {list.map((photo) => {
                const at = viewable.indexOf(photo);
                return (
                  <PhotoItem
                    key={photo.location.photoId}
                    photo={photo}
                    details={details}
                    visible={photo.fate === 'waiting' || seesShared}
                    onOpen={at >= 0 ? () => setOpen(at) : undefined}
                  />
                );
              })}
            </ul>
          </>
        ) : (
          <p>{m.account_photos_none()}</p>
        ))}
      <p>
        <Link to={pagePath('members/photos')}>{m.account_photos_link()}</Link>
      </p>
      <PhotoViewer
        photos={viewable.map((photo) => photo.location)}
        index={open}
        onIndex={setOpen}
        onClose={() => setOpen(undefined)}
        access={access}
        details={details}
        onRemoved={(photoId) => {
          setOpen(undefined);
          photos.update((current) => current.filter((photo) => photo.location.photoId !== photoId));
        }}
      />
    </section>
  );
}

/** The account's suggested names still waiting, each a link to its face on its picture. */
function Suggestions({ access }: { access: MemberAccess }) {
  const suggestions = useLoad(access.uid, () => accountSuggestions(access.uid, readOwnSuggestions));
  const list = suggestions.state.value ?? [];
  return (
    <section className="content-section account-suggestions" aria-labelledby="account-suggestions-heading">
      <h2 id="account-suggestions-heading">{m.account_suggestions_heading()}</h2>
      <p className="small text-body-secondary">{m.account_suggestions_note()}</p>
      {suggestions.state.status === 'loading' && <Loading />}
      {suggestions.state.status === 'failed' && (
        <TryAgainAlert text={m.account_suggestions_failed()} onRetry={suggestions.reload} />
      )}
      {suggestions.state.status === 'ready' &&
        (list.length ? (
          <ul className="account-suggestion-list">
            {list.map(({ entry, fileId, pictureTitle }) => (
              <li key={entry.path}>
                <bdi className="fw-semibold suggestion-name">{entry.suggestion.name}</bdi>{' '}
                <Link
                  to={`${pagePath('who-is-who', currentLocale(), { slug: fileId })}${faceHash(entry.suggestion.face)}`}
                >
                  {m.account_suggestion_where({ face: String(entry.suggestion.face), picture: pictureTitle })}
                </Link>
                {entry.suggestion.note && (
                  <span className="d-block small text-body-secondary text-break suggestion-note">
                    {entry.suggestion.note}
                  </span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>{m.account_suggestions_none()}</p>
        ))}
    </section>
  );
}

/**
 * The account page's content: how the relative signs in and what the account may see (with Check again while it
 * waits for approval), their photos and suggested names (links to each), and Delete my account, which stays
 * usable even when the rest cannot be read.
 */
export default function AccountContent() {
  const { access, checkAgain } = useMemberAccess();
  if (access === undefined) return <PageLoading />;
  return (
    <>
      {access === null ? (
        <Alert variant="warning">{m.access_failed()}</Alert>
      ) : (
        <>
          <SignIn access={access} checkAgain={checkAgain} />
          <Photos access={access} />
          <Suggestions access={access} />
        </>
      )}
      <DeleteAccount />
    </>
  );
}
