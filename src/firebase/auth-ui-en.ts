/** FirebaseUI in English (the npm package as pinned, with the build-time patches of tools/build/vite-plugins.ts). */
import * as firebaseui from 'firebaseui';
import { authUIGetter } from './auth-ui';

export const getAuthUI = authUIGetter('en', firebaseui);
