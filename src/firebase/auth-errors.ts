/**
 * Auth errors the login page explains itself, told apart without loading Firebase: the login page is part of the
 * first bundle, and this check must pull neither the Auth SDK nor a chunk shared with ./auth into it. ./auth has
 * the same check for the signed-in pages; auth.test.ts keeps the two the same.
 */

/**
 * True for the error Firebase Auth gives a blocked (disabled) account: at sign-in, and when a signed-in page asks
 * for a new ID token after the block (`auth/user-disabled`).
 */
export function isAccountBlocked(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'auth/user-disabled';
}
