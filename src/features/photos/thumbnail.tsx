import { Spinner } from 'react-bootstrap';
import { parsePhotoPath, thumbnailPathOf, type PhotoLocation } from '../../domain/photos';
import { fetchPhoto, fetchThumbnail } from '../../firebase/photos';
import { m } from '../../paraglide/messages.js';
import { useBlob, type BlobState } from './use-blob';

/** A thumbnail's bytes by its path (the key useBlob keeps), with the ID token. */
function loadThumbnail(path: string, signal: AbortSignal): Promise<Blob> {
  const parsed = parsePhotoPath(path);
  if (!parsed) return Promise.reject(new Error(`Not a photo path: ${path}`));
  return fetchThumbnail(parsed.location, signal);
}

/** A thumbnail loaded while `enabled`, released (object URL revoked) as soon as it is not. */
export function useThumbnail(location: PhotoLocation, enabled: boolean): BlobState {
  return useBlob(enabled ? thumbnailPathOf(location) : undefined, loadThumbnail);
}

/** A photo's own bytes by its path (the larger view), with the ID token. */
export function loadPhoto(
  path: string,
  signal: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<Blob> {
  const parsed = parsePhotoPath(path);
  if (!parsed || parsed.thumbnail) return Promise.reject(new Error(`Not a photo path: ${path}`));
  return fetchPhoto(parsed.location, {
    signal,
    onProgress: ({ loaded, total }) => {
      if (total) onProgress?.(Math.min(loaded / total, 1));
    },
  });
}

/**
 * A thumbnail in a box that keeps its room (4:3, the picture covering it) while it loads, so nothing moves. The
 * picture's alt text says what it shows (its caption, or who shared it and when).
 */
export function Thumbnail({
  location,
  enabled,
  alt,
  className = '',
}: {
  location: PhotoLocation;
  enabled: boolean;
  alt: string;
  className?: string;
}) {
  const thumbnail = useThumbnail(location, enabled);
  return (
    <span className={`photo-thumbnail ${className}`}>
      {thumbnail.status === 'ready' ? (
        <img src={thumbnail.url} alt={alt} />
      ) : thumbnail.status === 'failed' ? (
        <span className="photo-thumbnail-note small">{m.photos_thumbnail_failed()}</span>
      ) : thumbnail.status === 'loading' ? (
        <Spinner animation="border" size="sm" aria-hidden="true" />
      ) : null}
    </span>
  );
}
