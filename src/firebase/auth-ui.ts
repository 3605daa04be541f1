/**
 * What FirebaseUI needs, whatever its language: the compat SDK, our Auth instance wrapped for it, the
 * observer of failed sign-in calls, the providers and the stylesheet. FirebaseUI itself comes from one
 * thin module per language, auth-ui-en.ts (`firebaseui`) and auth-ui-nb.ts (`firebaseui/nb`, our
 * Bokmål build), so that a page downloads its own language's widget only. Only the lazily loaded
 * sign-in widget imports these modules, so none of it reaches the public pages' bundles. It wraps the
 * same Firebase app and Auth instance as the rest of the site (./app), so a sign-in here is seen by the
 * auth-state subscription at once.
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/auth';
import type * as firebaseui from 'firebaseui';
import 'firebaseui/dist/firebaseui.css';
import { config } from '../config/env';
import { firebaseApp } from './app';
import { setAuthLanguage, type AuthLocale } from './auth-language';

export type CompatUser = firebase.User;
export type AuthUI = firebaseui.auth.AuthUI;
/** Returns the document's AuthUI, or null when the page must load again (see authUIGetter). */
export type GetAuthUI = (onFailure: (error: unknown) => void) => AuthUI | null;

/** Auth error codes the widget itself explains to the visitor (inline, on its own pages). */
const HANDLED_BY_WIDGET = new Set([
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/invalid-email',
  'auth/email-already-in-use',
  'auth/weak-password',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
  'auth/credential-already-in-use',
  'auth/account-exists-with-different-credential',
]);

/** The calls FirebaseUI makes to sign in or sign up; a failure of any of them is a failed sign-in. */
const SIGN_IN_CALLS = new Set([
  'fetchSignInMethodsForEmail',
  'signInWithEmailAndPassword',
  'createUserWithEmailAndPassword',
  'signInWithPopup',
  'signInWithCredential',
  'signInWithRedirect',
  'getRedirectResult',
  'sendPasswordResetEmail',
]);

export function isUnexpectedAuthError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code !== 'string' || !HANDLED_BY_WIDGET.has(code);
}

function compatAuth(): firebase.auth.Auth {
  // The compat layer reuses the existing [DEFAULT] app and its already initialised (and, for demo
  // projects, emulator-connected) Auth instance instead of creating new ones.
  const app =
    firebase.apps.find((candidate) => candidate.name === firebaseApp.name) ??
    firebase.initializeApp(config.firebase);
  return app.auth();
}

let failureListener: (error: unknown) => void = () => {};
let observing = false;

/**
 * FirebaseUI signs in through compat Auth objects: ours, and a temporary one it creates for the
 * sign-in itself. Every compat Auth's sign-in calls are observed here (once, on the class), so that an
 * unexpected failure (e.g. the auth service unreachable, or answering with a server error) reaches the
 * page, which shows the spec's alert; the widget still shows its own message and stays usable.
 */
function observeSignInFailures(): void {
  if (observing) return;
  observing = true;
  const prototype = (firebase.auth.Auth as unknown as { prototype: Record<string, unknown> }).prototype;
  for (const name of SIGN_IN_CALLS) {
    const original = prototype[name];
    if (typeof original !== 'function') continue;
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      const result: unknown = original.apply(this, args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (isUnexpectedAuthError(error)) failureListener(error);
        });
      }
      return result;
    };
  }
}

/** The language of the document's FirebaseUI: a document only ever uses one (see authUIGetter). */
let documentLocale: AuthLocale | undefined;

/**
 * getAuthUI for one language's FirebaseUI build: the single AuthUI instance for our Auth (FirebaseUI
 * allows one per Auth; it survives remounts). Each build is a module of its own with its own AuthUI
 * class, so two languages in one document would mean two AuthUIs on one Auth. The site changes language
 * with a full page load; should a document still ask for the other language, it loads the page again.
 */
export function authUIGetter(locale: AuthLocale, build: typeof firebaseui): GetAuthUI {
  return (onFailure) => {
    if (documentLocale && documentLocale !== locale) {
      console.warn(`Sign-in widget: ${documentLocale} already running, reloading for ${locale}`);
      window.location.reload();
      return null;
    }
    documentLocale = locale;
    setAuthLanguage(locale); // Firebase's e-mails and Google's popup in the widget's language
    failureListener = onFailure;
    observeSignInFailures();
    return build.auth.AuthUI.getInstance() ?? new build.auth.AuthUI(compatAuth());
  };
}

export const PROVIDERS = {
  google: firebase.auth.GoogleAuthProvider.PROVIDER_ID,
  password: firebase.auth.EmailAuthProvider.PROVIDER_ID,
};
