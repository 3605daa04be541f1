import { useCallback, useEffect, useRef, useState } from 'react';
import { saveFilePicker, saveUrl } from './save-file';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Where a zip goes: the file chosen in the save-file picker, or Blobs saved through the browser's download. */
export interface ZipTarget {
  /** The chosen file, streamed into (the page's memory stays flat); undefined where there is no picker. */
  writable: WritableStream<Uint8Array> | undefined;
  /** Saves a finished zip under a name, the normal way; its object URL lives until the page goes. */
  saveBlob: (blob: Blob, fileName: string) => void;
}

export type ZipOutcome<R> =
  { kind: 'done'; result: R } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

export interface ZipDownloadOptions<R, P> {
  /** The name the picker suggests, and the type it offers. */
  suggestedName: string;
  fileType: string;
  /** Makes the zip into the target, reporting progress; rejects with the signal's reason when cancelled. */
  write: (target: ZipTarget, signal: AbortSignal, onProgress: (progress: P) => void) => Promise<R>;
  /** Told of a run that failed (not of one cancelled), besides its outcome. */
  onFailed?: (error: unknown) => void;
}

export interface ZipDownload<R, P> {
  busy: boolean;
  /** The last progress reported while busy (undefined while preparing). */
  progress: P | undefined;
  /** How the last run ended; undefined before the first or while one runs, and when the picker was closed. */
  outcome: ZipOutcome<R> | undefined;
  /** Starts a run; call it from the click itself (the save-file picker needs the member's gesture). */
  start: () => Promise<void>;
  /** Stops the run under way, nothing kept, and gives the focus back to `button`. */
  cancel: () => void;
  /** The start button: it gets the focus back after a cancel (the Cancel button it pressed is gone). */
  button: React.RefObject<HTMLButtonElement | null>;
}

/**
 * "Download all" as a zip, for every such button: the save-file picker opened in the click where the browser has
 * one (a cancelled picker changes nothing), otherwise Blobs saved the normal way; progress, Cancel, and a run that
 * fails or is cancelled part-way leaves nothing half-saved and the button usable. A run still going when the page
 * goes is stopped, and the saved Blobs' object URLs are revoked then.
 */
export function useZipDownload<R, P>({
  suggestedName,
  fileType,
  write,
  onFailed,
}: ZipDownloadOptions<R, P>): ZipDownload<R, P> {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<P | undefined>();
  const [outcome, setOutcome] = useState<ZipOutcome<R> | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);
  const urls = useRef<string[]>([]);
  const button = useRef<HTMLButtonElement | null>(null);
  const refocus = useRef(false);

  useEffect(
    () => () => {
      controller.current?.abort(new DOMException('Page closed', 'AbortError'));
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );
  useEffect(() => {
    if (!busy && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [busy]);

  const start = useCallback(async () => {
    if (controller.current) return;
    // Before anything is awaited: the picker opens only within the click's gesture.
    const chosen = saveFilePicker()?.({
      suggestedName,
      types: [{ description: fileType, accept: { 'application/zip': ['.zip'] } }],
    });
    const run = new AbortController();
    controller.current = run;
    setBusy(true);
    setOutcome(undefined);
    setProgress(undefined);
    try {
      const handle = await chosen?.catch((error: unknown) => {
        if (isAbort(error)) throw error; // the member closed the picker
        console.warn('Save-file picker unavailable, saving through the browser instead', error);
        return undefined;
      });
      const target: ZipTarget = {
        writable: handle ? await handle.createWritable() : undefined,
        saveBlob: (blob, fileName) => {
          const url = URL.createObjectURL(
            blob.type === 'application/zip' ? blob : blob.slice(0, blob.size, 'application/zip'),
          );
          urls.current.push(url);
          saveUrl(url, fileName);
        },
      };
      const result = await write(target, run.signal, setProgress);
      setOutcome({ kind: 'done', result });
    } catch (error) {
      if (!isAbort(error)) {
        console.warn('A zip download failed', error);
        setOutcome({ kind: 'failed', error });
        onFailed?.(error);
      } else if (run.signal.aborted) {
        setOutcome({ kind: 'cancelled' });
      }
    } finally {
      controller.current = undefined;
      setBusy(false);
      setProgress(undefined);
    }
  }, [suggestedName, fileType, write, onFailed]);

  const cancel = useCallback(() => {
    refocus.current = true;
    controller.current?.abort(new DOMException('Cancelled', 'AbortError'));
  }, []);

  return { busy, progress, outcome, start, cancel, button };
}
