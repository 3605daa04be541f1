import { fetchMemberFile, type Progress, type TransferEvents } from '../../firebase/storage';
import { contentTypeOf, downloadFileName, storagePathOf, type CatalogueEntry } from '../../domain/catalogue';
import { abortError, stallEvents, stallTimeoutMs, watchForStall, type StallWatch } from './stall';
import { saveUrl } from '../../lib/save-file';

export type { Progress };

/** What a file download reports: its progress, and when a request is open or a try waits. */
export type FileEvents = Required<TransferEvents> & { onProgress: (progress: Progress) => void };

/** The events of a download watched for stalls: bytes and requests re-arm the watch, a wait pauses it. */
export function watchedEvents(watch: StallWatch, onProgress: (progress: Progress) => void): FileEvents {
  return {
    ...stallEvents(watch),
    onProgress: (progress) => {
      watch.poke();
      onProgress(progress);
    },
  };
}

export interface DownloadDeps {
  fetchFile: (entry: CatalogueEntry, signal: AbortSignal, events: FileEvents) => Promise<Blob>;
  createUrl: (blob: Blob) => string;
  revokeUrl: (url: string) => void;
  save: (url: string, fileName: string) => void;
  /** How long a download may receive nothing before it is given up (read at each download). */
  stallTimeoutMs: () => number;
}

/**
 * One member file's bytes with the ID token, as a Blob of the catalogue's type (rules-checked each time), tried
 * again and resumed on a flaky connection.
 */
export function fetchEntryBlob(
  entry: CatalogueEntry,
  signal: AbortSignal,
  events: FileEvents,
): Promise<Blob> {
  return fetchMemberFile(storagePathOf(entry), { contentType: contentTypeOf(entry), signal, ...events });
}

const browserDeps: DownloadDeps = {
  fetchFile: fetchEntryBlob,
  createUrl: (blob) => URL.createObjectURL(blob),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  save: saveUrl,
  stallTimeoutMs,
};

/**
 * The download state of spec section 3: the current object URL and the file it belongs to. Saving the
 * same file again reuses that Blob without a new request; a different file replaces it and releases the
 * earlier URL. A file already on its way is not requested twice. A download that receives nothing for
 * stallTimeoutMs() while a request is open fails with DownloadStalledError (a wait between tries does not
 * count); cancel() stops one with an AbortError, during a wait too.
 */
export class DownloadService {
  private current: { id: string; url: string } | undefined;
  private inFlight = new Map<string, { run: Promise<void>; controller: AbortController }>();

  constructor(private readonly deps: DownloadDeps = browserDeps) {}

  download(entry: CatalogueEntry, onProgress: (progress: Progress) => void = () => {}): Promise<void> {
    const fileName = downloadFileName(entry);
    if (this.current?.id === entry.id) {
      this.deps.save(this.current.url, fileName);
      return Promise.resolve();
    }
    const pending = this.inFlight.get(entry.id);
    if (pending) return pending.run;

    const controller = new AbortController();
    const watch = watchForStall((stalled) => controller.abort(stalled), this.deps.stallTimeoutMs());
    const run = (async () => {
      const blob = await this.deps.fetchFile(entry, controller.signal, watchedEvents(watch, onProgress));
      controller.signal.throwIfAborted();
      this.keepAndSave(entry, blob);
    })().finally(() => {
      watch.stop();
      this.inFlight.delete(entry.id);
    });
    this.inFlight.set(entry.id, { run, controller });
    return run;
  }

  /** Saves a Blob the page already holds (the larger view of an image) as this file's download. */
  saveBlob(entry: CatalogueEntry, blob: Blob): void {
    if (this.current?.id === entry.id) this.deps.save(this.current.url, downloadFileName(entry));
    else this.keepAndSave(entry, blob);
  }

  /** Stops the file's download if one is under way (its promise rejects with an AbortError). */
  cancel(entry: CatalogueEntry): void {
    this.inFlight.get(entry.id)?.controller.abort(abortError());
  }

  /** Stops every download under way and releases the kept Blob (the page is going away). */
  dispose(): void {
    for (const { controller } of this.inFlight.values()) controller.abort(abortError('Page closed'));
    if (this.current) this.deps.revokeUrl(this.current.url);
    this.current = undefined;
  }

  private keepAndSave(entry: CatalogueEntry, blob: Blob): void {
    const url = this.deps.createUrl(blob);
    if (this.current) this.deps.revokeUrl(this.current.url);
    this.current = { id: entry.id, url };
    this.deps.save(url, downloadFileName(entry));
  }
}
