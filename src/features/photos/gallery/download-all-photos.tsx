import { useEffect, useRef, useState } from 'react';
import { Button, ProgressBar, Spinner } from 'react-bootstrap';
import { listAllShared, openPhotoStream } from '../../../firebase/photos';
import { formatPercent } from '../../../lib/format';
import { formatCount } from '../../../lib/format-sizes';
import { saveFilePicker, saveUrl } from '../../../lib/save-file';
import { m } from '../../../paraglide/messages.js';
import { PART_LIMIT_BYTES, savePhotosZip, type PhotosZipProgress, type ZipSink } from './photo-zip';

type Outcome = { kind: 'done'; photos: number; parts: number } | { kind: 'cancelled' } | { kind: 'failed' };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function zipName(part?: number): string {
  const name = m.photos_zip_name().replace(/[\\/:*?"<>|]+/g, ' ');
  return part === undefined ? `${name}.zip` : `${name} ${m.photos_zip_part({ n: String(part) })}.zip`;
}

/**
 * "Download all photos": every shared photo in a .zip (./photo-zip.ts), through the save-file picker where there
 * is one (a single file, streamed), else as parts of at most 500 MB saved one after the other. Progress, Cancel,
 * and a failure part-way says so and leaves the button usable.
 */
export function DownloadAllPhotos() {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<PhotosZipProgress | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);
  const urls = useRef<string[]>([]);

  useEffect(
    () => () => {
      controller.current?.abort(new DOMException('Page closed', 'AbortError'));
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const start = async () => {
    if (busy) return;
    // The picker must open in the click itself (it needs the user's gesture): before anything is awaited.
    const chosen = saveFilePicker()?.({
      suggestedName: zipName(),
      types: [{ description: m.photos_zip_type(), accept: { 'application/zip': ['.zip'] } }],
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
      const photoIds = await listAllShared(run.signal);
      let sink: ZipSink;
      if (handle) {
        const writable = await handle.createWritable();
        sink = (zip, _part, signal) => zip.pipeTo(writable, { signal });
      } else {
        sink = async (zip, part, signal) => {
          const blob = await new Response(zip).blob();
          signal.throwIfAborted();
          const { number, last } = part();
          const url = URL.createObjectURL(blob.slice(0, blob.size, 'application/zip'));
          urls.current.push(url);
          saveUrl(url, number === 1 && last ? zipName() : zipName(number));
        };
      }
      const parts = await savePhotosZip({
        photoIds,
        openStream: openPhotoStream,
        sink,
        partLimit: handle ? Infinity : PART_LIMIT_BYTES,
        signal: run.signal,
        onProgress: setProgress,
      });
      setOutcome({ kind: 'done', photos: photoIds.length, parts });
    } catch (error) {
      if (isAbort(error)) setOutcome({ kind: 'cancelled' });
      else {
        console.warn('The zip of every photo failed', error);
        setOutcome({ kind: 'failed' });
      }
    } finally {
      controller.current = undefined;
      setBusy(false);
    }
  };

  const fraction = progress && progress.total > 0 ? progress.done / progress.total : undefined;
  return (
    <div className="download-all-photos">
      <div className="d-flex flex-wrap align-items-center gap-2 justify-content-end">
        <Button variant="outline-primary" size="sm" onClick={start} disabled={busy} aria-busy={busy}>
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />}
          {m.photos_download_all()}
        </Button>
        {busy && (
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => controller.current?.abort(new DOMException('Cancelled', 'AbortError'))}
            aria-label={m.photos_download_all_cancel()}
          >
            {m.members_cancel()}
          </Button>
        )}
      </div>
      <div role="status" className="small text-end mt-1 download-all-photos-status">
        {busy && progress && progress.total > 0 && (
          <span>
            {m.photos_download_all_progress({
              count: progress.total,
              done: formatCount(progress.done),
              total: formatCount(progress.total),
            })}
          </span>
        )}
        {busy && !progress && <span>{m.photos_download_all_preparing()}</span>}
        {!busy && outcome?.kind === 'done' && (
          <span>
            {outcome.parts > 1
              ? m.photos_download_all_done_parts({
                  count: formatCount(outcome.photos),
                  parts: formatCount(outcome.parts),
                })
              : m.photos_download_all_done({ count: outcome.photos, n: formatCount(outcome.photos) })}
          </span>
        )}
        {!busy && outcome?.kind === 'cancelled' && <span>{m.photos_download_all_cancelled()}</span>}
        {!busy && outcome?.kind === 'failed' && <span>{m.photos_download_all_failed()}</span>}
      </div>
      {busy && fraction !== undefined && (
        <ProgressBar
          className="mt-1"
          now={Math.round(fraction * 100)}
          label={formatPercent(fraction)}
          aria-label={m.photos_download_all_progress_label()}
        />
      )}
    </div>
  );
}
