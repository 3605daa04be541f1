/**
 * npm run organiser:members -- <list | approve | unapprove | organiser | unorganiser | block | unblock> [<email>...]
 *   [--project <alias|id>]
 *
 * What each subcommand does is in HELP below (and the handbook, organiser/README.md).
 */
import type { Auth, UserRecord } from 'firebase-admin/auth';

import {
  removeTokensReadableBy,
  type ReadableTokenRemoval,
  type Reader,
} from '../../admin/bucket/download-tokens.ts';
import { APPROVED_CLAIM } from '../../admin/bucket/member-files.ts';
import { ORGANISER_CLAIM } from '../../src/domain/access.ts';
import { authFailure, storageFailure } from '../core/admin.ts';
import {
  YES_HELP,
  YES_OPTION,
  confirmChange,
  defineCommand,
  formatTable,
  plural,
  runIfMain,
  type CommandRun,
  type Io,
} from '../core/cli.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, UsageError } from '../core/errors.ts';
import { nearest } from '../core/suggest.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS } from '../core/target.ts';

const NAME = 'organiser:members';

export const COMMANDS = [
  'list',
  'approve',
  'unapprove',
  'organiser',
  'unorganiser',
  'block',
  'unblock',
] as const;
export type MembersCommand = (typeof COMMANDS)[number];

export const HELP = `Usage: npm run ${NAME} -- <command> [<email>...] [--project <alias|id>] [--bucket <name>]

Decides who may read the members' files and who moderates the relatives' photos:
  list                  every account: e-mail, name, verified, sign-in provider, created, last sign-in,
                        approved, organiser, blocked
  approve <email>...    lets the accounts read the approval-only files too (the 1976 attendees list, the
                        time-capsule donors and recipients and the identification key of the group photo),
                        the names on the faces of 1976, and share and see the relatives' photos; the other
                        files every verified account reads
  unapprove <email>...  takes that back, and removes the download tokens of every file the accounts could
                        read
  organiser <email>...  makes the accounts organisers: they see the photos waiting for approval, approve
                        or reject them and remove shared ones (on the photos page, or npm run
                        organiser:photos); give them approve too, to see everything else
  unorganiser <email>...
                        takes that back
  block <email>...      disables the accounts (they cannot sign in), revokes their refresh tokens, and
                        removes the download tokens of every file the accounts could read
  unblock <email>...    enables them again
Each prints what it changed, then a summary of what was and was not done. Every address is looked up
first: an unknown address changes nothing. After that, a failure on one account does not stop the others.

What a block or an unapproval does not stop at once: the ID token a signed-in page already holds. Cloud
Storage accepts it until it expires, at most an hour after it was issued, and cannot revoke it. A
download-token link (?token=) would keep working for ever, for anyone, and any account can make one for a
file it may read (Storage gives a file a token when its metadata is read): that is why block and unapprove
remove the tokens of everything under members/ the accounts could read (every file but other accounts'
waiting photos and suggestions; an organiser's: every file). npm run organiser:check lists any token left.

Options:
${TARGET_HELP}
${BUCKET_HELP}
                        (block and unapprove remove download tokens there)
${YES_HELP}
  -h, --help            this help

Exit codes: 0 done; 1 an address has no account (nothing changed), or a change or a token removal failed
(the summary says which); 2 usage error.`;

/** Loose on purpose: Firebase decides what an address is; this only catches slips like a missing @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function parse(positionals: string[]): { command: MembersCommand; emails: string[] } {
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError(`Which command? One of: ${COMMANDS.join(', ')}.`);
  if (!(COMMANDS as readonly string[]).includes(command)) {
    const guess = nearest(command, COMMANDS);
    throw new UsageError(
      `Unknown command "${command}".${guess ? ` Did you mean ${guess}?` : ''} Use one of: ${COMMANDS.join(', ')}.`,
    );
  }
  if (command === 'list') {
    if (rest.length) throw new UsageError(`list takes no addresses (${rest.join(' ')}).`);
    return { command, emails: [] };
  }
  if (!rest.length) throw new UsageError(`${command} needs at least one e-mail address.`);
  const invalid = rest.filter((email) => !EMAIL_PATTERN.test(email.trim()));
  if (invalid.length) throw new UsageError(`Not an e-mail address: ${invalid.join(', ')}`);
  return { command: command as MembersCommand, emails: [...new Set(rest.map(normaliseEmail))] };
}

// ---------------------------------------------------------------------------------------------------------------
// list
// ---------------------------------------------------------------------------------------------------------------

const PROVIDERS: Record<string, string> = { password: 'e-mail', 'google.com': 'Google' };

/** '2026-05-01 09:30' (UTC) from the SDK's time strings; '-' when there is none. */
export function formatTime(time: string | null | undefined): string {
  if (!time) return '-';
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return time;
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

export function isApproved(user: Pick<UserRecord, 'customClaims'>): boolean {
  return user.customClaims?.[APPROVED_CLAIM] === true;
}

export function isOrganiser(user: Pick<UserRecord, 'customClaims'>): boolean {
  return user.customClaims?.[ORGANISER_CLAIM] === true;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

export function accountRow(user: UserRecord): string[] {
  const providers = user.providerData.map((info) => PROVIDERS[info.providerId] ?? info.providerId);
  return [
    user.email ?? `(no e-mail; uid ${user.uid})`,
    user.displayName ?? '',
    yesNo(user.emailVerified),
    providers.length ? providers.join(', ') : '-',
    formatTime(user.metadata.creationTime),
    formatTime(user.metadata.lastSignInTime),
    yesNo(isApproved(user)),
    yesNo(isOrganiser(user)),
    yesNo(user.disabled),
  ];
}

export const LIST_HEADER = [
  'E-mail',
  'Name',
  'Verified',
  'Sign-in',
  'Created (UTC)',
  'Last sign-in (UTC)',
  'Approved',
  'Organiser',
  'Blocked',
];

async function allUsers(auth: Auth): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    users.push(...page.users);
    pageToken = page.pageToken;
  } while (pageToken);
  return users;
}

async function list(auth: Auth, io: Io): Promise<void> {
  const users = (await allUsers(auth)).sort((a, b) => (a.email ?? '').localeCompare(b.email ?? '', 'en'));
  if (!users.length) {
    io.out('No accounts yet.');
    return;
  }
  for (const line of formatTable(LIST_HEADER, users.map(accountRow))) io.out(line);
  const count = (test: (user: UserRecord) => boolean) => users.filter(test).length;
  io.out('');
  io.out(
    `${plural(users.length, 'account')}: ${count(isApproved)} approved, ${count((u) => u.disabled)} blocked, ` +
      `${count((u) => !u.emailVerified)} not verified.`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// approve, unapprove, block, unblock
// ---------------------------------------------------------------------------------------------------------------

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

type Change = Exclude<MembersCommand, 'list'>;

/** What one command did to one account. */
export interface Outcome {
  email: string;
  status: 'changed' | 'unchanged' | 'failed';
  /** The line printed for it, e.g. "blocked: ola@example.org (account disabled, refresh tokens revoked)". */
  line: string;
}

/** Applies one command to one account; returns what happened, in words. */
async function apply(auth: Auth, command: Change, user: UserRecord): Promise<Omit<Outcome, 'email'>> {
  const email = user.email!;
  switch (command) {
    case 'approve': {
      if (isApproved(user)) return { status: 'unchanged', line: `already approved, unchanged: ${email}` };
      await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [APPROVED_CLAIM]: true });
      return {
        status: 'changed',
        line: `approved: ${email}${user.emailVerified ? '' : ' (note: its e-mail is not verified yet, so it reads nothing until it is)'}`,
      };
    }
    case 'unapprove': {
      if (!isApproved(user)) return { status: 'unchanged', line: `not approved, unchanged: ${email}` };
      const claims = { ...user.customClaims };
      delete claims[APPROVED_CLAIM];
      await auth.setCustomUserClaims(user.uid, Object.keys(claims).length ? claims : null);
      return { status: 'changed', line: `approval removed: ${email}` };
    }
    case 'organiser': {
      if (isOrganiser(user))
        return { status: 'unchanged', line: `already an organiser, unchanged: ${email}` };
      await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [ORGANISER_CLAIM]: true });
      const notes = [
        !user.emailVerified && 'its e-mail is not verified yet, so it moderates nothing until it is',
        !isApproved(user) && 'not approved: approve it too, to read the approval-only files',
      ].filter(Boolean);
      return {
        status: 'changed',
        line: `organiser: ${email}${notes.length ? ` (note: ${notes.join('; ')})` : ''}`,
      };
    }
    case 'unorganiser': {
      if (!isOrganiser(user)) return { status: 'unchanged', line: `not an organiser, unchanged: ${email}` };
      const claims = { ...user.customClaims };
      delete claims[ORGANISER_CLAIM];
      await auth.setCustomUserClaims(user.uid, Object.keys(claims).length ? claims : null);
      return { status: 'changed', line: `organiser no more: ${email}` };
    }
    case 'block': {
      if (!user.disabled) await auth.updateUser(user.uid, { disabled: true });
      // Revoked every time: a blocked account must get no new ID token from an old refresh token.
      await auth.revokeRefreshTokens(user.uid);
      return user.disabled
        ? { status: 'unchanged', line: `already blocked (refresh tokens revoked again): ${email}` }
        : { status: 'changed', line: `blocked: ${email} (account disabled, refresh tokens revoked)` };
    }
    case 'unblock': {
      if (!user.disabled) return { status: 'unchanged', line: `not blocked, unchanged: ${email}` };
      await auth.updateUser(user.uid, { disabled: false });
      return { status: 'changed', line: `unblocked: ${email} (may sign in again)` };
    }
  }
}

/** How the summary names each outcome of each command. */
const WORDS: Record<Change, { changed: string; unchanged: string }> = {
  approve: { changed: 'approved', unchanged: 'already approved' },
  unapprove: { changed: 'approval removed', unchanged: 'not approved' },
  organiser: { changed: 'made organisers', unchanged: 'already organisers' },
  unorganiser: { changed: 'organiser no more', unchanged: 'not organisers' },
  block: { changed: 'blocked', unchanged: 'already blocked (refresh tokens revoked again)' },
  unblock: { changed: 'unblocked', unchanged: 'not blocked' },
};

const AFTERWORDS: Record<Change, string> = {
  approve:
    'An approved member reads the approval-only files from their next ID token on: at once after pressing ' +
    '"Check again" on the members page or signing in again, at the latest within the hour.',
  unapprove:
    'A member signed in now keeps the approval in the ID token their page holds, and with it the approval-only ' +
    'files, until that token expires (at most an hour after it was issued); their next token has no approval.',
  block:
    'A blocked member cannot sign in, and with the refresh tokens revoked their open page gets no new ID token. ' +
    'The ID token it already holds is accepted by Cloud Storage until it expires, at most an hour after it was ' +
    'issued: an issued ID token cannot be revoked.',
  organiser:
    'An organiser moderates the photos from their next ID token on: at once after signing in again, at the ' +
    'latest within the hour.',
  unorganiser:
    'An organiser signed in now keeps moderating the photos until their ID token expires (within the hour).',
  unblock: 'The member can sign in again.',
};

/** The commands after which nobody may keep a link to the approval-only files. */
const REMOVES_TOKENS: ReadonlySet<Change> = new Set<Change>(['block', 'unapprove']);

/** The summary of a change command: what was done, what was not, and the download tokens. */
export function summarise(
  command: Change,
  outcomes: readonly Outcome[],
  tokens?: { removal?: ReadableTokenRemoval; error?: string },
): string[] {
  const words = WORDS[command];
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
  { target, admin }: Run,
  users: readonly UserRecord[],
): Promise<{ removal?: ReadableTokenRemoval; error?: string }> {
  try {
    const bucket = (await admin()).bucket(target.bucket);
    return { removal: await removeTokensReadableBy(bucket, readersOf(users)) };
  } catch (err) {
    return { error: storageFailure(`gs://${target.bucket}/members/`, err, target).message };
  }
}

const OPTIONS = { ...TARGET_OPTIONS, ...YES_OPTION } as const;
type Run = CommandRun<typeof OPTIONS>;

/** The commands that take something away from an account: on a real project, they ask first. */
const ASKS_FIRST: ReadonlySet<Change> = new Set<Change>(['block', 'unapprove']);

async function change(run: Run, command: Change, emails: string[]): Promise<number> {
  const { ctx, target, admin } = run;
  const io: Io = ctx.io;
  const { auth } = await admin();
  let users: UserRecord[];
  try {
    users = await lookUp(auth, emails);
  } catch (err) {
    throw authFailure(`Looking up ${emails.join(', ')}`, err, target);
  }
  if (ASKS_FIRST.has(command))
    await confirmChange(
      run,
      users.map((user) => `${command} ${user.email}${user.displayName ? ` (${user.displayName})` : ''}`),
    );
  const outcomes: Outcome[] = [];
  for (const user of users) {
    const email = user.email!;
    try {
      const outcome = { email, ...(await apply(auth, command, user)) };
      outcomes.push(outcome);
      io.out(outcome.line);
    } catch (err) {
      const line = `FAILED: ${email}: ${authFailure(command, err, target).message}`;
      outcomes.push({ email, status: 'failed', line });
      io.err(line);
    }
  }
  const tokens = REMOVES_TOKENS.has(command) ? await removeReadableTokens(run, users) : undefined;
  io.out('');
  io.out(AFTERWORDS[command]);
  io.out('');
  for (const line of summarise(command, outcomes, tokens)) io.out(line);
  const failed = outcomes.some((outcome) => outcome.status === 'failed') || tokens?.error !== undefined;
  return failed ? EXIT_FAILED : EXIT_OK;
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: OPTIONS,
  // block and unapprove also act on the bucket (the download tokens of what the accounts could read).
  describe: (_values, positionals) =>
    REMOVES_TOKENS.has(positionals[0] as Change) ? 'auth+storage' : 'auth',
  positionals: true,
  checkArguments: (_values, positionals) => void parse(positionals),
  async run(run) {
    const { command, emails } = parse(run.positionals);
    if (command !== 'list') return change(run, command, emails);
    const { auth } = await run.admin();
    try {
      await list(auth, run.ctx.io);
    } catch (err) {
      throw authFailure('Listing the accounts', err, run.target);
    }
    return EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
