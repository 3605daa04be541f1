import { makeZip } from 'client-zip';
import { downloadFileName, safeName, storagePathOf, type CatalogueEntry } from '../../domain/catalogue';
import {
  fetchMemberFileInfo,
  isPermissionDenied,
  openMemberFileStream,
  type MemberFileInfo,
} from '../../firebase/storage';
import { currentLocale, type Locale } from '../../lib/locale';
import { m } from '../../paraglide/messages.js';
import { FILE_SECTION_LABEL } from './file-labels';
import { stallTimeoutMs, watchForStall } from './stall';

/** One catalogue file in the zip, under its section and group folders, with its download name. */
export interface ZipItem {
  entry: CatalogueEntry;
  /** e.g. "Documents/1976 Reunion/1976 Reunion Program.pdf" (in the page's language). */
  path: string;
}

/** Where a file goes in the zip: section folder / group folder / download name, all in one language. */
export function zipPathOf(entry: CatalogueEntry, locale: Locale = currentLocale()): string {
  const section = safeName(FILE_SECTION_LABEL[entry.section]({}, { locale }));
  const group = safeName(entry.group.title({}, { locale }));
  return `${section}/${group}/${downloadFileName(entry, locale)}`;
}

/** The zip's own name, e.g. "Rolette Reunion 2026 files.zip". */
export function zipFileName(locale: Locale = currentLocale()): string {
  return `${safeName(m.members_zip_name({}, { locale }))}.zip`;
}

/**
 * What goes into the zip: every catalogue file the member may read. Approval-only files are left out when the
 * account's ID token says it is not approved (`approved === false`); when that is not known they are tried,
 * and a refusal leaves them out then.
 */
export function zipPlan(
  entries: readonly CatalogueEntry[],
  approved: boolean | undefined,
  locale: Locale = currentLocale(),
): { items: ZipItem[]; skipped: CatalogueEntry[] } {
  const items: ZipItem[] = [];
  const skipped: CatalogueEntry[] = [];
  for (const entry of entries) {
    if (entry.approvalOnly && approved === false) skipped.push(entry);
    else items.push({ entry, path: zipPathOf(entry, locale) });
  }
  return { items, skipped };
}

export interface ZipProgress {
  /** 'checking': reading the files' sizes; 'saving': writing the zip. */
  phase: 'checking' | 'saving';
  /** Files finished (checked, or written into the zip). */
  files: number;
  totalFiles: number;
  /** File bytes written into the zip so far, and all of them (known once checked). */
  bytes: number;
  totalBytes: number | undefined;
}

export interface ZipResult {
  files: number;
  bytes: number;
  /** Files left out: approval-only files the account may not read. */
  skipped: CatalogueEntry[];
}

/** Where the zip is written: a file the member chose (streamed to disk), or a Blob saved the normal way. */
export type ZipSink = (zip: ReadableStream<Uint8Array>, signal: AbortSignal) => Promise<void>;

export interface ZipDeps {
  fileInfo: (path: string, signal: AbortSignal) => Promise<MemberFileInfo>;
  openStream: (path: string, signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
  stallTimeoutMs: () => number;
}

const browserDeps: ZipDeps = {
  fileInfo: fetchMemberFileInfo,
  openStream: openMemberFileStream,
  stallTimeoutMs,
};

/** How many size requests run at once before the zip starts. */
const CHECK_CONCURRENCY = 4;
/** The overall progress is reported this often at most while a file's bytes flow. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Writes every planned file into one zip and hands the zip to `sink` as a stream: the files are fetched one
 * after the other with the ID token (rules-checked requests) and flow through the zip into the sink piece by
 * piece, so with a file on disk as the sink the page holds only the pieces in transit. First the sizes are read
 * (for the overall progress, and so that a refused approval-only file is left out before the zip starts).
 * `signal` cancels (AbortError); nothing arriving for stallTimeoutMs() stops it with DownloadStalledError; any
 * failure rejects and the sink discards what it had.
 */
export async function saveZip(
  plan: { items: readonly ZipItem[]; skipped: readonly CatalogueEntry[] },
  sink: ZipSink,
  options: { signal: AbortSignal; onProgress?: (progress: ZipProgress) => void },
  deps: ZipDeps = browserDeps,
): Promise<ZipResult> {
  const controller = new AbortController();
  const forward = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) forward();
  options.signal.addEventListener('abort', forward);
  const signal = controller.signal;
  const watch = watchForStall((stalled) => controller.abort(stalled), deps.stallTimeoutMs());
  const report = options.onProgress ?? (() => {});
  try {
    const skipped = [...plan.skipped];
    const checked: { item: ZipItem; info: MemberFileInfo }[] = [];
    const infos = new Map<ZipItem, MemberFileInfo>();
    let done = 0;
    report({ phase: 'checking', files: 0, totalFiles: plan.items.length, bytes: 0, totalBytes: undefined });
    const queue = [...plan.items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        try {
          infos.set(item, await deps.fileInfo(storagePathOf(item.entry), signal));
        } catch (error) {
          if (!(item.entry.approvalOnly && isPermissionDenied(error))) throw error;
          skipped.push(item.entry);
        }
        watch.poke();
        done += 1;
        report({
          phase: 'checking',
          files: done,
          totalFiles: plan.items.length,
          bytes: 0,
          totalBytes: undefined,
        });
      }
    };
    await Promise.all(Array.from({ length: CHECK_CONCURRENCY }, worker));
    for (const item of plan.items) {
      const info = infos.get(item);
      if (info) checked.push({ item, info });
    }

    const totalBytes = checked.reduce((sum, { info }) => sum + info.size, 0);
    let bytes = 0;
    let files = 0;
    // Reported at most every PROGRESS_INTERVAL_MS while bytes flow (a report per piece of a large file would
    // re-render the page thousands of times), and always when a file is done.
    let reported = -Infinity;
    const progress = (force = false) => {
      const now = performance.now();
      if (!force && now - reported < PROGRESS_INTERVAL_MS) return;
      reported = now;
      report({ phase: 'saving', files, totalFiles: checked.length, bytes, totalBytes });
    };
    progress(true);

    async function* inputs() {
      for (const { item, info } of checked) {
        const body = await deps.openStream(storagePathOf(item.entry), signal);
        watch.poke();
        const counted = body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, stream) {
              watch.poke();
              bytes += chunk.byteLength;
              progress();
              stream.enqueue(chunk);
            },
            flush() {
              files += 1;
              progress(true);
            },
          }),
          { signal },
        );
        yield {
          name: item.path,
          input: counted,
          lastModified: info.updated ? new Date(info.updated) : new Date(),
        };
      }
    }

    const zip = makeZip(inputs(), { buffersAreUTF8: true });
    await sink(zip, signal);
    signal.throwIfAborted();
    return { files: checked.length, bytes: totalBytes, skipped };
  } catch (error) {
    // A cancel or a stall shows as itself, not as whatever broke downstream because of it.
    throw signal.aborted ? signal.reason : error;
  } finally {
    watch.stop();
    options.signal.removeEventListener('abort', forward);
  }
}

/** Sink: the whole zip into a Blob (browsers without the save-file picker), then `save` it. */
export function blobSink(save: (blob: Blob) => void): ZipSink {
  return async (zip, signal) => {
    const blob = await new Response(zip).blob();
    signal.throwIfAborted();
    save(blob.type === 'application/zip' ? blob : blob.slice(0, blob.size, 'application/zip'));
  };
}

/**
 * Sink: straight into the file the member chose in the save-file picker. On a failure or a cancel the
 * writable is aborted, which discards what was written: no half-written zip is left behind.
 */
export function fileSink(writable: WritableStream<Uint8Array>): ZipSink {
  return (zip, signal) => zip.pipeTo(writable, { signal });
}

interface SaveFilePicker {
  (options: {
    suggestedName?: string;
    types?: { description?: string; accept: Record<string, string[]> }[];
  }): Promise<{ createWritable: () => Promise<WritableStream<Uint8Array>> }>;
}

/** The browser's save-file picker (File System Access API, Chromium), or undefined where there is none. */
export function saveFilePicker(): SaveFilePicker | undefined {
  const picker = (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  return typeof picker === 'function' ? (picker.bind(globalThis) as SaveFilePicker) : undefined;
}
