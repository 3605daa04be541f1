import { onAuthStateChanged, sendEmailVerification, signOut, type User } from 'firebase/auth';
import { APPROVED_CLAIM } from '../domain/access';
import { abortable } from '../lib/abortable';
import { isAccountBlocked } from './auth-errors';
import { auth } from './app';

export type { User };

/**
 * Set when a token request found the account blocked (auth/user-disabled): Firebase Auth then signs the user out
 * itself, and the login page the guard sends them to says why (signedOutByBlock). Cleared at the next sign-in.
 */
let blockedSignOut = false;

/** Passes the token request's result on, noting a blocked account on the way. */
function notingBlock<T>(request: Promise<T>): Promise<T> {
  return request.catch((error: unknown) => {
    if (isAccountBlocked(error)) blockedSignOut = true;
    throw error;
  });
}

/**
 * Whether the last session ended because the account was blocked: a download, a preview, a zip or Check again
 * asked for a new ID token and Firebase Auth answered auth/user-disabled (and signed the user out).
 */
export function signedOutByBlock(): boolean {
  return blockedSignOut;
}

/**
 * Calls `listener` with the signed-in user (or null) now and on every change. Returns the
 * unsubscribe function. If Auth cannot start, the visitor is treated as signed out.
 */
export function watchUser(listener: (user: User | null) => void): () => void {
  const next = (user: User | null) => {
    if (user) blockedSignOut = false;
    listener(user);
  };
  return onAuthStateChanged(auth, next, (error) => {
    console.warn('Auth state unavailable', error);
    listener(null);
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

/** What the signed-in account may read beyond the ordinary member files. */
export interface AccountAccess {
  /** An organiser approved the account: it reads the approval-only files (the `approved` custom claim). */
  approved: boolean;
}

/** The access the current ID token states (fetches a new token only when the current one is due). */
export async function accountAccess(): Promise<AccountAccess> {
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in');
  const { claims } = await notingBlock(user.getIdTokenResult());
  return { approved: claims[APPROVED_CLAIM] === true };
}

/**
 * Asks the server for a new ID token now, without signing out, and returns the access it states: after an
 * organiser approved the account ("Check again"), the next download then carries the `approved` claim.
 * Rejects like getIdToken(true): a blocked account gets auth/user-disabled (see isAccountBlocked).
 */
export async function refreshIdToken(): Promise<AccountAccess> {
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in');
  const { claims } = await notingBlock(user.getIdTokenResult(true));
  return { approved: claims[APPROVED_CLAIM] === true };
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
