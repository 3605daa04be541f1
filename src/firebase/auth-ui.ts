/**
 * FirebaseUI and the compat SDK it needs. Only the lazily loaded sign-in widget imports this module, so
 * none of it reaches the public pages' bundles. It wraps the same Firebase app and Auth instance as the
 * rest of the site (./app), so a sign-in here is seen by the auth-state subscription at once.
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/auth';
import * as firebaseui from 'firebaseui';
import 'firebaseui/dist/firebaseui.css';
import { config } from '../config/env';
import { firebaseApp } from './app';

export { firebaseui };
export type CompatUser = firebase.User;

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
  const app = firebase.apps.find((candidate) => candidate.name === firebaseApp.name) ?? firebase.initializeApp(config.firebase);
  return app.auth();
}

/**
 * FirebaseUI drives the compat Auth object. This view of it reports every unexpected failure of a
 * sign-in call to `onFailure` (the widget still shows its own message), so the page can show the
 * spec's alert, e.g. when the auth service is unreachable or answers with a server error.
 */
function observedAuth(authInstance: firebase.auth.Auth, onFailure: (error: unknown) => void): firebase.auth.Auth {
  return new Proxy(authInstance, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !SIGN_IN_CALLS.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (isUnexpectedAuthError(error)) onFailure(error);
          });
        }
        return result;
      };
    },
  });
}

let failureListener: (error: unknown) => void = () => {};

/** The single AuthUI instance for our Auth (FirebaseUI allows one per Auth; it survives remounts). */
export function getAuthUI(onFailure: (error: unknown) => void): firebaseui.auth.AuthUI {
  failureListener = onFailure;
  return (
    firebaseui.auth.AuthUI.getInstance() ??
    new firebaseui.auth.AuthUI(
      observedAuth(compatAuth(), (error) => failureListener(error)),
    )
  );
}

export const PROVIDERS = {
  google: firebase.auth.GoogleAuthProvider.PROVIDER_ID,
  password: firebase.auth.EmailAuthProvider.PROVIDER_ID,
};
