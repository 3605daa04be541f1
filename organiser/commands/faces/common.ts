/**
 * What the subcommands of organiser:faces share: the group's options, the picture an argument names, the faces
 * file read and saved with the messages a volunteer can act on, the suggestions listed, and how a relative's words
 * are shown (text only, on one line: admin/terminal-text.ts).
 */
import { CATALOGUE } from '../../../src/domain/catalogue.ts';
import {
  MAX_NAME_LENGTH,
  SUGGESTION_ID_PATTERN,
  facesFilePathOf,
  facesFolderOf,
  nameableImage,
  type Face,
  type FacesFile,
  type StoredSuggestion,
} from '../../../src/domain/faces.ts';
import {
  UnreadableFacesFileError,
  listSuggestions,
  readFacesFile,
  saveFacesFile,
  type SuggestionListing,
} from '../../../admin/bucket/faces.ts';
import type { Bucket } from '../../../admin/firebase-admin.ts';
import { commandOperator, saveVersion } from '../../../admin/bucket/keeping.ts';
import { storageFailure } from '../../core/admin.ts';
import { YES_OPTION, type CommandRun } from '../../core/cli.ts';
import { CommandError, UsageError } from '../../core/errors.ts';
import { subcommandOf } from '../../core/subcommands.ts';
import { TARGET_OPTIONS, type Target } from '../../core/target.ts';
import { oneLine, shortLine } from '../../../admin/terminal-text.ts';

export const NAME = 'organiser:faces';

/** The options every subcommand takes. */
export const OPTIONS = { ...TARGET_OPTIONS, ...YES_OPTION } as const;
export type FacesRun = CommandRun<typeof OPTIONS>;

/** Defines one subcommand of organiser:faces (../../core/subcommands.ts). */
export const facesSubcommand = subcommandOf<typeof OPTIONS>();

/** The catalogue's pictures that can be opened for naming. */
export const NAMEABLE_IDS = CATALOGUE.map((entry) => entry.id).filter((id) => nameableImage(id));

/** Where an organiser places the markers, in the members area. */
export const pagePathOf = (fileId: string) => `/members/who-is-who/${fileId}`;

/** More positionals than a subcommand takes: a usage error that names them. */
export function atMost(command: string, rest: readonly string[], count: number, what: string): void {
  if (rest.length > count) throw new UsageError(`${command} takes ${what}, not ${rest.join(' ')}.`);
}

/** The file id of a picture that can be opened for naming; a usage error otherwise. */
export function pictureOf(fileId: string | undefined, command: string): string {
  if (!fileId) throw new UsageError(`${command} needs a file id: one of ${NAMEABLE_IDS.join(', ')}.`);
  if (!nameableImage(fileId)) {
    throw new UsageError(
      `"${oneLine(fileId)}" is not a picture that can be opened for naming; one of: ${NAMEABLE_IDS.join(', ')}.`,
    );
  }
  return fileId;
}

/** Suggestion ids, each once; a file name pasted from the console is fine (its .json is dropped). */
export function suggestionIds(command: string, rest: readonly string[]): string[] {
  if (!rest.length) throw new UsageError(`${command} needs at least one suggestion id; list shows them.`);
  const ids = rest.map((id) => id.trim().replace(/\.json$/i, ''));
  const invalid = ids.filter((id) => !new RegExp(SUGGESTION_ID_PATTERN).test(id));
  if (invalid.length) {
    throw new UsageError(
      `Not a suggestion id: ${invalid.map(oneLine).join(', ')} (like 20260711T190322Z_k3J9xQ2mPa).`,
    );
  }
  return [...new Set(ids)];
}

/** The target's bucket. Connects first (a real project: the credentials are tried), so a login problem reads as one. */
export async function bucketOf(run: FacesRun): Promise<Bucket> {
  return (await run.admin()).bucket(run.target.bucket);
}

// ---------------------------------------------------------------------------------------------------------------
// What is in the bucket
// ---------------------------------------------------------------------------------------------------------------

/** A picture's faces file; undefined when it has none. One that cannot be read stops the command. */
export async function facesOf(
  bucket: Bucket,
  fileId: string,
  target: Target,
): Promise<FacesFile | undefined> {
  try {
    return await readFacesFile(bucket, fileId);
  } catch (err) {
    if (err instanceof UnreadableFacesFileError) {
      throw new CommandError(
        `${err.message}. Nothing was changed. Look at it in the Firebase console (edited by hand?): the last ` +
          `good version may be in a CSV from npm run ${NAME} -- export.`,
        { cause: err },
      );
    }
    throw storageFailure(`Reading gs://${target.bucket}/${facesFilePathOf(fileId)}`, err, target);
  }
}

/** The faces file of a picture that must be opened already. */
export async function openedFacesOf(bucket: Bucket, fileId: string, target: Target): Promise<FacesFile> {
  const faces = await facesOf(bucket, fileId, target);
  if (!faces) {
    throw new CommandError(
      `${fileId} is not opened for naming yet (no ${facesFilePathOf(fileId)}). Nothing was changed. ` +
        `Open it first: npm run ${NAME} -- open ${fileId}`,
    );
  }
  return faces;
}

/**
 * Saves a picture's faces file; the file it replaces (if any) is kept first as a version with what changed and the
 * command's operator as who (organiser:faces -- history / revert, for 30 days). No version kept, no change made.
 */
export async function saveFaces(
  bucket: Bucket,
  faces: FacesFile,
  target: Target,
  change: { replaced: FacesFile | undefined; what: string },
): Promise<void> {
  try {
    if (change.replaced)
      await saveVersion(bucket, change.replaced, {
        ...commandOperator(`${NAME} (command)`),
        change: change.what,
      });
    await saveFacesFile(bucket, faces);
  } catch (err) {
    if (err instanceof RangeError)
      throw new CommandError(`${err.message} Nothing was changed.`, { cause: err });
    throw storageFailure(`Saving gs://${target.bucket}/${facesFilePathOf(faces.fileId)}`, err, target);
  }
}

export async function suggestionsIn(
  bucket: Bucket,
  target: Target,
  fileId?: string,
): Promise<SuggestionListing> {
  try {
    return await listSuggestions(bucket, fileId);
  } catch (err) {
    throw storageFailure(
      `Listing the suggestions under gs://${target.bucket}/${fileId ? facesFolderOf(fileId) : 'members/faces/'}`,
      err,
      target,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// How it is shown
// ---------------------------------------------------------------------------------------------------------------

/** How a face is named now, for a line of output. */
export function nowNamed(face: Face | undefined): string {
  if (!face) return 'not in the faces file';
  return face.name ? `now "${shortLine(face.name, MAX_NAME_LENGTH)}"` : 'no name yet';
}

/** Who sent a suggestion: the account's verified e-mail address and its name, as text only. */
export function senderOf(stored: Required<StoredSuggestion>): string {
  const name = shortLine(stored.metadata.suggesterName, 100);
  return `${shortLine(stored.metadata.suggesterEmail, 254)}${name ? ` (${name})` : ''}`;
}
