/**
 * organiser:faces accept <suggestion id>... and reject <suggestion id>...: the decisions on the names relatives
 * suggest. Every id is looked up first: an unknown one changes nothing; on a real project both ask first.
 */
import { withName, type FacesFile, type StoredSuggestion } from '../../../src/domain/faces.ts';
import { deleteSuggestion, parseFacesPath } from '../../../admin/bucket/faces.ts';
import type { Bucket } from '../../../admin/firebase-admin.ts';
import { storageFailure } from '../../core/admin.ts';
import { confirmChange, plural } from '../../core/cli.ts';
import { CommandError } from '../../core/errors.ts';
import type { Target } from '../../core/target.ts';
import {
  NAME,
  bucketOf,
  saveFaces,
  facesSubcommand,
  nowNamed,
  openedFacesOf,
  senderOf,
  suggestionIds,
  suggestionsIn,
} from './common.ts';
import { shortLine } from '../../../admin/terminal-text.ts';
import { MAX_NAME_LENGTH } from '../../../src/domain/faces.ts';

/**
 * The waiting suggestions of the ids, across the pictures; an id of a file that is no readable suggestion, for
 * reject, by its path. An id found nowhere, or twice, stops the command before anything changes.
 */
async function findSuggestions(
  bucket: Bucket,
  target: Target,
  ids: readonly string[],
  { unreadableToo }: { unreadableToo: boolean },
): Promise<{ found: Required<StoredSuggestion>[]; unreadable: string[] }> {
  const all = await suggestionsIn(bucket, target);
  const found: Required<StoredSuggestion>[] = [];
  const unreadable: string[] = [];
  const missing: string[] = [];
  const twice: string[] = [];
  const notReadable: string[] = [];
  for (const id of ids) {
    const matches = all.filter((stored) => stored.suggestion.id === id);
    const bad = all.unreadable.filter((path) => path.endsWith(`/${id}.json`));
    if (matches.length + bad.length > 1) {
      twice.push(`${id} (${[...matches.map((stored) => stored.path), ...bad].join(', ')})`);
    } else if (matches[0]) found.push(matches[0]);
    else if (bad[0] && unreadableToo) unreadable.push(bad[0]);
    else if (bad[0]) notReadable.push(`${id} (${bad[0]})`);
    else missing.push(id);
  }
  if (missing.length) {
    throw new CommandError(
      `No suggestion is waiting with the id ${missing.join(', ')}. Nothing was changed. ` +
        `\`npm run ${NAME} -- list\` shows the waiting ones.`,
    );
  }
  if (twice.length) {
    throw new CommandError(
      `More than one file has the id ${twice.join('; ')}. Nothing was changed. Delete the wrong one in the ` +
        'Firebase console.',
    );
  }
  if (notReadable.length) {
    throw new CommandError(
      `Not a suggestion that can be read, so it cannot be accepted: ${notReadable.join(', ')}. Nothing was ` +
        'changed. Reject it.',
    );
  }
  return { found, unreadable };
}

/** "face 3 of group-photo-1976, "Ola Haugen" (note "...") from member@example.com (Demo Member)" */
function describeSuggestion(stored: Required<StoredSuggestion>): string {
  const { suggestion } = stored;
  return (
    `face ${suggestion.face} of ${suggestion.fileId}: "${shortLine(suggestion.name, 60)}"` +
    `${suggestion.note ? ` (note "${shortLine(suggestion.note, 60)}")` : ''} from ${senderOf(stored)}`
  );
}

async function deleteAll(
  bucket: Bucket,
  paths: readonly string[],
  what: string,
  target: Target,
): Promise<void> {
  for (const path of paths) {
    try {
      await deleteSuggestion(bucket, path);
    } catch (err) {
      const failure = storageFailure(`${what}: deleting ${path}`, err, target);
      throw new CommandError(`${failure.message} Run the same command again for those not done above.`, {
        cause: err,
      });
    }
  }
}

export const accept = facesSubcommand({
  name: 'accept',
  usage: '<suggestion id>...',
  help: 'gives each face the name and note suggested (a note the face had goes with it) and deletes the suggestion',
  args: (positionals) => ({ ids: suggestionIds('accept', positionals) }),
  async run(run, { ids }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    const { found } = await findSuggestions(bucket, target, ids, { unreadableToo: false });
    // Every picture's faces file first: a suggestion that cannot be accepted stops the command before any change.
    const files = new Map<string, FacesFile>();
    const refused: string[] = [];
    for (const fileId of [...new Set(found.map((stored) => stored.suggestion.fileId))])
      files.set(fileId, await openedFacesOf(bucket, fileId, target));
    const faceTaken = new Map<string, string>();
    for (const { suggestion } of found) {
      const key = `${suggestion.fileId}/${suggestion.face}`;
      if (!files.get(suggestion.fileId)!.faces.some((face) => face.number === suggestion.face))
        refused.push(
          `${suggestion.id} is for face ${suggestion.face}, which ${suggestion.fileId} does not have`,
        );
      else if (faceTaken.has(key))
        refused.push(
          `${faceTaken.get(key)} and ${suggestion.id} are both for face ${suggestion.face} of ${suggestion.fileId}: accept one`,
        );
      faceTaken.set(key, suggestion.id);
    }
    if (refused.length) throw new CommandError(`Nothing was changed: ${refused.join('; ')}.`);

    await confirmChange(
      run,
      found.map((stored) => {
        const face = files
          .get(stored.suggestion.fileId)!
          .faces.find((f) => f.number === stored.suggestion.face);
        return (
          `name ${describeSuggestion(stored)}; ${nowNamed(face)}` +
          (face?.note ? ` (note "${shortLine(face.note, 60)}")` : '')
        );
      }),
    );
    for (const [fileId, faces] of files) {
      const accepted = found.filter((stored) => stored.suggestion.fileId === fileId);
      let named = faces.faces;
      for (const { suggestion } of accepted)
        named = withName(named, suggestion.face, suggestion.name, suggestion.note);
      await saveFaces(bucket, { ...faces, faces: named }, target, {
        replaced: faces,
        what: accepted
          .map(
            ({ suggestion }) =>
              `suggestion ${suggestion.id} accepted: face ${suggestion.face} is "${suggestion.name}"`,
          )
          .join('; '),
      });
      for (const stored of accepted) {
        await deleteAll(bucket, [stored.path], `Accepting ${stored.suggestion.id}`, target);
        const face = named.find((f) => f.number === stored.suggestion.face)!;
        io.out(
          `accepted: ${stored.suggestion.id}: face ${face.number} of ${fileId} is "${shortLine(face.name, MAX_NAME_LENGTH)}"` +
            (face.note ? ` (note "${shortLine(face.note, 60)}")` : ''),
        );
      }
    }
    io.out('');
    io.out(
      `${plural(found.length, 'suggestion')} accepted. Approved relatives see the names on the who-is-who page now.`,
    );
  },
});

export const reject = facesSubcommand({
  name: 'reject',
  usage: '<suggestion id>...',
  help: 'deletes the suggestions',
  args: (positionals) => ({ ids: suggestionIds('reject', positionals) }),
  async run(run, { ids }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    const { found, unreadable } = await findSuggestions(bucket, target, ids, { unreadableToo: true });
    await confirmChange(run, [
      ...found.map(
        (stored) => `delete the suggestion ${stored.suggestion.id}: ${describeSuggestion(stored)}`,
      ),
      ...unreadable.map((path) => `delete ${shortLine(path, 300)} (not a suggestion that can be read)`),
    ]);
    for (const stored of found) {
      await deleteAll(bucket, [stored.path], `Rejecting ${stored.suggestion.id}`, target);
      io.out(`rejected (deleted): ${stored.suggestion.id}`);
    }
    for (const path of unreadable) {
      await deleteAll(bucket, [path], `Rejecting ${parseFacesPath(path)?.fileId ?? path}`, target);
      io.out(`rejected (deleted): ${shortLine(path, 300)}`);
    }
    io.out('');
    io.out(`${plural(found.length + unreadable.length, 'suggestion')} deleted.`);
  },
});
