import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { descriptorPathOf, tilePathOf } from '../../src/domain/faces.ts';
import { deepZoomOf } from './deep-zoom.ts';

/** A picture of `width` x `height`: red on the left half, blue on the right, stored with an EXIF orientation. */
function picture(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width: Math.ceil(width / 2), height, channels: 3, background: '#c00' } })
    .extend({ right: Math.floor(width / 2), background: '#00c' })
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer();
}

describe('deepZoomOf', () => {
  it('cuts a picture into 256 px tiles at every level, the descriptor first, each under its bucket path', async () => {
    const zoom = await deepZoomOf(await picture(1000, 700), 'group-photo-1976');
    expect([zoom.width, zoom.height]).toEqual([1000, 700]);
    const [descriptor, ...tiles] = zoom.files;
    expect(descriptor!.path).toBe(descriptorPathOf('group-photo-1976'));
    expect(descriptor!.contentType).toBe('application/xml');
    const xml = descriptor!.bytes.toString('utf8');
    expect(xml).toMatch(/TileSize="256"/);
    expect(xml).toMatch(/Overlap="1"/);
    expect(xml).toMatch(/Format="jpeg"/);
    expect(xml).toMatch(/Width="1000"/);
    expect(xml).toMatch(/Height="700"/);
    // Levels 0 (1 px) to 10 (1000 px wide): the last has 4 columns and 3 rows of tiles.
    const paths = tiles.map((tile) => tile.path);
    expect(paths).toContain(tilePathOf('group-photo-1976', 0, 0, 0));
    const top = paths.filter((path) => path.includes('/image_files/10/'));
    expect(top).toHaveLength(12);
    expect(top.at(-1)).toBe(tilePathOf('group-photo-1976', 10, 3, 2));
    expect(paths.some((path) => path.includes('/image_files/11/'))).toBe(false);
    // In order: level by level, then column and row.
    expect(paths.indexOf(tilePathOf('group-photo-1976', 9, 0, 0))).toBeLessThan(
      paths.indexOf(tilePathOf('group-photo-1976', 10, 0, 0)),
    );
    const first = tiles.find((tile) => tile.path === tilePathOf('group-photo-1976', 10, 0, 0))!;
    expect(first.contentType).toBe('image/jpeg');
    const info = await sharp(first.bytes).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 257, 257]);
  });

  it('turns the picture upright first (EXIF orientation 6: stored on its side)', async () => {
    const zoom = await deepZoomOf(await picture(600, 400, 6), 'upright');
    expect([zoom.width, zoom.height]).toEqual([400, 600]);
    // Level 8 of 10: the whole picture at a quarter of its size, 100 x 150, in one tile.
    const whole = zoom.files.find((file) => file.path === tilePathOf('upright', 8, 0, 0))!;
    const { data, info } = await sharp(whole.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 150]);
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    // Turned a quarter right, the red left half is now on top, the blue one below.
    expect(at(50, 30)[0]).toBeGreaterThan(150);
    expect(at(50, 30)[2]).toBeLessThan(100);
    expect(at(50, 120)[2]).toBeGreaterThan(150);
    expect(at(50, 120)[0]).toBeLessThan(100);
  });
});
