/**
 * npm run organiser:members -- <list | approve | unapprove | organiser | unorganiser | block | unblock> [<email>...]
 *   [--project <alias|id>]
 *
 * Who may read the members' files, through the Admin SDK (firebase-admin Auth):
 *   list       every account: e-mail, name, verified, sign-in provider, created, last sign-in, approved, organiser,
 *              blocked;
 *   approve    sets the `approved` custom claim: the account may also read the approval-only files (the lists of
 *              living people, see storage.rules);
 *   unapprove  removes it;
 *   organiser  sets the `organiser` custom claim: the account moderates the relatives' photos (approves, rejects,
 *              removes; storage.rules checks the claim on its own);
 *   unorganiser removes it;
 *   block      disables the account (no sign-in, no new ID tokens) and revokes its refresh tokens;
 *   unblock    enables it again.
 * Every address is looked up before anything changes: one unknown address changes nothing and exits 1.
 */
import type { Auth, UserRecord } from 'firebase-admin/auth';

import { APPROVED_CLAIM } from '../bucket/member-files.ts';
import { ORGANISER_CLAIM } from '../../src/domain/access.ts';
import { authFailure } from '../core/admin.ts';
import { defineCommand, formatTable, plural, runIfMain, type Io } from '../core/cli.ts';
import { CommandError, EXIT_OK, UsageError } from '../core/errors.ts';
import { PROJECT_OPTION, TARGET_HELP, type Target } from '../core/target.ts';

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

export const HELP = `Usage: npm run ${NAME} -- <command> [<email>...] [--project <alias|id>]

Decides who may read the members' files and who moderates the relatives' photos:
  list                  every account: e-mail, name, verified, sign-in provider, created, last sign-in,
                        approved, organiser, blocked
  approve <email>...    lets the accounts read the approval-only files too (the 1976 attendees list and
                        the time-capsule donors and recipients) and share and see the relatives' photos;
                        the others every verified account reads
  unapprove <email>...  takes that back
  organiser <email>...  makes the accounts organisers: they see the photos waiting for approval, approve
                        or reject them and remove shared ones (on the photos page, or npm run
                        organiser:photos); give them approve too, to see everything else
  unorganiser <email>...
                        takes that back
  block <email>...      disables the accounts (they cannot sign in) and revokes their refresh tokens
  unblock <email>...    enables them again
Each prints what it changed. Every address is looked up first: an unknown address changes nothing.

A change reaches a member with their next ID token. Signed-in members get one within the hour (at once
after an approval when they press "Check again" on the members page). A blocked member's page keeps the
token it has until it expires, at most an hour: Cloud Storage cannot revoke an issued token.

Options:
${TARGET_HELP}
  -h, --help            this help

Exit codes: 0 done; 1 an address has no account (nothing changed), or the change failed; 2 usage error.`;

/** Loose on purpose: Firebase decides what an address is; this only catches slips like a missing @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function parse(positionals: string[]): { command: MembersCommand; emails: string[] } {
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError(`Which command? One of: ${COMMANDS.join(', ')}.`);
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`Unknown command "${command}"; use one of: ${COMMANDS.join(', ')}.`);
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

/** Applies one command to one account; returns what happened, in words. */
async function apply(
  auth: Auth,
  command: Exclude<MembersCommand, 'list'>,
  user: UserRecord,
): Promise<string> {
  const email = user.email!;
  switch (command) {
    case 'approve': {
      if (isApproved(user)) return `already approved, unchanged: ${email}`;
      await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [APPROVED_CLAIM]: true });
      return `approved: ${email}${user.emailVerified ? '' : ' (note: its e-mail is not verified yet, so it reads nothing until it is)'}`;
    }
    case 'unapprove': {
      if (!isApproved(user)) return `not approved, unchanged: ${email}`;
      const claims = { ...user.customClaims };
      delete claims[APPROVED_CLAIM];
      await auth.setCustomUserClaims(user.uid, Object.keys(claims).length ? claims : null);
      return `approval removed: ${email}`;
    }
    case 'organiser': {
      if (isOrganiser(user)) return `already an organiser, unchanged: ${email}`;
      await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [ORGANISER_CLAIM]: true });
      const notes = [
        !user.emailVerified && 'its e-mail is not verified yet, so it moderates nothing until it is',
        !isApproved(user) && 'not approved: approve it too, to read the approval-only files',
      ].filter(Boolean);
      return `organiser: ${email}${notes.length ? ` (note: ${notes.join('; ')})` : ''}`;
    }
    case 'unorganiser': {
      if (!isOrganiser(user)) return `not an organiser, unchanged: ${email}`;
      const claims = { ...user.customClaims };
      delete claims[ORGANISER_CLAIM];
      await auth.setCustomUserClaims(user.uid, Object.keys(claims).length ? claims : null);
      return `organiser no more: ${email}`;
    }
    case 'block': {
      if (!user.disabled) await auth.updateUser(user.uid, { disabled: true });
      // Revoked every time: a blocked account must get no new ID token from an old refresh token.
      await auth.revokeRefreshTokens(user.uid);
      return user.disabled
        ? `already blocked (refresh tokens revoked again): ${email}`
        : `blocked: ${email} (account disabled, refresh tokens revoked)`;
    }
    case 'unblock': {
      if (!user.disabled) return `not blocked, unchanged: ${email}`;
      await auth.updateUser(user.uid, { disabled: false });
      return `unblocked: ${email} (may sign in again)`;
    }
  }
}

const AFTERWORDS: Record<Exclude<MembersCommand, 'list'>, string> = {
  approve:
    'An approved member reads the approval-only files from their next ID token on: at once after pressing ' +
    '"Check again" on the members page or signing in again, at the latest within the hour.',
  unapprove:
    'A member signed in now keeps reading the approval-only files until their ID token expires (within the hour).',
  block:
    'A blocked member cannot sign in. A page already signed in keeps its current ID token, and with it access ' +
    'to the files, until that token expires (within the hour): Cloud Storage cannot revoke an issued token.',
  organiser:
    'An organiser moderates the photos from their next ID token on: at once after signing in again, at the ' +
    'latest within the hour.',
  unorganiser:
    'An organiser signed in now keeps moderating the photos until their ID token expires (within the hour).',
  unblock: 'The member can sign in again.',
};

async function change(
  auth: Auth,
  command: Exclude<MembersCommand, 'list'>,
  emails: string[],
  io: Io,
  target: Target,
): Promise<void> {
  const users = await lookUp(auth, emails);
  for (const user of users) {
    try {
      io.out(await apply(auth, command, user));
    } catch (err) {
      throw authFailure(`${command} ${user.email}`, err, target);
    }
  }
  io.out('');
  io.out(AFTERWORDS[command]);
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: PROJECT_OPTION,
  describe: 'auth',
  positionals: true,
  checkArguments: (_values, positionals) => void parse(positionals),
  async run({ ctx, positionals, target, admin }) {
    const { command, emails } = parse(positionals);
    const { auth } = await admin();
    try {
      if (command === 'list') await list(auth, ctx.io);
      else await change(auth, command, emails, ctx.io, target);
    } catch (err) {
      if (err instanceof CommandError) throw err;
      throw authFailure(
        command === 'list' ? 'Listing the accounts' : `Looking up ${emails.join(', ')}`,
        err,
        target,
      );
    }
    return EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
