import { useCallback, useEffect, useState } from 'react';
import { checkApproval, type CheckResult } from './use-approval';
import { photoAccess, type PhotoAccess } from '../../firebase/photo-access';

export interface PhotoAccessState {
  /** undefined while the ID token is read; null when it could not be read. */
  access: PhotoAccess | null | undefined;
  /** "Check again": a new ID token now (an organiser may have approved the account since). */
  checkAgain: () => Promise<CheckResult>;
}

/** The account's photo access from its ID token (`approved`, `organiser`, its name), and Check again. */
export function usePhotoAccess(
  read: (refresh: boolean) => Promise<PhotoAccess> = photoAccess,
): PhotoAccessState {
  const [access, setAccess] = useState<PhotoAccess | null | undefined>(undefined);
  useEffect(() => {
    let active = true;
    read(false).then(
      (value) => {
        if (active) setAccess(value);
      },
      (error: unknown) => {
        // A page already left (signed out while the read was under way) has nothing to say.
        if (!active) return;
        console.warn('Could not read the account access', error);
        setAccess(null);
      },
    );
    return () => {
      active = false;
    };
  }, [read]);

  const checkAgain = useCallback(async () => {
    let fresh: PhotoAccess | undefined;
    const result = await checkApproval(async () => {
      fresh = await read(true);
      return { approved: fresh.approved || fresh.organiser };
    });
    if (fresh) setAccess(fresh);
    return result;
  }, [read]);

  return { access, checkAgain };
}
