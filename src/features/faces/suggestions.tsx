import { useState } from 'react';
import { Alert, Button, Card, ListGroup } from 'react-bootstrap';
import { Sender } from '../../components/review/sender';
import type { Face, StoredSuggestion } from '../../domain/faces';
import { m } from '../../paraglide/messages.js';
import { nameText } from './face-text';

/** One button that runs an action and is busy meanwhile (and usable again after a failure). */
function ActionButton({
  label,
  variant,
  onAction,
  onFailed,
}: {
  label: string;
  variant: string;
  onAction: () => Promise<void>;
  onFailed: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant={variant}
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onAction();
        } catch (error) {
          console.warn(`${label} failed`, error);
          onFailed();
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

/** What a relative suggested, as text only (never HTML): the name and the note. */
function SuggestionText({ entry }: { entry: StoredSuggestion }) {
  return (
    <>
      <span className="fw-semibold suggestion-name">{entry.suggestion.name}</span>
      {entry.suggestion.note && (
        <span className="d-block small suggestion-note">{entry.suggestion.note}</span>
      )}
    </>
  );
}

/** The account's own suggestions, each waiting for an organiser, with Withdraw. */
export function MySuggestions({
  suggestions,
  onWithdraw,
}: {
  suggestions: readonly StoredSuggestion[];
  onWithdraw: (entry: StoredSuggestion) => Promise<void>;
}) {
  const [failed, setFailed] = useState(false);
  if (!suggestions.length) return null;
  return (
    <section className="my-suggestions mt-4" aria-labelledby="my-suggestions-heading">
      <h2 id="my-suggestions-heading" className="h5">
        {m.faces_mine_heading()}
      </h2>
      {failed && (
        <Alert variant="danger" className="py-2" dismissible onClose={() => setFailed(false)}>
          {m.faces_withdraw_failed()}
        </Alert>
      )}
      <ListGroup>
        {suggestions.map((entry) => (
          <ListGroup.Item key={entry.path} className="d-flex flex-wrap gap-2 align-items-start">
            <div className="suggestion-body">
              {m.faces_number({ number: entry.suggestion.face })}: <SuggestionText entry={entry} />
              <span className="d-block small text-body-secondary">{m.faces_waiting()}</span>
            </div>
            <ActionButton
              label={m.faces_withdraw()}
              variant="outline-secondary"
              onAction={() => onWithdraw(entry)}
              onFailed={() => setFailed(true)}
            />
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}

/**
 * The organisers' review: the waiting suggestions grouped by face (the face's name now, then each suggestion with
 * who made it: the sign-in address, then the name on the account); Accept makes it the face's name and note, exactly
 * as shown (both cleaned by parseSuggestion), Reject drops it.
 */
export function Review({
  faces,
  suggestions,
  onAccept,
  onReject,
}: {
  faces: readonly Face[];
  suggestions: readonly StoredSuggestion[];
  onAccept: (entry: StoredSuggestion) => Promise<void>;
  onReject: (entry: StoredSuggestion) => Promise<void>;
}) {
  const [failed, setFailed] = useState(false);
  const byFace = new Map<number, StoredSuggestion[]>();
  for (const entry of suggestions) {
    byFace.set(entry.suggestion.face, [...(byFace.get(entry.suggestion.face) ?? []), entry]);
  }
  const numbers = [...byFace.keys()].sort((a, b) => a - b);
  return (
    <section className="faces-review mt-4" aria-labelledby="faces-review-heading">
      <h2 id="faces-review-heading" className="h5">
        {m.faces_review_heading()}
      </h2>
      {failed && (
        <Alert variant="danger" className="py-2" dismissible onClose={() => setFailed(false)}>
          {m.faces_review_failed()}
        </Alert>
      )}
      {!numbers.length && <p className="faces-review-none">{m.faces_review_none()}</p>}
      {numbers.map((number) => {
        const face = faces.find((candidate) => candidate.number === number);
        return (
          <Card key={number} className="mb-3 faces-review-face">
            <Card.Header as="h3" className="h6 mb-0">
              {m.faces_number({ number })} ·{' '}
              {m.faces_review_now({ name: face ? nameText(face) : m.faces_name_unknown() })}
            </Card.Header>
            <ListGroup variant="flush">
              {byFace.get(number)!.map((entry) => (
                <ListGroup.Item key={entry.path} className="d-flex flex-wrap gap-2 align-items-start">
                  <div className="suggestion-body">
                    <SuggestionText entry={entry} />
                    {entry.metadata && (
                      <Sender
                        className="suggestion-from"
                        email={entry.metadata.suggesterEmail}
                        name={entry.metadata.suggesterName}
                      />
                    )}
                  </div>
                  <div className="d-flex gap-2">
                    <ActionButton
                      label={m.faces_accept()}
                      variant="success"
                      onAction={() => onAccept(entry)}
                      onFailed={() => setFailed(true)}
                    />
                    <ActionButton
                      label={m.faces_reject()}
                      variant="outline-danger"
                      onAction={() => onReject(entry)}
                      onFailed={() => setFailed(true)}
                    />
                  </div>
                </ListGroup.Item>
              ))}
            </ListGroup>
          </Card>
        );
      })}
    </section>
  );
}
