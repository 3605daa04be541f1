import { fetchMemberFile, type Progress } from '../../firebase/storage';
import { contentTypeOf, downloadFileName, storagePathOf, type CatalogueEntry } from '../../domain/catalogue';

export type { Progress };

/** Saves a Blob URL under a file name through a temporary link. */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

export interface DownloadDeps {
  fetchFile: (entry: CatalogueEntry, onProgress: (p: Progress) => void, signal: AbortSignal) => Promise<Blob>;
  createUrl: (blob: Blob) => string;
  revokeUrl: (url: string) => void;
  save: (url: string, fileName: string) => void;
}

const browserDeps: DownloadDeps = {
  fetchFile: (entry, onProgress, signal) =>
    fetchMemberFile(storagePathOf(entry), { contentType: contentTypeOf(entry), onProgress, signal }),
  createUrl: (blob) => URL.createObjectURL(blob),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  save: saveUrl,
};

/**
 * The download state of spec section 3: the current object URL and the file it belongs to. Saving the
 * same file again reuses that Blob without a new request; a different file replaces it and releases the
 * earlier URL. A file already on its way is not requested twice.
 */
export class DownloadService {
  private current: { id: string; url: string } | undefined;
  private inFlight = new Map<string, Promise<void>>();
  private controllers = new Set<AbortController>();

  constructor(private readonly deps: DownloadDeps = browserDeps) {}

  download(entry: CatalogueEntry, onProgress: (progress: Progress) => void = () => {}): Promise<void> {
    const fileName = downloadFileName(entry);
    if (this.current?.id === entry.id) {
      this.deps.save(this.current.url, fileName);
      return Promise.resolve();
    }
    const pending = this.inFlight.get(entry.id);
    if (pending) return pending;

    const controller = new AbortController();
    this.controllers.add(controller);
    const run = (async () => {
      const blob = await this.deps.fetchFile(entry, onProgress, controller.signal);
      if (controller.signal.aborted) throw controller.signal.reason;
      const url = this.deps.createUrl(blob);
      if (this.current) this.deps.revokeUrl(this.current.url);
      this.current = { id: entry.id, url };
      this.deps.save(url, fileName);
    })().finally(() => {
      this.inFlight.delete(entry.id);
      this.controllers.delete(controller);
    });
    this.inFlight.set(entry.id, run);
    return run;
  }

  /** Stops every download under way and releases the kept Blob (the page is going away). */
  dispose(): void {
    for (const controller of this.controllers)
      controller.abort(new DOMException('Page closed', 'AbortError'));
    this.controllers.clear();
    if (this.current) this.deps.revokeUrl(this.current.url);
    this.current = undefined;
  }
}
