import { APPROVED_CLAIM, ORGANISER_CLAIM } from '../domain/access';
import { auth } from './app';
import { notingBlock } from './auth';

/**
 * What the signed-in account may do, from its ID token's claims (storage.rules reads the same): read the
 * approval-only files, share and see photos, name faces, moderate. Every page asks this one reader.
 */
export interface MemberAccess {
  uid: string;
  /** The `approved` claim: uploads photos and sees the shared ones. */
  approved: boolean;
  /** The `organiser` claim: sees the waiting photos, approves, rejects and removes. */
  organiser: boolean;
  /** The token's `name` (the account's display name), which a photo may carry as who shared it; storage.rules compares the two. */
  name: string | undefined;
  /** The token's `email`: a waiting photo carries it for the organisers, and storage.rules compares the two. */
  email: string | undefined;
}

/**
 * The account's access from its ID token; `refresh` asks the server for a new token now, without signing out
 * ("Check again" after an organiser's approval: the next download then carries the claim). Rejects like
 * getIdTokenResult: a blocked account gets auth/user-disabled, noted for the login page (see notingBlock).
 */
export async function memberAccess(refresh = false): Promise<MemberAccess> {
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in');
  const { claims } = await notingBlock(user.getIdTokenResult(refresh));
  return {
    uid: user.uid,
    approved: claims[APPROVED_CLAIM] === true,
    organiser: claims[ORGANISER_CLAIM] === true,
    name: typeof claims.name === 'string' ? claims.name : undefined,
    email: typeof claims.email === 'string' ? claims.email : undefined,
  };
}
