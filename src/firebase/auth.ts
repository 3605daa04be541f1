import { onAuthStateChanged, sendEmailVerification, signOut, type User } from 'firebase/auth';
import { abortable } from '../lib/abortable';
import { isAccountBlocked } from './auth-errors';
import { auth, refreshTokenAtStart } from './app';
import { forgetBlocked, isBlockedAccount, rememberBlocked } from './ended-session';

export type { User };

/**
 * Passes a token request's result on, noting a blocked account on the way (auth/user-disabled: a download, a
 * preview, a zip or Check again found it, and Firebase Auth signs the user out itself): the login page the guard
 * then sends them to says why (./ended-session).
 */
export function notingBlock<T>(request: Promise<T>): Promise<T> {
  return request.catch((error: unknown) => {
    if (isAccountBlocked(error)) rememberBlocked();
    throw error;
  });
}

/**
 * Calls `listener` with the signed-in user (or null) now and on every change. Returns the
 * unsubscribe function. If Auth cannot start, the visitor is treated as signed out.
 */
export function watchUser(listener: (user: User | null) => void): () => void {
  // The first answer tells whether the account this browser had saved is still signed in. If it is not (and
  // nobody signed out: Firebase forgot it), find out whether it was blocked before passing the answer on, so
  // the login page the guard sends this visitor to can say why (./ended-session).
  let pending: Promise<void> | undefined = refreshTokenAtStart === undefined ? Promise.resolve() : undefined;
  let latest = 0;
  const deliver = (user: User | null) => {
    const turn = ++latest;
    if (user) forgetBlocked(); // signed in (again): an earlier block is old news
    pending ??= (async () => {
      if (!user && refreshTokenAtStart && (await isBlockedAccount(refreshTokenAtStart))) rememberBlocked();
    })();
    void pending.then(() => {
      if (turn === latest) listener(user);
    });
  };
  return onAuthStateChanged(auth, deliver, (error) => {
    console.warn('Auth state unavailable', error);
    deliver(null);
  });
}

export async function signOutUser(): Promise<void> {
  await signOut(auth);
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

/**
 * A fresh ID token for the signed-in user, for rules-checked requests (refreshed by Firebase when due). `signal`
 * stops the wait at once (a refresh that hangs offline must not keep Cancel from working); a blocked account
 * rejects with auth/user-disabled.
 */
export async function idToken(signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in');
  return abortable(notingBlock(user.getIdToken()), signal);
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
