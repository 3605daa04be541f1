import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { newPhotoId, pendingMetadata } from '../../../domain/photos';
import {
  deleteWaitingPhoto,
  photoErrorKind,
  uploadPhoto,
  type PhotoFiles,
  type UploadProgress,
} from '../../../firebase/photos';
import type { MemberAccess } from '../../../firebase/member-access';
import { PreparePhotoError, type PhotoPreparer, type PreparedImage } from '../prepare/photo-preparer';
import { LimitedQueue } from './limited-queue';
import { MAX_ORIGINAL_BYTES } from '../../../domain/photo-size';
import {
  canCancel,
  canRemove,
  canStart,
  initialUploads,
  uploadsReducer,
  type UploadItem,
} from './upload-state';

/** Two photos are sent at a time: enough to keep a connection busy, few enough that each one's progress moves. */
const UPLOADS_AT_ONCE = 2;

export interface UploadDeps {
  preparer: PhotoPreparer;
  upload: (
    uid: string,
    photoId: string,
    files: PhotoFiles,
    options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void; resume?: boolean },
  ) => Promise<void>;
  deleteWaiting: (uid: string, photoId: string) => Promise<void>;
  createUrl: (blob: Blob) => string;
  revokeUrl: (url: string) => void;
}

export const browserUploadDeps = (preparer: PhotoPreparer): UploadDeps => ({
  preparer,
  upload: uploadPhoto,
  deleteWaiting: deleteWaitingPhoto,
  createUrl: (blob) => URL.createObjectURL(blob),
  revokeUrl: (url) => URL.revokeObjectURL(url),
});

export interface Uploads {
  items: UploadItem[];
  addFiles: (files: Iterable<File>) => void;
  setCaption: (key: string, caption: string) => void;
  /** Sends every photo that is ready. */
  shareAll: () => void;
  retry: (key: string) => void;
  cancel: (key: string) => void;
  cancelAll: () => void;
  remove: (key: string) => void;
  /** Takes every sent or refused photo off the list. */
  clearFinished: () => void;
}

let nextKey = 1;

/**
 * The photos a relative is sharing (./upload-state.ts): each chosen file is prepared in the Web Worker at once (so
 * a file that cannot be shared says so before anything is sent), then, on Share, sent two at a time with per-photo
 * progress. Cancel stops an upload and deletes what of it arrived; Retry sends a failed one again, only the part
 * that did not arrive. `onSent` hears of each photo that reached the waiting folder. Leaving the page cancels
 * what is still going.
 */
export function useUploads(
  access: MemberAccess,
  deps: UploadDeps,
  onSent: (photoId: string) => void,
): Uploads {
  const [items, dispatch] = useReducer(uploadsReducer, initialUploads);
  const files = useRef(new Map<string, PreparedImage>());
  const controllers = useRef(new Map<string, AbortController>());
  const queue = useRef(new LimitedQueue(UPLOADS_AT_ONCE));
  const current = useRef(items);
  const onSentRef = useRef(onSent);
  // Read by the callbacks below, which run after a commit (clicks) or on their own (uploads): never stale.
  useLayoutEffect(() => {
    current.current = items;
    onSentRef.current = onSent;
  });

  const itemOf = useCallback((key: string) => current.current.find((item) => item.key === key), []);

  const forget = useCallback(
    (key: string) => {
      const url = itemOf(key)?.prepared?.previewUrl;
      if (url) deps.revokeUrl(url);
      files.current.delete(key);
      controllers.current.get(key)?.abort(new DOMException('Removed', 'AbortError'));
      controllers.current.delete(key);
    },
    [deps, itemOf],
  );

  const addFiles = useCallback(
    (chosen: Iterable<File>) => {
      const added = [...chosen].map((file) => ({ file, key: `photo-${nextKey++}` }));
      if (!added.length) return;
      dispatch({
        type: 'added',
        items: added.map(({ file, key }) => ({ key, name: file.name, size: file.size })),
      });
      for (const { file, key } of added) {
        if (file.size > MAX_ORIGINAL_BYTES) {
          dispatch({ type: 'refused', key, problem: 'too-large' });
          continue;
        }
        const controller = new AbortController();
        controllers.current.set(key, controller);
        deps.preparer.prepare(file, controller.signal).then(
          (prepared) => {
            if (controller.signal.aborted) return;
            controllers.current.delete(key);
            files.current.set(key, prepared);
            // A User Timing mark per photo: the worker's time to read, turn, resize and re-encode it (npm run
            // bench:photos reads them; so do the browser's performance tools).
            performance.mark('photo-prepared', {
              detail: {
                name: file.name,
                ms: prepared.ms,
                original: file.size,
                prepared: prepared.photo.size,
              },
            });
            const takenAt = new Date(prepared.takenAt);
            dispatch({
              type: 'prepared',
              key,
              info: {
                photoId: newPhotoId(takenAt),
                previewUrl: deps.createUrl(prepared.thumbnail),
                takenAt: prepared.takenAt,
                takenAtSource: prepared.takenAtSource,
                width: prepared.photoSize.width,
                height: prepared.photoSize.height,
                bytes: prepared.photo.size + prepared.thumbnail.size,
              },
            });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            controllers.current.delete(key);
            if (!(error instanceof PreparePhotoError) || error.problem === 'failed')
              console.warn(`Could not prepare ${file.name}`, error);
            dispatch({
              type: 'refused',
              key,
              problem: error instanceof PreparePhotoError ? error.problem : 'failed',
            });
          },
        );
      }
    },
    [deps],
  );

  const send = useCallback(
    async (key: string) => {
      const item = itemOf(key);
      const prepared = files.current.get(key);
      if (!item?.prepared || !prepared) return;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const resume = item.attempted;
      dispatch({ type: 'started', key });
      const details = {
        caption: item.caption,
        takenAt: new Date(item.prepared.takenAt),
        uploaderUid: access.uid,
        uploaderName: access.name,
        uploaderEmail: access.email ?? '',
      };
      try {
        await deps.upload(
          access.uid,
          item.prepared.photoId,
          {
            photo: prepared.photo,
            thumbnail: prepared.thumbnail,
            photoMetadata: pendingMetadata({ ...details, ...prepared.photoSize }),
            thumbnailMetadata: pendingMetadata({ ...details, ...prepared.thumbnailSize }),
          },
          {
            signal: controller.signal,
            resume,
            onProgress: ({ sent, total }) => dispatch({ type: 'progress', key, sent, total }),
          },
        );
        dispatch({ type: 'sent', key });
        // Sent: the page keeps the little preview only.
        files.current.delete(key);
        onSentRef.current(item.prepared.photoId);
      } catch (error) {
        const kind = photoErrorKind(error);
        if (controller.signal.aborted || kind === 'cancelled') {
          dispatch({ type: 'cancelled', key });
        } else {
          console.warn(`Could not send ${item.name}`, error);
          dispatch({ type: 'failed', key, error: kind });
        }
      } finally {
        if (controllers.current.get(key) === controller) controllers.current.delete(key);
      }
    },
    [access, deps, itemOf],
  );

  const enqueue = useCallback(
    (keys: string[]) => {
      for (const key of keys) {
        dispatch({ type: 'queued', key });
        queue.current.add(key, () => send(key));
      }
    },
    [send],
  );

  const shareAll = useCallback(() => {
    enqueue(
      current.current
        .filter((item) => item.status.kind === 'ready' && canStart(item))
        .map((item) => item.key),
    );
  }, [enqueue]);

  const retry = useCallback(
    (key: string) => {
      const item = itemOf(key);
      if (item && canStart(item)) enqueue([key]);
    },
    [enqueue, itemOf],
  );

  const cancel = useCallback(
    (key: string) => {
      const item = itemOf(key);
      if (!item || !canCancel(item)) return;
      if (queue.current.remove(key)) {
        dispatch({ type: 'cancelled', key });
        return;
      }
      dispatch({ type: 'cancelling', key });
      controllers.current.get(key)?.abort(new DOMException('Upload cancelled', 'AbortError'));
    },
    [itemOf],
  );

  const cancelAll = useCallback(() => {
    for (const item of current.current) if (canCancel(item)) cancel(item.key);
  }, [cancel]);

  const remove = useCallback(
    (key: string) => {
      const item = itemOf(key);
      if (!item || !(canRemove(item) || item.status.kind === 'preparing')) return;
      // A photo that failed part-way may have left its thumbnail: delete it too.
      if (item.status.kind === 'failed' && item.prepared) {
        deps
          .deleteWaiting(access.uid, item.prepared.photoId)
          .catch((error: unknown) => console.warn('Could not delete what a failed upload left', error));
      }
      forget(key);
      dispatch({ type: 'removed', key });
    },
    [access, deps, forget, itemOf],
  );

  const clearFinished = useCallback(() => {
    for (const item of current.current)
      if (item.status.kind === 'sent' || item.status.kind === 'refused') {
        forget(item.key);
        dispatch({ type: 'removed', key: item.key });
      }
  }, [forget]);

  const setCaption = useCallback(
    (key: string, caption: string) => dispatch({ type: 'caption', key, caption }),
    [],
  );

  // Leaving the page: stop what is going (a cancelled upload deletes what of it arrived) and free the previews.
  useEffect(() => {
    const active = controllers.current;
    const prepared = files.current;
    const latest = current;
    return () => {
      for (const controller of active.values())
        controller.abort(new DOMException('Page closed', 'AbortError'));
      for (const item of latest.current) if (item.prepared) deps.revokeUrl(item.prepared.previewUrl);
      prepared.clear();
    };
  }, [deps]);

  // While photos are being sent, the browser asks before the tab closes.
  const busy = items.some((item) => item.status.kind === 'uploading' || item.status.kind === 'queued');
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return useMemo(
    () => ({ items, addFiles, setCaption, shareAll, retry, cancel, cancelAll, remove, clearFinished }),
    [items, addFiles, setCaption, shareAll, retry, cancel, cancelAll, remove, clearFinished],
  );
}
