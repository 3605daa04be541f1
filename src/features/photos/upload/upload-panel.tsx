import { useId, useRef, useState, type DragEvent } from 'react';
import { Button, ProgressBar, Spinner } from 'react-bootstrap';
import { MAX_CAPTION_LENGTH } from '../../../domain/photos';
import type { PhotoErrorKind } from '../../../firebase/photos';
import { formatPercent } from '../../../lib/format';
import { formatBytes, formatCount } from '../../../lib/format-sizes';
import { m } from '../../../paraglide/messages.js';
import { takenAtText } from '../../../components/photo-view/photo-text';
import {
  canCancel,
  canRemove,
  canStart,
  overallProgress,
  type Refusal,
  type UploadItem,
} from './upload-state';
import type { Uploads } from './use-uploads';

const REFUSAL_TEXT: Record<Refusal, (inputs: { name: string }) => string> = {
  'too-large': m.photos_refused_too_large,
  heic: m.photos_refused_heic,
  undecodable: m.photos_refused_undecodable,
  'too-detailed': m.photos_refused_too_detailed,
  failed: m.photos_refused_failed,
};

const FAILURE_TEXT: Record<PhotoErrorKind, (inputs: { name: string }) => string> = {
  denied: m.photos_failed_denied,
  network: m.photos_failed_network,
  'not-found': m.photos_failed_other,
  cancelled: m.photos_failed_other,
  other: m.photos_failed_other,
};

function statusText(item: UploadItem): string {
  const { status } = item;
  switch (status.kind) {
    case 'preparing':
      return m.photos_status_preparing();
    case 'ready':
      return m.photos_status_ready();
    case 'queued':
      return m.photos_status_queued();
    case 'uploading':
      return m.photos_status_uploading({
        percent: formatPercent(status.total ? status.sent / status.total : 0),
      });
    case 'cancelling':
      return m.photos_status_cancelling();
    case 'cancelled':
      return m.photos_status_cancelled();
    case 'sent':
      return m.photos_status_sent();
    case 'failed':
      return FAILURE_TEXT[status.error]({ name: item.name });
    case 'refused':
      return REFUSAL_TEXT[status.problem]({ name: item.name });
  }
}

function UploadRow({ item, uploads }: { item: UploadItem; uploads: Uploads }) {
  const captionId = useId();
  const { status } = item;
  const editable = status.kind === 'preparing' || status.kind === 'ready';
  const problem = status.kind === 'refused' || status.kind === 'failed';
  return (
    <li className={`upload-item${problem ? ' upload-item-problem' : ''}`} data-file-name={item.name}>
      <span className="photo-thumbnail upload-preview">
        {item.prepared ? (
          <img src={item.prepared.previewUrl} alt="" />
        ) : status.kind === 'preparing' ? (
          <Spinner animation="border" size="sm" aria-hidden="true" />
        ) : null}
      </span>
      <div className="upload-item-body">
        <div className="d-flex flex-wrap justify-content-between gap-1">
          <span className="fw-bold text-break">{item.name}</span>
          <span className="small text-body-secondary">
            {formatBytes(item.size)}
            {item.prepared && ` → ${formatBytes(item.prepared.bytes)}`}
          </span>
        </div>
        {item.prepared && (
          <div className="small text-body-secondary">
            {item.prepared.takenAtSource === 'exif'
              ? m.photos_taken({ date: takenAtText(item.prepared.photoId) })
              : m.photos_taken_file({ date: takenAtText(item.prepared.photoId) })}
          </div>
        )}
        <div className={`small upload-status${problem ? ' text-danger' : ''}`}>{statusText(item)}</div>
        {status.kind === 'uploading' && (
          <ProgressBar
            className="mt-1 mb-1"
            now={Math.round((status.total ? status.sent / status.total : 0) * 100)}
            aria-label={m.photos_progress_named({ name: item.name })}
          />
        )}
        {!editable && item.caption && <p className="small mb-0 mt-1 text-break">{item.caption}</p>}
        {editable && (
          <div className="mt-1">
            <label htmlFor={captionId} className="form-label small mb-0">
              {m.photos_caption_label({ name: item.name })}
            </label>
            <textarea
              id={captionId}
              className="form-control form-control-sm"
              rows={1}
              maxLength={MAX_CAPTION_LENGTH}
              value={item.caption}
              onChange={(event) => uploads.setCaption(item.key, event.target.value)}
              placeholder={m.photos_caption_placeholder()}
            />
          </div>
        )}
        <div className="d-flex flex-wrap gap-2 mt-1">
          {canCancel(item) && (
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => uploads.cancel(item.key)}
              aria-label={m.photos_cancel_named({ name: item.name })}
            >
              {m.members_cancel()}
            </Button>
          )}
          {(status.kind === 'failed' || status.kind === 'cancelled') && canStart(item) && (
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => uploads.retry(item.key)}
              aria-label={m.photos_retry_named({ name: item.name })}
            >
              {m.photos_retry()}
            </Button>
          )}
          {canRemove(item) && status.kind !== 'sent' && (
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => uploads.remove(item.key)}
              aria-label={m.photos_remove_from_list_named({ name: item.name })}
            >
              {m.photos_remove_from_list()}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * "Share your photos": Add photos (the file picker, several at once) or drag and drop; each photo is prepared on
 * this device at once (made smaller, turned the right way up, every hidden detail such as the place it was taken
 * left out), gets an optional caption, and goes when the relative presses Share, with its own progress and the
 * overall progress, Cancel and Retry.
 */
export function UploadPanel({ uploads }: { uploads: Uploads }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { items } = uploads;
  const overall = overallProgress(items);
  const ready = items.filter((item) => item.status.kind === 'ready').length;
  const preparing = items.filter((item) => item.status.kind === 'preparing').length;
  const finished = items.some((item) => item.status.kind === 'sent' || item.status.kind === 'refused');
  const cancellable = items.some(canCancel);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    uploads.addFiles(event.dataTransfer.files);
  };

  return (
    <section className="photos-upload content-section" aria-labelledby="upload-heading">
      <h2 id="upload-heading">{m.photos_upload_heading()}</h2>
      <p>{m.photos_upload_text()}</p>
      <div
        className={`photo-drop-zone${dragging ? ' photo-drop-zone-active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Button variant="primary" onClick={() => input.current?.click()}>
          {m.photos_add()}
        </Button>
        <span className="text-body-secondary">{m.photos_drop_hint()}</span>
        <input
          ref={input}
          type="file"
          accept="image/*,.heic,.heif"
          multiple
          hidden
          data-testid="photo-input"
          onChange={(event) => {
            if (event.target.files) uploads.addFiles(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <>
          <ul className="list-unstyled upload-list mt-3" aria-label={m.photos_upload_list_label()}>
            {items.map((item) => (
              <UploadRow key={item.key} item={item} uploads={uploads} />
            ))}
          </ul>
          <div className="d-flex flex-wrap align-items-center gap-2">
            {ready > 0 && (
              <Button variant="primary" onClick={uploads.shareAll}>
                {ready === 1 ? m.photos_share_one() : m.photos_share({ count: formatCount(ready) })}
              </Button>
            )}
            {cancellable && (
              <Button variant="outline-secondary" onClick={uploads.cancelAll}>
                {m.photos_cancel_all()}
              </Button>
            )}
            {finished && !overall.active && (
              <Button variant="link" onClick={uploads.clearFinished}>
                {m.photos_clear_list()}
              </Button>
            )}
          </div>
          <div role="status" className="mt-2 upload-summary">
            {preparing > 0
              ? m.photos_summary_preparing({ count: preparing, n: formatCount(preparing) })
              : overall.active
                ? m.photos_summary_sending({
                    count: overall.photos,
                    sent: formatCount(overall.sentPhotos),
                    total: formatCount(overall.photos),
                  })
                : overall.sentPhotos > 0
                  ? overall.sentPhotos === 1
                    ? m.photos_summary_sent_one()
                    : m.photos_summary_sent({ count: formatCount(overall.sentPhotos) })
                  : null}
          </div>
          {overall.active && (
            <ProgressBar
              className="mt-1 upload-overall"
              now={Math.round(overall.fraction * 100)}
              label={formatPercent(overall.fraction)}
              aria-label={m.photos_progress_overall()}
            />
          )}
        </>
      )}
    </section>
  );
}
