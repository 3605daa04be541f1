import { savePhotosZip, type ZipPart } from './photo-zip';

const MiB = 1024 * 1024;
const ids = Array.from({ length: 7 }, (_, index) => `20260711T19000${index}Z_aaaaaaaaaa`);

function streamOf(bytes: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

async function run(
  partLimit: number,
  open: (photoId: string) => Promise<ReadableStream<Uint8Array>> = () => Promise.resolve(streamOf(4 * MiB)),
  isGone?: (error: unknown) => boolean,
) {
  const parts: (ZipPart & { bytes: number })[] = [];
  const progress: number[] = [];
  const { parts: count, photos } = await savePhotosZip({
    photoIds: ids,
    openStream: open,
    ...(isGone ? { isGone } : {}),
    partLimit,
    signal: new AbortController().signal,
    onProgress: ({ done }) => progress.push(done),
    pause: () => Promise.resolve(),
    sink: async (zip, part) => {
      const bytes = (await new Response(zip).arrayBuffer()).byteLength;
      parts.push({ ...part(), bytes });
    },
  });
  return { count, photos, parts, progress };
}

describe('savePhotosZip', () => {
  it('puts every photo into one zip when it streams into a file', async () => {
    const { count, photos, parts, progress } = await run(Infinity);
    expect(count).toBe(1);
    expect(photos).toBe(7);
    expect(parts).toEqual([expect.objectContaining({ number: 1, last: true, photos: 7 })]);
    expect(progress.at(-1)).toBe(7);
  });

  it('cuts parts that never go over the limit: a part ends when the next photo (up to 10 MiB) might not fit', async () => {
    // A 30 MiB limit leaves 19 MiB for photos: 4 MiB photos go 5 to a part (20 MiB read before the check stops it).
    const limit = 30 * MiB;
    const { count, parts } = await run(limit);
    expect(parts.map((part) => part.photos)).toEqual([5, 2]);
    expect(parts.map((part) => part.last)).toEqual([false, true]);
    expect(count).toBe(2);
    for (const part of parts) expect(part.bytes).toBeLessThanOrEqual(limit);
  });

  it('tries a photo again after a dropped connection, and gives up after three tries', async () => {
    let calls = 0;
    const flaky = () =>
      ++calls === 1 ? Promise.reject(new Error('network')) : Promise.resolve(streamOf(10));
    expect((await run(Infinity, flaky)).parts[0]!.photos).toBe(7);
    const broken = () => Promise.reject(new Error('network'));
    await expect(run(Infinity, broken)).rejects.toThrow('network');
  });

  it('leaves out, untried again, a photo removed after the list was read, and counts only the photos it holds', async () => {
    const removed = new Set([ids[1], ids[4]]);
    const gone = new Error('gone');
    const tries: string[] = [];
    const open = (photoId: string) => {
      tries.push(photoId);
      return removed.has(photoId) ? Promise.reject(gone) : Promise.resolve(streamOf(10));
    };
    const { photos, parts, progress } = await run(Infinity, open, (error) => error === gone);
    expect(photos).toBe(5);
    expect(parts).toEqual([expect.objectContaining({ number: 1, last: true, photos: 5 })]);
    expect(tries).toEqual(ids);
    expect(progress.at(-1)).toBe(7);
    // Any other failure still ends the zip.
    await expect(
      run(
        Infinity,
        () => Promise.reject(new Error('network')),
        (error) => error === gone,
      ),
    ).rejects.toThrow('network');
  });

  it('makes one (empty) zip when there are no photos', async () => {
    const parts: ZipPart[] = [];
    await savePhotosZip({
      photoIds: [],
      openStream: () => Promise.reject(new Error('none')),
      partLimit: Infinity,
      signal: new AbortController().signal,
      sink: async (zip, part) => {
        await new Response(zip).arrayBuffer();
        parts.push(part());
      },
    });
    expect(parts).toEqual([{ number: 1, last: true, photos: 0 }]);
  });
});
