import { useCallback, useMemo } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { CATALOGUE } from '../../domain/catalogue';
import { formatBytes, formatCount } from '../../lib/format-sizes';
import { m } from '../../paraglide/messages.js';
import { useZipDownload, type ZipTarget } from '../../lib/use-zip-download';
import { DownloadProgress } from './progress-bar';
import { blobSink, fileSink, saveZip, zipFileName, zipFraction, zipPlan, type ZipProgress } from './zip';

interface Props {
  /** The account's approval from its ID token (undefined: not known). */
  approved: boolean | undefined;
  onError: (error: unknown) => void;
}

/**
 * "Download all": one .zip with every file the member may read, in folders by section and group, named in the
 * page's language. Where the browser has the save-file picker the zip streams straight into the chosen file
 * (the page's memory stays flat); elsewhere it is built in a Blob and saved the normal way. Overall progress,
 * Cancel, and a failure or a stall part-way ends in the Error modal with the button usable again.
 */
export function DownloadAll({ approved, onError }: Props) {
  const plan = useMemo(() => zipPlan(CATALOGUE, approved), [approved]);
  const name = zipFileName();
  const write = useCallback(
    (target: ZipTarget, signal: AbortSignal, onProgress: (progress: ZipProgress) => void) =>
      saveZip(
        plan,
        target.writable ? fileSink(target.writable) : blobSink((blob) => target.saveBlob(blob, name)),
        { signal, onProgress },
      ).then((result) => ({ result, name })),
    [plan, name],
  );
  const { busy, progress, outcome, start, cancel, button } = useZipDownload({
    suggestedName: name,
    fileType: m.members_all_file_type(),
    write,
    onFailed: onError,
  });

  const fraction = progress ? zipFraction(progress) : undefined;
  const skipped = outcome?.kind === 'done' ? outcome.result.result.skipped.length : plan.skipped.length;

  return (
    <Card className="download-all shadow-sm">
      <Card.Body>
        <h2 className="h5">{m.members_all_heading()}</h2>
        <p className="mb-2">{m.members_all_text({ count: formatCount(plan.items.length) })}</p>
        {skipped > 0 && (
          <p className="mb-2 small">
            {skipped === 1
              ? m.members_all_skipped_one()
              : m.members_all_skipped({ count: formatCount(skipped) })}
          </p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button
            ref={button}
            variant="primary"
            onClick={start}
            disabled={busy}
            aria-busy={busy}
            className="download-all-button"
          >
            {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
            {m.members_all_button()}
          </Button>
          {busy && (
            <Button variant="outline-secondary" onClick={cancel} aria-label={m.members_all_cancel()}>
              {m.members_cancel()}
            </Button>
          )}
        </div>
        <div role="status" className="mt-2 download-all-status">
          {busy && !progress && <span>{m.members_all_preparing()}</span>}
          {busy && progress && (
            <span>
              {m.members_all_progress({
                done: formatCount(Math.min(progress.files + 1, progress.totalFiles)),
                total: formatCount(progress.totalFiles),
              })}
            </span>
          )}
          {!busy && outcome?.kind === 'done' && (
            <span>
              {m.members_all_done({
                count: formatCount(outcome.result.result.files),
                size: formatBytes(outcome.result.result.bytes),
                name: outcome.result.name,
              })}
            </span>
          )}
          {!busy && outcome?.kind === 'cancelled' && <span>{m.members_all_cancelled()}</span>}
        </div>
        {busy && fraction !== undefined && (
          <DownloadProgress
            className="mt-2 download-all-progress"
            fraction={fraction}
            label={m.members_all_progress_label()}
          />
        )}
      </Card.Body>
    </Card>
  );
}
