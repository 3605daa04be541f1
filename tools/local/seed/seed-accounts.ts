/**
 * Creates the demo accounts in the Auth emulator through the Admin SDK, as an organiser's command would shape
 * them: e-mail and password, verified or not, and the `approved` custom claim for the approved ones.
 */
import type { Auth } from 'firebase-admin/auth';

import type { DemoAccount } from '../config.ts';
import { APPROVED_CLAIM } from '../../../organiser/bucket/member-files.ts';

export async function seedAccounts(auth: Auth, accounts: readonly DemoAccount[]): Promise<void> {
  for (const account of accounts) {
    const user = await auth.createUser({
      email: account.email,
      password: account.password,
      emailVerified: account.verified,
      displayName: account.displayName,
    });
    if (account.approved) await auth.setCustomUserClaims(user.uid, { [APPROVED_CLAIM]: true });
  }
}
