import { useCallback } from 'react';
import { Button, ProgressBar, Spinner } from 'react-bootstrap';
import { isNotFound, listAllShared, openPhotoStream } from '../../../firebase/photos';
import { formatPercent } from '../../../lib/format';
import { formatCount } from '../../../lib/format-sizes';
import { useZipDownload, type ZipTarget } from '../../../lib/use-zip-download';
import { m } from '../../../paraglide/messages.js';
import { PART_LIMIT_BYTES, savePhotosZip, type PhotosZipProgress, type ZipSink } from './photo-zip';

function zipName(part?: number): string {
  const name = m.photos_zip_name().replace(/[\\/:*?"<>|]+/g, ' ');
  return part === undefined ? `${name}.zip` : `${name} ${m.photos_zip_part({ n: String(part) })}.zip`;
}

/**
 * "Download all photos": every shared photo in a .zip (./photo-zip.ts), through the save-file picker where there
 * is one (a single file, streamed), else as parts of at most 500 MB saved one after the other. Progress, Cancel,
 * and a failure part-way says so and leaves the button usable. A photo removed while the zip is made is left out.
 */
export function DownloadAllPhotos() {
  const write = useCallback(
    async (target: ZipTarget, signal: AbortSignal, onProgress: (progress: PhotosZipProgress) => void) => {
      const photoIds = await listAllShared(signal);
      const { writable } = target;
      const sink: ZipSink = writable
        ? (zip, _part, signal) => zip.pipeTo(writable, { signal })
        : async (zip, part, signal) => {
            const blob = await new Response(zip).blob();
            signal.throwIfAborted();
            const { number, last } = part();
            target.saveBlob(blob, number === 1 && last ? zipName() : zipName(number));
          };
      return savePhotosZip({
        photoIds,
        openStream: openPhotoStream,
        // An organiser (or the one who shared it) removed the photo after the list was read.
        isGone: isNotFound,
        sink,
        partLimit: writable ? Infinity : PART_LIMIT_BYTES,
        signal,
        onProgress,
      });
    },
    [],
  );
  const { busy, progress, outcome, start, cancel, button } = useZipDownload({
    suggestedName: zipName(),
    fileType: m.photos_zip_type(),
    write,
  });

  const fraction = progress && progress.total > 0 ? progress.done / progress.total : undefined;
  return (
    <div className="download-all-photos">
      <div className="d-flex flex-wrap align-items-center gap-2 justify-content-end">
        <Button
          ref={button}
          variant="outline-primary"
          size="sm"
          onClick={start}
          disabled={busy}
          aria-busy={busy}
        >
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />}
          {m.photos_download_all()}
        </Button>
        {busy && (
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={cancel}
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
            {outcome.result.parts > 1
              ? m.photos_download_all_done_parts({
                  count: formatCount(outcome.result.photos),
                  parts: formatCount(outcome.result.parts),
                })
              : m.photos_download_all_done({
                  count: outcome.result.photos,
                  n: formatCount(outcome.result.photos),
                })}
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
