import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { CATALOGUE, THUMBNAIL_WIDTH, hasThumbnail } from '../../src/domain/catalogue.ts';
import { demoFile } from '../../tools/local/seed/demo-files.ts';
import { md5Base64 } from './member-files.ts';
import {
  SOURCE_MD5_METADATA_KEY,
  makeThumbnail,
  thumbnailMetadata,
  thumbnailProblems,
} from './thumbnails.ts';

const photo = CATALOGUE.find((entry) => entry.id === 'group-photo-1976')!;

describe('thumbnails', () => {
  it("makes a JPEG 480 pixels wide with the image's proportions, much smaller than the image", async () => {
    const image = await demoFile(photo);
    const thumbnail = await makeThumbnail(image);
    const info = await sharp(thumbnail).metadata();
    expect(info.format).toBe('jpeg');
    expect([info.width, info.height]).toEqual([THUMBNAIL_WIDTH, 300]); // 800x500 -> 480x300
    expect(thumbnail.byteLength).toBeLessThan(image.byteLength);
    // Deterministic: the same image gives the same preview.
    expect((await makeThumbnail(image)).equals(thumbnail)).toBe(true);
  });

  it('keeps a smaller image at its width, turns it upright and drops its metadata', async () => {
    // 200x100 landscape pixels stored with EXIF orientation 6 (shown turned 90°: 100x200).
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#a08060' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const info = await sharp(await makeThumbnail(small)).metadata();
    expect([info.width, info.height]).toEqual([100, 200]);
    expect(info.orientation).toBeUndefined();
    expect(info.exif).toBeUndefined();
  });

  it('refuses bytes that are not an image', async () => {
    await expect(makeThumbnail(Buffer.from('%PDF-1.4 not an image'))).rejects.toThrow();
  });

  it("is stored with its image's access and the content it was made from", async () => {
    for (const entry of CATALOGUE.filter(hasThumbnail)) {
      const metadata = thumbnailMetadata(entry, 'abc==');
      expect(metadata.contentType).toBe('image/jpeg');
      expect(metadata.metadata).toEqual({
        access: entry.approvalOnly ? 'approved' : 'verified',
        [SOURCE_MD5_METADATA_KEY]: 'abc==',
      });
    }
    const approvalOnlyImage = { ...photo, approvalOnly: true };
    expect(thumbnailMetadata(approvalOnlyImage, 'x').metadata.access).toBe('approved');
    expect(thumbnailMetadata(photo, 'x').contentDisposition).toBe(
      'attachment; filename="1976 Reunion Group Photo (preview).jpg"',
    );
  });

  it('tells a missing, wrong or out-of-date preview', async () => {
    const md5 = md5Base64(await demoFile(photo));
    const good = { contentType: 'image/jpeg', metadata: thumbnailMetadata(photo, md5).metadata };
    expect(thumbnailProblems(photo, { md5Hash: md5 }, good)).toEqual([]);
    expect(thumbnailProblems(photo, { md5Hash: md5 }, undefined)).toEqual(['preview missing']);
    expect(
      thumbnailProblems(photo, { md5Hash: 'other==' }, { ...good, contentType: 'image/png', metadata: {} }),
    ).toEqual(['preview type', 'preview access', 'preview out of date']);
  });
});
