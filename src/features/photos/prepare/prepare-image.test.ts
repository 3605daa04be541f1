import { isHeif, prepareImage, PrepareError, type DecodedImage, type ImagePlatform } from './prepare-image';
import { MAX_ORIGINAL_BYTES } from '../../../domain/photo-size';

// jsdom's Blob has no arrayBuffer(); browsers and workers have.
Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(this);
  });
};

interface FakeImage extends DecodedImage {
  closed: boolean;
}

/** A platform whose "JPEG" is as many bytes as `bytesPerPixel` says for the size and quality asked. */
function fakePlatform({
  width = 4000,
  height = 3000,
  decodes = true,
  bytes = (pixels: number, quality: number) => Math.round(pixels * quality * 0.2),
} = {}) {
  const encodes: { width: number; height: number; quality: number }[] = [];
  const images: FakeImage[] = [];
  const platform: ImagePlatform<FakeImage> = {
    async decode() {
      if (!decodes) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      const image: FakeImage = {
        width,
        height,
        closed: false,
        close() {
          image.closed = true;
        },
      };
      images.push(image);
      return image;
    },
    async encode(_image, size, quality) {
      encodes.push({ ...size, quality });
      // Only its size matters here: no bytes are made.
      return { size: bytes(size.width * size.height, quality), type: 'image/jpeg' } as Blob;
    },
    now: () => 0,
  };
  return { platform, encodes, images };
}

const HEIC_HEAD = new Uint8Array(
  [0, 0, 0, 24, ...'ftypheic'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c)),
);

function file(bytes: BlobPart[], name = 'IMG_0001.JPG', lastModified = Date.UTC(2026, 6, 10, 18)): File {
  return new File(bytes, name, { type: 'image/jpeg', lastModified });
}

describe('prepareImage', () => {
  it('makes a photo of at most 2560 px and a 480 px thumbnail at quality 0.85, and closes the bitmap', async () => {
    const { platform, encodes, images } = fakePlatform();
    const prepared = await prepareImage(file([new Uint8Array(100)]), platform);
    expect(encodes).toEqual([
      { width: 2560, height: 1920, quality: 0.85 },
      { width: 480, height: 360, quality: 0.85 },
    ]);
    expect(prepared.photoSize).toEqual({ width: 2560, height: 1920 });
    expect(prepared.thumbnailSize).toEqual({ width: 480, height: 360 });
    expect(prepared.takenAt).toBe('2026-07-10T18:00:00.000Z');
    expect(prepared.takenAtSource).toBe('file');
    expect(images[0]!.closed).toBe(true);
  });

  it('lowers the quality, then the size, until the photo fits in 10 MiB', async () => {
    // 2560x1920 at 0.85 would be 4.9 M * 0.85 * 3 = 12.5 MB.
    const { platform, encodes } = fakePlatform({
      bytes: (pixels, quality) => Math.round(pixels * quality * 3),
    });
    const prepared = await prepareImage(file([new Uint8Array(10)]), platform);
    expect(prepared.photo.size).toBeLessThanOrEqual(10 * 1024 * 1024);
    expect(encodes.slice(0, 2).map((encode) => encode.quality)).toEqual([0.85, 0.75]);
  });

  it('gives up on a picture that stays too large even small ("too-detailed")', async () => {
    const { platform, images } = fakePlatform({ bytes: () => 20 * 1024 * 1024 });
    await expect(prepareImage(file([new Uint8Array(10)]), platform)).rejects.toEqual(
      new PrepareError('too-detailed'),
    );
    expect(images[0]!.closed).toBe(true);
  });

  it('refuses a file over 40 MB before reading it', async () => {
    const { platform, encodes } = fakePlatform();
    const big = file([new Uint8Array(10)]);
    Object.defineProperty(big, 'size', { value: MAX_ORIGINAL_BYTES + 1 });
    await expect(prepareImage(big, platform)).rejects.toEqual(new PrepareError('too-large'));
    expect(encodes).toEqual([]);
  });

  it('names a HEIC file the browser cannot decode, and any other file it cannot decode', async () => {
    const { platform } = fakePlatform({ decodes: false });
    await expect(prepareImage(file([HEIC_HEAD], 'IMG_0002.HEIC'), platform)).rejects.toEqual(
      new PrepareError('heic'),
    );
    await expect(prepareImage(file([new Uint8Array([1, 2, 3])], 'notes.txt'), platform)).rejects.toEqual(
      new PrepareError('undecodable'),
    );
  });
});

describe('isHeif', () => {
  it('knows HEIC by its ftyp box, also by a compatible brand', () => {
    expect(isHeif(HEIC_HEAD)).toBe(true);
    const mif1 = new Uint8Array(24);
    mif1.set([0, 0, 0, 24]);
    mif1.set(
      [...'ftypavif\0\0\0\0mif1'].map((c) => c.charCodeAt(0)),
      4,
    );
    expect(isHeif(mif1)).toBe(true);
  });

  it('is false for a JPEG, an MP4 and short files', () => {
    expect(isHeif(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(false);
    const mp4 = new Uint8Array(16);
    mp4.set([0, 0, 0, 16]);
    mp4.set(
      [...'ftypisom'].map((c) => c.charCodeAt(0)),
      4,
    );
    expect(isHeif(mp4)).toBe(false);
    expect(isHeif(new Uint8Array(4))).toBe(false);
  });
});
