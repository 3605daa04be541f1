/**
 * The demo 1976 group photo as the seeding takes it: its faces file with the key's names, a 6400 px JPEG the same
 * every time with a face in every box, and its tiles, cut once and then read from the cache.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { descriptorPathOf, parseFacesFile, tilePathOf, tilesFolderOf } from '../../../src/domain/faces.ts';
import { DEMO_FACES_FILE_ID, demoFacesFile, demoGroupPhotoWithTiles } from './demo-group-photo.ts';
import { DEMO_FACES_CACHE, demoCacheKey } from './group-photo/cache.ts';
import { DEMO_PHOTO_HEIGHT, DEMO_PHOTO_WIDTH, demoGroupPhotoSvg } from './group-photo/drawing.ts';
import { DEMO_NAMED_COUNT, DEMO_OYSTEIN } from './group-photo/people.ts';

describe('the demo group photo', () => {
  const { faces } = demoGroupPhotoSvg();

  it('is a faces file the page reads as it is, with the key’s names and notes', () => {
    const file = demoFacesFile({ width: DEMO_PHOTO_WIDTH, height: DEMO_PHOTO_HEIGHT, faces });
    expect(file.fileId).toBe(DEMO_FACES_FILE_ID);
    expect(parseFacesFile(JSON.stringify(file))).toEqual(file);
    expect(file.faces.find((face) => face.number === DEMO_OYSTEIN.number)?.name).toBe(DEMO_OYSTEIN.name);
    expect(file.faces.filter((face) => face.name)).toHaveLength(DEMO_NAMED_COUNT);
  });

  it('is a 6400 x 3800 JPEG, the same every time, with a face (skin, lit from the front) in every box', async () => {
    const photo = await demoGroupPhotoWithTiles();
    expect([photo.width, photo.height]).toEqual([DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT]);
    expect(photo.faces).toEqual(faces);
    const info = await sharp(photo.jpeg).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 6400, 3800]);
    // What the cache holds is what drawing gives now: the cache's key is made of the drawing itself (demoCacheKey).

    const { data } = await sharp(photo.jpeg).raw().toBuffer({ resolveWithObject: true });
    for (const face of faces) {
      // A cheek: right of the nose, below the eyes and glasses, above the mouth and moustache.
      const box = face.box!;
      const x = Math.round((box.x + box.width * 0.62) * DEMO_PHOTO_WIDTH);
      const y = Math.round((box.y + box.height * 0.66) * DEMO_PHOTO_HEIGHT);
      const i = (y * DEMO_PHOTO_WIDTH + x) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      expect(r, `face ${face.number}: rgb(${r}, ${g}, ${b})`).toBeGreaterThan(190);
      expect(r - g, `face ${face.number}`).toBeGreaterThan(8);
      expect(g - b, `face ${face.number}`).toBeGreaterThan(15);
    }
  });

  it('is cut into Deep Zoom tiles once, then read from the cache', async () => {
    // The first call draws and cuts it unless a run made it before (the test above, or an earlier test run).
    const first = await demoGroupPhotoWithTiles();
    const second = await demoGroupPhotoWithTiles();
    expect(second.fromCache).toBe(true);
    expect(second.jpeg.equals(first.jpeg)).toBe(true);
    const { deepZoom } = second;
    expect([deepZoom.width, deepZoom.height]).toEqual([6400, 3800]);
    expect(deepZoom.files[0]!.path).toBe(descriptorPathOf(DEMO_FACES_FILE_ID));
    expect(deepZoom.files[0]!.bytes.toString('utf8')).toMatch(/Width="6400"/);
    const tiles = deepZoom.files.slice(1);
    expect(tiles.every((file) => file.path.startsWith(tilesFolderOf(DEMO_FACES_FILE_ID)))).toBe(true);
    expect(tiles.every((file) => file.contentType === 'image/jpeg')).toBe(true);
    // Level 13 is the full 6400 px: 25 x 15 tiles of 256 px.
    const top = tiles.filter((file) => file.path.includes('/image_files/13/'));
    expect(top).toHaveLength(25 * 15);
    expect(top.at(-1)!.path).toBe(tilePathOf(DEMO_FACES_FILE_ID, 13, 24, 14));
    second.deepZoom.files.forEach((file, i) => {
      expect(file.path).toBe(first.deepZoom.files[i]!.path);
      expect(file.bytes.equals(first.deepZoom.files[i]!.bytes)).toBe(true);
    });
    // Only this version's folder is kept.
    expect(await readdir(DEMO_FACES_CACHE)).toEqual([demoCacheKey()]);
  });
});
