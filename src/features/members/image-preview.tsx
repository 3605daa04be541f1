import { useCallback, useState } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { hasThumbnail, thumbnailPathOf, titleOf, type CatalogueEntry } from '../../domain/catalogue';
import { fetchMemberFile, type Progress } from '../../firebase/storage';
import { m } from '../../paraglide/messages.js';
import { DownloadButton } from './download-button';
import { fetchEntryBlob, watchedEvents, type FileEvents } from './download-service';
import { watchForStall } from './stall';
import { useBlob } from '../../lib/use-blob';
import { useNearViewport } from '../../lib/use-near-viewport';
import { DownloadProgress } from './progress-bar';

/**
 * Fetches with the ID token (rules-checked, tried again and resumed on a flaky connection), giving up when
 * nothing arrives for the stall timeout while a request is open.
 */
async function fetchWatched(
  fetcher: (signal: AbortSignal, events: FileEvents) => Promise<Blob>,
  signal: AbortSignal,
  onProgress: (progress: Progress) => void = () => {},
): Promise<Blob> {
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  signal.addEventListener('abort', forward);
  const watch = watchForStall((stalled) => controller.abort(stalled));
  try {
    return await fetcher(controller.signal, watchedEvents(watch, onProgress));
  } finally {
    watch.stop();
    signal.removeEventListener('abort', forward);
  }
}

type Download = (entry: CatalogueEntry, onProgress: (progress: Progress) => void) => Promise<void>;

interface ImageProps {
  entry: CatalogueEntry;
  /** The account may read the file (false only for an approval-only image without approval). */
  readable: boolean;
  onOpen: (entry: CatalogueEntry) => void;
}

/**
 * The preview of an image (its 480 px thumbnail, fetched with the ID token when it comes near the viewport,
 * shown from an object URL). A click opens the larger view.
 */
export function ImagePreview({ entry, readable, onOpen }: ImageProps) {
  const [box, setBox] = useState<HTMLButtonElement | null>(null);
  const near = useNearViewport(box);
  const load = useCallback(
    (path: string, signal: AbortSignal) =>
      fetchWatched(
        (watched, events) => fetchMemberFile(path, { contentType: 'image/jpeg', signal: watched, ...events }),
        signal,
      ),
    [],
  );
  const thumbnail = useBlob(
    near && readable && hasThumbnail(entry) ? thumbnailPathOf(entry) : undefined,
    load,
  );
  const title = titleOf(entry);
  // In place of the picture: why there is none (the file needs approval, or its preview failed). The words shown are
  // part of the button's name, as a screen reader and voice control expect.
  const placeholder =
    thumbnail.status === 'ready'
      ? undefined
      : !readable
        ? m.members_approval_badge()
        : thumbnail.status === 'failed'
          ? m.members_image_no_preview()
          : undefined;
  const open = m.members_image_open({ name: title });
  return (
    <button
      ref={setBox}
      type="button"
      className="image-preview btn p-0 w-100 border rounded overflow-hidden bg-body-tertiary"
      onClick={() => onOpen(entry)}
      aria-label={placeholder ? `${open}, ${placeholder}` : open}
      data-preview-id={entry.id}
    >
      {/* A 4:3 box that keeps its room while the preview loads, so nothing below it moves. */}
      <span className="ratio ratio-4x3 d-block">
        <span className="d-flex align-items-center justify-content-center">
          {thumbnail.status === 'ready' ? (
            <img src={thumbnail.url} alt={title} className="w-100 h-100 object-fit-cover" />
          ) : placeholder ? (
            <span className="small text-body-secondary p-2">{placeholder}</span>
          ) : thumbnail.status === 'loading' ? (
            // Only while it is being fetched: a preview not yet near the screen is an empty box, not a spinner
            // turning out of sight (each such animation keeps the phone drawing frames for as long as the page is open).
            <Spinner animation="border" size="sm" aria-hidden="true" />
          ) : null}
        </span>
      </span>
    </button>
  );
}

interface ViewerProps {
  entry: CatalogueEntry | undefined;
  onClose: () => void;
  onDownload: Download;
  onSave: (entry: CatalogueEntry, blob: Blob) => void;
  onCancel: (entry: CatalogueEntry) => void;
  onError: (error: unknown, entry: CatalogueEntry) => void;
}

/**
 * The larger view of an image: the image itself, fetched the same rules-checked way as a download and shown
 * from an object URL that is revoked when the view closes, with the download button (which saves the
 * picture already fetched).
 */
export function ImageViewer({ entry, onClose, onDownload, onSave, onCancel, onError }: ViewerProps) {
  const [shown, setShown] = useState(entry);
  if (entry && entry !== shown) setShown(entry); // keep the content while the dialog fades out
  const [progress, setProgress] = useState<Progress | undefined>();
  const load = useCallback(
    (_id: string, signal: AbortSignal) => {
      setProgress(undefined);
      if (!shown) return Promise.reject(new Error('No image'));
      return fetchWatched((watched, events) => fetchEntryBlob(shown, watched, events), signal, setProgress);
    },
    [shown],
  );
  const image = useBlob(entry && entry === shown ? entry.id : undefined, load);

  const download = useCallback<Download>(
    async (target, onProgress) => {
      if (image.status === 'ready') onSave(target, image.blob);
      else await onDownload(target, onProgress);
    },
    [image, onSave, onDownload],
  );

  const title = shown ? titleOf(shown) : '';
  const fraction = progress?.total ? Math.min(progress.loaded / progress.total, 1) : undefined;
  return (
    <Modal
      show={!!entry}
      onHide={onClose}
      onExited={() => setShown(undefined)}
      size="lg"
      centered
      aria-labelledby="image-viewer-title"
    >
      <Modal.Header closeButton closeLabel={m.common_close()}>
        <Modal.Title id="image-viewer-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        {image.status === 'ready' ? (
          <img src={image.url} alt={title} className="img-fluid image-viewer-picture" />
        ) : image.status === 'failed' ? (
          <p className="mb-0">{m.members_image_failed()}</p>
        ) : (
          <div className="d-flex flex-column align-items-center gap-2 py-4" role="status">
            <Spinner animation="border" aria-hidden="true" />
            <span>{m.members_image_loading({ name: title })}</span>
            {fraction !== undefined && (
              <DownloadProgress
                className="w-50"
                fraction={fraction}
                label={m.members_download_progress({ name: title })}
              />
            )}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        {shown && (
          <DownloadButton
            entry={shown}
            label={m.members_image_download()}
            variant="primary"
            onDownload={download}
            onCancel={onCancel}
            onError={onError}
          />
        )}
        <Button variant="secondary" onClick={onClose}>
          {m.common_close()}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
