import { lazy, Suspense, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { ErrorBoundary } from '../error-boundary';
import { m } from '../../paraglide/messages.js';
import './account.scss';

// Loaded on the first click: what deletes photos and the account stays out of the members area's own chunk.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

/** "Your account" in the members area: Delete my account (the member's photos first, then the account). */
export function AccountCard() {
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <Card className="mt-3 shadow-sm account-card">
      <Card.Header as="h2" className="h5 mb-0">
        {m.account_heading()}
      </Card.Header>
      <Card.Body>
        <p className="small">{m.account_delete_intro()}</p>
        <Button
          variant="outline-danger"
          size="sm"
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
              <p className="small mt-2" role="alert">
                {m.account_delete_unavailable()}
              </p>
            }
          >
            <Suspense fallback={null}>
              <DeleteAccountDialog show={show} onClose={() => setShow(false)} />
            </Suspense>
          </ErrorBoundary>
        )}
      </Card.Body>
    </Card>
  );
}
