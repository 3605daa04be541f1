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

export const AuthContext = createContext<AuthState | undefined>(undefined);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
