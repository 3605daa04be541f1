import { useState } from 'react';
import { Button, ProgressBar, Spinner } from 'react-bootstrap';
import { titleOf, type CatalogueEntry } from '../../domain/catalogue';
import { formatPercent } from '../../lib/format';
import { m } from '../../paraglide/messages.js';
import type { Progress } from './download-service';
import { KIND_LABEL } from './file-labels';

interface Props {
  entry: CatalogueEntry;
  onDownload: (entry: CatalogueEntry, onProgress: (progress: Progress) => void) => Promise<void>;
  onError: (error: unknown) => void;
}

/**
 * One catalogue file. While it downloads the button is disabled, its label hidden and a small spinner
 * shown, with a progress bar when the size is known; afterwards (or after a failure) it is usable again.
 */
export function DownloadButton({ entry, onDownload, onError }: Props) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | undefined>();

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setProgress(undefined);
    try {
      await onDownload(entry, setProgress);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) onError(error);
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  };

  const fraction = progress?.total ? Math.min(progress.loaded / progress.total, 1) : undefined;
  const title = titleOf(entry);
  return (
    <div className="download-item">
      <Button
        variant="outline-primary"
        className="download-button text-start"
        onClick={start}
        disabled={busy}
        aria-busy={busy}
        data-file-id={entry.id}
      >
        <span className={busy ? 'invisible' : undefined}>
          {title}
          <span className="download-kind"> ({KIND_LABEL[entry.kind]()})</span>
        </span>
        {busy && (
          <span className="download-spinner">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span className="visually-hidden">{m.members_downloading({ name: title })}</span>
          </span>
        )}
      </Button>
      {busy && fraction !== undefined && (
        <ProgressBar className="download-progress mt-1">
          <ProgressBar
            isChild
            now={Math.round(fraction * 100)}
            label={formatPercent(fraction)}
            aria-label={m.members_download_progress({ name: title })}
          />
        </ProgressBar>
      )}
    </div>
  );
}
