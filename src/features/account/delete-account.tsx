import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-bootstrap';
import { ErrorBoundary } from '../../components/error-boundary';
import { m } from '../../paraglide/messages.js';
import './account.scss';

// Loaded on the first click: what deletes photos, suggestions and the account stays out of the page's chunk.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

/** The account page's last section: Delete my account (the member's photos and suggestions first, then the account). */
export function DeleteAccount() {
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <section className="content-section delete-account" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">{m.account_delete_title()}</h2>
      <p>{m.account_delete_intro()}</p>
      <Button
        variant="outline-danger"
        onClick={() => {
          setOpened(true);
          setShow(true);
        }}
      >
        {m.account_delete_button()}
      </Button>
      {opened && (
        <ErrorBoundary
          fallback={
            <p className="mt-2" role="alert">
              {m.account_delete_unavailable()}
            </p>
          }
        >
          <Suspense fallback={null}>
            <DeleteAccountDialog show={show} onClose={() => setShow(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </section>
  );
}
