import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import {
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  textProblems,
  type Face,
  type TextProblem,
} from '../../domain/faces';
import { cleanText } from '../../lib/relative-text';
import { m } from '../../paraglide/messages.js';
import { nameText, placeText } from './face-text';

/** A problem with a name or a note, as the form says it (under the field it concerns). */
function problemText(problem: TextProblem): string {
  switch (problem) {
    case 'name-missing':
      return m.faces_name_missing();
    case 'name-too-long':
      return m.faces_too_long({ max: MAX_NAME_LENGTH });
    case 'note-too-long':
      return m.faces_too_long({ max: MAX_NOTE_LENGTH });
  }
}

type Sending = 'idle' | 'sending' | 'sent' | 'failed';

/** A name and a note, checked before they go (the limits storage.rules and the command also keep). */
function NameForm({
  heading,
  submitLabel,
  initialName = '',
  initialNote = '',
  onSubmit,
  doneText,
  failedText,
  extra,
}: {
  heading: string;
  submitLabel: string;
  initialName?: string;
  initialNote?: string;
  onSubmit: (name: string, note: string) => Promise<void>;
  doneText: string;
  failedText: string;
  extra?: React.ReactNode;
}) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [note, setNote] = useState(initialNote);
  const [problems, setProblems] = useState<TextProblem[]>([]);
  const [state, setState] = useState<Sending>('idle');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = textProblems(name, note);
    setProblems(found);
    if (found.length) return;
    setState('sending');
    try {
      await onSubmit(cleanText(name), cleanText(note));
      setState('sent');
    } catch (error) {
      console.warn('Could not send', error);
      setState('failed');
    }
  };
  const nameProblem = problems.find((problem) => problem !== 'note-too-long');
  const noteProblem = problems.includes('note-too-long') ? 'note-too-long' : undefined;
  return (
    <Form noValidate onSubmit={submit} className="face-name-form mt-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="h6">
        {heading}
      </h3>
      <Form.Group controlId={`${id}-name`} className="mb-2">
        <Form.Label>{m.faces_field_name()}</Form.Label>
        <Form.Control
          value={name}
          onChange={(event) => setName(event.target.value)}
          isInvalid={!!nameProblem}
          autoComplete="off"
          aria-describedby={nameProblem ? `${id}-name-problem` : undefined}
        />
        {nameProblem && (
          <Form.Control.Feedback type="invalid" id={`${id}-name-problem`}>
            {problemText(nameProblem)}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Form.Group controlId={`${id}-note`} className="mb-2">
        <Form.Label>{m.faces_field_note()}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          isInvalid={!!noteProblem}
          aria-describedby={`${id}-note-hint${noteProblem ? ` ${id}-note-problem` : ''}`}
        />
        <Form.Text id={`${id}-note-hint`}>{m.faces_field_note_hint()}</Form.Text>
        {noteProblem && (
          <Form.Control.Feedback type="invalid" id={`${id}-note-problem`}>
            {problemText(noteProblem)}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      {extra}
      <Button type="submit" size="sm" disabled={state === 'sending'} aria-busy={state === 'sending'}>
        {state === 'sending' && <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />}
        {submitLabel}
      </Button>
      <div role="status" className="mt-2">
        {state === 'sent' && (
          <Alert variant="success" className="py-2 mb-0">
            {doneText}
          </Alert>
        )}
        {state === 'failed' && (
          <Alert variant="danger" className="py-2 mb-0">
            {failedText}
          </Alert>
        )}
      </div>
    </Form>
  );
}

/**
 * The face chosen on the picture or in the list: its number, name, note and place; for an approved relative a
 * suggestion (a name for a face without one, or a correction); for an organiser the name, note and row to edit and
 * the box to place.
 */
export function FaceDetails({
  face,
  faces,
  organiser,
  canSuggest,
  onSuggest,
  onEdit,
  onShow,
  placing,
  onPlace,
}: {
  face: Face | undefined;
  faces: readonly Face[];
  organiser: boolean;
  canSuggest: boolean;
  onSuggest: (face: Face, name: string, note: string) => Promise<void>;
  onEdit: (face: Face, name: string, note: string, row: number | undefined) => Promise<void>;
  onShow: (face: Face) => void;
  placing: boolean;
  onPlace: (placing: boolean) => void;
}) {
  const [row, setRow] = useState('');
  const rowId = useId();
  if (!face)
    return (
      <Card className="face-details mt-3">
        <Card.Body className="text-body-secondary">{m.faces_selected_none()}</Card.Body>
      </Card>
    );
  return (
    <Card className="face-details mt-3" aria-live="polite">
      <Card.Body>
        <h2 className="h5 mb-1">
          <span className="face-details-number">{m.faces_number({ number: face.number })}</span>:{' '}
          <span className={face.name ? undefined : 'face-name-unknown'}>{nameText(face)}</span>
        </h2>
        <p className="small mb-1">{placeText(face, faces)}</p>
        {face.note && <p className="mb-1 face-details-note">{face.note}</p>}
        {face.box && (
          <Button variant="link" size="sm" className="p-0" onClick={() => onShow(face)}>
            {m.faces_show_on_picture()}
          </Button>
        )}
        {canSuggest && !organiser && (
          <NameForm
            key={`suggest-${face.number}`}
            heading={face.name ? m.faces_suggest_correction() : m.faces_suggest_name()}
            submitLabel={m.faces_send()}
            onSubmit={(name, note) => onSuggest(face, name, note)}
            doneText={m.faces_sent()}
            failedText={m.faces_send_failed()}
          />
        )}
        {organiser && (
          <>
            <NameForm
              key={`edit-${face.number}-${face.name ?? ''}-${face.row ?? ''}`}
              heading={m.faces_edit_heading()}
              submitLabel={m.faces_save()}
              initialName={face.name}
              initialNote={face.note}
              onSubmit={(name, note) => onEdit(face, name, note, row ? Number(row) : face.row)}
              doneText={m.faces_saved()}
              failedText={m.faces_review_failed()}
              extra={
                <Form.Group controlId={rowId} className="mb-2">
                  <Form.Label>{m.faces_field_row()}</Form.Label>
                  <Form.Control
                    type="number"
                    min={1}
                    max={50}
                    defaultValue={face.row ?? ''}
                    onChange={(event) => setRow(event.target.value)}
                    className="face-row-input"
                  />
                </Form.Group>
              }
            />
            <div className="mt-3 d-flex flex-wrap gap-2 align-items-center">
              <Button
                variant="outline-secondary"
                active={placing}
                size="sm"
                aria-pressed={placing}
                onClick={() => onPlace(!placing)}
              >
                {placing ? m.faces_cancel() : m.faces_place_marker()}
              </Button>
              {placing && <span className="small">{m.faces_place_hint()}</span>}
            </div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
