/**
 * The demo 1976 group photo for "who is who" on the local stack, as the seeding (./seed-faces.ts), the benchmarks
 * and the browser tests take it: the picture with its Deep Zoom tiles, and its faces file with the demo key's names.
 * Made of three parts, each with its own reason to change: who is in it and the key that names them
 * (./group-photo/people.ts), the drawing (./group-photo/drawing.ts) and the disk cache that spares drawing and
 * cutting it again on every run (./group-photo/cache.ts).
 */
import { deepZoomOf, type DeepZoom } from '../../../admin/bucket/deep-zoom.ts';
import { GROUP_PHOTO_1976, type FacesFile } from '../../../src/domain/faces.ts';
import { DEMO_FACES_CACHE, cachedPictureWithTiles, demoCacheKey } from './group-photo/cache.ts';
import {
  DEMO_PHOTO_HEIGHT,
  DEMO_PHOTO_WIDTH,
  demoGroupPhotoSvg,
  drawDemoGroupPhoto,
  type DemoGroupPhoto,
} from './group-photo/drawing.ts';
import { demoKey } from './group-photo/people.ts';

/** The catalogue image the demo faces belong to. */
export const DEMO_FACES_FILE_ID = GROUP_PHOTO_1976;

/** The faces file of the demo picture: every face drawn, with the key's name and note. */
export function demoFacesFile(photo: Pick<DemoGroupPhoto, 'width' | 'height' | 'faces'>): FacesFile {
  const key = new Map(demoKey().map((line) => [line.number, line]));
  return {
    fileId: DEMO_FACES_FILE_ID,
    width: photo.width,
    height: photo.height,
    faces: photo.faces.map((face) => {
      const { name, note } = key.get(face.number) ?? {};
      return { ...face, ...(name !== undefined && { name }), ...(note !== undefined && { note }) };
    }),
  };
}

export interface DemoGroupPhotoWithTiles extends DemoGroupPhoto {
  /** The picture cut into Deep Zoom tiles for DEMO_FACES_FILE_ID (admin/bucket/deep-zoom.ts). */
  deepZoom: DeepZoom;
  /** Read from the cache rather than drawn and cut now. */
  fromCache: boolean;
}

/**
 * The picture with its Deep Zoom tiles: from `cacheRoot` (DEMO_FACES_CACHE) when a run made them before, otherwise
 * drawn and cut now and kept there.
 */
export async function demoGroupPhotoWithTiles(
  cacheRoot = DEMO_FACES_CACHE,
): Promise<DemoGroupPhotoWithTiles> {
  const { svg, faces } = demoGroupPhotoSvg();
  const made = await cachedPictureWithTiles(cacheRoot, demoCacheKey(svg), async () => {
    const { jpeg } = await drawDemoGroupPhoto();
    return { jpeg, deepZoom: await deepZoomOf(jpeg, DEMO_FACES_FILE_ID) };
  });
  return { ...made, width: DEMO_PHOTO_WIDTH, height: DEMO_PHOTO_HEIGHT, faces };
}
