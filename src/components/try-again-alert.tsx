import { Button } from 'react-bootstrap';
import { m } from '../paraglide/messages.js';

/** Something a page could not read just now: what, and Try again (the rest of the page stays usable). */
export function TryAgainAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
      <span>{text}</span>
      <Button size="sm" variant="outline-secondary" onClick={onRetry}>
        {m.common_try_again()}
      </Button>
    </div>
  );
}
