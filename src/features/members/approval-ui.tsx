import { useState } from 'react';
import { Alert, Button, Modal } from 'react-bootstrap';
import { CheckAgain } from '../../components/approval/check-again';
import { MailLink } from '../../components/approval/mail-link';
import type { CheckResult } from '../../components/approval/use-approval';
import { RichText } from '../../components/rich-text';
import { config } from '../../config/env';
import { CATALOGUE, titleOf, type CatalogueEntry } from '../../domain/catalogue';
import { formatCount } from '../../lib/format-sizes';
import { m } from '../../paraglide/messages.js';

const APPROVAL_ONLY_COUNT = CATALOGUE.filter((entry) => entry.approvalOnly).length;

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
