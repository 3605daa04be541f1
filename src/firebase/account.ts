/**
 * Deleting one's own account (the members area's "Delete my account"): Firebase Auth requires a recent sign-in
 * for it (`auth/requires-recent-login`), so the page can ask for the password again, or re-authenticate with
 * Google's popup, and try once more.
 */
import {
  browserPopupRedirectResolver,
  deleteUser,
  EmailAuthProvider,
  GoogleAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  type User,
} from 'firebase/auth';
import { auth } from './app';

export type ReauthMethod = 'password' | 'google';

function currentUser(): User {
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in');
  return user;
}

/** How this account can prove it is its owner again: its password, Google, or both. */
export function reauthMethods(): ReauthMethod[] {
  const providers = currentUser().providerData.map((profile) => profile.providerId);
  const methods: ReauthMethod[] = [];
  if (providers.includes(EmailAuthProvider.PROVIDER_ID)) methods.push('password');
  if (providers.includes(GoogleAuthProvider.PROVIDER_ID)) methods.push('google');
  return methods;
}

export async function reauthenticateWithPassword(password: string): Promise<void> {
  const user = currentUser();
  if (!user.email) throw new Error('No e-mail address on the account');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}

export async function reauthenticateWithGoogle(): Promise<void> {
  // The resolver is passed here (not at start-up): only this rare step needs Google's popup outside FirebaseUI.
  await reauthenticateWithPopup(currentUser(), new GoogleAuthProvider(), browserPopupRedirectResolver);
}

/** Deletes the signed-in account; the auth state then changes to signed out. */
export async function deleteAccount(): Promise<void> {
  await deleteUser(currentUser());
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Firebase wants a fresh sign-in before it deletes the account. */
export function isRecentLoginRequired(error: unknown): boolean {
  return codeOf(error) === 'auth/requires-recent-login';
}

/** The password given was not the account's. */
export function isWrongPassword(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === 'auth/wrong-password' ||
    code === 'auth/invalid-credential' ||
    code === 'auth/invalid-login-credentials'
  );
}

/** The visitor closed Google's popup. */
export function isPopupClosed(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}
