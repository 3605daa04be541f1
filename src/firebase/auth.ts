import { onAuthStateChanged, sendEmailVerification, signOut, type User } from 'firebase/auth';
import { auth } from './app';

export type { User };

/**
 * Calls `listener` with the signed-in user (or null) now and on every change. Returns the
 * unsubscribe function. If Auth cannot start, the visitor is treated as signed out.
 */
export function watchUser(listener: (user: User | null) => void): () => void {
  return onAuthStateChanged(auth, listener, (error) => {
    console.warn('Auth state unavailable', error);
    listener(null);
  });
}

export async function signOutUser(): Promise<void> {
  await signOut(auth);
}

export async function currentUserReady(): Promise<User | null> {
  await auth.authStateReady();
  return auth.currentUser;
}

/**
 * After a sign-in with an unverified address: send the verification e-mail (FirebaseUI does not),
 * then sign the user out. The e-mail is attempted even if a previous one was sent.
 */
export async function sendVerificationAndSignOut(user: User): Promise<void> {
  try {
    await sendEmailVerification(user);
  } finally {
    await signOut(auth);
  }
}

/** A fresh ID token for the signed-in user, for rules-checked requests. */
export async function idToken(): Promise<string> {
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in');
  return user.getIdToken();
}

/**
 * After a sign-in with an unverified address: send the verification e-mail to the signed-in user
 * (FirebaseUI does not), then sign them out whatever happened.
 */
export async function verifyCurrentUserAndSignOut(): Promise<void> {
  const user = auth.currentUser;
  if (!user) return;
  await sendVerificationAndSignOut(user);
}
