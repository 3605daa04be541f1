/** organiser:photos list: the photos waiting for approval, and how many are shared. */
import { PENDING_PREFIX, SHARED_PREFIX, parsePhotoPath } from '../../../src/domain/photos.ts';
import { listObjects, storageFailure, type StoredObject } from '../../core/admin.ts';
import { formatTable, plural } from '../../core/cli.ts';
import { UsageError } from '../../core/errors.ts';
import { oneLine, shortLine, utcMinute } from '../../../admin/terminal-text.ts';
import {
  accountsOf,
  bucketOf,
  listWaiting,
  photosSubcommand,
  uploaderOf,
  type WaitingPhoto,
} from './common.ts';
import { CAPTION_SHOWN } from './common.ts';

/** The name the photo carries (the account's, when it was sent), on one line; '-' when none. */
function nameOf(photo: WaitingPhoto): string {
  return oneLine((photo.photo ?? photo.thumbnail)?.metadata.uploaderName ?? '') || '-';
}

export const list = photosSubcommand({
  name: 'list',
  help:
    "the photos waiting for approval: id, the account that sent it (its verified e-mail address), the account's " +
    'name, when taken (UTC), caption; and how many are shared',
  args: (positionals) => {
    if (positionals.length) throw new UsageError(`list takes no photo ids (${positionals.join(' ')}).`);
  },
  async run(run) {
    const bucket = await bucketOf(run);
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
          shortLine(nameOf(photo), 30, '-'),
          utcMinute(metadata.takenAt),
          shortLine(metadata.caption, CAPTION_SHOWN, '-'),
        ];
      });
      for (const line of formatTable(
        ['Photo id', 'Sent by (account)', 'Name', 'Taken (UTC)', 'Caption'],
        rows,
      ))
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
  },
});
