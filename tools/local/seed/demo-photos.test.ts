/**
 * The demo photos: what they are (a dozen shared, two waiting; dated the reunion weekend; captions in both
 * languages; placeholders that say so, without EXIF), and what seedPhotos() stores in the in-process Storage
 * emulator: the contract's paths and metadata, readable through the rules by the right accounts only; the large set.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';

import {
  MAX_PHOTO_BYTES,
  MAX_THUMBNAIL_BYTES,
  PHOTOS_PREFIX,
  PENDING_PREFIX,
  SHARED_PREFIX,
  detailsPathOf,
  isPhotoId,
  parsePhotoPath,
  pendingMetadataProblems,
  photoPathOf,
  readPhotoDetails,
  sharedMetadataProblems,
  takenAtOfPhotoId,
  thumbnailPathOf,
} from '../../../src/domain/photos.ts';
import { connectAdmin, hostOf, type AdminConnection, type Bucket } from '../../../admin/firebase-admin.ts';
import { freePort } from '../ports.ts';
import { startStorageEmulator, type RunningStorageEmulator } from '../storage/emulator.ts';
import { emulatorIdToken } from '../storage/tokens.ts';
import { demoPhotos, demoPicture, largeDemoPhotoCount, largeDemoPhotos, seedPhotos } from './demo-photos.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
const UPLOADER = { uid: 'demo-member-uid', name: 'Demo Member', email: 'member@example.com' };

describe('demoPhotos', () => {
  const photos = demoPhotos();
  const shared = photos.filter((photo) => photo.state === 'shared');
  const waiting = photos.filter((photo) => photo.state === 'pending');

  it('a dozen shared and two waiting, with valid, unique ids that read oldest first', () => {
    expect(shared).toHaveLength(12);
    expect(waiting).toHaveLength(2);
    expect(new Set(photos.map((photo) => photo.photoId)).size).toBe(14);
    for (const photo of photos) {
      expect(isPhotoId(photo.photoId)).toBe(true);
      expect(takenAtOfPhotoId(photo.photoId)).toEqual(photo.takenAt);
    }
    const ids = shared.map((photo) => photo.photoId);
    expect([...ids].sort()).toEqual(ids);
  });

  it('are dated July 10-12, 2026 in the host town, and captioned in English and Norwegian', () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' });
    expect(new Set(photos.map((photo) => day.format(photo.takenAt)))).toEqual(
      new Set(['2026-07-10', '2026-07-11', '2026-07-12']),
    );
    const captions = photos.map((photo) => photo.caption ?? '');
    expect(captions.filter((caption) => /[æøå]/.test(caption)).length).toBeGreaterThanOrEqual(4);
    expect(captions.filter((caption) => /\b(the|at|in)\b/.test(caption)).length).toBeGreaterThanOrEqual(4);
    expect(captions.filter((caption) => caption === '')).toHaveLength(1);
  });

  it('pictures are JPEGs without EXIF, within the limits, with a thumbnail of at most 480 px', async () => {
    const picture = await demoPicture(['Første kveld'], { width: 1600, height: 1200, hue: 40 });
    for (const [bytes, width, height, max] of [
      [picture.photo, 1600, 1200, MAX_PHOTO_BYTES],
      [picture.thumbnail, 480, 360, MAX_THUMBNAIL_BYTES],
    ] as const) {
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([width, height]);
      expect(meta.exif).toBeUndefined();
      expect(bytes.byteLength).toBeLessThan(max);
    }
    expect([picture.thumbnailWidth, picture.thumbnailHeight]).toEqual([480, 360]);
  });

  it('LARGE_DEMO_PHOTOS: a count, 0 when unset', () => {
    expect(largeDemoPhotoCount({})).toBe(0);
    expect(largeDemoPhotoCount({ LARGE_DEMO_PHOTOS: ' 2000 ' })).toBe(2000);
    expect(() => largeDemoPhotoCount({ LARGE_DEMO_PHOTOS: 'many' })).toThrow(/LARGE_DEMO_PHOTOS="many"/);
    expect(() => largeDemoPhotoCount({ LARGE_DEMO_PHOTOS: '-1' })).toThrow(RangeError);
    const large = largeDemoPhotos(2000);
    expect(new Set(large.map((photo) => photo.photoId)).size).toBe(2000);
    expect(large.every((photo) => isPhotoId(photo.photoId))).toBe(true);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' });
    expect(new Set(large.map((photo) => day.format(photo.takenAt)))).toEqual(
      new Set(['2026-07-10', '2026-07-11', '2026-07-12']),
    );
  });
});

describe('seedPhotos', () => {
  let emulator: RunningStorageEmulator;
  let admin: AdminConnection;
  let bucket: Bucket;

  beforeAll(async () => {
    emulator = await startStorageEmulator({ projectId: PROJECT, host: '127.0.0.1', port: await freePort() });
    admin = connectAdmin({ projectId: PROJECT, emulators: { storage: hostOf(emulator.url) } });
    bucket = admin.bucket(BUCKET);
  });
  beforeEach(async () => {
    await bucket.deleteFiles({ prefix: PHOTOS_PREFIX });
  });
  afterAll(async () => {
    await admin?.close();
    await emulator?.stop();
  });

  async function read(path: string, token: string): Promise<number> {
    const response = await fetch(`${emulator.url}/v0/b/${BUCKET}/o/${encodeURIComponent(path)}?alt=media`, {
      headers: { Authorization: `Firebase ${token}` },
    });
    await response.arrayBuffer();
    return response.status;
  }

  it('stores the waiting photos as the page uploads them and the shared ones as an approval publishes them', async () => {
    expect(await seedPhotos(bucket, UPLOADER, { large: 0 })).toEqual({ shared: 12, waiting: 2 });
    const [files] = await bucket.getFiles({ prefix: PHOTOS_PREFIX });
    // 2 waiting x (photo, thumbnail); 12 shared x (photo, thumbnail, details, marker).
    expect(files).toHaveLength(52);
    for (const file of files) {
      const parsed = parsePhotoPath(file.name);
      expect(parsed, file.name).not.toBeNull();
      const metadata = file.metadata.metadata;
      if (parsed!.file === 'details') {
        expect(file.metadata.contentType).toBe('application/json');
        expect(metadata).toEqual({ uploaderUid: UPLOADER.uid });
      } else if (parsed!.file === 'marker') {
        expect(parsed).toMatchObject({ uploaderUid: UPLOADER.uid });
        expect(Number(file.metadata.size)).toBe(0);
      } else {
        expect(file.metadata.contentType).toBe('image/jpeg');
        expect(Number(file.metadata.size)).toBeLessThanOrEqual(
          parsed!.file === 'thumbnail' ? MAX_THUMBNAIL_BYTES : MAX_PHOTO_BYTES,
        );
        if (parsed!.location.state === 'pending') {
          expect(pendingMetadataProblems(metadata)).toEqual([]);
          expect(metadata).toMatchObject({
            uploaderUid: UPLOADER.uid,
            uploaderName: 'Demo Member',
            uploaderEmail: UPLOADER.email,
          });
        } else {
          expect(sharedMetadataProblems(metadata)).toEqual([]);
          expect(metadata).toMatchObject({ uploaderUid: UPLOADER.uid });
        }
      }
    }
    const waiting = files.filter((file) => file.name.startsWith(PENDING_PREFIX));
    expect(
      waiting.map((file) => file.name).every((name) => name.startsWith(`${PENDING_PREFIX}${UPLOADER.uid}/`)),
    ).toBe(true);
    expect(files.filter((file) => file.name.startsWith(SHARED_PREFIX))).toHaveLength(48);
    const [detailsFile] = await bucket.file(detailsPathOf(demoPhotos()[0]!.photoId)).download();
    expect(readPhotoDetails(detailsFile.toString('utf8'))).toMatchObject({
      caption: demoPhotos()[0]!.caption,
      uploaderName: 'Demo Member',
    });

    // The rules: approved relatives read the shared ones; the waiting ones only the uploader (and organisers).
    const [first] = demoPhotos();
    const waitingPhoto = demoPhotos().find((photo) => photo.state === 'pending')!;
    const token = (uid: string, approved = true) =>
      emulatorIdToken({ projectId: PROJECT, uid, emailVerified: true, approved });
    const sharedPath = photoPathOf({ state: 'shared', photoId: first!.photoId });
    const waitingPath = thumbnailPathOf({
      state: 'pending',
      uid: UPLOADER.uid,
      photoId: waitingPhoto.photoId,
    });
    expect(await read(sharedPath, token('someone-else'))).toBe(200);
    expect(await read(sharedPath, token('someone-else', false))).toBe(403);
    expect(await read(waitingPath, token(UPLOADER.uid))).toBe(200);
    expect(await read(waitingPath, token('someone-else'))).toBe(403);
  });

  it('adds the large set quickly', async () => {
    const started = performance.now();
    expect(await seedPhotos(bucket, UPLOADER, { large: 300 })).toEqual({ shared: 312, waiting: 2 });
    const seconds = (performance.now() - started) / 1000;
    const [files] = await bucket.getFiles({ prefix: SHARED_PREFIX });
    expect(files).toHaveLength(312 * 4);
    // ~2 ms per object here; a generous bound that still catches uploads one by one with a new picture each.
    expect(seconds).toBeLessThan(30);
  });
});
