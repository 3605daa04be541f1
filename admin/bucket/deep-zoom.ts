/**
 * A picture cut into Deep Zoom tiles (the format the who-is-who viewer reads): the descriptor and every tile, each
 * under the path src/domain/faces.ts gives it, made with sharp (libvips' dzsave) in a folder of its own that is
 * removed afterwards.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import {
  descriptorPathOf,
  tilesFolderOf,
  TILE_FORMAT,
  TILE_OVERLAP,
  TILE_SIZE,
} from '../../src/domain/faces.ts';

export interface DeepZoom {
  /** The picture's size in pixels, as the descriptor says it. */
  width: number;
  height: number;
  /** The bucket path of each file (the descriptor first, then the tiles by level), with its bytes. */
  files: { path: string; bytes: Buffer; contentType: string }[];
}

const CONTENT_TYPES: Record<string, string> = { dzi: 'application/xml', jpeg: 'image/jpeg' };

/** Every file below `folder`, as paths relative to it with forward slashes. */
async function filesBelow(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The level, column and row in a tile's path below the tiles' folder ("12/3_4.jpeg"). */
function tileOrder(path: string): number[] {
  return (/^(\d+)\/(\d+)_(\d+)\./.exec(path) ?? []).slice(1).map(Number);
}

/**
 * Cuts `picture` (any format sharp reads, turned upright by its EXIF orientation) into Deep Zoom tiles of
 * TILE_SIZE px with TILE_OVERLAP, JPEG, for the catalogue image `fileId`.
 */
export async function deepZoomOf(picture: Buffer, fileId: string): Promise<DeepZoom> {
  const folder = await mkdtemp(join(tmpdir(), 'deep-zoom-'));
  try {
    const stored = await sharp(picture).metadata();
    // EXIF orientations 5 to 8 store the picture on its side: upright, its width is the stored height.
    const sideways = (stored.orientation ?? 1) >= 5;
    const width = (sideways ? stored.height : stored.width) ?? 0;
    const height = (sideways ? stored.width : stored.height) ?? 0;
    await sharp(picture)
      .rotate()
      .jpeg({ quality: 85, mozjpeg: true })
      .tile({ size: TILE_SIZE, overlap: TILE_OVERLAP, layout: 'dz', container: 'fs' })
      .toFile(join(folder, 'image.dz'));
    const tilesFolder = join(folder, 'image_files');
    const tiles = (await filesBelow(tilesFolder))
      .filter((path) => path.endsWith(`.${TILE_FORMAT}`))
      .sort((a, b) => {
        const [x, y] = [tileOrder(a), tileOrder(b)];
        return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
      });
    return {
      width,
      height,
      files: [
        {
          path: descriptorPathOf(fileId),
          bytes: await readFile(join(folder, 'image.dzi')),
          contentType: CONTENT_TYPES.dzi!,
        },
        ...(await Promise.all(
          tiles.map(async (path) => ({
            path: `${tilesFolderOf(fileId)}${path}`,
            bytes: await readFile(join(tilesFolder, path)),
            contentType: CONTENT_TYPES.jpeg!,
          })),
        )),
      ],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
