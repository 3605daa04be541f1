/**
 * FirebaseUI's English texts that the site replaces (tools/build/vite-plugins.ts), so that the widget says what the
 * site does: the password rule (the widget's own says "at least 6 characters", Firebase's default) and a blocked
 * account (in the site's words). The Norwegian build translates these (./firebaseui-nb.ts).
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/domain/password-policy.ts';

export const WIDGET_PASSWORD_RULE =
  `Password must be ${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters long and include at least 1 number, ` +
  '1 capital letter, and 1 lowercase letter.';
export const WIDGET_ACCOUNT_BLOCKED = 'The organisers have blocked this account.';
