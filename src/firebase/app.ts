import { getApps, getApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth, type Auth } from 'firebase/auth';
import { config } from '../config/env';
import { followAuthLanguage } from './auth-language';
import { savedRefreshToken } from './ended-session';

/**
 * The only place that initialises Firebase. The app and its Auth instance are created once; the
 * FirebaseUI widget (loaded on /login only) wraps this same app and Auth through the compat layer.
 */
export const firebaseApp: FirebaseApp = getApps().length ? getApp() : initializeApp(config.firebase);

function createAuth(): Auth {
  // localStorage persistence lets the public pages see whether anyone is signed in without loading
  // Firebase (./session-hint). No popup/redirect resolver here: the compat layer that FirebaseUI uses
  // passes its own when it opens the sign-in popup.
  const instance = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });
  if (config.emulators) {
    connectAuthEmulator(instance, config.emulators.authUrl, { disableWarnings: true });
  }
  // Firebase's e-mails and Google's popup in the page's language (./auth-language). The compat Auth that
  // FirebaseUI uses is this same instance, so it shares the language.
  followAuthLanguage((languageCode) => {
    instance.languageCode = languageCode;
  });
  return instance;
}

/** The account this browser had saved when Firebase started (read before Firebase can forget it). */
export const refreshTokenAtStart: string | undefined = savedRefreshToken();

export const auth: Auth = createAuth();
