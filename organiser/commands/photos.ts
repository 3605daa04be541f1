/**
 * npm run organiser:photos -- <list | approve <photoId>... [--name <name>] | approve --all | reject <photoId>... |
 *   remove <photoId>...> [--project <alias|id>] [--bucket <name>] [--yes]
 *
 * What each subcommand does is in HELP below (and the handbook, organiser/README.md). Paths, ids and plans:
 * src/domain/photos.ts; how a shared photo is made and stored: admin/bucket/shared-photos.ts. Everything a relative
 * wrote (captions, names, file names) is printed as text only (../core/terminal-text.ts).
 */
import type { UserRecord } from 'firebase-admin/auth';

import {
  MAX_NAME_LENGTH,
  PENDING_PREFIX,
  SHARED_PREFIX,
  approvalPlan,
  approvedDetails,
  detailsPathOf,
  isPhotoId,
  markerPathOf,
  parsePhotoPath,
  photoPathOf,
  readPendingMetadata,
  readPhotoDetails,
  rejectionPlan,
  thumbnailPathOf,
  type PhotoState,
  type PhotoStep,
} from '../../src/domain/photos.ts';
import { DOWNLOAD_TOKENS_METADATA_KEY } from '../../admin/bucket/member-files.ts';
import {
  UndecodablePhotoError,
  deleteSharedPhoto,
  makeSharedPhoto,
  publishSharedPhoto,
} from '../../admin/bucket/shared-photos.ts';
import { authFailure, listObjects, statusOf, storageFailure, type StoredObject } from '../core/admin.ts';
import {
  YES_HELP,
  YES_OPTION,
  confirmChange,
  defineCommand,
  formatTable,
  plural,
  runIfMain,
  type CommandRun,
} from '../core/cli.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, UsageError } from '../core/errors.ts';
import type { Bucket } from '../../admin/firebase-admin.ts';
import { BUCKET_HELP, TARGET_HELP, TARGET_OPTIONS, type Target } from '../core/target.ts';
import { oneLine } from '../core/terminal-text.ts';

const NAME = 'organiser:photos';

export const COMMANDS = ['list', 'approve', 'reject', 'remove'] as const;
export type PhotosCommand = (typeof COMMANDS)[number];

const OPTIONS = {
  ...TARGET_OPTIONS,
  ...YES_OPTION,
  all: { type: 'boolean' },
  name: { type: 'string' },
} as const;

export const HELP = `Usage: npm run ${NAME} -- <command> [<photoId>...] [--project <alias|id>] [--bucket <name>]

The photos relatives share in the members area (members/photos/ in the bucket):
  list                   the photos waiting for approval: id, the account that sent it (its verified
                         e-mail address), the account's name, when taken (UTC), caption; and how many
                         are shared
  approve <photoId>...   shares the photos: makes each shared photo from the waiting one (decoded, turned
                         upright, at most 2560 px, saved again without the hidden details cameras store)
                         and its thumbnail from that, stores them with the caption, the date and the
                         account's name (never the e-mail address), then deletes the waiting copy
    --name <name>        with one photo id: the name shown with it, instead of the account's
  approve --all          shares every photo waiting; one that cannot be shared is reported and the
                         others are shared all the same
  reject <photoId>...    deletes waiting photos (and their thumbnails); nobody else has seen them
  remove <photoId>...    deletes shared photos (their thumbnails and details too) from the gallery
Every id is looked up first: an unknown id changes nothing. If an approval stops part-way (a network
failure), run the same command again: it finishes what was left. What this command stores carries no
download token.

Organisers can do the same on the photos page of the members area (npm run organiser:members --
organiser <email>). An approval in the page stores the shared files through Firebase, which gives each a
download token: remove them with npm run organiser:check -- --remove-tokens.

Options:
${TARGET_HELP}
${BUCKET_HELP}
${YES_HELP}
  --all                 with approve: every waiting photo
  -h, --help            this help

Exit codes: 0 done; 1 a photo id is unknown (nothing changed), a photo could not be shared (approve --all
shares the others), or a change failed (run it again); 2 usage error.`;

interface Parsed {
  command: PhotosCommand;
  ids: string[];
  all: boolean;
  /** approve --name: the name shown with the one photo. */
  name?: string;
}

function parse(positionals: string[], all: boolean, name?: string): Parsed {
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError(`Which command? One of: ${COMMANDS.join(', ')}.`);
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new UsageError(`Unknown command "${command}"; use one of: ${COMMANDS.join(', ')}.`);
  }
  if (all && command !== 'approve')
    throw new UsageError(`--all goes with approve only, not with ${command}.`);
  if (name !== undefined && (command !== 'approve' || all || rest.length !== 1))
    throw new UsageError('--name goes with approve and one photo id.');
  if (name !== undefined && [...name.trim()].length > MAX_NAME_LENGTH)
    throw new UsageError(`--name is longer than ${MAX_NAME_LENGTH} characters.`);
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
  return {
    command: command as PhotosCommand,
    ids: [...new Set(ids)],
    all,
    ...(name !== undefined ? { name: name.trim() } : {}),
  };
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
    if (parsed.file === 'thumbnail') entry.thumbnail = object;
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

/** The photo shared under an id: the uploader its metadata names; undefined when there is none. */
async function sharedPhotoOf(
  bucket: Bucket,
  photoId: string,
  target: Target,
): Promise<{ uploaderUid?: string } | undefined> {
  const path = photoPathOf({ state: 'shared', photoId });
  try {
    const [metadata] = await bucket.file(path).getMetadata();
    const uploaderUid = metadata.metadata?.uploaderUid;
    return typeof uploaderUid === 'string' ? { uploaderUid } : {};
  } catch (err) {
    if (statusOf(err) === 404) return undefined;
    throw storageFailure(`Reading gs://${target.bucket}/${path}`, err, target);
  }
}

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

/** The account that sent a photo: its e-mail address (verified: storage.rules compare it with the ID token's). */
function uploaderOf(photo: WaitingPhoto, accounts: Map<string, UserRecord>): string {
  const account = accounts.get(photo.uid);
  if (account?.email) return oneLine(account.email);
  const email = (photo.photo ?? photo.thumbnail)?.metadata.uploaderEmail;
  return `(no account${email ? `; was ${oneLine(email)}` : ''}) ${photo.uid}`;
}

/** The name the photo carries (the account's, when it was sent), on one line; '-' when none. */
function nameOf(photo: WaitingPhoto): string {
  return oneLine((photo.photo ?? photo.thumbnail)?.metadata.uploaderName ?? '') || '-';
}

/** '2026-07-11 19:03' from the metadata's takenAt (UTC); '-' when there is none. */
export function formatTaken(takenAt: string | undefined): string {
  if (!takenAt) return '-';
  const date = new Date(takenAt);
  return Number.isNaN(date.getTime()) ? takenAt : date.toISOString().slice(0, 16).replace('T', ' ');
}

/** A caption on one line, as text only, at most `max` characters. */
export function shortCaption(caption: string | undefined, max = 50): string {
  const line = oneLine(caption ?? '');
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
        shortCaption(nameOf(photo), 30),
        formatTaken(metadata.takenAt),
        shortCaption(metadata.caption),
      ];
    });
    for (const line of formatTable(['Photo id', 'Sent by (account)', 'Name', 'Taken (UTC)', 'Caption'], rows))
      io.out(`  ${line}`);
  }
  if (strays.length) {
    io.out('');
    io.out(`Not photos (${strays.length}), under ${PENDING_PREFIX}; delete them in the Firebase console:`);
    for (const object of strays) io.out(`  ${oneLine(object.name)}`);
  }

  const kinds = shared.map((object) => parsePhotoPath(object.name)?.file);
  const sharedPhotos = kinds.filter((kind) => kind === 'photo').length;
  const sharedThumbnails = kinds.filter((kind) => kind === 'thumbnail').length;
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
  conflict:
    "has the id of another relative's shared photo: reject it (or remove that one first, if it should go)",
} as const;

async function approve(run: CommandRun<typeof OPTIONS>, bucket: Bucket, parsed: Parsed): Promise<number> {
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
        `${caption ? ` "${shortCaption(caption)}"` : ''}${resumed ? ' (finished an earlier approval)' : ''}`,
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
}

async function reject(run: CommandRun<typeof OPTIONS>, bucket: Bucket, ids: string[]): Promise<void> {
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
      (photo) => `delete the waiting photo ${photo.photoId} (${shortCaption(photo.photo?.metadata.caption)})`,
    ),
  );
  for (const photo of found) {
    const steps = rejectionPlan(photo.uid, photo.photoId, {
      pending: { photo: !!photo.photo, thumbnail: !!photo.thumbnail },
    });
    await runDeletes(bucket, steps, `Rejecting ${photo.photoId}`, target);
    io.out(`rejected (deleted): ${photo.photoId}`);
  }
  io.out('');
  io.out(`${plural(found.length, 'waiting photo')} deleted.`);
}

async function remove(run: CommandRun<typeof OPTIONS>, bucket: Bucket, ids: string[]): Promise<void> {
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
    states.map(({ id, details }) => `delete the shared photo ${id} (${shortCaption(details?.caption)})`),
  );
  for (const { id, photo, details } of states) {
    try {
      await deleteSharedPhoto(bucket, id, photo?.uploaderUid ?? details?.uploaderUid);
    } catch (err) {
      const failure = storageFailure(`Removing ${id}`, err, target);
      throw new CommandError(`${failure.message} Run the same command again: it finishes what was left.`, {
        cause: err,
      });
    }
    io.out(`removed: ${id}${photo ? '' : ' (what an earlier removal left)'}`);
  }
  io.out('');
  io.out(`${plural(states.length, 'shared photo')} removed from the gallery.`);
}

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

export const main = defineCommand({
  name: NAME,
  help: HELP,
  options: OPTIONS,
  describe: 'storage',
  positionals: true,
  checkArguments: (values, positionals) => void parse(positionals, values.all === true, values.name),
  async run(run) {
    const parsed = parse(run.positionals, run.values.all === true, run.values.name);
    // Connects first (a real project: the credentials are tried), so that a login problem reads as one.
    const bucket = (await run.admin()).bucket(run.target.bucket);
    switch (parsed.command) {
      case 'list':
        await list(run, bucket);
        break;
      case 'approve':
        return approve(run, bucket, parsed);
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
