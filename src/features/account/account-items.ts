import { titleOf } from '../../domain/catalogue';
import { nameableImage, PICTURES_FOR_NAMING, type StoredSuggestion } from '../../domain/faces';
import type { PhotoLocation } from '../../domain/photos';

/** One of the account's photos: waiting for an organiser, or shared in the gallery. */
export interface AccountPhoto {
  location: PhotoLocation;
  fate: 'waiting' | 'shared';
}

export interface AccountPhotoLists {
  listPending: (uid: string) => Promise<string[]>;
  listShared: (uid: string) => Promise<string[]>;
}

/**
 * Every photo the account sent that is still here, from any device: those waiting in its own folder and those
 * shared (the markers under its uid). Newest first (a photo's id starts with when it was taken). Listings only: no
 * photo's metadata is read (a waiting photo's carries the sender's e-mail address, for organisers).
 */
export async function accountPhotos(uid: string, lists: AccountPhotoLists): Promise<AccountPhoto[]> {
  const [waiting, shared] = await Promise.all([lists.listPending(uid), lists.listShared(uid)]);
  const waitingIds = new Set(waiting);
  return [
    ...waiting.map((photoId): AccountPhoto => ({
      location: { state: 'pending', uid, photoId },
      fate: 'waiting',
    })),
    ...shared
      .filter((photoId) => !waitingIds.has(photoId))
      .map((photoId): AccountPhoto => ({ location: { state: 'shared', photoId }, fate: 'shared' })),
  ].sort((a, b) => (a.location.photoId < b.location.photoId ? 1 : -1));
}

/** A waiting suggestion with the picture it names a face on. */
export interface AccountSuggestion {
  entry: StoredSuggestion;
  fileId: string;
  pictureTitle: string;
}

/**
 * The account's suggestions still waiting for an organiser, on every picture open for naming (the pictures
 * storage.rules accepts them for), oldest first.
 */
export async function accountSuggestions(
  uid: string,
  readOwn: (fileId: string, uid: string) => Promise<StoredSuggestion[]>,
  pictures: Iterable<string> = PICTURES_FOR_NAMING,
): Promise<AccountSuggestion[]> {
  const perPicture = await Promise.all(
    [...pictures].map(async (fileId) => {
      const picture = nameableImage(fileId);
      const pictureTitle = picture ? titleOf(picture) : fileId;
      return (await readOwn(fileId, uid)).map((entry) => ({ entry, fileId, pictureTitle }));
    }),
  );
  return perPicture.flat().sort((a, b) => a.entry.suggestion.id.localeCompare(b.entry.suggestion.id));
}
