/**
 * Creates the demo accounts in the Auth emulator through the Admin SDK, as an organiser's command would shape
 * them: e-mail and password, verified or not, and the `approved` and `organiser` custom claims.
 */
import type { Auth } from 'firebase-admin/auth';

import type { DemoAccount } from '../config.ts';
import { APPROVED_CLAIM } from '../../../admin/bucket/member-files.ts';
import { ORGANISER_CLAIM } from '../../../src/domain/access.ts';

/** Creates the accounts; returns their uids by e-mail address. */
export async function seedAccounts(
  auth: Auth,
  accounts: readonly DemoAccount[],
): Promise<Map<string, string>> {
  const uids = new Map<string, string>();
  for (const account of accounts) {
    const user = await auth.createUser({
      email: account.email,
      password: account.password,
      emailVerified: account.verified,
      displayName: account.displayName,
    });
    const claims = {
      ...(account.approved ? { [APPROVED_CLAIM]: true } : {}),
      ...(account.organiser ? { [ORGANISER_CLAIM]: true } : {}),
    };
    if (Object.keys(claims).length) await auth.setCustomUserClaims(user.uid, claims);
    uids.set(account.email, user.uid);
  }
  return uids;
}
