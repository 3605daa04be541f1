/**
 * `firebaseui/nb`: FirebaseUI 6.1.0 with our Bokmål texts, made at build time from the pinned English
 * esm.js by tools/build/vite-plugins.ts (firebaseUiForStrictCsp) and tools/build/firebaseui-nb.ts. Same API
 * and types as `firebaseui`.
 */
declare module 'firebaseui/nb' {
  // eslint-disable-next-line no-restricted-imports -- types only: the Norwegian build has FirebaseUI's API
  import * as firebaseui from 'firebaseui';
  export = firebaseui;
}
