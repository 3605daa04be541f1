import JSZip from 'jszip';
import { CATALOGUE, type CatalogueEntry } from '../../domain/catalogue';
import { StorageRequestError } from '../../firebase/storage';
import { openResumable } from '../../lib/resume';
import { DownloadStalledError } from './stall';
import { saveZip, zipFileName, zipFraction, zipPathOf, zipPlan, type ZipDeps, type ZipProgress } from './zip';

vi.mock('../../firebase/auth', () => ({ idToken: () => Promise.resolve('token') }));

const byId = (id: string) => CATALOGUE.find((entry) => entry.id === id)!;
const program = byId('program-1976');
const attendees = byId('attendees-list-1976');
const photo = byId('threshing-crew');

/**
 * Fake storage: each path's bytes; `refuse` answers 403, `fail` 500, `hang` never answers (`<path>#body`: the
 * answer comes, its body never does); `cut` breaks each listed file's first answer half-way, and the download
 * resumes it through the real resume code (src/lib/resume.ts) with a Range request.
 */
function fakeStorage(
  files: Map<string, Uint8Array<ArrayBuffer>>,
  {
    refuse = [] as string[],
    fail = [] as string[],
    hang = [] as string[],
    cut = [] as string[],
    ranges = [] as string[],
  } = {},
): ZipDeps {
  const never = (signal: AbortSignal) =>
    new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  const check = (path: string) => {
    if (refuse.includes(path)) throw new StorageRequestError(403);
    if (fail.includes(path)) throw new StorageRequestError(500);
  };
  return {
    openStream: async (path, { signal }) => {
      check(path);
      if (hang.includes(path)) return never(signal);
      const bytes = files.get(path)!;
      if (hang.includes(`${path}#body`))
        return { stream: new ReadableStream({ pull: () => never(signal) }), size: bytes.byteLength };
      if (!cut.includes(path)) return { stream: new Response(bytes).body!, size: bytes.byteLength };
      let broken = false;
      return openResumable({
        signal,
        sleep: () => Promise.resolve(),
        open: async (offset) => {
          if (offset > 0) ranges.push(`${path} bytes=${offset}-`);
          const rest = bytes.subarray(offset);
          const half = Math.floor(bytes.byteLength / 2);
          let sent = false;
          const body = broken
            ? new Response(rest).body!
            : new ReadableStream<Uint8Array>({
                pull(controller) {
                  // The first half arrives, then the connection breaks.
                  if (sent) controller.error(new TypeError('network error'));
                  else controller.enqueue(bytes.slice(0, half));
                  sent = true;
                },
              });
          broken = true;
          return { status: offset > 0 ? 206 : 200, body, length: rest.byteLength };
        },
      });
    },
    stallTimeoutMs: () => 30_000,
  };
}

function bytesOf(entry: CatalogueEntry): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`bytes of ${entry.id} `.repeat(50));
}

const filesOf = (entries: CatalogueEntry[]) =>
  new Map(
    entries.map((entry) => [
      `members/${entry.section}/${entry.id}.${entry.kind === 'jpeg' ? 'jpg' : entry.kind}`,
      bytesOf(entry),
    ]),
  );

/** A sink that keeps the zip's bytes. */
function memorySink() {
  const sink = { bytes: undefined as Uint8Array | undefined };
  return {
    sink,
    write: async (zip: ReadableStream<Uint8Array>) => {
      sink.bytes = new Uint8Array(await new Response(zip).arrayBuffer());
    },
  };
}

describe('zip of every file', () => {
  it("puts each file under its section and group, named as its download, in the page's language", () => {
    expect(zipPathOf(program, 'en')).toBe('Documents/1976 Reunion/1976 Reunion Program.pdf');
    expect(zipPathOf(program, 'nb')).toBe(
      'Dokumenter/Slektstreffet i 1976/Program for slektstreffet i 1976.pdf',
    );
    expect(zipPathOf(photo, 'en')).toBe('Images/Rolette County History/Threshing Crew.jpg');
    expect(zipFileName('en')).toMatch(/\.zip$/);
    expect(zipFileName('nb')).not.toBe(zipFileName('en'));
    const paths = CATALOGUE.map((entry) => zipPathOf(entry, 'nb'));
    expect(new Set(paths).size).toBe(CATALOGUE.length);
  });

  it('leaves the approval-only files out when the account is known not to be approved', () => {
    const notApproved = zipPlan(CATALOGUE, false, 'en');
    expect(notApproved.skipped.map((entry) => entry.id)).toEqual([
      'attendees-list-1976',
      'time-capsule-list',
      'group-photo-identification-1976',
    ]);
    expect(notApproved.items).toHaveLength(CATALOGUE.length - 3);
    expect(zipPlan(CATALOGUE, true, 'en').skipped).toEqual([]);
    expect(zipPlan(CATALOGUE, undefined, 'en').items).toHaveLength(CATALOGUE.length);
  });

  it('writes a zip with every file, byte for byte, and reports the overall progress', async () => {
    const entries = [program, attendees, photo];
    const files = filesOf(entries);
    const { sink, write } = memorySink();
    const progress: ZipProgress[] = [];
    const result = await saveZip(
      zipPlan(entries, true, 'en'),
      write,
      { signal: new AbortController().signal, onProgress: (p) => progress.push(p) },
      fakeStorage(files),
    );
    const total = [...files.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0);
    expect(result).toEqual({ files: 3, bytes: total, skipped: [] });
    const zip = await JSZip.loadAsync(sink.bytes!);
    expect(Object.keys(zip.files).sort()).toEqual(entries.map((entry) => zipPathOf(entry, 'en')).sort());
    for (const entry of entries) {
      const inside = await zip.file(zipPathOf(entry, 'en'))!.async('uint8array');
      expect(Buffer.from(inside).equals(Buffer.from(bytesOf(entry)))).toBe(true);
    }
    expect(progress[0]).toEqual({ files: 0, totalFiles: 3, bytes: 0, fileBytes: 0, fileSize: undefined });
    expect(progress.at(-1)).toEqual({
      files: 3,
      totalFiles: 3,
      bytes: total,
      fileBytes: 0,
      fileSize: undefined,
    });
    const fractions = progress.map(zipFraction);
    expect(fractions.at(-1)).toBe(1);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions); // never goes back
  });

  it('two zips of the same files are the same bytes (dates from the catalogue, never the time of the download)', async () => {
    const entries = [program, attendees, photo];
    const files = filesOf(entries);
    const zips: Uint8Array[] = [];
    for (const when of ['2026-03-01T10:00:00Z', '2027-11-30T23:59:59Z']) {
      vi.useFakeTimers({ now: new Date(when), toFake: ['Date'] });
      try {
        const { sink, write } = memorySink();
        await saveZip(
          zipPlan(entries, true, 'en'),
          write,
          { signal: new AbortController().signal },
          fakeStorage(files),
        );
        zips.push(sink.bytes!);
      } finally {
        vi.useRealTimers();
      }
    }
    expect(Buffer.from(zips[0]!).equals(Buffer.from(zips[1]!))).toBe(true);
    const zip = await JSZip.loadAsync(zips[0]!);
    expect(zip.file(zipPathOf(program, 'en'))!.date.getUTCFullYear()).toBe(2026);
  });

  it('a file whose stream breaks half-way is resumed with Range and the zip holds it whole', async () => {
    const entries = [program, attendees, photo];
    const files = filesOf(entries);
    const ranges: string[] = [];
    const { sink, write } = memorySink();
    const result = await saveZip(
      zipPlan(entries, true, 'en'),
      write,
      { signal: new AbortController().signal },
      fakeStorage(files, { cut: ['members/images/threshing-crew.jpg'], ranges }),
    );
    const half = Math.floor(bytesOf(photo).byteLength / 2);
    expect(ranges).toEqual([`members/images/threshing-crew.jpg bytes=${half}-`]);
    expect(result.bytes).toBe([...files.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0));
    const zip = await JSZip.loadAsync(sink.bytes!);
    for (const entry of entries) {
      const inside = await zip.file(zipPathOf(entry, 'en'))!.async('uint8array');
      expect(Buffer.from(inside).equals(Buffer.from(bytesOf(entry))), entry.id).toBe(true);
    }
  });

  it('the fraction done: whole files plus the part of the current one, and never past 1', () => {
    const at = (files: number, fileBytes: number, fileSize: number | undefined, totalFiles = 4): number =>
      zipFraction({ files, totalFiles, bytes: 0, fileBytes, fileSize });
    expect(at(0, 0, undefined)).toBe(0);
    expect(at(1, 50, 100)).toBe(0.375);
    expect(at(2, 10, undefined)).toBe(0.5);
    expect(at(3, 500, 100)).toBe(1);
    expect(at(0, 0, undefined, 0)).toBe(0);
  });

  it('leaves out an approval-only file that Storage refuses, and fails on any other refusal', async () => {
    const entries = [program, attendees];
    const files = filesOf(entries);
    const { sink, write } = memorySink();
    const refused = fakeStorage(files, { refuse: ['members/documents/attendees-list-1976.xlsx'] });
    const result = await saveZip(
      zipPlan(entries, undefined, 'en'),
      write,
      { signal: new AbortController().signal },
      refused,
    );
    expect(result.skipped).toEqual([attendees]);
    expect(Object.keys((await JSZip.loadAsync(sink.bytes!)).files)).toEqual([zipPathOf(program, 'en')]);

    const failing = fakeStorage(files, { refuse: ['members/documents/program-1976.pdf'] });
    await expect(
      saveZip(
        zipPlan(entries, true, 'en'),
        memorySink().write,
        { signal: new AbortController().signal },
        failing,
      ),
    ).rejects.toBeInstanceOf(StorageRequestError);
  });

  it('a cancel rejects with an AbortError and the sink gets no complete zip', async () => {
    const entries = [program, photo];
    const files = filesOf(entries);
    const controller = new AbortController();
    const deps = fakeStorage(files, { hang: ['members/images/threshing-crew.jpg#body'] });
    const { sink, write } = memorySink();
    const pending = saveZip(zipPlan(entries, true, 'en'), write, { signal: controller.signal }, deps);
    setTimeout(() => controller.abort(new DOMException('Cancelled', 'AbortError')), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(sink.bytes).toBeUndefined();
  });

  it('stops with DownloadStalledError when nothing arrives for the stall timeout', async () => {
    const entries = [program];
    const deps = {
      ...fakeStorage(filesOf(entries), { hang: ['members/documents/program-1976.pdf'] }),
      stallTimeoutMs: () => 30,
    };
    await expect(
      saveZip(
        zipPlan(entries, true, 'en'),
        memorySink().write,
        { signal: new AbortController().signal },
        deps,
      ),
    ).rejects.toBeInstanceOf(DownloadStalledError);
  });
});
