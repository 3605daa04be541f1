/**
 * The subcommands of organiser:members that change accounts (./changes.ts), each one object (accountChange()): what
 * it does to one account, how the summary names the outcomes, what to know afterwards, and whether it takes
 * something away (asks first on a real project, removes the download tokens). Every address is looked up first:
 * an unknown one changes nothing; after that, a failure on one account does not stop the others.
 */
import type { Auth, UserRecord } from 'firebase-admin/auth';

import {
  removeTokensReadableBy,
  type ReadableTokenRemoval,
  type Reader,
} from '../../../admin/bucket/download-tokens.ts';
import { ORGANISER_CLAIM } from '../../../src/domain/access.ts';
import { authFailure, storageFailure } from '../../core/admin.ts';
import { confirmChange, plural } from '../../core/cli.ts';
import { CommandError, EXIT_FAILED, EXIT_OK } from '../../core/errors.ts';
import { emailsOf, membersSubcommand, normaliseEmail, type MembersRun } from './common.ts';

/** One subcommand that changes accounts. */
export interface AccountChange {
  /** e.g. approve */
  name: string;
  /** What it does, for --help (wrapped to fit). */
  help: string;
  /** Changes one account (or finds it changed already); what happened, in words. */
  apply(auth: Auth, user: UserRecord): Promise<Omit<Outcome, 'email'>>;
  /** How the summary names the accounts changed and those that were already so. */
  words: { changed: string; unchanged: string };
  /** What to know afterwards (when the member sees the change), printed before the summary. */
  afterword: string;
  /**
   * It takes something away from the accounts: on a real project it asks first, and afterwards nobody may keep a
   * link to what they could read: the download tokens of every file under members/ they could read are removed
   * (its `Target:` line names the bucket too).
   */
  takesAway?: true;
}

/** What one subcommand did to one account. */
export interface Outcome {
  email: string;
  status: 'changed' | 'unchanged' | 'failed';
  /** The line printed for it, e.g. "blocked: ola@example.org (account disabled, refresh tokens revoked)". */
  line: string;
}

/** A subcommand of organiser:members that changes the accounts of the addresses it is given. */
export function accountChange(change: AccountChange) {
  return membersSubcommand({
    name: change.name,
    usage: '<email>...',
    help: change.help,
    args: (positionals) => ({ emails: emailsOf(change.name, positionals) }),
    ...(change.takesAway && { describe: 'auth+storage' as const }),
    run: (run, { emails }) => changeAccounts(run, change, emails),
  });
}

async function changeAccounts(run: MembersRun, change: AccountChange, emails: string[]): Promise<number> {
  const { ctx, target, admin } = run;
  const { io } = ctx;
  const { auth } = await admin();
  let users: UserRecord[];
  try {
    users = await lookUp(auth, emails);
  } catch (err) {
    throw authFailure(`Looking up ${emails.join(', ')}`, err, target);
  }
  if (change.takesAway)
    await confirmChange(
      run,
      users.map((user) => `${change.name} ${user.email}${user.displayName ? ` (${user.displayName})` : ''}`),
    );
  const outcomes: Outcome[] = [];
  for (const user of users) {
    const email = user.email!;
    try {
      const outcome = { email, ...(await change.apply(auth, user)) };
      outcomes.push(outcome);
      io.out(outcome.line);
    } catch (err) {
      const line = `FAILED: ${email}: ${authFailure(change.name, err, target).message}`;
      outcomes.push({ email, status: 'failed', line });
      io.err(line);
    }
  }
  const tokens = change.takesAway ? await removeReadableTokens(run, users) : undefined;
  io.out('');
  io.out(change.afterword);
  io.out('');
  for (const line of summarise(change.words, outcomes, tokens)) io.out(line);
  const failed = outcomes.some((outcome) => outcome.status === 'failed') || tokens?.error !== undefined;
  return failed ? EXIT_FAILED : EXIT_OK;
}

/** The accounts of the addresses, in the order given; every unknown address at once. */
async function lookUp(auth: Auth, emails: string[]): Promise<UserRecord[]> {
  const found = new Map<string, UserRecord>();
  const unknown: string[] = [];
  for (let i = 0; i < emails.length; i += 100) {
    const result = await auth.getUsers(emails.slice(i, i + 100).map((email) => ({ email })));
    for (const user of result.users) if (user.email) found.set(normaliseEmail(user.email), user);
    for (const identifier of result.notFound) if ('email' in identifier) unknown.push(identifier.email);
  }
  if (unknown.length) {
    throw new CommandError(
      `No account has the address ${unknown.join(', ')}. Nothing was changed. ` +
        '`npm run organiser:members -- list` shows every account (people create theirs on the sign-in page).',
    );
  }
  return emails.map((email) => found.get(email)!);
}

/** Pure: the summary of a change: what was done, what was not, and the download tokens. */
export function summarise(
  words: AccountChange['words'],
  outcomes: readonly Outcome[],
  tokens?: { removal?: ReadableTokenRemoval; error?: string },
): string[] {
  const group = (status: Outcome['status']) => outcomes.filter((outcome) => outcome.status === status);
  const parts = [
    group('changed').length &&
      `${words.changed}: ${group('changed')
        .map((o) => o.email)
        .join(', ')}`,
    group('unchanged').length &&
      `${words.unchanged}, unchanged: ${group('unchanged')
        .map((o) => o.email)
        .join(', ')}`,
    group('failed').length &&
      `FAILED (the reason is above): ${group('failed')
        .map((o) => o.email)
        .join(', ')}`,
  ].filter(Boolean);
  const lines = [`Summary (${plural(outcomes.length, 'account')}): ${parts.join('; ')}.`];
  if (tokens) {
    const removals = tokens.removal?.removals.filter((removal) => removal.removed > 0) ?? [];
    const count = removals.reduce((sum, removal) => sum + removal.removed, 0);
    const checked = plural(tokens.removal?.checked ?? 0, 'file');
    lines.push(
      tokens.error || !tokens.removal
        ? `Download tokens of the files these accounts could read: NOT all removed (${tokens.error}). Run the ` +
            'command again, or `npm run organiser:check -- --remove-tokens`.'
        : removals.length
          ? `Download tokens of the files these accounts could read: removed ${plural(count, 'token')} from ` +
            `${plural(removals.length, 'file')} (${checked} checked): ` +
            `${shortList(removals.map((removal) => removal.path))}; those links no longer open them.`
          : `Download tokens of the files these accounts could read: none found (${checked} checked).`,
    );
  }
  return lines;
}

/** Paths in one line: the first ten, then how many more (a bucket of photos can have hundreds). */
function shortList(paths: readonly string[], shown = 10): string {
  return paths.length > shown
    ? `${paths.slice(0, shown).join(', ')} and ${plural(paths.length - shown, 'other')}`
    : paths.join(', ');
}

/** Who the accounts were: what they could read decides which tokens go. */
const readersOf = (users: readonly UserRecord[]): Reader[] =>
  users.map((user) => ({ uid: user.uid, organiser: user.customClaims?.[ORGANISER_CLAIM] === true }));

/**
 * Removes the download token of every file under members/ the accounts could read; what was removed, or why it
 * could not be.
 */
async function removeReadableTokens(
  { target, admin }: MembersRun,
  users: readonly UserRecord[],
): Promise<{ removal?: ReadableTokenRemoval; error?: string }> {
  try {
    const bucket = (await admin()).bucket(target.bucket);
    return { removal: await removeTokensReadableBy(bucket, readersOf(users)) };
  } catch (err) {
    return { error: storageFailure(`gs://${target.bucket}/members/`, err, target).message };
  }
}
