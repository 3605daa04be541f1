/** organiser:members list: every account, with what it may do. */
import { allUsers } from '../../../admin/auth-users.ts';
import type { Auth, UserRecord } from 'firebase-admin/auth';

import { authFailure } from '../../core/admin.ts';
import { formatTable, plural, type Io } from '../../core/cli.ts';
import { UsageError } from '../../core/errors.ts';
import { isApproved, isOrganiser, membersSubcommand } from './common.ts';
import { utcMinute } from '../../../admin/terminal-text.ts';

const PROVIDERS: Record<string, string> = { password: 'e-mail', 'google.com': 'Google' };

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

export function accountRow(user: UserRecord): string[] {
  const providers = user.providerData.map((info) => PROVIDERS[info.providerId] ?? info.providerId);
  return [
    user.email ?? `(no e-mail; uid ${user.uid})`,
    user.displayName ?? '',
    yesNo(user.emailVerified),
    providers.length ? providers.join(', ') : '-',
    utcMinute(user.metadata.creationTime),
    utcMinute(user.metadata.lastSignInTime),
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

async function listAccounts(auth: Auth, io: Io): Promise<void> {
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

export const list = membersSubcommand({
  name: 'list',
  help: 'every account: e-mail, name, verified, sign-in provider, created, last sign-in, approved, organiser, blocked',
  args: (positionals) => {
    if (positionals.length) throw new UsageError(`list takes no addresses (${positionals.join(' ')}).`);
  },
  async run(run) {
    const { auth } = await run.admin();
    try {
      await listAccounts(auth, run.ctx.io);
    } catch (err) {
      throw authFailure('Listing the accounts', err, run.target);
    }
  },
});
