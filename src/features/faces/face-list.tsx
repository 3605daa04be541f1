import { useId, useMemo, useState } from 'react';
import { Form, ListGroup } from 'react-bootstrap';
import { findFaces, type Face } from '../../domain/faces';
import { m } from '../../paraglide/messages.js';
import { nameText, placeText } from './face-text';

/**
 * Every face of the picture as a list entry (its number, name and where it stands): the accessible way through the
 * picture. A search as one types (number, name or note; case and accents do not matter) and "Not named yet" narrow
 * it; choosing an entry selects the face and flies the picture to it.
 */
export function FaceList({
  faces,
  selected,
  onChoose,
}: {
  faces: readonly Face[];
  selected: number | undefined;
  onChoose: (face: Face) => void;
}) {
  const [query, setQuery] = useState('');
  const [unnamedOnly, setUnnamedOnly] = useState(false);
  const shown = useMemo(() => findFaces(faces, query, unnamedOnly), [faces, query, unnamedOnly]);
  const searchId = useId();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="face-list">
      <h2 id={headingId} className="h5">
        {m.faces_list_heading()}
      </h2>
      <Form.Group controlId={searchId} className="mb-2">
        <Form.Label>{m.faces_search_label()}</Form.Label>
        <Form.Control
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </Form.Group>
      <Form.Check
        id={`${searchId}-unnamed`}
        type="switch"
        label={m.faces_unnamed_only()}
        checked={unnamedOnly}
        onChange={(event) => setUnnamedOnly(event.target.checked)}
        className="mb-2"
      />
      <p role="status" className="small text-body-secondary mb-2 face-list-count">
        {shown.length ? m.faces_found({ shown: shown.length, total: faces.length }) : m.faces_none_found()}
      </p>
      <ListGroup as="ol" className="face-list-entries">
        {shown.map((face) => (
          <ListGroup.Item as="li" key={face.number} className="p-0" active={face.number === selected}>
            <button
              type="button"
              className="face-list-button btn btn-link text-start w-100"
              aria-current={face.number === selected ? 'true' : undefined}
              onClick={() => onChoose(face)}
            >
              <span className="face-list-number">{face.number}</span>{' '}
              <span className={face.name ? 'face-list-name' : 'face-list-name face-name-unknown'}>
                {nameText(face)}
              </span>
              <span className="d-block small face-list-place">{placeText(face, faces)}</span>
            </button>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
