import { useEffect, useRef, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import { parsePhotoPath, thumbnailPathOf, type PhotoLocation } from '../../domain/photos';
import { fetchPhoto, fetchThumbnail, isNotFound } from '../../firebase/photos';
import { m } from '../../paraglide/messages.js';
import './photo-view.scss';
import { useBlob, type BlobState } from '../../lib/use-blob';

/** A thumbnail's bytes by its path (the key useBlob keeps), with the ID token. */
function loadThumbnail(path: string, signal: AbortSignal): Promise<Blob> {
  const parsed = parsePhotoPath(path);
  if (!parsed || parsed.file !== 'thumbnail')
    return Promise.reject(new Error(`Not a thumbnail path: ${path}`));
  return fetchThumbnail(parsed.location, signal);
}

/** A thumbnail loaded while `enabled`, released (object URL revoked) as soon as it is not. */
export function useThumbnail(location: PhotoLocation, enabled: boolean): BlobState {
  return useBlob(enabled ? thumbnailPathOf(location) : undefined, loadThumbnail, isNotFound);
}

/** A photo's own bytes by its path (the larger view), with the ID token. */
export function loadPhoto(
  path: string,
  signal: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<Blob> {
  const parsed = parsePhotoPath(path);
  if (!parsed || parsed.file !== 'photo') return Promise.reject(new Error(`Not a photo path: ${path}`));
  return fetchPhoto(parsed.location, {
    signal,
    onProgress: ({ loaded, total }) => {
      if (total) onProgress?.(Math.min(loaded / total, 1));
    },
  });
}

const canDraw = () => typeof createImageBitmap === 'function' && typeof HTMLCanvasElement !== 'undefined';

/**
 * A thumbnail drawn into a canvas at the size it is shown (the gallery's thousands of tiles): the decoded 480 px
 * picture is closed at once, and the canvas's few kilobytes go with the tile. An <img> would leave each decoded
 * picture in the browser's image cache, which grows by 0.7 MB for every thumbnail scrolled past until the browser
 * runs short of memory.
 */
function DrawnThumbnail({ blob }: { blob: Blob }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    let cancelled = false;
    const draw = (width: number, height: number) => {
      target.width = Math.max(1, width);
      target.height = Math.max(1, height);
      createImageBitmap(blob).then(
        (bitmap) => {
          try {
            const context = cancelled ? null : target.getContext('2d');
            if (!context) return;
            // Cover the box, as object-fit: cover does: the middle of the picture, scaled to fill it.
            const ratio = Math.max(target.width / bitmap.width, target.height / bitmap.height);
            const width = bitmap.width * ratio;
            const height = bitmap.height * ratio;
            context.imageSmoothingQuality = 'high';
            context.drawImage(
              bitmap,
              (target.width - width) / 2,
              (target.height - height) / 2,
              width,
              height,
            );
            setDrawn(true);
          } finally {
            bitmap.close();
          }
        },
        (error: unknown) => console.warn('Could not draw a thumbnail', error),
      );
    };
    // The size it is shown at, from a ResizeObserver: told once the browser has laid the page out anyway. Asking
    // the element (getBoundingClientRect) would lay out the whole grid again for every thumbnail that arrives, which
    // on a gallery of thousands of tiles costs more than everything else the page does while scrolling.
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(([entry]) => {
        observer?.disconnect();
        if (!entry || cancelled) return;
        const scale = window.devicePixelRatio || 1;
        const device = entry.devicePixelContentBoxSize?.[0];
        draw(
          device ? device.inlineSize : Math.round(entry.contentRect.width * scale),
          device ? device.blockSize : Math.round(entry.contentRect.height * scale),
        );
      });
      observer.observe(target);
    } else {
      const box = target.getBoundingClientRect();
      const scale = window.devicePixelRatio || 1;
      draw(Math.round(box.width * scale), Math.round(box.height * scale));
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      // Give the canvas's pixels back now, not when the element is collected.
      target.width = 0;
      target.height = 0;
    };
  }, [blob]);
  return <canvas ref={canvas} aria-hidden="true" data-drawn={drawn ? '' : undefined} />;
}

/**
 * A thumbnail in a box that keeps its room (4:3, the picture covering it) while it loads, so nothing moves. The
 * picture's alt text says what it shows (its caption, or who shared it and when). `draw`: drawn into a canvas
 * instead of an <img> (see DrawnThumbnail), with the alt text as the box's own (visually hidden) text, which names
 * a button around the box; a thumbnail that cannot be shown adds its note to that text, so the name holds the words
 * a person sees on the button (WCAG 2.5.3, Label in Name).
 */
export function Thumbnail({
  location,
  enabled,
  alt,
  className = '',
  draw = false,
}: {
  location: PhotoLocation;
  enabled: boolean;
  alt: string;
  className?: string;
  draw?: boolean;
}) {
  const thumbnail = useThumbnail(location, enabled);
  const note =
    thumbnail.status === 'failed'
      ? m.photos_thumbnail_failed()
      : thumbnail.status === 'gone'
        ? m.photos_thumbnail_gone()
        : undefined;
  return (
    <span className={`photo-thumbnail ${className}`}>
      {draw && <span className="visually-hidden">{note ? `${alt} ${note}` : alt}</span>}
      {thumbnail.status === 'ready' && draw && canDraw() ? (
        <DrawnThumbnail blob={thumbnail.blob} />
      ) : thumbnail.status === 'ready' ? (
        <img src={thumbnail.url} alt={draw ? '' : alt} />
      ) : note ? (
        // Drawn: the hidden text above already says it, after what the picture shows.
        <span className="photo-thumbnail-note small" aria-hidden={draw || undefined}>
          {note}
        </span>
      ) : thumbnail.status === 'loading' ? (
        <Spinner animation="border" size="sm" aria-hidden="true" />
      ) : null}
    </span>
  );
}
