/** organiser:faces export <file id>: the faces as CSV on stdout (`> names.csv`), everything else on stderr. */
import type { FacesFile } from '../../../src/domain/faces.ts';
import { plural } from '../../core/cli.ts';
import { csvLine } from '../../core/csv.ts';
import { KEY_COLUMNS } from './import-key.ts';
import { NAME, atMost, bucketOf, facesSubcommand, openedFacesOf, pictureOf } from './common.ts';

/**
 * Pure: a faces file as CSV lines: the header number,name,note,row (and with `boxes`, x,y,width,height: each box as
 * fractions of the picture, as import-key reads them back), then a line per face by number.
 */
export function facesCsv(faces: FacesFile, { boxes = false }: { boxes?: boolean } = {}): string[] {
  const columns = boxes ? KEY_COLUMNS : KEY_COLUMNS.slice(0, 4);
  return [
    csvLine([...columns]),
    ...[...faces.faces]
      .sort((a, b) => a.number - b.number)
      .map((face) =>
        csvLine([
          face.number,
          face.name,
          face.note,
          face.row,
          ...(boxes ? [face.box?.x, face.box?.y, face.box?.width, face.box?.height] : []),
        ]),
      ),
  ];
}

export const exportCsv = facesSubcommand({
  name: 'export',
  usage: '<file id>',
  help:
    'the faces as CSV on standard output (number,name,note,row), e.g.\n' +
    `npm run ${NAME} -- export group-photo-1976 > names.csv`,
  args: (positionals) => {
    atMost('export', positionals, 1, 'one file id');
    return { fileId: pictureOf(positionals[0], 'export') };
  },
  // Everything but the CSV goes to stderr, so that `> names.csv` holds the CSV only.
  dataOnStdout: true,
  async run(run, { fileId }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const faces = await openedFacesOf(bucket, fileId, run.target);
    for (const line of facesCsv(faces)) io.out(line);
    const named = faces.faces.filter((face) => face.name).length;
    io.err(`Exported ${plural(faces.faces.length, 'face')} of ${fileId} (${named} named).`);
  },
});
