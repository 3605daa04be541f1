/**
 * npm run organiser:backup -- <folder> [--verify] [--project <alias|id>] [--bucket <name>]
 *
 * What it does is in HELP below (and the handbook, organiser/README.md); how: admin/bucket/backup.ts.
 */
import { resolve } from 'node:path';

import {
  ACCOUNTS_FILE,
  MANIFEST_FILE,
  OBJECTS_FOLDER,
  runBackup,
  verifyBackup,
  type BackupReport,
} from '../../admin/bucket/backup.ts';
import { authFailure, storageFailure } from '../core/admin.ts';
import { defineCommand, plural, runIfMain } from '../core/cli.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, UsageError } from '../core/errors.ts';
import { bytesText as size, progressBar } from '../core/progress.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS } from '../core/target.ts';

const NAME = 'organiser:backup';

export const HELP = `Usage: npm run ${NAME} -- <folder> [--verify] [--project <alias|id>] [--bucket <name>]

Copies everything in the bucket into the folder (a drive of your own): the members' files, the relatives'
photos and their details, who is who's tiles, faces files and their history, the photos kept apart after
a removal, what waits for approval and the deletion markers, each with the metadata the site needs, and
the accounts (address, verified, approved, organiser, blocked, name; never a password). The folder holds
${OBJECTS_FOLDER}/ (the files), ${MANIFEST_FILE} (each file's size, checksum and metadata) and ${ACCOUNTS_FILE}.

The first run copies everything; the next ones copy only what is new or changed (say so when nothing is).
Each file is checked against the bucket's checksum as it arrives, and counts as copied only then: a run
stopped part-way loses nothing, and the next one goes on. A file gone from the bucket stays in the backup
(an accident, a bucket emptied), unless its going was for good: a relative deleted it or their account, or
a photo an organiser removed was kept apart for 30 days and then purged. Then it leaves the backup too.

  --verify              reads every file of the backup again and compares it with the manifest (the
                        yearly check): lists any that changed or vanished, and exits 1 then
Options:
${TARGET_HELP}
${BUCKET_HELP}
  -h, --help            this help

Keep two backups in two places (two drives, one at another organiser's home) and run this monthly; run
--verify on each once a year. Exit codes: 0 done; 1 a file could not be copied or checked (run again) or
--verify found a difference; 2 usage error.`;

const OPTIONS = { ...TARGET_OPTIONS, verify: { type: 'boolean' } } as const;

/** The one line a run ends with. */
export function summary(report: BackupReport): string {
  const copied = report.downloaded.length + report.adopted.length;
  const parts = [
    copied
      ? `copied ${plural(copied, 'file')} (${size(report.bytes)} downloaded)`
      : 'nothing new to copy (no file downloaded)',
    `${plural(report.unchanged, 'file')} unchanged`,
    report.dropped.length &&
      `${plural(report.dropped.length, 'file')} deleted for good by a relative or after 30 days removed, so left the backup`,
    report.kept.length &&
      `${plural(report.kept.length, 'file')} gone from the bucket kept (nothing says they went for good)`,
    `${plural(report.accounts, 'account')}`,
  ].filter(Boolean);
  return `Backup done: ${parts.join('; ')}.`;
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: OPTIONS,
  describe: (values) => (values.verify ? 'storage' : 'auth+storage'),
  positionals: true,
  checkArguments: (_values, positionals) => {
    if (positionals.length !== 1)
      throw new UsageError('Which folder? Give one: the backup drive, e.g. /media/backup/reunion.');
  },
  async run({ ctx, values, positionals, target, admin }) {
    const folder = resolve(ctx.env.INIT_CWD ?? process.cwd(), positionals[0]!);
    const { io } = ctx;
    io.out(`Backup folder: ${folder}`);
    if (values.verify) {
      const bar = progressBar('Verifying');
      let report;
      try {
        report = await verifyBackup(folder, (figures) => bar.update(figures));
      } catch (err) {
        throw new CommandError(`Cannot read the backup in ${folder}: ${(err as Error).message}`, {
          cause: err,
        });
      } finally {
        bar.done();
      }
      for (const path of report.changed) io.out(`CHANGED: ${path}`);
      for (const path of report.missing) io.out(`MISSING: ${path}`);
      const bad = report.changed.length + report.missing.length;
      io.out(
        bad
          ? `Verify FAILED: ${plural(report.checked, 'file')} checked, ${report.changed.length} changed, ` +
              `${report.missing.length} missing. Copy them from your other backup, or run the backup again while ` +
              'the bucket still has them.'
          : `Verify passed: all ${plural(report.checked, 'file')} as the manifest says.`,
      );
      return bad ? EXIT_FAILED : EXIT_OK;
    }
    const connection = await admin();
    const bar = progressBar('Copying');
    let report: BackupReport;
    try {
      report = await runBackup(connection.bucket(target.bucket), folder, {
        auth: connection.auth,
        onProgress: (figures) => bar.update(figures),
      });
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('auth/'))
        throw authFailure('Listing the accounts', err, target);
      if (err instanceof Error && !('code' in err) && !('status' in err))
        throw new CommandError(`${err.message}. What was copied is kept: run the same command again.`, {
          cause: err,
        });
      const failure = storageFailure(`Copying gs://${target.bucket}`, err, target);
      throw new CommandError(`${failure.message} What was copied is kept: run the same command again.`, {
        cause: err,
      });
    } finally {
      bar.done();
    }
    for (const entry of report.kept.slice(0, 20))
      io.out(`kept, gone from the bucket since ${entry.gone}: ${entry.path}`);
    if (report.kept.length > 20) io.out(`... and ${report.kept.length - 20} more kept.`);
    io.out(summary(report));
    return EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
