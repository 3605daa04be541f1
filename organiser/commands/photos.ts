/**
 * npm run organiser:photos -- <list | approve <photoId>... | approve --all | reject <photoId>... | remove <photoId>...>
 *   [--project <alias|id>] [--bucket <name>]
 *
 * The relatives' photos, through the Admin SDK (paths, ids and the move plan: src/domain/photos.ts):
 *   list     the photos waiting for approval (uploader, caption, when taken) and how many are shared;
 *   approve  copies a waiting photo and its thumbnail to members/photos/shared/ with their metadata, then deletes the
 *            waiting ones. A retry after a failure part-way finishes the move (approvalPlan is made from what
 *            exists now);
 *   reject   deletes a waiting photo and its thumbnail;
 *   remove   deletes a shared photo and its thumbnail.
 * Every photo id is looked up before anything changes: one unknown id changes nothing and exits 1.
 */
import type { UserRecord } from 'firebase-admin/auth';

import {
  PENDING_PREFIX,
  SHARED_PREFIX,
  approvalPlan,
  isPhotoId,
  parsePhotoPath,
  photoPathOf,
  rejectionPlan,
  removalPlan,
  thumbnailPathOf,
  type MoveStep,
  type PhotoState,
  type StoredCopy,
} from '../../src/domain/photos.ts';
import { authFailure, listObjects, statusOf, storageFailure, type StoredObject } from '../core/admin.ts';
import { defineCommand, formatTable, plural, runIfMain, type CommandRun } from '../core/cli.ts';
import { CommandError, EXIT_OK, UsageError } from '../core/errors.ts';
import type { Bucket } from '../core/firebase-admin.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS, type Target } from '../core/target.ts';

const NAME = 'organiser:photos';

export const COMMANDS = ['list', 'approve', 'reject', 'remove'] as const;
export type PhotosCommand = (typeof COMMANDS)[number];

const OPTIONS = { ...TARGET_OPTIONS, all: { type: 'boolean' } } as const;

export const HELP = `Usage: npm run ${NAME} -- <command> [<photoId>...] [--project <alias|id>] [--bucket <name>]

The photos relatives share in the members area (members/photos/ in the bucket):
  list                   the photos waiting for approval: id, uploader, caption, when taken (UTC); and
                         how many are shared
  approve <photoId>...   shares the photos: copies each photo and its thumbnail to members/photos/shared/
                         with its metadata (caption, date, who shared it), then deletes the waiting copy
  approve --all          shares every photo waiting
  reject <photoId>...    deletes waiting photos (and their thumbnails); nobody else has seen them
  remove <photoId>...    deletes shared photos (and their thumbnails) from the gallery
Each prints what it did. Every id is looked up first: an unknown id changes nothing. If an approval stops
part-way (a network failure), run the same command again: it finishes what was left.

The same can be done on the photos page of the members area by an organiser (npm run organiser:members --
organiser <email>). A shared photo, like any photo, can be passed on by anyone who can see it.

Options:
${TARGET_HELP}
${BUCKET_HELP}
  --all                 with approve: every waiting photo
  -h, --help            this help

Exit codes: 0 done; 1 a photo id is unknown (nothing changed), or a change failed (run it again); 2 usage error.`;

interface Parsed {
  command: PhotosCommand;
  ids: string[];
  all: boolean;
}

function parse(positionals: string[], all: boolean): Parsed {
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError(`Which command? One of: ${COMMANDS.join(', ')}.`);
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`Unknown command "${command}"; use one of: ${COMMANDS.join(', ')}.`);
  }
  if (all && command !== 'approve')
    throw new UsageError(`--all goes with approve only, not with ${command}.`);
  if (command === 'list') {
    if (rest.length) throw new UsageError(`list takes no photo ids (${rest.join(' ')}).`);
    return { command, ids: [], all };
  }
  if (all && rest.length) throw new UsageError('approve takes photo ids or --all, not both.');
  if (!all && !rest.length) {
    throw new UsageError(
      `${command} needs at least one photo id${command === 'approve' ? ' (or --all)' : ''}; list shows them.`,
    );
  }
  // A file name pasted from the console is fine: its .jpg is dropped.
  const ids = rest.map((id) => id.trim().replace(/\.jpg$/i, ''));
  const invalid = ids.filter((id) => !isPhotoId(id));
  if (invalid.length) {
    throw new UsageError(`Not a photo id: ${invalid.join(', ')} (8-64 letters, digits, _ or -).`);
  }
  return { command: command as PhotosCommand, ids: [...new Set(ids)], all };
}

// ---------------------------------------------------------------------------------------------------------------
// What is in the bucket
// ---------------------------------------------------------------------------------------------------------------

export interface WaitingPhoto {
  uid: string;
  photoId: string;
  photo?: StoredObject;
  thumbnail?: StoredObject;
}

/** The waiting photos, grouped by uploader and id; the objects under pending/ that are no photo apart. */
export function groupWaiting(objects: readonly StoredObject[]): {
  waiting: WaitingPhoto[];
  strays: StoredObject[];
} {
  const byKey = new Map<string, WaitingPhoto>();
  const strays: StoredObject[] = [];
  for (const object of objects) {
    const parsed = parsePhotoPath(object.name);
    if (!parsed || parsed.location.state !== 'pending') {
      if (!object.name.endsWith('/')) strays.push(object);
      continue;
    }
    const { uid, photoId } = parsed.location;
    const key = `${uid}/${photoId}`;
    const entry = byKey.get(key) ?? { uid, photoId };
    if (parsed.thumbnail) entry.thumbnail = object;
    else entry.photo = object;
    byKey.set(key, entry);
  }
  // By photo id: the order they were taken in.
  const waiting = [...byKey.values()].sort(
    (a, b) => a.photoId.localeCompare(b.photoId, 'en') || a.uid.localeCompare(b.uid, 'en'),
  );
  return { waiting, strays };
}

async function listWaiting(bucket: Bucket, target: Target) {
  try {
    return groupWaiting(await listObjects(bucket, PENDING_PREFIX));
  } catch (err) {
    throw storageFailure(`Listing gs://${target.bucket}/${PENDING_PREFIX}`, err, target);
  }
}

/** The object at path as the plan needs it, or undefined when there is none. */
async function storedCopy(bucket: Bucket, path: string, target: Target): Promise<StoredCopy | undefined> {
  try {
    const [metadata] = await bucket.file(path).getMetadata();
    return metadata.md5Hash ? { md5Hash: metadata.md5Hash } : {};
  } catch (err) {
    if (statusOf(err) === 404) return undefined;
    throw storageFailure(`Reading gs://${target.bucket}/${path}`, err, target);
  }
}

const copyOf = (object: StoredObject | undefined): StoredCopy | undefined =>
  object && (object.md5Hash ? { md5Hash: object.md5Hash } : {});

async function sharedState(bucket: Bucket, photoId: string, target: Target): Promise<PhotoState['shared']> {
  const location = { state: 'shared', photoId } as const;
  const [photo, thumbnail] = await Promise.all([
    storedCopy(bucket, photoPathOf(location), target),
    storedCopy(bucket, thumbnailPathOf(location), target),
  ]);
  return { ...(photo ? { photo } : {}), ...(thumbnail ? { thumbnail } : {}) };
}

/** Carries out the steps in order; a failure names the photo and says to run the command again. */
async function runSteps(
  bucket: Bucket,
  steps: readonly MoveStep[],
  what: string,
  target: Target,
): Promise<void> {
  for (const step of steps) {
    try {
      if (step.op === 'copy') await bucket.file(step.from).copy(bucket.file(step.to));
      else await bucket.file(step.path).delete({ ignoreNotFound: true });
    } catch (err) {
      const failure = storageFailure(
        `${what}: ${step.op === 'copy' ? `copying ${step.from} to ${step.to}` : `deleting ${step.path}`}`,
        err,
        target,
      );
      throw new CommandError(`${failure.message} Run the same command again: it finishes what was left.`, {
        cause: err,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Who shared them
// ---------------------------------------------------------------------------------------------------------------

/** The accounts of the uids (the uploaders' folders), by uid; a uid without an account is left out. */
async function accountsOf(run: CommandRun<typeof OPTIONS>, uids: string[]): Promise<Map<string, UserRecord>> {
  const found = new Map<string, UserRecord>();
  if (!uids.length) return found;
  const { auth } = await run.admin();
  try {
    for (let i = 0; i < uids.length; i += 100) {
      const result = await auth.getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
      for (const user of result.users) found.set(user.uid, user);
    }
  } catch (err) {
    throw authFailure("Looking up the uploaders' accounts", err, run.target);
  }
  return found;
}

function uploaderOf(photo: WaitingPhoto, accounts: Map<string, UserRecord>): string {
  const account = accounts.get(photo.uid);
  if (account?.email) return account.email;
  const name = (photo.photo ?? photo.thumbnail)?.metadata.uploaderName;
  return `(no account${name ? `; was ${name}` : ''}) ${photo.uid}`;
}

/** '2026-07-11 19:03' from the metadata's takenAt (UTC); '-' when there is none. */
export function formatTaken(takenAt: string | undefined): string {
  if (!takenAt) return '-';
  const date = new Date(takenAt);
  return Number.isNaN(date.getTime()) ? takenAt : date.toISOString().slice(0, 16).replace('T', ' ');
}

/** A caption on one line, at most `max` characters. */
export function shortCaption(caption: string | undefined, max = 50): string {
  const line = (caption ?? '').replace(/\s+/g, ' ').trim();
  if (!line) return '-';
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

// ---------------------------------------------------------------------------------------------------------------
// The commands
// ---------------------------------------------------------------------------------------------------------------

async function list(run: CommandRun<typeof OPTIONS>, bucket: Bucket): Promise<void> {
  const { io } = run.ctx;
  const { waiting, strays } = await listWaiting(bucket, run.target);
  let shared: StoredObject[];
  try {
    shared = await listObjects(bucket, SHARED_PREFIX);
  } catch (err) {
    throw storageFailure(`Listing gs://${run.target.bucket}/${SHARED_PREFIX}`, err, run.target);
  }
  const accounts = await accountsOf(run, [...new Set(waiting.map((photo) => photo.uid))]);

  io.out('');
  if (!waiting.length) {
    io.out('No photos waiting for approval.');
  } else {
    io.out(`Waiting for approval (${waiting.length}):`);
    const rows = waiting.map((photo) => {
      const metadata = (photo.photo ?? photo.thumbnail)?.metadata ?? {};
      const note = !photo.photo ? ' (thumbnail only)' : !photo.thumbnail ? ' (no thumbnail)' : '';
      return [
        `${photo.photoId}${note}`,
        uploaderOf(photo, accounts),
        formatTaken(metadata.takenAt),
        shortCaption(metadata.caption),
      ];
    });
    for (const line of formatTable(['Photo id', 'Shared by', 'Taken (UTC)', 'Caption'], rows))
      io.out(`  ${line}`);
  }
  if (strays.length) {
    io.out('');
    io.out(`Not photos (${strays.length}), under ${PENDING_PREFIX}; delete them in the Firebase console:`);
    for (const object of strays) io.out(`  ${object.name}`);
  }

  const sharedPhotos = shared.filter((object) => parsePhotoPath(object.name)?.thumbnail === false).length;
  const sharedThumbnails = shared.filter((object) => parsePhotoPath(object.name)?.thumbnail === true).length;
  io.out('');
  io.out(
    `Shared: ${plural(sharedPhotos, 'photo')} (${plural(sharedThumbnails, 'thumbnail')}).` +
      (waiting.length ? ' Approve with: npm run organiser:photos -- approve <photoId>... (or --all)' : ''),
  );
}

/** Finds the waiting photos of the ids; those waiting nowhere go to `missing`. */
function findWaiting(waiting: readonly WaitingPhoto[], ids: readonly string[]) {
  const found: WaitingPhoto[] = [];
  const missing: string[] = [];
  const twice: string[] = [];
  for (const id of ids) {
    const matches = waiting.filter((photo) => photo.photoId === id);
    if (matches.length > 1) twice.push(`${id} (${matches.map((photo) => photo.uid).join(', ')})`);
    else if (matches[0]) found.push(matches[0]);
    else missing.push(id);
  }
  if (twice.length) {
    throw new CommandError(
      `Waiting in the folders of more than one uploader: ${twice.join('; ')}. Nothing was changed. ` +
        'Reject the wrong one in the Firebase console (members/photos/pending/<uid>/).',
    );
  }
  return { found, missing };
}

const PLAN_PROBLEMS = {
  'not-found': 'is neither waiting nor shared',
  'no-thumbnail':
    'has no thumbnail (the upload did not finish): reject it, and ask the relative to share it again',
  conflict:
    'differs from the photo already shared under the same id: remove that one first, or reject this one',
} as const;

async function approve(run: CommandRun<typeof OPTIONS>, bucket: Bucket, parsed: Parsed): Promise<void> {
  const { io } = run.ctx;
  const { target } = run;
  const { waiting } = await listWaiting(bucket, target);
  let photos: WaitingPhoto[];
  const alreadyShared: string[] = [];
  if (parsed.all) {
    photos = waiting;
    if (!photos.length) {
      io.out('No photos waiting for approval.');
      return;
    }
  } else {
    const { found, missing } = findWaiting(waiting, parsed.ids);
    photos = found;
    // Not waiting: already shared (a second run) is fine; anything else is unknown.
    const unknown: string[] = [];
    for (const id of missing) {
      const shared = await sharedState(bucket, id, target);
      if (shared.photo) alreadyShared.push(id);
      else unknown.push(id);
    }
    if (unknown.length) {
      throw new CommandError(
        `No photo is waiting or shared with the id ${unknown.join(', ')}. Nothing was changed. ` +
          '`npm run organiser:photos -- list` shows the waiting ones.',
      );
    }
  }

  // Every plan first: a photo that cannot be approved stops the command before anything changes.
  const plans: { photo: WaitingPhoto; steps: MoveStep[]; resumed: boolean }[] = [];
  const refused: string[] = [];
  for (const photo of photos) {
    const state: PhotoState = {
      pending: {
        ...(photo.photo ? { photo: copyOf(photo.photo)! } : {}),
        ...(photo.thumbnail ? { thumbnail: copyOf(photo.thumbnail)! } : {}),
      },
      shared: await sharedState(bucket, photo.photoId, target),
    };
    const plan = approvalPlan(photo.uid, photo.photoId, state);
    if (!plan.ok) refused.push(`${photo.photoId} ${PLAN_PROBLEMS[plan.problem]}`);
    else {
      const resumed = !photo.photo || !!state.shared.photo || !!state.shared.thumbnail;
      plans.push({ photo, steps: plan.steps, resumed });
    }
  }
  if (refused.length) throw new CommandError(`Nothing was changed: ${refused.join('; ')}.`);

  const accounts = await accountsOf(run, [...new Set(photos.map((photo) => photo.uid))]);
  for (const id of alreadyShared) io.out(`already shared, unchanged: ${id}`);
  for (const { photo, steps, resumed } of plans) {
    await runSteps(bucket, steps, `Approving ${photo.photoId}`, target);
    const caption = photo.photo?.metadata.caption ?? photo.thumbnail?.metadata.caption;
    io.out(
      `approved: ${photo.photoId} by ${uploaderOf(photo, accounts)}` +
        `${caption ? ` "${shortCaption(caption)}"` : ''}${resumed ? ' (finished an earlier approval)' : ''}`,
    );
  }
  io.out('');
  io.out(
    plans.length
      ? `${plural(plans.length, 'photo')} shared. Approved relatives see ${plans.length === 1 ? 'it' : 'them'} ` +
          'in the gallery now.'
      : 'Nothing to do.',
  );
}

async function reject(run: CommandRun<typeof OPTIONS>, bucket: Bucket, ids: string[]): Promise<void> {
  const { io } = run.ctx;
  const { target } = run;
  const { waiting } = await listWaiting(bucket, target);
  const { found, missing } = findWaiting(waiting, ids);
  if (missing.length) {
    const shared: string[] = [];
    for (const id of missing) if ((await sharedState(bucket, id, target)).photo) shared.push(id);
    throw new CommandError(
      `No photo is waiting with the id ${missing.join(', ')}. Nothing was changed.` +
        (shared.length
          ? ` Shared already: ${shared.join(', ')} (take a shared photo away with remove).`
          : '') +
        ' `npm run organiser:photos -- list` shows the waiting ones.',
    );
  }
  for (const photo of found) {
    const steps = rejectionPlan(photo.uid, photo.photoId, {
      pending: { ...(photo.photo ? { photo: {} } : {}), ...(photo.thumbnail ? { thumbnail: {} } : {}) },
    });
    await runSteps(bucket, steps, `Rejecting ${photo.photoId}`, target);
    io.out(`rejected (deleted): ${photo.photoId}`);
  }
  io.out('');
  io.out(`${plural(found.length, 'waiting photo')} deleted.`);
}

async function remove(run: CommandRun<typeof OPTIONS>, bucket: Bucket, ids: string[]): Promise<void> {
  const { io } = run.ctx;
  const { target } = run;
  const states = await Promise.all(
    ids.map(async (id) => ({ id, shared: await sharedState(bucket, id, target) })),
  );
  const missing = states.filter(({ shared }) => !shared.photo && !shared.thumbnail).map(({ id }) => id);
  if (missing.length) {
    throw new CommandError(
      `No photo is shared with the id ${missing.join(', ')}. Nothing was changed.` +
        ' (A waiting photo is taken away with reject.)',
    );
  }
  for (const { id, shared } of states) {
    await runSteps(bucket, removalPlan(id, { shared }), `Removing ${id}`, target);
    io.out(`removed: ${id}${shared.photo ? '' : ' (its thumbnail, left by an earlier removal)'}`);
  }
  io.out('');
  io.out(`${plural(states.length, 'shared photo')} removed from the gallery.`);
}

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: OPTIONS,
  describe: 'storage',
  positionals: true,
  checkArguments: (values, positionals) => void parse(positionals, values.all === true),
  async run(run) {
    const parsed = parse(run.positionals, run.values.all === true);
    // Connects first (a real project: the credentials are tried), so that a login problem reads as one.
    const bucket = (await run.admin()).bucket(run.target.bucket);
    switch (parsed.command) {
      case 'list':
        await list(run, bucket);
        break;
      case 'approve':
        await approve(run, bucket, parsed);
        break;
      case 'reject':
        await reject(run, bucket, parsed.ids);
        break;
      case 'remove':
        await remove(run, bucket, parsed.ids);
        break;
    }
    return EXIT_OK;
  },
});

runIfMain(import.meta.url, main);
