import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { m } from '../../paraglide/messages.js';
import type { CheckResult } from './use-approval';

const RESULT_TEXT: Record<Exclude<CheckResult, 'approved'>, () => string> = {
  'not-approved': m.members_check_not_yet,
  blocked: m.members_check_blocked,
  failed: m.members_check_failed,
};

/**
 * "Check again": fetches a new ID token (no sign-out) and says what it found in a live region. `onApproved`
 * runs when the account is approved now (the page then says what it means there). Shared by the members area
 * and the photos page.
 */
export function CheckAgain({
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
