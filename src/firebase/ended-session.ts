import { config } from '../config/env';
import { PERSISTED_USER_KEY } from './session-hint';

/**
 * Why a saved session ended by itself. When a page loads, Firebase Auth checks the account it saved in this
 * browser and, if the account was blocked (disabled by an organiser, its refresh tokens revoked), silently forgets
 * it: the page only sees "signed out". To tell the relative why, the refresh token Firebase saved is read before
 * Firebase starts (./app), and if the saved session then ends without anyone signing out, the token service is
 * asked once: it answers USER_DISABLED for a blocked account.
 */

/** The sign-in service's token endpoint: the Auth emulator's for demo projects. */
const TOKEN_SERVICE = `${config.emulators ? `${config.emulators.authUrl}/` : 'https://'}securetoken.googleapis.com/v1/token`;

/** Set by the site when a page's saved session ended because the account is blocked; read by the login page. */
export const BLOCKED_FLAG = 'account-blocked';

/** The refresh token of the account saved in this browser, if any (read before Firebase Auth starts). */
export function savedRefreshToken(): string | undefined {
  try {
    const saved = JSON.parse(window.localStorage.getItem(PERSISTED_USER_KEY) ?? 'null') as {
      stsTokenManager?: { refreshToken?: unknown };
    } | null;
    const token = saved?.stsTokenManager?.refreshToken;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the account of a refresh token is blocked (disabled); false when the service cannot tell. */
export async function isBlockedAccount(refreshToken: string): Promise<boolean> {
  try {
    const response = await fetch(`${TOKEN_SERVICE}?key=${encodeURIComponent(config.firebase.apiKey)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    if (response.ok) return false;
    const answer = (await response.json()) as { error?: { message?: unknown } };
    return String(answer.error?.message ?? '').startsWith('USER_DISABLED');
  } catch {
    return false;
  }
}

function flagStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Remembers, for the login page this tab goes to next, that the account was blocked. */
export function rememberBlocked(): void {
  try {
    flagStore()?.setItem(BLOCKED_FLAG, 'true');
  } catch {
    // storage unavailable: the login page cannot say why; nothing else depends on it
  }
}

/** Forgets an earlier block (someone signed in since). */
export function forgetBlocked(): void {
  try {
    flagStore()?.removeItem(BLOCKED_FLAG);
  } catch {
    // storage unavailable: nothing was remembered either
  }
}

/** Whether this tab's saved session ended because the account was blocked; asks once (clears the flag). */
export function takeBlockedFlag(): boolean {
  const store = flagStore();
  try {
    const blocked = store?.getItem(BLOCKED_FLAG) === 'true';
    store?.removeItem(BLOCKED_FLAG);
    return blocked;
  } catch {
    return false;
  }
}
