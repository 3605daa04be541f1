import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';

interface Props {
  show: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  onExited?: () => void;
}

/** A small dialog with a title, a message and an OK button (the spec's modals). */
export function MessageModal({ show, title, children, onClose, onExited }: Props) {
  const titleId = `modal-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
