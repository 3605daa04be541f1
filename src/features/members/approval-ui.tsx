import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { RichText } from '../../components/rich-text';
import { config } from '../../config/env';
import { CATALOGUE, titleOf, type CatalogueEntry } from '../../domain/catalogue';
import { formatCount } from '../../lib/format-sizes';
import { m } from '../../paraglide/messages.js';
import type { CheckResult } from './approval';

const APPROVAL_ONLY_COUNT = CATALOGUE.filter((entry) => entry.approvalOnly).length;

function MailLink({ children, alertLink = false }: { children: ReactNode; alertLink?: boolean }) {
  return (
    <a href={`mailto:${config.contactEmail}`} className={alertLink ? 'alert-link' : undefined}>
      {children}
    </a>
  );
}

const RESULT_TEXT: Record<CheckResult, () => string> = {
  approved: m.members_check_approved,
  'not-approved': m.members_check_not_yet,
  blocked: m.members_check_blocked,
  failed: m.members_check_failed,
};

/**
 * "Check again": fetches a new ID token (no sign-out) and says what it found in a live region. `onApproved`
 * runs when the account is approved now.
 */
function CheckAgain({
  checkAgain,
  onApproved,
  variant = 'primary',
}: {
  checkAgain: () => Promise<CheckResult>;
  onApproved: () => void;
  variant?: string;
}) {
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<CheckResult | undefined>();
  const check = async () => {
    setChecking(true);
    setResult(undefined);
    const outcome = await checkAgain();
    setChecking(false);
    setResult(outcome);
    if (outcome === 'approved') onApproved();
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 check-again">
      <Button variant={variant} size="sm" onClick={check} disabled={checking} aria-busy={checking}>
        {checking && <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />}
        {m.members_check_again()}
      </Button>
      <span role="status" className="check-again-result">
        {checking ? m.members_checking() : result && result !== 'approved' ? RESULT_TEXT[result]() : null}
      </span>
    </div>
  );
}

/** Before any click: the lists of living people wait for an organiser's approval. */
export function ApprovalNotice({
  checkAgain,
  onApproved,
}: {
  checkAgain: () => Promise<CheckResult>;
  onApproved: () => void;
}) {
  return (
    <Alert variant="info" className="approval-notice">
      <p>
        <RichText
          message={m.members_approval_notice}
          inputs={{ count: formatCount(APPROVAL_ONLY_COUNT), email: config.contactEmail }}
          tags={{ link: (children) => <MailLink alertLink>{children}</MailLink> }}
        />
      </p>
      <CheckAgain checkAgain={checkAgain} onApproved={onApproved} />
    </Alert>
  );
}

/** After Check again found the approval: the lists can be downloaded now. */
export function ApprovedNote({ onClose }: { onClose: () => void }) {
  return (
    <Alert
      variant="success"
      dismissible
      closeLabel={m.common_close()}
      onClose={onClose}
      className="approved-note"
    >
      <span role="status">{m.members_check_approved()}</span>
    </Alert>
  );
}

/**
 * A member without approval clicked an approval-only file and Storage refused it: says why, whom to write
 * to, and offers Check again (an organiser may have approved the account since the page got its ID token).
 */
export function ApprovalModal({
  entry,
  checkAgain,
  onApproved,
  onClose,
}: {
  entry: CatalogueEntry | undefined;
  checkAgain: () => Promise<CheckResult>;
  onApproved: () => void;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(entry);
  if (entry && entry !== shown) setShown(entry); // keep the text while the dialog fades out
  return (
    <Modal show={!!entry} onHide={onClose} centered aria-labelledby="approval-needed-title">
      <Modal.Header closeButton closeLabel={m.common_close()}>
        <Modal.Title id="approval-needed-title" as="h2" className="h5">
          {m.members_approval_title()}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          <RichText
            message={m.members_approval_text}
            inputs={{ name: shown ? titleOf(shown) : '', email: config.contactEmail }}
            tags={{ link: (children) => <MailLink>{children}</MailLink> }}
          />
        </p>
        <CheckAgain checkAgain={checkAgain} onApproved={onApproved} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {m.common_close()}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
