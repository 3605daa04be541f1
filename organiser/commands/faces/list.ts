/** organiser:faces list [<file id>]: the suggestions waiting, by picture and face. */
import { MAX_NAME_LENGTH, MAX_NOTE_LENGTH, type Face } from '../../../src/domain/faces.ts';
import { UnreadableFacesFileError, openedPictures, readFacesFile } from '../../../admin/bucket/faces.ts';
import { storageFailure } from '../../core/admin.ts';
import { plural } from '../../core/cli.ts';
import {
  NAME,
  atMost,
  bucketOf,
  facesSubcommand,
  nowNamed,
  pictureOf,
  senderOf,
  suggestionsIn,
} from './common.ts';
import { shortLine, utcMinute } from '../../../admin/terminal-text.ts';

export const list = facesSubcommand({
  name: 'list',
  usage: '[<file id>]',
  help:
    "the suggestions waiting, by picture and face: the face's name now, then each suggestion's id, the name and " +
    "note suggested, who sent it (the account's verified e-mail address and name) and when (UTC)",
  args: (positionals) => {
    atMost('list', positionals, 1, 'one file id at most');
    return { fileId: positionals[0] === undefined ? undefined : pictureOf(positionals[0], 'list') };
  },
  async run(run, { fileId }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    let opened: string[];
    try {
      opened = fileId ? [] : await openedPictures(bucket);
    } catch (err) {
      throw storageFailure(`Listing gs://${target.bucket}/members/faces/`, err, target);
    }
    const suggestions = await suggestionsIn(bucket, target, fileId);
    io.out('');
    if (!fileId)
      io.out(
        opened.length
          ? `Opened for naming: ${opened.join(', ')}.`
          : `No picture is opened for naming yet (npm run ${NAME} -- open <file id>).`,
      );
    if (!suggestions.length) io.out(`No suggestions waiting${fileId ? ` for ${fileId}` : ''}.`);
    const pictures = [...new Set(suggestions.map((stored) => stored.suggestion.fileId))];
    for (const picture of pictures) {
      const waiting = suggestions.filter((stored) => stored.suggestion.fileId === picture);
      let faces: Face[] | undefined;
      let missing = 'faces file not readable';
      try {
        faces = (await readFacesFile(bucket, picture))?.faces;
        missing = 'the picture is not opened (no faces file)';
      } catch (err) {
        if (!(err instanceof UnreadableFacesFileError))
          throw storageFailure(`Reading ${picture}`, err, target);
        io.err(err.message);
      }
      io.out('');
      io.out(`${picture}: ${plural(waiting.length, 'suggestion')} waiting`);
      for (const number of [...new Set(waiting.map((stored) => stored.suggestion.face))]) {
        const face = faces?.find((candidate) => candidate.number === number);
        io.out(`  face ${number}, ${faces ? nowNamed(face) : missing}`);
        for (const stored of waiting.filter((candidate) => candidate.suggestion.face === number)) {
          const { suggestion } = stored;
          io.out(`    ${suggestion.id}  ${utcMinute(suggestion.createdAt)}  ${senderOf(stored)}`);
          io.out(`      name: ${shortLine(suggestion.name, MAX_NAME_LENGTH)}`);
          if (suggestion.note) io.out(`      note: ${shortLine(suggestion.note, MAX_NOTE_LENGTH)}`);
        }
      }
    }
    if (suggestions.unreadable.length) {
      io.out('');
      io.out(
        `Not readable as suggestions (${suggestions.unreadable.length}): reject them by the id in their name, or ` +
          'delete them in the Firebase console:',
      );
      for (const path of suggestions.unreadable) io.out(`  ${shortLine(path, 300)}`);
    }
    if (suggestions.length) {
      io.out('');
      io.out(`Accept with: npm run ${NAME} -- accept <suggestion id>... (or reject <suggestion id>...)`);
    }
  },
});
