/**
 * organiser:photos approve <photoId>... [--name <name>] | approve --all: the shared photo made from the waiting
 * one (src/domain/photos.ts plans the steps; admin/bucket/shared-photos.ts makes and stores it). Stopped part-way,
 * the same command again finishes it.
 */
import {
  MAX_NAME_LENGTH,
  approvalPlan,
  approvedDetails,
  detailsPathOf,
  markerPathOf,
  photoPathOf,
  readPendingMetadata,
  thumbnailPathOf,
  type PhotoState,
  type PhotoStep,
} from '../../../src/domain/photos.ts';
import { DOWNLOAD_TOKENS_METADATA_KEY } from '../../../admin/bucket/member-files.ts';
import {
  UndecodablePhotoError,
  makeSharedPhoto,
  publishSharedPhoto,
} from '../../../admin/bucket/shared-photos.ts';
import type { Bucket } from '../../../admin/firebase-admin.ts';
import { storageFailure } from '../../core/admin.ts';
import { confirmChange, plural } from '../../core/cli.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, UsageError } from '../../core/errors.ts';
import type { Target } from '../../core/target.ts';
import {
  accountsOf,
  bucketOf,
  findWaiting,
  listWaiting,
  photoIds,
  photosSubcommand,
  sharedPhotoOf,
  uploaderOf,
  type WaitingPhoto,
} from './common.ts';
import { shortLine } from '../../../admin/terminal-text.ts';
import { CAPTION_SHOWN } from './common.ts';

/** What exists of one photo in shared/ (Admin SDK metadata reads: they make no download token). */
async function sharedState(
  bucket: Bucket,
  uid: string,
  photoId: string,
  target: Target,
): Promise<PhotoState['shared']> {
  const exists = async (path: string) => {
    try {
      return (await bucket.file(path).exists())[0];
    } catch (err) {
      throw storageFailure(`Reading gs://${target.bucket}/${path}`, err, target);
    }
  };
  const shared = { state: 'shared', photoId } as const;
  const [photo, thumbnail, details, marker] = await Promise.all([
    sharedPhotoOf(bucket, photoId, target),
    exists(thumbnailPathOf(shared)),
    exists(detailsPathOf(photoId)),
    exists(markerPathOf(uid, photoId)),
  ]);
  return { ...(photo ? { photo } : {}), thumbnail, details, marker };
}

/** Why a photo could not be shared, in words. */
class NotShared extends Error {}

/**
 * Carries out a plan's steps in order: `publish` makes the shared photo from the waiting one (sharp) and stores it
 * with its details. A failure names the photo and says to run the command again.
 */
async function runSteps(
  bucket: Bucket,
  steps: readonly PhotoStep[],
  photo: WaitingPhoto,
  name: string | undefined,
  target: Target,
): Promise<void> {
  for (const step of steps) {
    const doing = step.op === 'publish' ? 'making and storing the shared photo' : `deleting ${step.path}`;
    try {
      if (step.op === 'delete') await bucket.file(step.path).delete({ ignoreNotFound: true });
      else {
        // The download token an upload through Firebase gets is no part of what the relative sent.
        const sent = { ...photo.photo?.metadata };
        delete sent[DOWNLOAD_TOKENS_METADATA_KEY];
        const waiting = readPendingMetadata(sent);
        if (!waiting) throw new NotShared('its metadata is not a waiting photo’s: reject it');
        const [bytes] = await bucket
          .file(photoPathOf({ state: 'pending', uid: photo.uid, photoId: photo.photoId }))
          .download();
        const made = await makeSharedPhoto(bytes);
        const details = approvedDetails(waiting, made.photoSize, name ?? waiting.uploaderName);
        await publishSharedPhoto(bucket, photo.photoId, made, details);
      }
    } catch (err) {
      if (err instanceof NotShared) throw err;
      if (err instanceof UndecodablePhotoError)
        throw new NotShared('it is not a picture that can be read: reject it');
      const failure = storageFailure(`Approving ${photo.photoId}: ${doing}`, err, target);
      throw new CommandError(`${failure.message} Run the same command again: it finishes what was left.`, {
        cause: err,
      });
    }
  }
}

const PLAN_PROBLEMS = {
  'not-found': 'is neither waiting nor shared',
  conflict:
    "has the id of another relative's shared photo: reject it (or remove that one first, if it should go)",
} as const;

export const approve = photosSubcommand({
  name: 'approve',
  usage: '<photoId>...',
  help:
    'shares the photos: makes each shared photo from the waiting one (decoded, turned upright, at most 2560 px, ' +
    'saved again without the hidden details cameras store) and its thumbnail from that, stores them with the ' +
    "caption, the date and the account's name (never the e-mail address), then deletes the waiting copy",
  options: {
    all: {
      type: 'boolean',
      help:
        'instead of photo ids: shares every photo waiting; one that cannot be shared is reported and the others ' +
        'are shared all the same',
    },
    name: {
      type: 'string',
      value: '<name>',
      help: "with one photo id: the name shown with it, instead of the account's",
    },
  },
  args: (positionals, { all = false, name }) => {
    if (name !== undefined && (all || positionals.length !== 1))
      throw new UsageError('--name goes with approve and one photo id.');
    if (name !== undefined && [...name.trim()].length > MAX_NAME_LENGTH)
      throw new UsageError(`--name is longer than ${MAX_NAME_LENGTH} characters.`);
    if (all && positionals.length) throw new UsageError('approve takes photo ids or --all, not both.');
    return {
      all,
      ids: all ? [] : photoIds('approve', positionals, ' (or --all)'),
      ...(name !== undefined ? { name: name.trim() } : {}),
    };
  },
  async run(run, parsed) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    const { waiting } = await listWaiting(bucket, target);
    const refused: string[] = [];
    let photos: WaitingPhoto[];
    const alreadyShared: string[] = [];
    if (parsed.all) {
      if (!waiting.length) {
        io.out('No photos waiting for approval.');
        return EXIT_OK;
      }
      // The same id waiting in two folders: neither can be told apart from the other, so neither goes.
      const counts = new Map<string, number>();
      for (const photo of waiting) counts.set(photo.photoId, (counts.get(photo.photoId) ?? 0) + 1);
      photos = waiting.filter((photo) => counts.get(photo.photoId) === 1);
      for (const photo of waiting.filter((photo) => counts.get(photo.photoId)! > 1))
        refused.push(
          `${photo.photoId} (${photo.uid}) waits in more than one uploader's folder: reject the wrong one`,
        );
    } else {
      const { found, missing } = findWaiting(waiting, parsed.ids);
      photos = found;
      // Not waiting: already shared (a second run) is fine; anything else is unknown.
      const unknown: string[] = [];
      for (const id of missing) {
        if (await sharedPhotoOf(bucket, id, target)) alreadyShared.push(id);
        else unknown.push(id);
      }
      if (unknown.length) {
        throw new CommandError(
          `No photo is waiting or shared with the id ${unknown.join(', ')}. Nothing was changed. ` +
            '`npm run organiser:photos -- list` shows the waiting ones.',
        );
      }
    }

    // Every plan first. With ids named one by one, a photo that cannot be approved stops the command before anything
    // changes; with --all, it is reported and the others are approved.
    const plans: { photo: WaitingPhoto; steps: PhotoStep[]; resumed: boolean }[] = [];
    for (const photo of photos) {
      const state: PhotoState = {
        pending: { photo: !!photo.photo, thumbnail: !!photo.thumbnail },
        shared: await sharedState(bucket, photo.uid, photo.photoId, target),
      };
      const plan = approvalPlan(photo.uid, photo.photoId, state);
      if (!plan.ok) refused.push(`${photo.photoId} ${PLAN_PROBLEMS[plan.problem]}`);
      else {
        const resumed =
          !photo.photo || !!state.shared.photo || !!state.shared.thumbnail || !!state.shared.details;
        plans.push({ photo, steps: plan.steps, resumed });
      }
    }
    if (refused.length && !parsed.all) throw new CommandError(`Nothing was changed: ${refused.join('; ')}.`);

    const accounts = await accountsOf(run, [...new Set(photos.map((photo) => photo.uid))]);
    for (const id of alreadyShared) io.out(`already shared, unchanged: ${id}`);
    if (parsed.all && plans.length)
      await confirmChange(
        run,
        plans.map(({ photo }) => `share ${photo.photoId} from ${uploaderOf(photo, accounts)}`),
      );
    let shared = 0;
    for (const { photo, steps, resumed } of plans) {
      try {
        await runSteps(bucket, steps, photo, parsed.name, target);
      } catch (err) {
        if (!(err instanceof NotShared)) throw err;
        refused.push(`${photo.photoId} was not shared: ${err.message}`);
        continue;
      }
      shared += 1;
      const caption = photo.photo?.metadata.caption ?? photo.thumbnail?.metadata.caption;
      io.out(
        `approved: ${photo.photoId} from ${uploaderOf(photo, accounts)}` +
          `${caption ? ` "${shortLine(caption, CAPTION_SHOWN, '-')}"` : ''}${resumed ? ' (finished an earlier approval)' : ''}`,
      );
    }
    io.out('');
    io.out(
      shared
        ? `${plural(shared, 'photo')} shared. Approved relatives see ${shared === 1 ? 'it' : 'them'} in the gallery now.`
        : refused.length
          ? 'No photo was shared.'
          : 'Nothing to do.',
    );
    if (!refused.length) return EXIT_OK;
    io.err('');
    io.err(`Not shared (${refused.length}):`);
    for (const line of refused) io.err(`  ${line}`);
    return EXIT_FAILED;
  },
});
