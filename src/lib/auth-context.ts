import { createContext, useContext } from 'react';
import type { User } from 'firebase/auth';

export interface AuthState {
  /** undefined until it is known whether someone is signed in. */
  user: User | null | undefined;
  /** A signed-in user whose e-mail address is verified: the only kind of member. */
  member: User | null | undefined;
  /** Loads Firebase Auth and subscribes to it (pages that sign in or guard call this). */
  connect: () => void;
  signOut: () => Promise<void>;
}

/** The member a user is: a signed-in user whose e-mail address is verified (undefined while not known). */
export function memberOf(user: User | null | undefined): User | null | undefined {
  return user === undefined ? undefined : user?.emailVerified ? user : null;
}

/**
 * An auth state that never changes: the build-time rendering's "not known yet" (undefined) and the component
 * tests' signed-out (null) or signed-in users. Connecting and signing out do nothing.
 */
export function fixedAuthState(user: User | null | undefined): AuthState {
  return { user, member: memberOf(user), connect: () => {}, signOut: async () => {} };
}

export const AuthContext = createContext<AuthState | undefined>(undefined);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
