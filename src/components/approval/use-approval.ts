import { useCallback, useEffect, useState } from 'react';
import { accountAccess, refreshIdToken, type AccountAccess } from '../../firebase/auth';
import { isAccountBlocked } from '../../firebase/auth-errors';

/** What "Check again" found out. */
export type CheckResult = 'approved' | 'not-approved' | 'blocked' | 'failed';

/**
 * Asks for a new ID token now (without signing out) and reads whether it carries the `approved` claim: an
 * organiser's approval reaches the page at once. A blocked account cannot get a new token.
 */
export async function checkApproval(
  refresh: () => Promise<AccountAccess> = refreshIdToken,
): Promise<CheckResult> {
  try {
    return (await refresh()).approved ? 'approved' : 'not-approved';
  } catch (error) {
    if (isAccountBlocked(error)) return 'blocked';
    console.warn('Could not check the approval', error);
    return 'failed';
  }
}

export interface ApprovalState {
  /** Whether the account's ID token carries the approval; undefined while it is being read. */
  approved: boolean | undefined;
  /** Fetches a new ID token and takes its answer (approved now: the approval-only files can be downloaded). */
  checkAgain: () => Promise<CheckResult>;
}

/**
 * The member's approval, known up front from the ID token's claims, so that the page says before any click
 * that the lists of living people wait for an organiser's approval.
 */
export function useApproval(
  read: () => Promise<AccountAccess> = accountAccess,
  refresh: () => Promise<AccountAccess> = refreshIdToken,
): ApprovalState {
  const [approved, setApproved] = useState<boolean | undefined>(undefined);

  useEffect(() => {
    let active = true;
    read()
      .then((access) => {
        if (active) setApproved(access.approved);
      })
      .catch((error: unknown) => {
        // Unknown: no notice is shown; a refused download still explains itself. A page already left (signed
        // out while the read was under way) has nothing to say.
        if (active) console.warn('Could not read the account access', error);
      });
    return () => {
      active = false;
    };
  }, [read]);

  const checkAgain = useCallback(async () => {
    const result = await checkApproval(refresh);
    if (result === 'approved') setApproved(true);
    if (result === 'not-approved') setApproved(false);
    return result;
  }, [refresh]);

  return { approved, checkAgain };
}
