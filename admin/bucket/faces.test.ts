/**
 * Who is who's files as the Admin SDK stores and reads them, against the in-process Storage emulator on a random
 * port (each test in a bucket of its own): tiles and faces files without custom metadata or download token, the
 * suggestions with exactly their metadata, listings across pictures with the files that are no suggestion apart.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import {
  FACES_CONTENT_TYPE,
  MAX_FACES_BYTES,
  MAX_NOTE_LENGTH,
  descriptorPathOf,
  facesFilePathOf,
  suggestionPathOf,
  tilePathOf,
  type FacesFile,
  type Suggestion,
} from '../../src/domain/faces.ts';
import { useTestEmulators } from '../../organiser/core/test-support.ts';
import type { Bucket } from '../firebase-admin.ts';
import { deepZoomOf } from './deep-zoom.ts';
import {
  UnreadableFacesFileError,
  deleteSuggestion,
  listSuggestions,
  openedPictures,
  parseFacesPath,
  publishDeepZoom,
  readFacesFile,
  saveFacesFile,
  saveSuggestion,
  storedDeepZoomPaths,
} from './faces.ts';
import { DOWNLOAD_TOKENS_METADATA_KEY } from './member-files.ts';

const emulators = useTestEmulators();
let buckets = 0;
/** A bucket of the test's own. */
const newBucket = (): Bucket => emulators.admin.bucket(`faces-${++buckets}.firebasestorage.app`);

const ID_A = '20260711T190322Z_k3J9xQ2mPa';
const ID_B = '20260712T080000Z_Zz9Yy8Xx7W';
const ID_C = '20260710T120000Z_abcdefghij';

const suggestion = (fileId: string, id: string, face: number, name: string, note?: string): Suggestion => ({
  id,
  fileId,
  face,
  name,
  ...(note && { note }),
  createdAt: '2026-07-11T19:03:22.000Z',
});
const by = (uid: string, name?: string) => ({
  suggesterUid: uid,
  suggesterEmail: `${uid}@example.com`,
  ...(name && { suggesterName: name }),
});

const faces: FacesFile = {
  fileId: 'group-photo-1976',
  width: 1000,
  height: 700,
  faces: [
    { number: 2, name: 'Kari Nordmann', row: 1 },
    {
      number: 1,
      box: { x: 0.1, y: 0.2, width: 0.05, height: 0.07 },
      row: 1,
      name: 'Ole Haugen',
      note: 'Far',
    },
  ],
};

async function metadataOf(bucket: Bucket, path: string) {
  return (await bucket.file(path).getMetadata())[0];
}

describe('parseFacesPath', () => {
  it('reads what a file of a picture is from its path', () => {
    expect(parseFacesPath(descriptorPathOf('group-photo-1976'))).toEqual({
      kind: 'descriptor',
      fileId: 'group-photo-1976',
    });
    expect(parseFacesPath(tilePathOf('threshing-crew', 12, 3, 4))).toEqual({
      kind: 'tile',
      fileId: 'threshing-crew',
    });
    expect(parseFacesPath(facesFilePathOf('group-photo-1976'))).toEqual({
      kind: 'faces',
      fileId: 'group-photo-1976',
    });
    expect(parseFacesPath(suggestionPathOf('group-photo-1976', 'uid-1', ID_A))).toEqual({
      kind: 'suggestion',
      fileId: 'group-photo-1976',
      uid: 'uid-1',
      suggestionId: ID_A,
    });
    for (const path of [
      'members/faces/group-photo-1976/notes.txt',
      'members/faces/group-photo-1976/suggestions/uid-1/not-an-id.json',
      'members/faces/Group/faces.json',
      'members/faces/group-photo-1976/image_files/1/a_b.jpeg',
      'members/photos/shared/x.jpg',
    ])
      expect(parseFacesPath(path), path).toBeUndefined();
  });
});

describe('publishDeepZoom', () => {
  it('stores the descriptor and every tile with its content type, no custom metadata and no download token', async () => {
    const bucket = newBucket();
    const picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#864' } })
      .jpeg()
      .toBuffer();
    const zoom = await deepZoomOf(picture, 'group-photo-1976');
    await publishDeepZoom(bucket, zoom, 3);
    const [files] = await bucket.getFiles({ prefix: 'members/faces/' });
    expect(files.map((file) => file.name).sort()).toEqual(zoom.files.map((file) => file.path).sort());
    for (const file of zoom.files) {
      const metadata = await metadataOf(bucket, file.path);
      expect(metadata.contentType, file.path).toBe(file.contentType);
      expect(metadata.metadata?.[DOWNLOAD_TOKENS_METADATA_KEY], file.path).toBeUndefined();
      expect(Object.keys(metadata.metadata ?? {}), file.path).toEqual([]);
      expect(metadata.cacheControl, file.path).toBeUndefined();
    }
    const [descriptor] = await bucket.file(descriptorPathOf('group-photo-1976')).download();
    expect(descriptor.equals(zoom.files[0]!.bytes)).toBe(true);
    expect((await storedDeepZoomPaths(bucket, 'group-photo-1976')).sort()).toEqual(
      zoom.files.map((file) => file.path).sort(),
    );
  });
});

describe('the faces file', () => {
  it('absent: undefined; saved: read back as saved, JSON, no custom metadata, no token', async () => {
    const bucket = newBucket();
    expect(await readFacesFile(bucket, 'group-photo-1976')).toBeUndefined();
    await saveFacesFile(bucket, faces);
    expect(await readFacesFile(bucket, 'group-photo-1976')).toEqual({
      ...faces,
      faces: [faces.faces[1], faces.faces[0]],
    });
    const metadata = await metadataOf(bucket, facesFilePathOf('group-photo-1976'));
    expect(metadata.contentType).toBe(FACES_CONTENT_TYPE);
    expect(metadata.metadata ?? {}).toEqual({});
  });

  it('a file that is not a faces file: a clear error naming it', async () => {
    const bucket = newBucket();
    await bucket.file(facesFilePathOf('threshing-crew')).save('{"fileId": "threshing-crew", "faces": [');
    const error = await readFacesFile(bucket, 'threshing-crew').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(UnreadableFacesFileError);
    expect((error as Error).message).toMatch(
      /^gs:\/\/faces-\d+\.firebasestorage\.app\/members\/faces\/threshing-crew\/faces\.json is not a faces file that can be read/,
    );
  });

  it('refuses a faces file larger than the rules allow, storing nothing', async () => {
    const bucket = newBucket();
    const many = Array.from({ length: 1100 }, (_, i) => ({
      number: i + 1,
      name: `Person ${i + 1}`,
      note: 'n'.repeat(MAX_NOTE_LENGTH),
    }));
    await expect(saveFacesFile(bucket, { ...faces, faces: many })).rejects.toThrow(
      new RegExp(`more than the ${MAX_FACES_BYTES} a faces file may have`),
    );
    expect(await readFacesFile(bucket, 'group-photo-1976')).toBeUndefined();
  });
});

describe('suggestions', () => {
  it('saveSuggestion stores JSON in the relative’s folder with exactly the metadata given', async () => {
    const bucket = newBucket();
    const path = await saveSuggestion(
      bucket,
      'uid-1',
      suggestion('group-photo-1976', ID_A, 3, 'Ola', 'Onkel'),
      by('uid-1', 'Demo Member'),
    );
    expect(path).toBe(suggestionPathOf('group-photo-1976', 'uid-1', ID_A));
    const metadata = await metadataOf(bucket, path);
    expect(metadata.contentType).toBe(FACES_CONTENT_TYPE);
    expect(metadata.metadata).toEqual({
      suggesterUid: 'uid-1',
      suggesterEmail: 'uid-1@example.com',
      suggesterName: 'Demo Member',
    });
    const other = await saveSuggestion(
      bucket,
      'uid-2',
      suggestion('group-photo-1976', ID_B, 3, 'Per'),
      by('uid-2'),
    );
    expect((await metadataOf(bucket, other)).metadata).toEqual({
      suggesterUid: 'uid-2',
      suggesterEmail: 'uid-2@example.com',
    });
  });

  it('listSuggestions: every picture’s, by picture, face and time; files that are no suggestion apart', async () => {
    const bucket = newBucket();
    await saveFacesFile(bucket, faces);
    await saveFacesFile(bucket, { fileId: 'threshing-crew', width: 10, height: 10, faces: [] });
    await saveSuggestion(bucket, 'uid-1', suggestion('group-photo-1976', ID_B, 3, 'Per'), by('uid-1'));
    await saveSuggestion(bucket, 'uid-2', suggestion('group-photo-1976', ID_A, 3, 'Ola'), by('uid-2', 'B'));
    await saveSuggestion(bucket, 'uid-1', suggestion('group-photo-1976', ID_C, 7, 'Åse'), by('uid-1'));
    await saveSuggestion(bucket, 'uid-2', suggestion('threshing-crew', ID_C, 1, 'Nils'), by('uid-2'));
    // Not suggestions: bad JSON, metadata of another account, a picture other than its folder's, a wrong name.
    const bad = [
      suggestionPathOf('group-photo-1976', 'uid-3', ID_A),
      suggestionPathOf('group-photo-1976', 'uid-4', ID_A),
      suggestionPathOf('group-photo-1976', 'uid-5', ID_A),
      'members/faces/group-photo-1976/suggestions/uid-6/notes.txt',
    ];
    await bucket.file(bad[0]!).save('{"id":', { metadata: { metadata: by('uid-3') } });
    await saveSuggestion(bucket, 'uid-4', suggestion('group-photo-1976', ID_A, 1, 'X'), by('uid-1'));
    await bucket.file(bad[2]!).save(JSON.stringify(suggestion('threshing-crew', ID_A, 1, 'Y')), {
      metadata: { metadata: by('uid-5') },
    });
    await bucket.file(bad[3]!).save('hello');

    const all = await listSuggestions(bucket);
    expect(all.map(({ uid, suggestion: s }) => [s.fileId, s.face, s.id, uid, s.name])).toEqual([
      ['group-photo-1976', 3, ID_A, 'uid-2', 'Ola'],
      ['group-photo-1976', 3, ID_B, 'uid-1', 'Per'],
      ['group-photo-1976', 7, ID_C, 'uid-1', 'Åse'],
      ['threshing-crew', 1, ID_C, 'uid-2', 'Nils'],
    ]);
    expect(all[0]).toEqual({
      path: suggestionPathOf('group-photo-1976', 'uid-2', ID_A),
      uid: 'uid-2',
      suggestion: suggestion('group-photo-1976', ID_A, 3, 'Ola'),
      metadata: by('uid-2', 'B'),
    });
    expect(all.unreadable).toEqual([...bad].sort());

    const one = await listSuggestions(bucket, 'threshing-crew');
    expect(one.map((stored) => stored.path)).toEqual([suggestionPathOf('threshing-crew', 'uid-2', ID_C)]);
    expect(one.unreadable).toEqual([]);
    expect(await listSuggestions(bucket, 'rolette-panorama')).toHaveLength(0);
  });

  it('deleteSuggestion deletes one (and nothing when it is gone); refuses any other path', async () => {
    const bucket = newBucket();
    await saveFacesFile(bucket, faces);
    const path = await saveSuggestion(
      bucket,
      'uid-1',
      suggestion('group-photo-1976', ID_A, 1, 'Ola'),
      by('uid-1'),
    );
    await deleteSuggestion(bucket, path);
    expect((await bucket.file(path).exists())[0]).toBe(false);
    await deleteSuggestion(bucket, path);
    for (const other of [facesFilePathOf('group-photo-1976'), 'members/faces/group-photo-1976/suggestions/x'])
      await expect(deleteSuggestion(bucket, other)).rejects.toThrow(`Not a suggestion's path: ${other}`);
    expect(await readFacesFile(bucket, 'group-photo-1976')).toBeDefined();
  });
});

describe('openedPictures', () => {
  it('the pictures with a faces file, in name order', async () => {
    const bucket = newBucket();
    expect(await openedPictures(bucket)).toEqual([]);
    await saveFacesFile(bucket, { fileId: 'threshing-crew', width: 10, height: 10, faces: [] });
    await saveFacesFile(bucket, faces);
    // Tiles without a faces file (an opening that stopped part-way) are not an opened picture.
    await bucket.file(descriptorPathOf('rolette-panorama')).save('<Image/>');
    expect(await openedPictures(bucket)).toEqual(['group-photo-1976', 'threshing-crew']);
  });
});
