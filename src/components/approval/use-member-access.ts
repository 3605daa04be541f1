import { useCallback } from 'react';
import { useLoad } from '../../lib/use-load';
import { checkApproval, type CheckResult } from './use-approval';
import { memberAccess, type MemberAccess } from '../../firebase/member-access';

export interface MemberAccessState {
  /** undefined while the ID token is read; null when it could not be read. */
  access: MemberAccess | null | undefined;
  /** "Check again": a new ID token now (an organiser may have approved the account since). */
  checkAgain: () => Promise<CheckResult>;
}

/** The account's photo access from its ID token (`approved`, `organiser`, its name), and Check again. */
export function useMemberAccess(
  read: (refresh: boolean) => Promise<MemberAccess> = memberAccess,
): MemberAccessState {
  // One account per page: it signs out before another signs in, which leaves the page.
  const { state, set } = useLoad('account/access', () => read(false));

  const checkAgain = useCallback(async () => {
    let fresh: MemberAccess | undefined;
    const result = await checkApproval(async () => {
      fresh = await read(true);
      return { approved: fresh.approved || fresh.organiser };
    });
    if (fresh) set(fresh);
    return result;
  }, [read, set]);

  return { access: state.status === 'failed' ? null : state.value, checkAgain };
}
