import { APPROVED_CLAIM, ORGANISER_CLAIM } from '../domain/access';
import { auth } from './app';

/** What the signed-in account may do with the relatives' photos, from its ID token (storage.rules reads the same). */
export interface PhotoAccess {
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
 * The account's photo access from its ID token; `refresh` asks the server for a new token first ("Check again"
 * after an organiser's approval). Rejects like getIdTokenResult (a blocked account: auth/user-disabled).
 */
export async function photoAccess(refresh = false): Promise<PhotoAccess> {
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in');
  const { claims } = await user.getIdTokenResult(refresh);
  return {
    uid: user.uid,
    approved: claims[APPROVED_CLAIM] === true,
    organiser: claims[ORGANISER_CLAIM] === true,
    name: typeof claims.name === 'string' ? claims.name : undefined,
    email: typeof claims.email === 'string' ? claims.email : undefined,
  };
}
