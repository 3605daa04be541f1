/**
 * What seedFaces() stores in the in-process Storage emulator: the drawn group photo in place of its stand-in (with
 * the catalogue's metadata and a preview made from it), its Deep Zoom tiles, the faces file with the demo key, and
 * the two suggestions waiting from demo relatives, read back through admin/bucket/faces.ts as the organisers'
 * command reads them, and through the Firebase API as storage.rules let relatives read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CATALOGUE, storagePathOf, thumbnailPathOf } from '../../../src/domain/catalogue.ts';
import { FACES_PREFIX, facesFilePathOf, facesFolderOf } from '../../../src/domain/faces.ts';
import { connectAdmin, hostOf, type AdminConnection, type Bucket } from '../../../admin/firebase-admin.ts';
import { md5Base64, memberFileMetadata, saveObject } from '../../../admin/bucket/member-files.ts';
import { SOURCE_MD5_METADATA_KEY, saveThumbnail } from '../../../admin/bucket/thumbnails.ts';
import { listSuggestions, readFacesFile, storedDeepZoomPaths } from '../../../admin/bucket/faces.ts';
import { freePort } from '../ports.ts';
import { startStorageEmulator, type RunningStorageEmulator } from '../storage/emulator.ts';
import { emulatorIdToken } from '../storage/tokens.ts';
import { demoFile } from './demo-files.ts';
import {
  DEMO_FACES_FILE_ID,
  demoFacesFile,
  demoGroupPhotoWithTiles,
  type DemoGroupPhotoWithTiles,
} from './demo-group-photo.ts';
import {
  DEMO_NAMED_COUNT,
  DEMO_UNNAMED_GRANDFATHER,
  DEMO_UNNAMED_NUMBERS,
  demoKey,
} from './group-photo/people.ts';
import { DEMO_CORRECTION_SUGGESTION, DEMO_NAMING_SUGGESTION, seedFaces } from './seed-faces.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const MEMBER = { uid: 'demo-member-uid', name: 'Demo Member', email: 'member@example.com' };
// Two approved relatives (storage.rules let only approved accounts suggest).
const COUSIN = { uid: 'demo-cousin-uid', name: 'Demo Cousin', email: 'cousin@example.com' };
const entry = CATALOGUE.find((candidate) => candidate.id === DEMO_FACES_FILE_ID)!;

describe('the demo suggestions', () => {
  it('name a face the key leaves unnamed (an old man on a chair), and correct a named one', () => {
    expect(DEMO_NAMING_SUGGESTION.face).toBe(DEMO_UNNAMED_GRANDFATHER);
    expect(DEMO_UNNAMED_NUMBERS).toContain(DEMO_NAMING_SUGGESTION.face);
    const key = demoKey();
    const named = key.find((line) => line.number === DEMO_NAMING_SUGGESTION.face)!;
    expect(named.row).toBe(2);
    const corrected = key.find((line) => line.number === DEMO_CORRECTION_SUGGESTION.face)!;
    expect(corrected.name).toBeDefined();
    expect(corrected.name).not.toBe(DEMO_CORRECTION_SUGGESTION.name);
  });
});

describe('seedFaces', () => {
  let emulator: RunningStorageEmulator;
  let admin: AdminConnection;
  let bucket: Bucket;
  let photo: DemoGroupPhotoWithTiles;

  beforeAll(async () => {
    [emulator, photo] = await Promise.all([
      freePort().then((port) => startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port })),
      demoGroupPhotoWithTiles(),
    ]);
    admin = connectAdmin({ projectId: PROJECT, emulators: { storage: hostOf(emulator.url) } });
    bucket = admin.bucket(BUCKET);
    // The plain stand-in seed-storage stores first, with its preview.
    const standIn = await demoFile(entry);
    await saveObject(bucket, storagePathOf(entry), standIn, memberFileMetadata(entry));
    await saveThumbnail(bucket, entry, standIn);
  });
  afterAll(async () => {
    await admin?.close();
    await emulator?.stop();
  });

  it('stores the picture, its tiles, its faces and two suggestions from demo relatives', async () => {
    expect(await seedFaces(bucket, { photo, suggesters: { naming: MEMBER, correcting: COUSIN } })).toEqual({
      faces: 72,
      named: DEMO_NAMED_COUNT,
      tiles: photo.deepZoom.files.length,
      suggestions: 2,
      fromCache: photo.fromCache,
    });

    // The catalogue file is the drawn picture now, stored as organiser:upload stores it, its preview made from it.
    const file = bucket.file(storagePathOf(entry));
    const [bytes] = await file.download();
    expect(bytes.equals(photo.jpeg)).toBe(true);
    const [metadata] = await file.getMetadata();
    const expected = memberFileMetadata(entry);
    expect(metadata.contentType).toBe(expected.contentType);
    expect(metadata.contentDisposition).toBe(expected.contentDisposition);
    expect(metadata.metadata).toEqual(expected.metadata);
    const [preview] = await bucket.file(thumbnailPathOf(entry)).getMetadata();
    expect(preview.metadata?.[SOURCE_MD5_METADATA_KEY]).toBe(md5Base64(photo.jpeg));

    // Every tile and the descriptor, with its content type.
    expect((await storedDeepZoomPaths(bucket, DEMO_FACES_FILE_ID)).sort()).toEqual(
      photo.deepZoom.files.map((tile) => tile.path).sort(),
    );
    const [descriptor] = await bucket.file(photo.deepZoom.files[0]!.path).getMetadata();
    expect(descriptor.contentType).toBe('application/xml');

    // The faces file: size, every face with its box and row, the key's names and notes.
    const faces = await readFacesFile(bucket, DEMO_FACES_FILE_ID);
    expect(faces).toEqual(demoFacesFile(photo));
    expect(faces!.width).toBe(6400);
    expect(faces!.faces.every((face) => face.box && face.row)).toBe(true);

    // The suggestions, as organiser:faces lists them: who made each, by face.
    const waiting = await listSuggestions(bucket, DEMO_FACES_FILE_ID);
    expect(waiting.unreadable).toEqual([]);
    expect(
      waiting.map(({ uid, suggestion, metadata }) => ({
        uid,
        metadata,
        face: suggestion.face,
        name: suggestion.name,
        note: suggestion.note,
      })),
    ).toEqual(
      [
        { by: MEMBER, demo: DEMO_NAMING_SUGGESTION },
        { by: COUSIN, demo: DEMO_CORRECTION_SUGGESTION },
      ]
        .map(({ by, demo }) => ({
          uid: by.uid,
          metadata: { suggesterUid: by.uid, suggesterEmail: by.email, suggesterName: by.name },
          face: demo.face,
          name: demo.name,
          note: demo.note,
        }))
        .sort((a, b) => a.face - b.face),
    );
    expect(waiting.find((s) => s.uid === MEMBER.uid)!.suggestion.note).toBe(
      'My grandfather; I am his granddaughter',
    );
  });

  it('is what storage.rules let an approved relative read, and an account not approved only the picture', async () => {
    const read = async (path: string, approved: boolean) => {
      const token = emulatorIdToken({ projectId: PROJECT, uid: 'a-relative', emailVerified: true, approved });
      const response = await fetch(`${emulator.url}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}?alt=media`, {
        headers: { Authorization: `Firebase ${token}` },
      });
      await response.arrayBuffer();
      return response.status;
    };
    const [descriptor, tile] = [photo.deepZoom.files[0]!.path, photo.deepZoom.files.at(-1)!.path];
    for (const path of [descriptor, tile, facesFilePathOf(DEMO_FACES_FILE_ID)]) {
      expect(await read(path, true), path).toBe(200);
      expect(await read(path, false), path).toBe(403);
    }
    // The downloadable picture is open to every verified member, as the catalogue says.
    expect(await read(storagePathOf(entry), false)).toBe(entry.approvalOnly ? 403 : 200);
    // A suggestion: only its relative (and organisers).
    const [waiting] = await listSuggestions(bucket, DEMO_FACES_FILE_ID);
    expect(await read(waiting!.path, true)).toBe(403);
  });

  it('seeded again, replaces what it stored: nothing more, no suggestion twice', async () => {
    const [before] = await bucket.getFiles({ prefix: FACES_PREFIX });
    await seedFaces(bucket, { photo, suggesters: { naming: MEMBER, correcting: COUSIN } });
    const [after] = await bucket.getFiles({ prefix: facesFolderOf(DEMO_FACES_FILE_ID) });
    expect(after.map((file) => file.name).sort()).toEqual(before.map((file) => file.name).sort());
    expect(await listSuggestions(bucket, DEMO_FACES_FILE_ID)).toHaveLength(2);
  });

  it('without suggesters, leaves no suggestion', async () => {
    await bucket.deleteFiles({ prefix: FACES_PREFIX });
    // The tiles do not matter here: the descriptor and one tile instead of all 527.
    const fewTiles = { ...photo, deepZoom: { ...photo.deepZoom, files: photo.deepZoom.files.slice(0, 2) } };
    expect((await seedFaces(bucket, { photo: fewTiles })).suggestions).toBe(0);
    expect(await listSuggestions(bucket, DEMO_FACES_FILE_ID)).toHaveLength(0);
    expect(await readFacesFile(bucket, DEMO_FACES_FILE_ID)).toEqual(demoFacesFile(photo));
  });
});
