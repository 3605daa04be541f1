/**
 * The demo 1976 group photo: a picture of at least 6000 px with the faces it drew (numbered as keys number them,
 * each box on a face), the demo key (most faces named, with diacritics to search, eight unnamed) and its CSV, the
 * same picture every time, and the cache that keeps the picture and its tiles between runs.
 */
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import {
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  descriptorPathOf,
  parseFacesFile,
  placeOf,
  tilePathOf,
  tilesFolderOf,
  type FaceBox,
} from '../../../src/domain/faces.ts';
import { normalizeForSearch } from '../../../src/lib/search-text.ts';
import { readKey } from '../../../admin/identification-key.ts';
import {
  DEMO_FACES_CACHE,
  DEMO_FACES_FILE_ID,
  DEMO_FACE_COUNT,
  DEMO_NAMED_COUNT,
  DEMO_OYSTEIN,
  DEMO_PHOTO_HEIGHT,
  DEMO_PHOTO_WIDTH,
  DEMO_UNNAMED_NUMBERS,
  demoCacheKey,
  demoFacesFile,
  demoGroupPhotoSvg,
  demoGroupPhotoWithTiles,
  demoKey,
  demoKeyCsv,
} from './demo-group-photo.ts';

const overlap = (a: FaceBox, b: FaceBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the demo key', () => {
  const key = demoKey();

  it('numbers 72 faces row by row; names all but eight, each name once', () => {
    expect(DEMO_FACE_COUNT).toBe(72);
    expect(key.map((line) => line.number)).toEqual(Array.from({ length: 72 }, (_, i) => i + 1));
    expect(DEMO_NAMED_COUNT).toBe(64);
    expect(DEMO_UNNAMED_NUMBERS).toHaveLength(8);
    expect(key.filter((line) => !line.name).map((line) => line.number)).toEqual(DEMO_UNNAMED_NUMBERS);
    const names = key.flatMap((line) => line.name ?? []);
    expect(new Set(names).size).toBe(names.length);
    for (const line of key) {
      expect([...(line.name ?? '')].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      expect([...(line.note ?? '')].length).toBeLessThanOrEqual(MAX_NOTE_LENGTH);
    }
  });

  it('has names to search without their marks (Øystein, Bjørn, Kåre, Sæther, Renée) and a few notes', () => {
    const names = key.flatMap((line) => line.name ?? []);
    expect(names.filter((name) => /[æøåÆØÅ]/.test(name)).length).toBeGreaterThanOrEqual(10);
    expect(names.filter((name) => /[éèÉ]/.test(name)).length).toBeGreaterThanOrEqual(3);
    // Whole words here: "kare" is also the start of "Karen".
    const found = (query: string) =>
      key.filter((line) =>
        normalizeForSearch(line.name ?? '')
          .split(' ')
          .includes(normalizeForSearch(query)),
      );
    expect(found('oystein').map((line) => line.number)).toEqual([DEMO_OYSTEIN.number]);
    expect(DEMO_OYSTEIN.name).toContain('Øystein');
    for (const query of ['bjorn', 'kare', 'renee', 'therese', 'andre']) expect(found(query)).toHaveLength(1);
    expect(found('saether').length).toBeGreaterThanOrEqual(3);
    const notes = key.flatMap((line) => line.note ?? []);
    expect(notes.length).toBeGreaterThanOrEqual(4);
    expect(notes).toContain('Pastor of the Rolette Lutheran church');
  });

  it('as CSV (number,name,note,row) reads back to the same key, as organiser:faces import reads it', () => {
    expect(demoKeyCsv().split('\n')[0]).toBe('number,name,note,row');
    const { lines, problems } = readKey(demoKeyCsv());
    expect(problems).toEqual([]);
    expect(lines.map(({ number, row, name, note }) => ({ number, row, name, note }))).toEqual(key);
    // A note with a comma is quoted.
    expect(demoKeyCsv()).toContain('"Came from Bergen, Norway, for the reunion"');
  });
});

describe('the demo group photo', () => {
  const { faces } = demoGroupPhotoSvg();

  it('draws every face of the key, numbered row by row from the front, each row from the left', () => {
    expect(faces.map((face) => face.number)).toEqual(demoKey().map((line) => line.number));
    expect(faces.map((face) => face.row)).toEqual(demoKey().map((line) => line.row));
    expect(new Set(faces.map((face) => face.row))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    faces.forEach((face, i) => {
      const inRow = faces.filter((other) => other.row === face.row);
      expect(placeOf(face, faces)).toEqual({ row: face.row, fromLeft: inRow.indexOf(face) + 1 });
      if (i > 0 && faces[i - 1]!.row === face.row) expect(face.box!.x).toBeGreaterThan(faces[i - 1]!.box!.x);
    });
  });

  it('boxes every face inside the picture, no two boxes overlapping; rows behind higher, the grown-ups smaller', () => {
    for (const face of faces) {
      const box = face.box!;
      expect(box.x).toBeGreaterThan(0);
      expect(box.y).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThan(1);
      expect(box.y + box.height).toBeLessThan(1);
      // About a head's size, with its hair: 2 to 5 % of the picture's width.
      expect(box.width * DEMO_PHOTO_WIDTH).toBeGreaterThan(130);
      expect(box.width * DEMO_PHOTO_WIDTH).toBeLessThan(320);
      for (const other of faces)
        if (other !== face) expect(overlap(box, other.box!), `${face.number} ${other.number}`).toBe(false);
    }
    const mean = (row: number, of: (box: FaceBox) => number) => {
      const boxes = faces.filter((face) => face.row === row).map((face) => of(face.box!));
      return boxes.reduce((sum, value) => sum + value, 0) / boxes.length;
    };
    for (let row = 2; row <= 6; row++) {
      const lowest = Math.min(...faces.filter((face) => face.row === row - 1).map((face) => face.box!.y));
      const highestBottom = Math.max(
        ...faces.filter((face) => face.row === row).map((face) => face.box!.y + face.box!.height),
      );
      expect(highestBottom).toBeLessThan(lowest);
      // The children in front are smaller than the grown-ups behind them.
      if (row > 2) expect(mean(row, (box) => box.height)).toBeLessThan(mean(row - 1, (box) => box.height));
    }
  });

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
