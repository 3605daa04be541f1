/**
 * The disk cache of the demo group photo, on a small stand-in picture in a folder of the test's own: made once,
 * read back as it was, one key's folder kept, and a key that changes with the drawing.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { cachedPictureWithTiles, demoCacheKey, type PictureWithTiles } from './cache.ts';

const PICTURE: PictureWithTiles = {
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
  deepZoom: {
    width: 2,
    height: 1,
    files: [
      { path: 'members/faces/x/image.dzi', bytes: Buffer.from('<Image/>'), contentType: 'application/xml' },
      {
        path: 'members/faces/x/image_files/0/0_0.jpeg',
        bytes: Buffer.from([1, 2, 3]),
        contentType: 'image/jpeg',
      },
    ],
  },
};

let root: string;
let made: number;
const make = async () => {
  made += 1;
  return PICTURE;
};

beforeEach(async () => {
  root = join(await mkdtemp(join(tmpdir(), 'demo-faces-cache-')), 'cache');
  made = 0;
});
afterEach(() => rm(join(root, '..'), { recursive: true, force: true }));

describe('cachedPictureWithTiles', () => {
  it('makes the picture once, then reads it back as it was, tiles, types and size', async () => {
    const first = await cachedPictureWithTiles(root, 'k1', make);
    expect(first).toEqual({ ...PICTURE, fromCache: false });
    const second = await cachedPictureWithTiles(root, 'k1', make);
    expect(made).toBe(1);
    expect(second.fromCache).toBe(true);
    expect(second.jpeg.equals(PICTURE.jpeg)).toBe(true);
    expect(second.deepZoom).toEqual(PICTURE.deepZoom);
  });

  it('keeps only the folder of the key made last, and leaves a run’s staging folder alone', async () => {
    await cachedPictureWithTiles(root, 'k1', make);
    await mkdir(join(root, 'k0.123.456.tmp'));
    await cachedPictureWithTiles(root, 'k2', make);
    expect((await readdir(root)).sort()).toEqual(['k0.123.456.tmp', 'k2']);
    expect((await cachedPictureWithTiles(root, 'k1', make)).fromCache).toBe(false);
    expect(made).toBe(3);
  });

  it('two runs making the same key at once both get the picture, and one folder is kept', async () => {
    const both = await Promise.all([
      cachedPictureWithTiles(root, 'k1', make),
      cachedPictureWithTiles(root, 'k1', make),
    ]);
    expect(both.map((picture) => picture.jpeg.equals(PICTURE.jpeg))).toEqual([true, true]);
    expect(await readdir(root)).toEqual(['k1']);
    expect((await cachedPictureWithTiles(root, 'k1', make)).fromCache).toBe(true);
  });
});

describe('demoCacheKey', () => {
  it('is short, the same for the same drawing, another for another', () => {
    expect(demoCacheKey('<svg/>')).toMatch(/^[0-9a-f]{16}$/);
    expect(demoCacheKey('<svg/>')).toBe(demoCacheKey('<svg/>'));
    expect(demoCacheKey('<svg width="1"/>')).not.toBe(demoCacheKey('<svg/>'));
  });
});
