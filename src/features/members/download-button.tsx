import { useEffect, useId, useRef, useState } from 'react';
import { Badge, Button, Spinner } from 'react-bootstrap';
import { titleOf, type CatalogueEntry } from '../../domain/catalogue';
import { m } from '../../paraglide/messages.js';
import type { Progress } from './download-service';
import { KIND_LABEL } from './file-labels';
import { isAbort } from './stall';
import { DownloadProgress } from './progress-bar';

interface Props {
  entry: CatalogueEntry;
  onDownload: (entry: CatalogueEntry, onProgress: (progress: Progress) => void) => Promise<void>;
  onError: (error: unknown, entry: CatalogueEntry) => void;
  /** Stops this file's download (the busy button offers Cancel when given). */
  onCancel?: (entry: CatalogueEntry) => void;
  /** Visible label instead of the file's title and kind (e.g. "Download" in the larger view of an image). */
  label?: string;
  variant?: string;
}

/**
 * One catalogue file. While it downloads the button is disabled, its label hidden and a small spinner
 * shown, with a progress bar when the size is known and a Cancel button; afterwards (or after a failure)
 * it is usable again. Files for approved relatives only carry a badge that says so.
 */
export function DownloadButton({
  entry,
  onDownload,
  onError,
  onCancel,
  label,
  variant = 'outline-primary',
}: Props) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | undefined>();
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const badgeId = useId();

  // After Cancel (which had the focus and is gone now), the focus goes back to the file's button.
  useEffect(() => {
    if (!busy && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [busy]);

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setProgress(undefined);
    try {
      await onDownload(entry, setProgress);
    } catch (error) {
      if (!isAbort(error)) onError(error, entry);
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  };

  const cancel = () => {
    refocus.current = true;
    onCancel?.(entry);
  };

  const fraction = progress?.total ? Math.min(progress.loaded / progress.total, 1) : undefined;
  const title = titleOf(entry);
  return (
    <div className="download-item">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button
          ref={button}
          variant={variant}
          className="download-button text-start"
          onClick={start}
          disabled={busy}
          aria-busy={busy}
          aria-describedby={entry.approvalOnly ? badgeId : undefined}
          data-file-id={entry.id}
        >
          <span className={busy ? 'invisible' : undefined}>
            {label ?? (
              <>
                {title}
                <span className="download-kind"> ({KIND_LABEL[entry.kind]()})</span>
              </>
            )}
          </span>
          {busy && (
            <span className="download-spinner">
              <Spinner animation="border" size="sm" aria-hidden="true" />
              <span className="visually-hidden">{m.members_downloading({ name: title })}</span>
            </span>
          )}
        </Button>
        {entry.approvalOnly && (
          <Badge bg="warning" text="dark" id={badgeId} className="approval-badge text-wrap text-start">
            {m.members_approval_badge()}
          </Badge>
        )}
        {busy && onCancel && (
          <Button
            variant="link"
            size="sm"
            className="download-cancel"
            onClick={cancel}
            aria-label={m.members_cancel_download({ name: title })}
          >
            {m.members_cancel()}
          </Button>
        )}
      </div>
      {busy && fraction !== undefined && (
        <DownloadProgress
          className="download-progress mt-1"
          fraction={fraction}
          label={m.members_download_progress({ name: title })}
        />
      )}
    </div>
  );
}
