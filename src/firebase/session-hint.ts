import { config } from '../config/env';

/**
 * Whether Firebase Auth has a signed-in user saved in this browser, read without loading Firebase.
 * Auth persists the user in localStorage (browserLocalPersistence, see ./app) under this key, and removes
 * it on sign-out. Anonymous visitors (no key) therefore never download the Auth SDK on the public pages.
 * The key format is Firebase's (`firebase:authUser:<apiKey>:<appName>`); the end-to-end sign-in tests
 * fail if it ever changes, because a reload would then show the Login link to a signed-in member.
 */
export const PERSISTED_USER_KEY = `firebase:authUser:${config.firebase.apiKey}:[DEFAULT]`;

export function hasPersistedSession(): boolean {
  try {
    return window.localStorage.getItem(PERSISTED_USER_KEY) !== null;
  } catch {
    return true; // storage unreadable: let Firebase decide
  }
}
