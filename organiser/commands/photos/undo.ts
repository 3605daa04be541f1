/**
 * organiser:photos removed and restore <photoId>: undo for the photos an organiser rejected or removed, on the
 * photos page or with this command. Each is kept apart for 30 days (src/domain/keeping.ts); the monthly
 * organiser:check purges what is older.
 */
import {
  listRemoved,
  restoreRemoved,
  RestoreConflictError,
  type RemovedPhoto,
} from '../../../admin/bucket/keeping.ts';
import { storageFailure } from '../../core/admin.ts';
import { confirmChange, formatTable, plural } from '../../core/cli.ts';
import { CommandError } from '../../core/errors.ts';
import { oneLine, utcMinute } from '../../../admin/terminal-text.ts';
import { NAME, bucketOf, photoIds, photosSubcommand } from './common.ts';

/** Days left (rounded down, at least 0) until a kept photo may be purged. */
export function daysLeft(until: Date, now = new Date()): number {
  return Math.max(0, Math.floor((until.getTime() - now.getTime()) / (24 * 60 * 60 * 1000)));
}

/** A row of the listing: id, what, when, by whom, days left, files. */
export function removedRow({ record, until }: RemovedPhoto, now = new Date()): string[] {
  return [
    record.photoId,
    record.kind,
    utcMinute(record.removedAt),
    oneLine(record.removedBy),
    String(daysLeft(until, now)),
    String(record.paths.length),
  ];
}

export const removed = photosSubcommand({
  name: 'removed',
  help: 'the photos rejected or removed in the last 30 days, kept apart: when, by whom, and the days left to restore them',
  async run(run) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    let found: Awaited<ReturnType<typeof listRemoved>>;
    try {
      found = await listRemoved(bucket);
    } catch (err) {
      throw storageFailure('Listing the photos kept apart', err, run.target);
    }
    io.out('');
    if (!found.removed.length) io.out('No photo was rejected or removed in the last 30 days.');
    else {
      io.out(`Kept apart (${found.removed.length}), oldest first:`);
      for (const line of formatTable(
        ['Photo id', 'What', 'When (UTC)', 'By', 'Days left', 'Files'],
        found.removed.map((photo) => removedRow(photo)),
      ))
        io.out(`  ${line}`);
      io.out('');
      io.out(`Put one back with: npm run ${NAME} -- restore <photoId>`);
    }
    for (const folder of found.unreadable)
      io.err(`Not readable (no removal.json that can be read): ${folder}`);
  },
});

export const restore = photosSubcommand({
  name: 'restore',
  usage: '<photoId>...',
  help:
    'puts photos rejected or removed in the last 30 days back where they were, as they were (a waiting photo ' +
    'waits again, a shared one is in the gallery again)',
  args: (positionals) => ({ ids: photoIds('restore', positionals) }),
  async run(run, { ids }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    let kept: RemovedPhoto[];
    try {
      kept = (await listRemoved(bucket)).removed;
    } catch (err) {
      throw storageFailure('Listing the photos kept apart', err, target);
    }
    const found = ids.map((id) => kept.find((photo) => photo.record.photoId === id));
    const missing = ids.filter((_, index) => !found[index]);
    if (missing.length)
      throw new CommandError(
        `No photo is kept apart with the id ${missing.join(', ')}. Nothing was changed. ` +
          `\`npm run ${NAME} -- removed\` lists them (after 30 days they are gone).`,
      );
    await confirmChange(
      run,
      found.map(
        (photo) =>
          `put back ${photo!.record.photoId} (${photo!.record.kind} ${utcMinute(photo!.record.removedAt)})`,
      ),
    );
    for (const photo of found) {
      try {
        await restoreRemoved(bucket, photo!.record);
      } catch (err) {
        if (err instanceof RestoreConflictError)
          throw new CommandError(`${photo!.record.photoId}: ${err.message}. It was not put back.`, {
            cause: err,
          });
        throw storageFailure(`Putting ${photo!.record.photoId} back`, err, target);
      }
      io.out(
        `restored: ${photo!.record.photoId} (${photo!.record.kind === 'rejected' ? 'waiting for approval again' : 'in the gallery again'})`,
      );
    }
    io.out('');
    io.out(`${plural(found.length, 'photo')} put back.`);
  },
});
