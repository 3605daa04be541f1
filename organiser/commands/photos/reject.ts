/**
 * organiser:photos reject <photoId>...: waiting photos taken away (nobody but the relative and the organisers saw
 * them), kept apart for 30 days first (organiser:photos -- restore).
 */
import { rejectionPlan, type PhotoStep } from '../../../src/domain/photos.ts';
import type { Bucket } from '../../../admin/firebase-admin.ts';
import { commandOperator, keepPhotoApart } from '../../../admin/bucket/keeping.ts';
import { storageFailure } from '../../core/admin.ts';
import { confirmChange, plural } from '../../core/cli.ts';
import { CommandError } from '../../core/errors.ts';
import type { Target } from '../../core/target.ts';
import {
  NAME,
  bucketOf,
  findWaiting,
  listWaiting,
  photoIds,
  photosSubcommand,
  sharedPhotoOf,
} from './common.ts';
import { shortLine } from '../../../admin/terminal-text.ts';
import { CAPTION_SHOWN } from './common.ts';

/** Deletes, in order, the objects of a plan's delete steps; a failure says to run the command again. */
async function runDeletes(bucket: Bucket, steps: readonly PhotoStep[], what: string, target: Target) {
  for (const step of steps) {
    if (step.op !== 'delete') continue;
    try {
      await bucket.file(step.path).delete({ ignoreNotFound: true });
    } catch (err) {
      const failure = storageFailure(`${what}: deleting ${step.path}`, err, target);
      throw new CommandError(`${failure.message} Run the same command again: it finishes what was left.`, {
        cause: err,
      });
    }
  }
}

export const reject = photosSubcommand({
  name: 'reject',
  usage: '<photoId>...',
  help:
    'takes waiting photos (and their thumbnails) away; nobody else has seen them. Each is kept apart for 30 days: ' +
    'restore puts it back',
  args: (positionals) => ({ ids: photoIds('reject', positionals) }),
  async run(run, { ids }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    const { waiting } = await listWaiting(bucket, target);
    const { found, missing } = findWaiting(waiting, ids);
    if (missing.length) {
      const shared: string[] = [];
      for (const id of missing) if (await sharedPhotoOf(bucket, id, target)) shared.push(id);
      throw new CommandError(
        `No photo is waiting with the id ${missing.join(', ')}. Nothing was changed.` +
          (shared.length
            ? ` Shared already: ${shared.join(', ')} (take a shared photo away with remove).`
            : '') +
          ' `npm run organiser:photos -- list` shows the waiting ones.',
      );
    }
    await confirmChange(
      run,
      found.map(
        (photo) =>
          `delete the waiting photo ${photo.photoId} (${shortLine(photo.photo?.metadata.caption, CAPTION_SHOWN, '-')})`,
      ),
    );
    const by = commandOperator(`${NAME} (command)`).organiserEmail;
    for (const photo of found) {
      const steps = rejectionPlan(photo.uid, photo.photoId, {
        pending: { photo: !!photo.photo, thumbnail: !!photo.thumbnail },
      });
      const paths = steps.flatMap((step) => (step.op === 'delete' ? [step.path] : []));
      try {
        await keepPhotoApart(bucket, photo.photoId, 'rejected', paths, by);
      } catch (err) {
        throw storageFailure(`Keeping ${photo.photoId} apart before rejecting it`, err, target);
      }
      await runDeletes(bucket, steps, `Rejecting ${photo.photoId}`, target);
      io.out(`rejected: ${photo.photoId} (kept apart for 30 days)`);
    }
    io.out('');
    io.out(
      `${plural(found.length, 'waiting photo')} rejected. Undo within 30 days: npm run ${NAME} -- restore <photoId>`,
    );
  },
});
