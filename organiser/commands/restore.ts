/**
 * npm run organiser:restore -- <folder> [--overwrite] [--project <alias|id>] [--bucket <name>] [--yes]
 *
 * What it does is in HELP below (and the handbook, organiser/README.md); how: admin/bucket/restore.ts.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { allUsers } from '../../admin/auth-users.ts';
import { ACCOUNTS_FILE, listBucket, readManifest, type AccountRecord } from '../../admin/bucket/backup.ts';
import {
  planRestore,
  putBack,
  restoreAccount,
  type AccountChange,
  type RestorePlan,
} from '../../admin/bucket/restore.ts';
import { authFailure, storageFailure } from '../core/admin.ts';
import { YES_HELP, YES_OPTION, confirmChange, defineCommand, plural, runIfMain } from '../core/cli.ts';
import { CommandError, EXIT_OK, UsageError } from '../core/errors.ts';
import { progressBar } from '../core/progress.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS } from '../core/target.ts';
import { oneLine } from '../../admin/terminal-text.ts';

const NAME = 'organiser:restore';

export const HELP = `Usage: npm run ${NAME} -- <folder> [--overwrite] [--project <alias|id>] [--bucket <name>] [--yes]

Puts a backup made with npm run organiser:backup back into the bucket, and shows first what it will do:
  - the files the bucket lacks, byte for byte, with the content type and metadata the site reads (and no
    download token);
  - the approvals, organiser roles and blocks of the accounts that exist now with the same e-mail address;
  - and what it will not bring back: files a relative deleted (their account, or a photo or a suggestion)
    or a purged photo, which a deletion marker covers, and accounts that no longer exist (they sign up
    again, and an organiser approves them again).
A file the bucket has with other bytes than the backup (changed since) is listed and left as it is.

The files of an account that no longer exists (its waiting and shared photos, its suggestions) are left
out too: it was most likely deleted by its owner after the backup.

  --overwrite           put those changed files back too, as the backup has them
  --all-accounts        put back the files of accounts that no longer exist too (only when the accounts
                        were lost with the project, not deleted by the relatives themselves)
Options:
${TARGET_HELP}
${BUCKET_HELP}
${YES_HELP}
  -h, --help            this help

On a real project it asks before changing anything. Exit codes: 0 done (or nothing to do); 1 a file or an
account could not be put back (run it again: what is back stays back), or the folder is no backup;
2 usage error.`;

const OPTIONS = {
  ...TARGET_OPTIONS,
  ...YES_OPTION,
  overwrite: { type: 'boolean' },
  'all-accounts': { type: 'boolean' },
} as const;

/** The accounts file of a backup (an empty list for a backup made without accounts). */
async function readAccounts(folder: string): Promise<AccountRecord[]> {
  try {
    const data = JSON.parse(await readFile(join(folder, ACCOUNTS_FILE), 'utf8')) as {
      accounts?: AccountRecord[];
    };
    return Array.isArray(data.accounts) ? data.accounts : [];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

const describeChange = (change: AccountChange) =>
  [
    change.approved !== undefined && (change.approved ? 'approve' : 'unapprove'),
    change.organiser !== undefined && (change.organiser ? 'make organiser' : 'no longer organiser'),
    change.blocked !== undefined && (change.blocked ? 'block' : 'unblock'),
  ]
    .filter(Boolean)
    .join(', ');

/** What the plan says, line by line (at most `limit` paths per group). */
export function describePlan(
  plan: RestorePlan,
  { overwrite, allAccounts }: { overwrite: boolean; allAccounts: boolean },
  limit = 20,
): string[] {
  const lines: string[] = [];
  const group = (title: string, paths: string[]) => {
    if (!paths.length) return;
    lines.push(`${title} (${paths.length}):`);
    for (const path of paths.slice(0, limit)) lines.push(`  ${oneLine(path)}`);
    if (paths.length > limit) lines.push(`  ... and ${paths.length - limit} more`);
  };
  group(
    'To put back (missing from the bucket)',
    plan.missing.map((entry) => entry.path),
  );
  group(
    overwrite
      ? 'To put back over what the bucket has now (--overwrite)'
      : 'Changed since the backup, left as they are (--overwrite puts them back)',
    plan.changed.map((entry) => entry.path),
  );
  group(
    'Not brought back: deleted for good (a relative, or a purge)',
    plan.deleted.map((entry) => entry.path),
  );
  group(
    allAccounts
      ? 'To put back although their account no longer exists (--all-accounts)'
      : 'Not brought back: their account no longer exists (--all-accounts puts them back)',
    plan.ofGoneAccounts.map((entry) => entry.path),
  );
  if (plan.accounts.length) {
    lines.push(`Accounts to set as the backup has them (${plan.accounts.length}):`);
    for (const change of plan.accounts) lines.push(`  ${oneLine(change.email)}: ${describeChange(change)}`);
  }
  if (plan.accountsGone.length) {
    lines.push(
      `Accounts that no longer exist (they sign up again; approve them again then) (${plan.accountsGone.length}):`,
    );
    for (const account of plan.accountsGone.slice(0, limit))
      lines.push(
        `  ${oneLine(account.email ?? account.uid)}${account.approved ? ' (was approved)' : ''}${account.organiser ? ' (was an organiser)' : ''}`,
      );
    if (plan.accountsGone.length > limit) lines.push(`  ... and ${plan.accountsGone.length - limit} more`);
  }
  lines.push(`Already as in the backup: ${plural(plan.same, 'file')}.`);
  return lines;
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: OPTIONS,
  describe: 'auth+storage',
  positionals: true,
  checkArguments: (_values, positionals) => {
    if (positionals.length !== 1)
      throw new UsageError('Which backup? Give its folder, e.g. /media/backup/reunion.');
  },
  async run(run) {
    const { ctx, values, positionals, target, admin } = run;
    const { io } = ctx;
    const folder = resolve(ctx.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    io.out(`Backup folder: ${folder}`);
    let manifest;
    let backupAccounts: AccountRecord[];
    try {
      manifest = await readManifest(folder);
      backupAccounts = await readAccounts(folder);
    } catch (err) {
      throw new CommandError(`${folder} is not a backup that can be read: ${(err as Error).message}`, {
        cause: err,
      });
    }
    if (!Object.keys(manifest.objects).length)
      throw new CommandError(`${folder} holds no backup (no ${'manifest.json'}).`);
    if (manifest.bucket !== target.bucket)
      io.out(`Note: the backup is of gs://${manifest.bucket}; it is put back into gs://${target.bucket}.`);

    const connection = await admin();
    const bucket = connection.bucket(target.bucket);
    let plan: RestorePlan;
    try {
      plan = planRestore(manifest, await listBucket(bucket), backupAccounts, await allUsers(connection.auth));
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('auth/'))
        throw authFailure('Listing the accounts', err, target);
      throw storageFailure(`Listing gs://${target.bucket}`, err, target);
    }
    io.out('');
    const asked = { overwrite: values.overwrite === true, allAccounts: values['all-accounts'] === true };
    for (const line of describePlan(plan, asked)) io.out(line);
    const files = [
      ...plan.missing,
      ...(asked.overwrite ? plan.changed : []),
      ...(asked.allAccounts ? plan.ofGoneAccounts : []),
    ];
    if (!files.length && !plan.accounts.length) {
      io.out('');
      io.out('Nothing to put back.');
      return EXIT_OK;
    }
    await confirmChange(run, [
      `put back ${plural(files.length, 'file')}`,
      ...(plan.accounts.length
        ? [`set ${plural(plan.accounts.length, 'account')} as the backup has them`]
        : []),
    ]);
    const bar = progressBar('Putting back');
    const figures = {
      files: 0,
      totalFiles: files.length,
      bytes: 0,
      totalBytes: files.reduce((sum, e) => sum + e.size, 0),
    };
    // Four at a time, as the backup reads: one at a time waits on every round trip (8,619 files: 43 s in
    // bench:backup). The first failure stops the others from taking more; what is back stays back.
    let failed: CommandError | undefined;
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < files.length && !failed; i = next++) {
        const entry = files[i]!;
        try {
          await putBack(bucket, folder, entry);
        } catch (err) {
          if (err instanceof Error && !('code' in err)) {
            failed ??= new CommandError(
              `${err.message}. What is back stays back: run the same command again.`,
            );
          } else {
            const failure = storageFailure(`Putting back gs://${target.bucket}/${entry.path}`, err, target);
            failed ??= new CommandError(
              `${failure.message} What is back stays back: run the same command again.`,
              { cause: err },
            );
          }
          return;
        }
        figures.files += 1;
        figures.bytes += entry.size;
        bar.update(figures);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(4, files.length) }, worker));
    } finally {
      bar.done();
    }
    if (failed) throw failed;
    for (const change of plan.accounts) {
      try {
        await restoreAccount(connection.auth, change);
      } catch (err) {
        throw authFailure(`Setting ${change.email} as the backup has it`, err, target);
      }
      io.out(`account ${oneLine(change.email)}: ${describeChange(change)}`);
    }
    io.out('');
    io.out(
      `Restore done: ${plural(files.length, 'file')} put back, ${plural(plan.accounts.length, 'account')} set, ` +
        `${plural(plan.deleted.length, 'file')} deleted for good left out. Run npm run organiser:check next.`,
    );
    return EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
