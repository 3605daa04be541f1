/**
 * What goes into the family archive, read from the bucket and the built site, and how each file is written. The bag
 * holds what an approved relative can see and nothing more: the members' files, the shared photos (with their
 * caption, date taken and who shared it written into the JPEG), the named pictures (with every face as an MWG region
 * carrying its name, and the names as CSV), the public pages and the news in both languages, and an index per
 * language. Never a waiting photo, a suggestion, a faces file's history, a removed photo or an e-mail address.
 *
 *   data/index.html, data/nb/index.html     the index in English and in Norwegian
 *   data/files/<file id>.<ext>              each member file, as it was uploaded
 *   data/who-is-who/<file id>.jpg           a named picture, with the names in it
 *   data/who-is-who/<file id>-names.csv     its faces: number, name, note, row and box
 *   data/photos/<photo id>.jpg              each shared photo, with its details in it
 *   data/pages/<language>/...               the public pages and the news (admin/archive/public-pages.ts)
 *   README.txt                              beside data/: what this is and how to check it, in both languages
 */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { PayloadFile, TagFile } from '../../../admin/archive/bagit.ts';
import { writeFaceRegions, writePhotoMetadata } from '../../../admin/archive/metadata/embed.ts';
import type { ExifToolRunner } from '../../../admin/archive/metadata/exiftool.ts';
import { archivedPages, indexPath } from '../../../admin/archive/public-pages.ts';
import { openedPictures, readFacesFile } from '../../../admin/bucket/faces.ts';
import { writeKey } from '../../../admin/identification-key.ts';
import type { Bucket } from '../../../admin/firebase-admin.ts';
import { REUNION_TIME_ZONE } from '../../../src/config/site.ts';
import { CATALOGUE, EXTENSIONS, storagePathOf } from '../../../src/domain/catalogue.ts';
import { nameableImage } from '../../../src/domain/faces.ts';
import {
  SHARED_PREFIX,
  detailsPathOf,
  parsePhotoPath,
  readPhotoDetails,
  type PhotoDetails,
} from '../../../src/domain/photos.ts';
import { LOCALES } from '../../../src/lib/locale-path.ts';
import { indexPage } from './index-page.ts';
import { type ArchiveModel, type ArchivedFile, type ArchivedPhoto, type ArchivedPicture } from './model.ts';
import { readmeText } from './readme.ts';

export interface ArchiveSources {
  bucket: Bucket;
  /** The built site (dist/), whose public pages and news the archive keeps. */
  distFolder: string;
  exiftool: ExifToolRunner;
  made: Date;
  madeBy: string;
}

export interface ArchivePlan {
  model: ArchiveModel;
  payload: PayloadFile[];
  tagFiles: TagFile[];
  info: [string, string][];
  /** The source bytes of the payload (the photos grow a little with their details): for the progress bar. */
  sourceBytes: number;
  /** What the bucket lacks that the archive would hold: a catalogue file never uploaded, a photo's details. */
  notes: string[];
}

/** Called after each payload file is written, with the source bytes it stood for. */
export type OnFileWritten = (sourceBytes: number) => void;

/** Reads what the archive will hold (sizes, faces, details, pages) and plans every file; writes nothing. */
export async function planArchive(
  sources: ArchiveSources,
  onFile: OnFileWritten = () => {},
): Promise<ArchivePlan> {
  const { bucket } = sources;
  // First: a site never built is said at once, before minutes of reading the bucket.
  const pages = await archivedPages(sources.distFolder);
  const notes: string[] = [];
  const payload: PayloadFile[] = [];
  let sourceBytes = 0;
  const add = (path: string, size: number, write: (out: Writable) => Promise<void>) => {
    sourceBytes += size;
    payload.push({
      path,
      content: {
        size,
        write: async (out) => {
          await write(out);
          onFile(size);
        },
      },
    });
  };
  const download = async (path: string) => (await bucket.file(path).download())[0];

  // The members' files, as uploaded (streamed: some are tens of MB).
  const files: ArchivedFile[] = [];
  for (const entry of CATALOGUE) {
    const source = bucket.file(storagePathOf(entry));
    const [exists] = await source.exists();
    if (!exists) {
      notes.push(`${storagePathOf(entry)} is not in the bucket: the archive is made without it`);
      continue;
    }
    const [metadata] = await source.getMetadata();
    const file = {
      entry,
      path: `files/${entry.id}.${EXTENSIONS[entry.kind]}`,
      size: Number(metadata.size ?? 0),
    };
    files.push(file);
    add(file.path, file.size, (out) => pipeline(source.createReadStream(), out));
  }

  // The pictures with named faces: the picture with a region per face, and the names as CSV.
  const pictures: ArchivedPicture[] = [];
  for (const fileId of await openedPictures(bucket)) {
    const entry = nameableImage(fileId);
    const faces = await readFacesFile(bucket, fileId);
    if (!entry || !faces || !faces.faces.some((face) => face.name)) continue;
    const picture = files.find((file) => file.entry === entry);
    if (!picture) {
      notes.push(`${fileId} has names, but its picture is not in the bucket: its names are kept as CSV only`);
    }
    const named = {
      entry,
      faces,
      picturePath: `who-is-who/${fileId}.jpg`,
      csvPath: `who-is-who/${fileId}-names.csv`,
    };
    if (picture) {
      add(named.picturePath, picture.size, async (out) => {
        out.end(await writeFaceRegions(await download(storagePathOf(entry)), faces, sources.exiftool));
      });
    }
    // Excel opens a CSV as UTF-8 only with the byte order mark; every other program skips it.
    const csv = Buffer.from(`\uFEFF${writeKey(faces.faces, { boxes: true }).join('\r\n')}\r\n`);
    payload.push({ path: named.csvPath, content: csv });
    pictures.push(picture ? named : { ...named, picturePath: '' });
  }

  // The shared photos, each with its details written into it.
  const photos: ArchivedPhoto[] = [];
  const [objects] = await bucket.getFiles({ prefix: SHARED_PREFIX, autoPaginate: true });
  const photoObjects = objects
    .filter((object) => parsePhotoPath(object.name)?.file === 'photo')
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const object of photoObjects) {
    const photoId = parsePhotoPath(object.name)!.location.photoId;
    const details = await photoDetails(bucket, photoId, object.metadata.metadata ?? {}, notes);
    const photo = { photoId, path: `photos/${photoId}.jpg`, details };
    photos.push(photo);
    add(photo.path, Number(object.metadata.size ?? 0), async (out) => {
      const { caption, takenAt, uploaderName } = photo.details;
      out.end(
        await writePhotoMetadata(
          await download(object.name),
          {
            ...(caption && { caption }),
            ...(takenAt && { takenAt }),
            ...(uploaderName && { sharedBy: uploaderName }),
            timeZone: REUNION_TIME_ZONE,
          },
          sources.exiftool,
        ),
      );
    });
  }

  for (const page of pages) payload.push({ path: page.path, content: Buffer.from(page.html) });

  const model: ArchiveModel = { made: sources.made, madeBy: sources.madeBy, files, pictures, photos, pages };
  for (const locale of LOCALES)
    payload.unshift({ path: indexPath(locale), content: Buffer.from(indexPage(model, locale)) });

  return {
    model,
    payload,
    tagFiles: [{ path: 'README.txt', content: readmeText(model) }],
    info: [
      ['Source-Organization', 'The organisers of the Rolette Family Reunion 2026'],
      ['Contact-Name', sources.madeBy],
      [
        'External-Description',
        "The family archive of the Rolette reunions (1976 and 2026): the members' files, the photos relatives " +
          "shared, the names of the faces on the group pictures, and the website's pages, in English and " +
          'Norwegian. Holds photos and names of living people: for the family only. See README.txt.',
      ],
      ['External-Identifier', `rolette-reunion-archive-${sources.made.toISOString().slice(0, 10)}`],
      ['Bag-Group-Identifier', 'rolette-reunion-archive'],
    ],
    sourceBytes,
    notes,
  };
}

/**
 * A shared photo's details: its details file; else (noted) what the photo's own metadata says, without a caption or
 * a name.
 */
async function photoDetails(
  bucket: Bucket,
  photoId: string,
  metadata: Record<string, unknown>,
  notes: string[],
): Promise<PhotoDetails> {
  const [bytes] = await bucket
    .file(detailsPathOf(photoId))
    .download()
    .catch(() => [undefined]);
  const details = bytes ? readPhotoDetails(bytes.toString('utf8')) : null;
  if (details) return details;
  notes.push(
    `${detailsPathOf(photoId)} is missing or unreadable: photo ${photoId} is kept without a caption or a name`,
  );
  const takenAt = typeof metadata.takenAt === 'string' ? metadata.takenAt : '';
  return {
    takenAt,
    width: String(metadata.width ?? ''),
    height: String(metadata.height ?? ''),
    uploaderUid: '',
  };
}
