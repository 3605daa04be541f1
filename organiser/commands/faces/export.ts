/** organiser:faces export <file id>: the faces as CSV on stdout (`> names.csv`), everything else on stderr. */
import { writeKey } from '../../../admin/identification-key.ts';
import { plural } from '../../core/cli.ts';
import { NAME, atMost, bucketOf, facesSubcommand, openedFacesOf, pictureOf } from './common.ts';

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
    for (const line of writeKey(faces.faces)) io.out(line);
    const named = faces.faces.filter((face) => face.name).length;
    io.err(`Exported ${plural(faces.faces.length, 'face')} of ${fileId} (${named} named).`);
  },
});
