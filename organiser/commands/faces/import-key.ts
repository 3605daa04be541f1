/**
 * organiser:faces import <file id> <key.csv>: the names of an identification key added to a picture's faces file.
 * The key is read and checked whole (readKey, admin/identification-key.ts) and merged into the faces (mergeKey,
 * pure): one bad line and nothing is changed.
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';

import type { Face } from '../../../src/domain/faces.ts';
import { readKey, type KeyLine } from '../../../admin/identification-key.ts';
import { shortLine } from '../../../admin/terminal-text.ts';
import { plural } from '../../core/cli.ts';
import { CommandError, EXIT_FAILED, EXIT_OK, UsageError } from '../../core/errors.ts';
import { atMost, bucketOf, facesSubcommand, openedFacesOf, pictureOf, saveFaces } from './common.ts';

/** Pure: the faces with a key's lines merged in (what a line does not give, the face keeps); what changed. */
export function mergeKey(
  faces: readonly Face[],
  lines: readonly KeyLine[],
): { faces: Face[]; added: number[]; changed: number[] } {
  const byNumber = new Map(faces.map((face) => [face.number, face]));
  const added: number[] = [];
  const changed: number[] = [];
  for (const line of lines) {
    const before = byNumber.get(line.number);
    const after: Face = {
      number: line.number,
      ...((line.box ?? before?.box) && { box: line.box ?? before!.box }),
      ...((line.row ?? before?.row) !== undefined && { row: line.row ?? before!.row }),
      ...((line.name ?? before?.name) && { name: line.name ?? before!.name }),
      ...((line.note ?? before?.note) && { note: line.note ?? before!.note }),
    };
    if (!before) added.push(line.number);
    else if (JSON.stringify(before) !== JSON.stringify(after)) changed.push(line.number);
    byNumber.set(line.number, after);
  }
  return { faces: [...byNumber.values()].sort((a, b) => a.number - b.number), added, changed };
}

/** "name "Ole" (was "Ola"), row 2, marker" for what differs between two faces. */
function describeChange(before: Face | undefined, after: Face): string {
  const parts: string[] = [];
  const text = (what: string, now?: string, was?: string) => {
    if (now !== was)
      parts.push(`${what} "${shortLine(now, 60)}"${was ? ` (was "${shortLine(was, 60)}")` : ''}`);
  };
  text('name', after.name, before?.name);
  text('note', after.note, before?.note);
  if (after.row !== before?.row) parts.push(`row ${after.row}`);
  if (JSON.stringify(after.box) !== JSON.stringify(before?.box)) parts.push('marker');
  return parts.join(', ') || 'numbered';
}

export const importKey = facesSubcommand({
  name: 'import',
  usage: '<file id> <key.csv>',
  help:
    'adds the names of an identification key to the faces file of an opened picture: a CSV with the columns ' +
    'number,name,note, with or without that header row; a header may add row (1: the front row) and ' +
    "x,y,width,height (the marker's box, as fractions 0 to 1 of the picture's width and height). Cells separated " +
    'by semicolons, with decimal commas, are read too (as a spreadsheet set to Norwegian saves them). An empty ' +
    'cell changes nothing. One bad line and nothing is changed: every bad line is listed with its line number',
  args: (positionals) => {
    atMost('import', positionals, 2, 'a file id and a CSV file');
    const [fileId, key] = positionals;
    const picture = pictureOf(fileId, 'import');
    if (!key) throw new UsageError('import needs the key: import <file id> <key.csv>.');
    return { fileId: picture, key };
  },
  async run(run, { fileId, key }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    // npm runs scripts in the repository folder; INIT_CWD is where the organiser typed the command.
    const path = resolve(run.ctx.env.INIT_CWD ?? process.cwd(), key);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      throw new CommandError(
        `Cannot read the key ${path} (${(err as { code?: string }).code ?? String(err)}). Nothing was changed.`,
        { cause: err },
      );
    }
    const faces = await openedFacesOf(bucket, fileId, target);
    const { lines, problems } = readKey(text);
    if (problems.length) {
      io.err(
        `${key}: ${plural(problems.length, 'bad line')}; nothing was changed. Correct them and run it again:`,
      );
      for (const problem of problems) io.err(`  ${problem}`);
      return EXIT_FAILED;
    }
    if (!lines.length) throw new CommandError(`${key} has no lines with a number. Nothing was changed.`);
    const merged = mergeKey(faces.faces, lines);
    const before = new Map(faces.faces.map((face) => [face.number, face]));
    io.out('');
    if (!merged.added.length && !merged.changed.length) {
      io.out(
        `Nothing to change: the faces file of ${fileId} has all ${plural(lines.length, 'line')} of ${key} already.`,
      );
      return EXIT_OK;
    }
    await saveFaces(bucket, { ...faces, faces: merged.faces }, target, {
      replaced: faces,
      what: `key ${basename(key)} imported: ${merged.added.length} faces added, ${merged.changed.length} changed`,
    });
    for (const face of merged.faces) {
      if (merged.added.includes(face.number))
        io.out(`added: face ${face.number}: ${describeChange(undefined, face)}`);
      else if (merged.changed.includes(face.number))
        io.out(`changed: face ${face.number}: ${describeChange(before.get(face.number), face)}`);
    }
    const named = merged.faces.filter((face) => face.name).length;
    io.out('');
    io.out(
      `Faces file of ${fileId} saved: ${plural(merged.faces.length, 'face')} (${named} named); ` +
        `${merged.added.length} added, ${merged.changed.length} changed, ` +
        `${lines.length - merged.added.length - merged.changed.length} as they were.`,
    );
    return EXIT_OK;
  },
});
