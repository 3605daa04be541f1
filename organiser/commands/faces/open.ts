/** organiser:faces open <file id>: the picture cut into tiles for the who-is-who page, and its faces file. */
import { storagePathOf } from '../../../src/domain/catalogue.ts';
import {
  PICTURES_FOR_NAMING,
  facesFilePathOf,
  facesFolderOf,
  nameableImage,
} from '../../../src/domain/faces.ts';
import { deepZoomOf, type DeepZoom } from '../../../admin/bucket/deep-zoom.ts';
import { publishDeepZoom, storedDeepZoomPaths } from '../../../admin/bucket/faces.ts';
import { statusOf, storageFailure } from '../../core/admin.ts';
import { plural } from '../../core/cli.ts';
import { CommandError } from '../../core/errors.ts';
import { oneLine } from '../../../admin/terminal-text.ts';
import {
  NAME,
  atMost,
  bucketOf,
  facesOf,
  facesSubcommand,
  pagePathOf,
  pictureOf,
  saveFaces,
} from './common.ts';

export const open = facesSubcommand({
  name: 'open',
  usage: '<file id>',
  help:
    "cuts the catalogue's picture (uploaded with organiser:upload) into tiles and makes its faces file; " +
    'opening it again cuts it again and keeps every face, name and marker',
  args: (positionals) => {
    atMost('open', positionals, 1, 'one file id');
    return { fileId: pictureOf(positionals[0], 'open') };
  },
  async run(run, { fileId }) {
    const bucket = await bucketOf(run);
    const { io } = run.ctx;
    const { target } = run;
    const source = storagePathOf(nameableImage(fileId)!);
    // The faces file first: one that cannot be read stops the command before anything changes.
    const existing = await facesOf(bucket, fileId, target);
    let picture: Buffer;
    try {
      [picture] = await bucket.file(source).download();
    } catch (err) {
      if (statusOf(err) === 404) {
        throw new CommandError(
          `The picture is not in the bucket (gs://${target.bucket}/${source}). Nothing was changed. Upload it ` +
            'first: npm run organiser:upload -- <folder>',
        );
      }
      throw storageFailure(`Reading gs://${target.bucket}/${source}`, err, target);
    }
    let zoom: DeepZoom;
    try {
      zoom = await deepZoomOf(picture, fileId);
    } catch (err) {
      throw new CommandError(
        `gs://${target.bucket}/${source} is not a picture that can be read ` +
          `(${oneLine(err instanceof Error ? err.message : String(err))}). Nothing was changed. Upload it again.`,
        { cause: err },
      );
    }
    const paths = new Set(zoom.files.map((file) => file.path));
    let leftovers: string[];
    try {
      leftovers = (await storedDeepZoomPaths(bucket, fileId)).filter((path) => !paths.has(path));
      await publishDeepZoom(bucket, zoom);
      // Tiles of an earlier cut of another size, which the new descriptor no longer names.
      for (const path of leftovers) await bucket.file(path).delete({ ignoreNotFound: true });
    } catch (err) {
      const failure = storageFailure(`Storing the tiles of ${fileId}`, err, target);
      throw new CommandError(`${failure.message} Run the same command again: it finishes what was left.`, {
        cause: err,
      });
    }
    await saveFaces(
      bucket,
      { fileId, width: zoom.width, height: zoom.height, faces: existing?.faces ?? [] },
      target,
      { replaced: existing, what: `opened again: cut into ${zoom.width} x ${zoom.height} px` },
    );

    const tiles = zoom.files.length - 1;
    const levels = new Set(zoom.files.slice(1).map((file) => /image_files\/(\d+)\//.exec(file.path)?.[1]))
      .size;
    io.out('');
    io.out(
      `Cut gs://${target.bucket}/${source} (${zoom.width} x ${zoom.height} px) into ${plural(tiles, 'tile')} ` +
        `in ${plural(levels, 'level')}: gs://${target.bucket}/${facesFolderOf(fileId)}`,
    );
    if (leftovers.length) io.out(`Deleted ${plural(leftovers.length, 'tile')} of an earlier cut.`);
    if (existing) {
      const named = existing.faces.filter((face) => face.name).length;
      const placed = existing.faces.filter((face) => face.box).length;
      io.out(
        `Faces file kept: ${plural(existing.faces.length, 'face')} (${named} named, ${placed} with a marker)` +
          (existing.width !== zoom.width || existing.height !== zoom.height
            ? `; the picture's size changed from ${existing.width} x ${existing.height} px.`
            : '.'),
      );
    } else {
      io.out(`Faces file made: ${facesFilePathOf(fileId)}, no faces yet.`);
      io.out(
        `Next: npm run ${NAME} -- import ${fileId} <key.csv> (the identification key's names), and place`,
      );
      io.out(`the markers on the who-is-who page as an organiser: ${pagePathOf(fileId)}`);
    }
    if (!PICTURES_FOR_NAMING.has(fileId)) {
      // The wall that refuses a suggestion elsewhere is storage.rules; the site reads the same list at build time.
      io.out('');
      io.out(`Relatives cannot suggest names for ${fileId} yet: add '${fileId}' to the list in the function`);
      io.out(
        `picturesForNaming() in storage.rules, then deploy the site and the rules: npm run organiser:deploy.`,
      );
      io.out(`Until then its who-is-who page shows the names without the form (organisers can name faces).`);
    }
  },
});
