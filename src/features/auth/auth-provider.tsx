import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { useClientReady } from '../../lib/use-client-ready';
import { hasPersistedSession } from '../../firebase/session-hint';
import { AuthContext, memberOf, type AuthState } from '../../lib/auth-context';
import { setSessionFlag } from './session-flag';

const loadAuth = () => import('../../firebase/auth');

/**
 * The one subscription to Firebase's auth state (onAuthStateChanged); everything else reads it through
 * useAuth(). Firebase is loaded only when this browser has a saved session, or when a page that signs
 * in or guards asks for it: an anonymous visitor of the public pages never downloads it, and is known
 * to be signed out from the first render (no flash of the wrong navigation).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [saved] = useState(hasPersistedSession);
  const [watched, setWatched] = useState<User | null | undefined>(undefined);
  const [wanted, setWanted] = useState(saved);
  const clientReady = useClientReady();
  // Without a saved session nobody is signed in, known at once; except while React hydrates a page
  // rendered at build time, where the slot must match that HTML ("not known yet").
  const user = watched !== undefined ? watched : saved || !clientReady ? undefined : null;

  useEffect(() => {
    if (!saved) setSessionFlag(false);
  }, [saved]);

  useEffect(() => {
    if (!wanted) return;
    let unsubscribe: (() => void) | undefined;
    let active = true;
    loadAuth()
      .then(({ watchUser }) => {
        if (!active) return;
        unsubscribe = watchUser((next) => {
          setSessionFlag(next !== null);
          setWatched(next);
        });
      })
      .catch((error: unknown) => {
        console.warn('Sign-in service unavailable', error);
        if (active) setWatched(null);
      });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [wanted]);

  const connect = useCallback(() => setWanted(true), []);
  const signOut = useCallback(async () => (await loadAuth()).signOutUser(), []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      member: memberOf(user),
      connect,
      signOut,
    }),
    [user, connect, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
