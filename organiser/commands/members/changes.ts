/**
 * The subcommands of organiser:members that change accounts, one object each (./change.ts runs them): approve and
 * unapprove, organiser and unorganiser, block and unblock.
 */
import { APPROVED_CLAIM } from '../../../admin/bucket/member-files.ts';
import { ORGANISER_CLAIM } from '../../../src/domain/access.ts';
import { accountChange } from './change.ts';
import { isApproved, isOrganiser } from './common.ts';

/** A custom claims object without one claim; null when nothing is left. */
function without(claims: Record<string, unknown> | undefined, claim: string): Record<string, unknown> | null {
  const rest = { ...claims };
  delete rest[claim];
  return Object.keys(rest).length ? rest : null;
}

export const approve = accountChange({
  name: 'approve',
  help:
    'lets the accounts read the approval-only files too (the 1976 attendees list, the time-capsule donors and ' +
    'recipients and the identification key of the group photo), the names on the faces of 1976, and share and ' +
    "see the relatives' photos; the other files every verified account reads",
  async apply(auth, user) {
    const email = user.email!;
    if (isApproved(user)) return { status: 'unchanged', line: `already approved, unchanged: ${email}` };
    await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [APPROVED_CLAIM]: true });
    return {
      status: 'changed',
      line: `approved: ${email}${user.emailVerified ? '' : ' (note: its e-mail is not verified yet, so it reads nothing until it is)'}`,
    };
  },
  words: { changed: 'approved', unchanged: 'already approved' },
  afterword:
    'An approved member reads the approval-only files from their next ID token on: at once after pressing ' +
    '"Check again" on the members page or signing in again, at the latest within the hour.',
});

export const unapprove = accountChange({
  name: 'unapprove',
  help: 'takes the approval back, and removes the download tokens of every file the accounts could read',
  async apply(auth, user) {
    const email = user.email!;
    if (!isApproved(user)) return { status: 'unchanged', line: `not approved, unchanged: ${email}` };
    await auth.setCustomUserClaims(user.uid, without(user.customClaims, APPROVED_CLAIM));
    return { status: 'changed', line: `approval removed: ${email}` };
  },
  words: { changed: 'approval removed', unchanged: 'not approved' },
  afterword:
    'A member signed in now keeps the approval in the ID token their page holds, and with it the approval-only ' +
    'files, until that token expires (at most an hour after it was issued); their next token has no approval.',
  takesAway: true,
});

export const organiser = accountChange({
  name: 'organiser',
  help:
    'makes the accounts organisers: they see the photos waiting for approval, approve or reject them and remove ' +
    'shared ones (on the photos page, or `npm run organiser:photos`); give them approve too, to see everything ' +
    'else',
  async apply(auth, user) {
    const email = user.email!;
    if (isOrganiser(user)) return { status: 'unchanged', line: `already an organiser, unchanged: ${email}` };
    await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [ORGANISER_CLAIM]: true });
    const notes = [
      !user.emailVerified && 'its e-mail is not verified yet, so it moderates nothing until it is',
      !isApproved(user) && 'not approved: approve it too, to read the approval-only files',
    ].filter(Boolean);
    return {
      status: 'changed',
      line: `organiser: ${email}${notes.length ? ` (note: ${notes.join('; ')})` : ''}`,
    };
  },
  words: { changed: 'made organisers', unchanged: 'already organisers' },
  afterword:
    'An organiser moderates the photos from their next ID token on: at once after signing in again, at the ' +
    'latest within the hour.',
});

export const unorganiser = accountChange({
  name: 'unorganiser',
  help: 'makes the accounts organisers no more',
  async apply(auth, user) {
    const email = user.email!;
    if (!isOrganiser(user)) return { status: 'unchanged', line: `not an organiser, unchanged: ${email}` };
    await auth.setCustomUserClaims(user.uid, without(user.customClaims, ORGANISER_CLAIM));
    return { status: 'changed', line: `organiser no more: ${email}` };
  },
  words: { changed: 'organiser no more', unchanged: 'not organisers' },
  afterword:
    'An organiser signed in now keeps moderating the photos until their ID token expires (within the hour).',
});

export const block = accountChange({
  name: 'block',
  help:
    'disables the accounts (they cannot sign in), revokes their refresh tokens, and removes the download ' +
    'tokens of every file the accounts could read',
  async apply(auth, user) {
    const email = user.email!;
    if (!user.disabled) await auth.updateUser(user.uid, { disabled: true });
    // Revoked every time: a blocked account must get no new ID token from an old refresh token.
    await auth.revokeRefreshTokens(user.uid);
    return user.disabled
      ? { status: 'unchanged', line: `already blocked (refresh tokens revoked again): ${email}` }
      : { status: 'changed', line: `blocked: ${email} (account disabled, refresh tokens revoked)` };
  },
  words: { changed: 'blocked', unchanged: 'already blocked (refresh tokens revoked again)' },
  afterword:
    'A blocked member cannot sign in, and with the refresh tokens revoked their open page gets no new ID token. ' +
    'The ID token it already holds is accepted by Cloud Storage until it expires, at most an hour after it was ' +
    'issued: an issued ID token cannot be revoked.',
  takesAway: true,
});

export const unblock = accountChange({
  name: 'unblock',
  help: 'enables the accounts again',
  async apply(auth, user) {
    const email = user.email!;
    if (!user.disabled) return { status: 'unchanged', line: `not blocked, unchanged: ${email}` };
    await auth.updateUser(user.uid, { disabled: false });
    return { status: 'changed', line: `unblocked: ${email} (may sign in again)` };
  },
  words: { changed: 'unblocked', unchanged: 'not blocked' },
  afterword: 'The member can sign in again.',
});
