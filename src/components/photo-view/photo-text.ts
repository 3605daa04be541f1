/** The words the photos page writes about a photo, in the page's language. */
import { REUNION_TIME_ZONE } from '../../config/site';
import { takenAtOfPhotoId, type PhotoDetails } from '../../domain/photos';
import { formatDateTimeIn } from '../../lib/format-time';
import { m } from '../../paraglide/messages.js';

/** When the photo was taken: its metadata's takenAt, or the time its id starts with. */
export function takenAtOf(photoId: string, metadata?: PhotoDetails | null): Date | undefined {
  const fromMetadata = metadata ? new Date(metadata.takenAt) : undefined;
  if (fromMetadata && !Number.isNaN(fromMetadata.getTime())) return fromMetadata;
  return takenAtOfPhotoId(photoId) ?? undefined;
}

/**
 * "July 11th, 2026, 2:03 PM, Rolette time (Central Time)": as the clocks in Rolette showed it, and saying so (a
 * relative in Norway reads it seven hours off their own clock); '' when not known.
 */
export function takenAtText(photoId: string, metadata?: PhotoDetails | null): string {
  const date = takenAtOf(photoId, metadata);
  return date ? m.photos_time_rolette({ dateTime: formatDateTimeIn(date, REUNION_TIME_ZONE) }) : '';
}

/** Who shared it: the name the photo carries, or "a relative". */
export function sharedByText(metadata?: PhotoDetails | null): string {
  return metadata?.uploaderName || m.photos_someone();
}

/**
 * The alt text of a photo: its caption, or who shared it and when (a screen reader then tells the photos apart);
 * while its metadata is not known yet, when it was taken.
 */
export function altTextOf(photoId: string, metadata?: PhotoDetails | null): string {
  if (metadata?.caption) return metadata.caption;
  const date = takenAtText(photoId, metadata);
  if (metadata) return m.photos_alt_shared_by({ name: sharedByText(metadata), date });
  return date ? m.photos_alt_taken({ date }) : m.photos_alt_photo();
}

/** The e-mail a relative sends to ask for a photo's removal: names the photo and its date, in the page's language. */
export function removalRequest(
  photoId: string,
  metadata?: PhotoDetails | null,
): { subject: string; body: string } {
  const date = takenAtText(photoId, metadata);
  return {
    subject: m.photos_removal_subject({ id: photoId }),
    body: m.photos_removal_body({ id: photoId, date, caption: metadata?.caption ?? '' }),
  };
}

/** The name a downloaded photo is saved under: its id, which starts with when it was taken (so files sort by date). */
export function downloadNameOf(photoId: string): string {
  return `${photoId}.jpg`;
}
