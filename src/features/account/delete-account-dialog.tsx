import { useState, type FormEvent } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { pagePath } from '../../config/pages';
import {
  deleteAccount,
  isPopupClosed,
  isRecentLoginRequired,
  isWrongPassword,
  reauthenticateWithGoogle,
  reauthenticateWithPassword,
  reauthMethods,
} from '../../firebase/account';
import { leaveAccountMarker } from '../../firebase/deletion-markers';
import { deleteAllSuggestionsOf } from '../../firebase/faces';
import { deleteAllPhotosOf, type DeletionProgress } from '../../firebase/photos';
import { formatCount } from '../../lib/format-sizes';
import { m } from '../../paraglide/messages.js';
import { forgetAccountDeleted, rememberAccountDeleted } from '../../lib/account-deleted';
import './account.scss';

type Step =
  | { kind: 'confirm' }
  | { kind: 'photos'; progress?: DeletionProgress }
  | { kind: 'account' }
  | { kind: 'reauth'; problem?: 'wrong-password' | 'failed' }
  | { kind: 'failed'; stage: 'photos' | 'account' };

/**
 * "Delete my account", step by step: a confirmation; the member's photos deleted (waiting and shared); then the
 * account, asking the member to prove it is them again when Firebase wants a recent sign-in (the password, or
 * Google's popup); at the end the login page, which says the account is gone. Each failure says what happened and
 * can be tried again: what is already deleted stays deleted.
 */
export default function DeleteAccountDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { member } = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const [photos, setPhotos] = useState(0);
  const [password, setPassword] = useState('');
  const busy = step.kind === 'photos' || step.kind === 'account';

  const finish = async (deletedPhotos: number) => {
    setStep({ kind: 'account' });
    rememberAccountDeleted({ photos: deletedPhotos });
    try {
      await deleteAccount();
    } catch (error) {
      forgetAccountDeleted();
      if (isRecentLoginRequired(error)) {
        setStep({ kind: 'reauth' });
        return;
      }
      console.warn('Could not delete the account', error);
      setStep({ kind: 'failed', stage: 'account' });
      return;
    }
    // Signed out now: the login page says the account is gone (the guard may take the member there first).
    void navigate(pagePath('login'), { replace: true });
  };

  const start = async () => {
    setStep({ kind: 'photos' });
    let deleted: number;
    try {
      if (!member) throw new Error('Not signed in');
      // First a marker that the account deletes itself: the backups then let go of what it deletes, even if this
      // stops part-way (src/domain/keeping.ts; what it sends later is not covered).
      await leaveAccountMarker(member.uid);
      deleted = await deleteAllPhotosOf(member.uid, {
        onProgress: (progress) => setStep({ kind: 'photos', progress }),
      });
      // The names suggested for who is who and still waiting carry the account's e-mail address: they go too.
      await deleteAllSuggestionsOf(member.uid);
    } catch (error) {
      console.warn('Could not delete the photos', error);
      setStep({ kind: 'failed', stage: 'photos' });
      return;
    }
    setPhotos(deleted);
    await finish(deleted);
  };

  const reauth = async (method: 'password' | 'google', event?: FormEvent) => {
    event?.preventDefault();
    setStep({ kind: 'account' });
    try {
      if (method === 'password') await reauthenticateWithPassword(password);
      else await reauthenticateWithGoogle();
    } catch (error) {
      if (isPopupClosed(error)) setStep({ kind: 'reauth' });
      else if (isWrongPassword(error)) setStep({ kind: 'reauth', problem: 'wrong-password' });
      else {
        console.warn('Could not sign in again', error);
        setStep({ kind: 'reauth', problem: 'failed' });
      }
      return;
    }
    setPassword('');
    await finish(photos);
  };

  const close = () => {
    if (busy) return;
    setStep({ kind: 'confirm' });
    setPassword('');
    onClose();
  };

  const methods = step.kind === 'reauth' ? reauthMethods() : [];
  return (
    <Modal
      show={show}
      onHide={close}
      centered
      aria-labelledby="delete-account-title"
      backdrop={busy ? 'static' : true}
    >
      <Modal.Header closeButton={!busy} closeLabel={m.common_close()}>
        <Modal.Title id="delete-account-title" as="h2" className="h5">
          {m.account_delete_title()}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {step.kind === 'confirm' && (
          <>
            <p>{m.account_delete_text()}</p>
            <p className="mb-0 fw-bold">{m.account_delete_final()}</p>
          </>
        )}
        {(step.kind === 'photos' || step.kind === 'account') && (
          <div className="d-flex align-items-center gap-2" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>
              {step.kind === 'account'
                ? m.account_deleting_account()
                : step.progress?.phase === 'deleting'
                  ? m.account_deleting_photos({
                      count: step.progress.total,
                      done: formatCount(step.progress.done),
                      total: formatCount(step.progress.total),
                    })
                  : m.account_looking_for_photos_start()}
            </span>
          </div>
        )}
        {step.kind === 'reauth' && (
          <>
            <p>
              {photos
                ? m.account_reauth_text_photos({ count: photos, n: formatCount(photos) })
                : m.account_reauth_text()}
            </p>
            {step.problem && (
              <Alert variant="danger" className="py-2">
                {step.problem === 'wrong-password'
                  ? m.account_reauth_wrong_password()
                  : m.account_reauth_failed()}
              </Alert>
            )}
            {methods.includes('password') && (
              <form onSubmit={(event) => reauth('password', event)} className="mb-3">
                <div className="mb-2">
                  <label htmlFor="delete-account-password" className="form-label">
                    {m.account_password_label()}
                  </label>
                  <input
                    id="delete-account-password"
                    className="form-control"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    required
                  />
                </div>
                <Button type="submit" variant="danger" disabled={!password}>
                  {m.account_reauth_and_delete()}
                </Button>
              </form>
            )}
            {methods.includes('google') && (
              <Button variant="outline-secondary" onClick={() => reauth('google')}>
                {m.account_reauth_google()}
              </Button>
            )}
          </>
        )}
        {step.kind === 'failed' && (
          <Alert variant="danger" className="mb-0">
            {step.stage === 'photos' ? m.account_delete_photos_failed() : m.account_delete_failed()}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        {step.kind === 'confirm' && (
          <Button variant="danger" onClick={start}>
            {m.account_delete_confirm()}
          </Button>
        )}
        {step.kind === 'failed' && (
          <Button variant="danger" onClick={step.stage === 'photos' ? start : () => finish(photos)}>
            {m.common_try_again()}
          </Button>
        )}
        <Button variant="outline-secondary" onClick={close} disabled={busy}>
          {m.account_keep()}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
