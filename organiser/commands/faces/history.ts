/**
 * organiser:faces history <file id> and revert <file id> <version id>: undo for who is who. Every change to a
 * picture's faces file (a suggestion accepted, an edit, a box placed, a key imported, the picture opened again),
 * from the page or a command, keeps the file it replaced as a version for 30 days (src/domain/keeping.ts).
 */
import { listVersions, readVersion, type FacesVersion } from '../../../admin/bucket/keeping.ts';
import { VERSION_ID_PATTERN } from '../../../src/domain/keeping.ts';
import type { Face, FacesFile } from '../../../src/domain/faces.ts';
import { storageFailure } from '../../core/admin.ts';
import { confirmChange, plural } from '../../core/cli.ts';
import { CommandError, UsageError } from '../../core/errors.ts';
import { NAME, atMost, bucketOf, facesSubcommand, openedFacesOf, pictureOf, saveFaces } from './common.ts';
import { shortLine, utcMinute } from '../../../admin/terminal-text.ts';
import { MAX_NAME_LENGTH } from '../../../src/domain/faces.ts';

/** One line of the history: the version's id first, then when, who and what changed. */
export function versionLine(version: FacesVersion): string {
  return (
    `${version.versionId}  ${utcMinute(version.at.toISOString())}  ${shortLine(version.metadata.organiserEmail, 80)}` +
    `  ${shortLine(version.metadata.change, 300)}`
  );
}

/** The faces whose name, note, row or box differ between two files, by number. */
export function facesThatDiffer(now: readonly Face[], then: readonly Face[]): number[] {
  const key = (face: Face | undefined) => JSON.stringify(face ?? null);
  const numbers = new Set([...now, ...then].map((face) => face.number));
  return [...numbers]
    .filter(
      (number) => key(now.find((f) => f.number === number)) !== key(then.find((f) => f.number === number)),
    )
    .sort((a, b) => a - b);
}

export const history = facesSubcommand({
  name: 'history',
  usage: '<file id>',
  help:
    "the picture's faces file as it was before each change of the last 30 days, newest first: each version's id, " +
    'when the change was made (UTC), by whom and what it was; revert brings one back',
  args: (positionals) => {
    atMost('history', positionals, 1, 'one file id');
    return { fileId: pictureOf(positionals[0], 'history') };
  },
  async run(run, { fileId }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    let versions: FacesVersion[];
    try {
      versions = await listVersions(bucket, fileId);
    } catch (err) {
      throw storageFailure(`Listing the history of ${fileId}`, err, run.target);
    }
    io.out('');
    if (!versions.length) {
      io.out(`No earlier versions of ${fileId} (none kept in the last 30 days).`);
      return;
    }
    io.out(
      `${plural(versions.length, 'version')} of ${fileId}, newest first (version id, changed, by, what):`,
    );
    for (const version of versions) io.out(`  ${versionLine(version)}`);
    io.out('');
    io.out(`Bring one back with: npm run ${NAME} -- revert ${fileId} <version id>`);
  },
});

export const revert = facesSubcommand({
  name: 'revert',
  usage: '<file id> <version id>',
  help:
    "makes a version the picture's faces file again; the file it replaces is kept as a version too, so a " +
    'revert can be reverted',
  args: (positionals) => {
    atMost('revert', positionals, 2, 'a file id and a version id');
    const fileId = pictureOf(positionals[0], 'revert');
    const versionId = positionals[1]?.trim().replace(/\.json$/i, '');
    if (!versionId)
      throw new UsageError('revert needs the version: revert <file id> <version id> (history lists them).');
    if (!new RegExp(VERSION_ID_PATTERN).test(versionId))
      throw new UsageError(
        `Not a version id: ${shortLine(versionId, 80)} (like 20260711T190322Z_k3J9xQ2mPa).`,
      );
    return { fileId, versionId };
  },
  async run(run, { fileId, versionId }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    const current = await openedFacesOf(bucket, fileId, target);
    let version: FacesFile | undefined;
    try {
      version = await readVersion(bucket, fileId, versionId);
    } catch (err) {
      throw storageFailure(`Reading the version ${versionId} of ${fileId}`, err, target);
    }
    if (!version)
      throw new CommandError(
        `${fileId} has no version ${versionId} that can be read. Nothing was changed. ` +
          `\`npm run ${NAME} -- history ${fileId}\` lists them.`,
      );
    const differ = facesThatDiffer(current.faces, version.faces);
    if (!differ.length) {
      io.out('');
      io.out(`Nothing to change: the faces file of ${fileId} is as the version ${versionId} has it.`);
      return;
    }
    await confirmChange(run, [
      `make the version ${versionId} the faces file of ${fileId} again: ${plural(differ.length, 'face')} change ` +
        `(${differ.slice(0, 20).join(', ')}${differ.length > 20 ? ', ...' : ''})`,
    ]);
    await saveFaces(bucket, { ...version, fileId }, target, {
      replaced: current,
      what: `reverted to the version ${versionId}`,
    });
    io.out('');
    for (const number of differ) {
      const face = version.faces.find((f) => f.number === number);
      io.out(
        `face ${number}: ${face?.name ? `"${shortLine(face.name, MAX_NAME_LENGTH)}"` : face ? 'no name' : 'not in the version'}`,
      );
    }
    io.out(
      `Reverted ${fileId} to the version ${versionId} (${plural(differ.length, 'face')} changed). The file it ` +
        `replaced is kept as a version too: \`npm run ${NAME} -- history ${fileId}\`.`,
    );
  },
});
