import { useEffect, useRef, useState } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { CATALOGUE } from '../../domain/catalogue';
import { formatBytes, formatCount } from '../../lib/format-sizes';
import { m } from '../../paraglide/messages.js';
import { saveUrl } from '../../lib/save-file';
import { abortError, isAbort } from './stall';
import { DownloadProgress } from './progress-bar';
import {
  blobSink,
  fileSink,
  saveFilePicker,
  saveZip,
  zipFileName,
  zipFraction,
  zipPlan,
  type ZipProgress,
  type ZipResult,
  type ZipSink,
} from './zip';

type Outcome = { kind: 'done'; result: ZipResult; name: string } | { kind: 'cancelled' };

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
  const [progress, setProgress] = useState<ZipProgress | undefined>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);
  const blobUrl = useRef<string | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(
    () => () => {
      controller.current?.abort(abortError('Page closed'));
      if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
    },
    [],
  );
  useEffect(() => {
    if (!busy && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [busy]);

  const plan = zipPlan(CATALOGUE, approved);
  const name = zipFileName();

  const start = async () => {
    if (busy) return;
    // The picker must open in the click itself (it needs the user's gesture): before anything is awaited.
    const picker = saveFilePicker();
    const chosen = picker?.({
      suggestedName: name,
      types: [{ description: m.members_all_file_type(), accept: { 'application/zip': ['.zip'] } }],
    });
    const run = new AbortController();
    controller.current = run;
    setBusy(true);
    setOutcome(undefined);
    setProgress(undefined);
    try {
      let sink: ZipSink;
      const handle = await chosen?.catch((error: unknown) => {
        if (isAbort(error)) throw error; // the member closed the picker
        console.warn('Save-file picker unavailable, saving through the browser instead', error);
        return undefined;
      });
      if (handle) {
        sink = fileSink(await handle.createWritable());
      } else {
        sink = blobSink((blob) => {
          if (blobUrl.current) URL.revokeObjectURL(blobUrl.current);
          blobUrl.current = URL.createObjectURL(blob);
          saveUrl(blobUrl.current, name);
        });
      }
      const result = await saveZip(plan, sink, { signal: run.signal, onProgress: setProgress });
      setOutcome({ kind: 'done', result, name });
    } catch (error) {
      if (isAbort(error)) {
        if (run.signal.aborted) setOutcome({ kind: 'cancelled' });
      } else {
        console.warn('The zip of every file failed', error);
        onError(error);
      }
    } finally {
      controller.current = undefined;
      setBusy(false);
      setProgress(undefined);
    }
  };

  const cancel = () => {
    refocus.current = true;
    controller.current?.abort(abortError());
  };

  const fraction = progress ? zipFraction(progress) : undefined;
  const skipped = outcome?.kind === 'done' ? outcome.result.skipped.length : plan.skipped.length;

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
                count: formatCount(outcome.result.files),
                size: formatBytes(outcome.result.bytes),
                name: outcome.name,
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
