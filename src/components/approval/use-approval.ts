import { useCallback } from 'react';
import { useLoad } from '../../lib/use-load';
import { memberAccess } from '../../firebase/member-access';
import { isAccountBlocked } from '../../firebase/auth-errors';

/** What the approval hooks need of the account's access (tests give just this). */
type Approval = { approved: boolean };
const currentAccess = () => memberAccess(false);
const freshAccess = () => memberAccess(true);

/** What "Check again" found out. */
export type CheckResult = 'approved' | 'not-approved' | 'blocked' | 'failed';

/**
 * Asks for a new ID token now (without signing out) and reads whether it carries the `approved` claim: an
 * organiser's approval reaches the page at once. A blocked account cannot get a new token.
 */
export async function checkApproval(refresh: () => Promise<Approval> = freshAccess): Promise<CheckResult> {
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
  read: () => Promise<Approval> = currentAccess,
  refresh: () => Promise<Approval> = freshAccess,
): ApprovalState {
  // Unknown when it cannot be read: no notice is shown; a refused download still explains itself.
  const { state, set } = useLoad('account/approval', async () => (await read()).approved);

  const checkAgain = useCallback(async () => {
    const result = await checkApproval(refresh);
    if (result === 'approved') set(true);
    if (result === 'not-approved') set(false);
    return result;
  }, [refresh, set]);

  return { approved: state.value, checkAgain };
}
