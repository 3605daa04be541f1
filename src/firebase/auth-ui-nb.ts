/**
 * FirebaseUI in Norwegian Bokmål: the same pinned FirebaseUI with our Bokmål texts swapped in at build
 * time (tools/build/firebaseui-nb.ts). Only the Norwegian pages' widget imports it.
 */
import * as firebaseui from 'firebaseui/nb';
import { authUIGetter } from './auth-ui';

export const getAuthUI = authUIGetter('nb', firebaseui);
