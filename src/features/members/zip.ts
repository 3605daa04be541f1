import { makeZip } from 'client-zip';
import {
  CATALOGUE_DATE,
  downloadFileName,
  safeName,
  storagePathOf,
  type CatalogueEntry,
} from '../../domain/catalogue';
import { isPermissionDenied, openMemberFileStream, type TransferEvents } from '../../firebase/storage';
import { currentLocale } from '../../lib/locale';
import { type Locale } from '../../lib/locale-path';
import { m } from '../../paraglide/messages.js';
import { FILE_SECTION_LABEL } from './file-labels';
import { stallEvents, stallTimeoutMs, watchForStall } from './stall';

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
  /** Files written into the zip so far. */
  files: number;
  /** Files the zip will hold (one fewer for each refused approval-only file left out on the way). */
  totalFiles: number;
  /** File bytes written into the zip so far, all files together. */
  bytes: number;
  /** Bytes of the file being written so far, and its size once its answer said (Content-Length). */
  fileBytes: number;
  fileSize: number | undefined;
}

/**
 * How far the zip has come, 0 to 1: the files written, plus the part of the one being written. No sizes are
 * known before each file's own answer (the page never reads a file's metadata: that would give it a download
 * token), so each file counts as one step.
 */
export function zipFraction(progress: ZipProgress): number {
  if (progress.totalFiles <= 0) return 0;
  const current = progress.fileSize ? Math.min(progress.fileBytes / progress.fileSize, 1) : 0;
  return Math.min((progress.files + current) / progress.totalFiles, 1);
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
  openStream: (
    path: string,
    options: TransferEvents & { signal: AbortSignal },
  ) => Promise<{ stream: ReadableStream<Uint8Array>; size: number | undefined }>;
  stallTimeoutMs: () => number;
}

const browserDeps: ZipDeps = {
  openStream: openMemberFileStream,
  stallTimeoutMs,
};

/** The overall progress is reported this often at most while a file's bytes flow. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * The date on every file in the zip: the catalogue's (a fixed record, never the time of the download), so that
 * two zips of the same files are the same bytes. Written as local time, as zip dates are.
 */
const ZIP_DATE = new Date(CATALOGUE_DATE);

/**
 * Writes every planned file into one zip and hands the zip to `sink` as a stream: the files are fetched one
 * after the other with the ID token (rules-checked media GETs only, tried again and resumed on a flaky
 * connection) and flow through the zip into the sink piece by piece, so with a file on disk as the sink the page
 * holds only the pieces in transit. An approval-only file that Storage refuses is left out (before any of it is
 * written). `signal` cancels (AbortError); nothing arriving for stallTimeoutMs() while a request is open stops it
 * with DownloadStalledError (a wait between tries does not count); any failure rejects and the sink discards
 * what it had.
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
    const state: ZipProgress = {
      files: 0,
      totalFiles: plan.items.length,
      bytes: 0,
      fileBytes: 0,
      fileSize: undefined,
    };
    // Reported at most every PROGRESS_INTERVAL_MS while bytes flow (a report per piece of a large file would
    // re-render the page thousands of times), and always when a file starts or is done.
    let reported = -Infinity;
    const progress = (force = false) => {
      const now = performance.now();
      if (!force && now - reported < PROGRESS_INTERVAL_MS) return;
      reported = now;
      report({ ...state });
    };
    progress(true);

    async function* inputs() {
      for (const item of plan.items) {
        let opened: { stream: ReadableStream<Uint8Array>; size: number | undefined };
        try {
          opened = await deps.openStream(storagePathOf(item.entry), { signal, ...stallEvents(watch) });
        } catch (error) {
          if (!(item.entry.approvalOnly && isPermissionDenied(error))) throw error;
          skipped.push(item.entry);
          state.totalFiles -= 1;
          progress(true);
          continue;
        }
        watch.poke();
        state.fileBytes = 0;
        state.fileSize = opened.size;
        progress(true);
        const counted = opened.stream.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, stream) {
              watch.poke();
              state.bytes += chunk.byteLength;
              state.fileBytes += chunk.byteLength;
              progress();
              stream.enqueue(chunk);
            },
            flush() {
              state.files += 1;
              state.fileBytes = 0;
              state.fileSize = undefined;
              progress(true);
            },
          }),
          { signal },
        );
        yield { name: item.path, input: counted, lastModified: ZIP_DATE };
      }
    }

    const zip = makeZip(inputs(), { buffersAreUTF8: true });
    await sink(zip, signal);
    signal.throwIfAborted();
    return { files: state.files, bytes: state.bytes, skipped };
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
    save(blob);
  };
}

/**
 * Sink: straight into the file the member chose in the save-file picker. On a failure or a cancel the
 * writable is aborted, which discards what was written: no half-written zip is left behind.
 */
export function fileSink(writable: WritableStream<Uint8Array>): ZipSink {
  return (zip, signal) => zip.pipeTo(writable, { signal });
}
