/**
 * organiser:photos remove <photoId>...: shared photos taken out of the gallery (their thumbnails and details too),
 * kept apart for 30 days first (organiser:photos -- restore).
 */
import { detailsPathOf, readPhotoDetails, removalPlan } from '../../../src/domain/photos.ts';
import { commandOperator, keepPhotoApart } from '../../../admin/bucket/keeping.ts';
import { deleteSharedPhoto } from '../../../admin/bucket/shared-photos.ts';
import type { Bucket } from '../../../admin/firebase-admin.ts';
import { statusOf, storageFailure } from '../../core/admin.ts';
import { confirmChange, plural } from '../../core/cli.ts';
import { CommandError } from '../../core/errors.ts';
import { NAME, bucketOf, photoIds, photosSubcommand, sharedPhotoOf } from './common.ts';
import { shortLine } from '../../../admin/terminal-text.ts';
import { CAPTION_SHOWN } from './common.ts';

/** A shared photo's details, as the gallery shows them; undefined when there are none. */
async function detailsOf(bucket: Bucket, photoId: string) {
  try {
    const [bytes] = await bucket.file(detailsPathOf(photoId)).download();
    return readPhotoDetails(bytes.toString('utf8')) ?? undefined;
  } catch (err) {
    if (statusOf(err) === 404) return undefined;
    throw err;
  }
}

export const remove = photosSubcommand({
  name: 'remove',
  usage: '<photoId>...',
  help:
    'takes shared photos (their thumbnails and details too) out of the gallery. Each is kept apart for 30 days: ' +
    'restore puts it back',
  args: (positionals) => ({ ids: photoIds('remove', positionals) }),
  async run(run, { ids }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    const states = await Promise.all(
      ids.map(async (id) => ({
        id,
        photo: await sharedPhotoOf(bucket, id, target),
        details: await detailsOf(bucket, id),
      })),
    );
    const missing = states.filter(({ photo, details }) => !photo && !details).map(({ id }) => id);
    if (missing.length) {
      throw new CommandError(
        `No photo is shared with the id ${missing.join(', ')}. Nothing was changed.` +
          ' (A waiting photo is taken away with reject.)',
      );
    }
    await confirmChange(
      run,
      states.map(
        ({ id, details }) =>
          `delete the shared photo ${id} (${shortLine(details?.caption, CAPTION_SHOWN, '-')})`,
      ),
    );
    const by = commandOperator(`${NAME} (command)`).organiserEmail;
    for (const { id, photo, details } of states) {
      const uploaderUid = photo?.uploaderUid ?? details?.uploaderUid;
      try {
        const paths = removalPlan(id, uploaderUid).flatMap((step) =>
          step.op === 'delete' ? [step.path] : [],
        );
        await keepPhotoApart(bucket, id, 'removed', paths, by);
        await deleteSharedPhoto(bucket, id, uploaderUid);
      } catch (err) {
        const failure = storageFailure(`Removing ${id}`, err, target);
        throw new CommandError(`${failure.message} Run the same command again: it finishes what was left.`, {
          cause: err,
        });
      }
      io.out(`removed: ${id}${photo ? '' : ' (what an earlier removal left)'} (kept apart for 30 days)`);
    }
    io.out('');
    io.out(
      `${plural(states.length, 'shared photo')} removed from the gallery. Undo within 30 days: ` +
        `npm run ${NAME} -- restore <photoId>`,
    );
  },
});
