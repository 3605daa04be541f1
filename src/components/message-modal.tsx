import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { m } from '../paraglide/messages.js';

interface Props {
  show: boolean;
  /** Unique on the page: it also names the dialog's heading id. */
  id: string;
  title: string;
  children: ReactNode;
  onClose: () => void;
  onExited?: () => void;
}

/** A small dialog with a title, a message and an OK button (the spec's modals). */
export function MessageModal({ show, id, title, children, onClose, onExited }: Props) {
  const titleId = `${id}-title`;
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={m.common_close()}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {m.common_ok()}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
