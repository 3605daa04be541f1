/**
 * Auth errors the site explains itself, told apart without loading Firebase: the login page's first load must
 * pull neither the Auth SDK nor ./auth's chunk, so this module imports nothing.
 */

/**
 * True for the error Firebase Auth gives a blocked (disabled) account: at sign-in, and when a signed-in page asks
 * for a new ID token after the block (`auth/user-disabled`).
 */
export function isAccountBlocked(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'auth/user-disabled';
}
