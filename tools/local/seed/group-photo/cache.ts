/**
 * The drawn demo group photo and its Deep Zoom tiles kept on disk between runs, under .cache/demo-faces/<key>/.
 * Drawing the 6400 px picture and cutting it into tiles takes CPU (seconds on a quiet machine, two minutes on a
 * loaded one), and every `npm start`, test file and benchmark that seeds who is who needs them: made once, read back
 * after. The folder's key is made of everything that makes the picture (the SVG, the
 * print's colours, libvips' version, the tile settings), so a change to any of them makes a new folder rather than
 * reading a stale one, and older folders are removed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

import type { DeepZoom } from '../../../../admin/bucket/deep-zoom.ts';
import { TILE_FORMAT, TILE_OVERLAP, TILE_SIZE } from '../../../../src/domain/faces.ts';
import { FADED, demoGroupPhotoSvg } from './drawing.ts';

/**
 * Bump when the drawing's post-processing or the caching changes in a way the SVG does not show (the SVG itself,
 * sharp's libvips version and the tile settings are in the cache key already).
 */
const GENERATOR_VERSION = 1;

/** Where the drawn picture and its tiles are kept between runs (git ignores .cache/). */
export const DEMO_FACES_CACHE = fileURLToPath(new URL('../../../../.cache/demo-faces/', import.meta.url));

/** The picture's JPEG and its tiles: what the cache keeps. */
export interface PictureWithTiles {
  jpeg: Buffer;
  deepZoom: DeepZoom;
}

/** What the cache keeps of the tiles besides their bytes. */
interface CachedDeepZoom {
  width: number;
  height: number;
  files: { path: string; contentType: string }[];
}

/** The cache folder's name: changes with anything that changes the picture or its tiles. */
export function demoCacheKey(svg = demoGroupPhotoSvg().svg): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        version: GENERATOR_VERSION,
        vips: sharp.versions.vips,
        faded: FADED,
        tiles: [TILE_SIZE, TILE_OVERLAP, TILE_FORMAT],
        svg,
      }),
    )
    .digest('hex')
    .slice(0, 16);
}

async function readCached(folder: string): Promise<PictureWithTiles | undefined> {
  let index: CachedDeepZoom;
  try {
    index = JSON.parse(await readFile(join(folder, 'deep-zoom.json'), 'utf8')) as CachedDeepZoom;
  } catch {
    return undefined; // not made yet
  }
  const files = await Promise.all(
    index.files.map(async ({ path, contentType }) => ({
      path,
      contentType,
      bytes: await readFile(join(folder, 'files', path)),
    })),
  );
  return {
    jpeg: await readFile(join(folder, 'picture.jpeg')),
    deepZoom: { width: index.width, height: index.height, files },
  };
}

/** Writes the picture and its tiles to a folder of its own, then moves it in place whole. */
async function writeCached(root: string, key: string, jpeg: Buffer, deepZoom: DeepZoom): Promise<void> {
  const folder = join(root, key);
  // A name of this call's own: Vitest's test files share one process id (worker threads), and two runs making the
  // picture at once could start writing in the same millisecond.
  const staging = join(root, `${key}.${randomUUID()}.tmp`);
  try {
    await mkdir(staging, { recursive: true });
    await writeFile(join(staging, 'picture.jpeg'), jpeg);
    for (const file of deepZoom.files) {
      await mkdir(dirname(join(staging, 'files', file.path)), { recursive: true });
      await writeFile(join(staging, 'files', file.path), file.bytes);
    }
    const index: CachedDeepZoom = {
      width: deepZoom.width,
      height: deepZoom.height,
      files: deepZoom.files.map(({ path, contentType }) => ({ path, contentType })),
    };
    // The index last: a folder with one is complete.
    await writeFile(join(staging, 'deep-zoom.json'), JSON.stringify(index));
    await rename(staging, folder);
  } catch (error) {
    // Another run (a parallel test file) put the same folder in place first: its copy is as good as ours.
    if (!['EEXIST', 'ENOTEMPTY', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // Earlier versions' folders are of no more use (a staging folder of a run still going is left alone).
  for (const entry of await readdir(root)) {
    if (entry !== key && !entry.endsWith('.tmp'))
      await rm(join(root, entry), { recursive: true, force: true });
  }
}

/**
 * The picture and its tiles from `root`'s folder for `key` when a run made them before; otherwise made now by
 * `make` and kept there (and the folders of other keys removed).
 */
export async function cachedPictureWithTiles(
  root: string,
  key: string,
  make: () => Promise<PictureWithTiles>,
): Promise<PictureWithTiles & { fromCache: boolean }> {
  const cached = await readCached(join(root, key));
  if (cached) return { ...cached, fromCache: true };
  const { jpeg, deepZoom } = await make();
  await mkdir(root, { recursive: true });
  await writeCached(root, key, jpeg, deepZoom);
  return { jpeg, deepZoom, fromCache: false };
}
