import { config } from '../config/env';

/** The sign-in service: the Auth emulator for demo projects, else Google's Identity Toolkit. */
const AUTH_SERVICE = config.emulators?.authUrl ?? 'https://identitytoolkit.googleapis.com';

/**
 * Whether the sign-in service answers at all (any HTTP answer counts; only a network failure does not).
 * The widget itself cannot tell the visitor that before they try to sign in. Needs no Firebase SDK.
 */
export async function isAuthServiceReachable(timeoutMs = 5000): Promise<boolean> {
  try {
    await fetch(`${AUTH_SERVICE}/`, {
      mode: 'no-cors',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return true;
  } catch {
    return false;
  }
}
