/**
 * The photos a relative is sharing, one item per chosen file, and what becomes of each (a pure reducer; the hook
 * in ./use-uploads.ts does the work and dispatches):
 *
 *   preparing ──> ready ──(Share)──> queued ──> uploading ──> sent (waiting for an organiser)
 *       │                                          │  └────> failed ──(Retry)──> queued
 *       │                                          └──(Cancel)──> cancelling ──> cancelled ──(Retry)──> queued
 *       └──> refused (too large, HEIC, not a picture)
 *
 * A queued photo waits for one of the two uploads at a time. Cancel also takes a queued photo back to cancelled.
 * Remove takes an item off the list in any state but uploading and cancelling (Cancel first). The overall
 * progress counts the bytes of every item that is being or has been sent in this visit.
 */
import { captionLength, MAX_CAPTION_LENGTH } from '../../../domain/photos';
import type { PhotoErrorKind } from '../../../firebase/photos';
import type { PrepareProblem } from '../prepare/prepare-image';

export type Refusal = PrepareProblem | 'failed';

export type UploadStatus =
  | { kind: 'preparing' }
  | { kind: 'refused'; problem: Refusal }
  | { kind: 'ready' }
  | { kind: 'queued' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'cancelling' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: PhotoErrorKind }
  | { kind: 'sent' };

export interface PreparedInfo {
  photoId: string;
  /** An object URL of the thumbnail, shown beside the caption field (revoked when the item goes). */
  previewUrl: string;
  /** ISO instant, and where it came from. */
  takenAt: string;
  takenAtSource: 'exif' | 'file';
  width: number;
  height: number;
  /** Bytes of the re-encoded photo and thumbnail together (what is sent). */
  bytes: number;
}

export interface UploadItem {
  key: string;
  /** The file's name as chosen (shown, and named in every message about it). */
  name: string;
  /** The original file's size in bytes. */
  size: number;
  caption: string;
  status: UploadStatus;
  prepared?: PreparedInfo;
  /** An upload of this item began once: a Retry asks what already arrived. */
  attempted: boolean;
}

export type UploadAction =
  | { type: 'added'; items: { key: string; name: string; size: number }[] }
  | { type: 'prepared'; key: string; info: PreparedInfo }
  | { type: 'refused'; key: string; problem: Refusal }
  | { type: 'caption'; key: string; caption: string }
  | { type: 'queued'; key: string }
  | { type: 'started'; key: string }
  | { type: 'progress'; key: string; sent: number; total: number }
  | { type: 'sent'; key: string }
  | { type: 'failed'; key: string; error: PhotoErrorKind }
  | { type: 'cancelling'; key: string }
  | { type: 'cancelled'; key: string }
  | { type: 'removed'; key: string };

export const initialUploads: UploadItem[] = [];

function update(items: UploadItem[], key: string, change: (item: UploadItem) => UploadItem | undefined) {
  let changed = false;
  const next = items.flatMap((item) => {
    if (item.key !== key) return [item];
    const result = change(item);
    if (result !== item) changed = true;
    return result ? [result] : [];
  });
  return changed ? next : items;
}

/** The states an upload may be queued from (Share, or Retry). */
export function canStart(item: UploadItem): boolean {
  return (
    !!item.prepared &&
    (item.status.kind === 'ready' || item.status.kind === 'failed' || item.status.kind === 'cancelled')
  );
}

export function canRemove(item: UploadItem): boolean {
  return item.status.kind !== 'uploading' && item.status.kind !== 'cancelling';
}

export function canCancel(item: UploadItem): boolean {
  return item.status.kind === 'uploading' || item.status.kind === 'queued';
}

export function uploadsReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  switch (action.type) {
    case 'added':
      return [
        ...items,
        ...action.items.map((added): UploadItem => ({
          ...added,
          caption: '',
          status: { kind: 'preparing' },
          attempted: false,
        })),
      ];
    case 'prepared':
      return update(items, action.key, (item) =>
        item.status.kind === 'preparing'
          ? { ...item, prepared: action.info, status: { kind: 'ready' } }
          : item,
      );
    case 'refused':
      return update(items, action.key, (item) =>
        item.status.kind === 'preparing'
          ? { ...item, status: { kind: 'refused', problem: action.problem } }
          : item,
      );
    case 'caption': {
      // Fixed once sent: the caption travels in the photo's metadata, which nobody changes afterwards.
      const caption = [...action.caption].slice(0, MAX_CAPTION_LENGTH).join('');
      return update(items, action.key, (item) =>
        item.status.kind === 'preparing' || item.status.kind === 'ready' ? { ...item, caption } : item,
      );
    }
    case 'queued':
      return update(items, action.key, (item) =>
        canStart(item) ? { ...item, status: { kind: 'queued' } } : item,
      );
    case 'started':
      return update(items, action.key, (item) =>
        item.status.kind === 'queued' || canStart(item)
          ? {
              ...item,
              attempted: true,
              status: { kind: 'uploading', sent: 0, total: item.prepared?.bytes ?? 0 },
            }
          : item,
      );
    case 'progress':
      return update(items, action.key, (item) =>
        item.status.kind === 'uploading'
          ? { ...item, status: { kind: 'uploading', sent: action.sent, total: action.total } }
          : item,
      );
    case 'sent':
      return update(items, action.key, (item) =>
        item.status.kind === 'uploading' ? { ...item, status: { kind: 'sent' } } : item,
      );
    case 'failed':
      return update(items, action.key, (item) =>
        item.status.kind === 'uploading'
          ? { ...item, status: { kind: 'failed', error: action.error } }
          : item,
      );
    case 'cancelling':
      return update(items, action.key, (item) =>
        item.status.kind === 'uploading' ? { ...item, status: { kind: 'cancelling' } } : item,
      );
    case 'cancelled':
      return update(items, action.key, (item) =>
        item.status.kind === 'cancelling' || item.status.kind === 'uploading' || item.status.kind === 'queued'
          ? { ...item, status: { kind: 'cancelled' } }
          : item,
      );
    case 'removed':
      return update(items, action.key, (item) =>
        canRemove(item) || item.status.kind === 'preparing' ? undefined : item,
      );
  }
}

export interface OverallProgress {
  /** Photos being sent or sent in this visit, and those sent. */
  photos: number;
  sentPhotos: number;
  /** 0-1 over their bytes. */
  fraction: number;
  /** Something is being sent right now. */
  active: boolean;
}

/** The overall progress of every photo being sent or sent (failed and cancelled ones count as not sent). */
export function overallProgress(items: readonly UploadItem[]): OverallProgress {
  let sent = 0;
  let total = 0;
  let photos = 0;
  let sentPhotos = 0;
  let active = false;
  for (const item of items) {
    const { status } = item;
    if (status.kind === 'uploading') {
      active = true;
      photos += 1;
      sent += status.sent;
      total += Math.max(status.total, status.sent);
    } else if (status.kind === 'sent') {
      photos += 1;
      sentPhotos += 1;
      const bytes = item.prepared?.bytes ?? 0;
      sent += bytes;
      total += bytes;
    } else if (status.kind === 'cancelling') {
      active = true;
    } else if (status.kind === 'queued') {
      active = true;
      photos += 1;
      total += item.prepared?.bytes ?? 0;
    }
  }
  return { photos, sentPhotos, fraction: total > 0 ? Math.min(sent / total, 1) : 0, active };
}

/** True when the caption is within what storage.rules accepts (the reducer keeps it so). */
export function captionFits(caption: string): boolean {
  return captionLength(caption) <= MAX_CAPTION_LENGTH;
}
