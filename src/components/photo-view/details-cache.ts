import { useLoad } from '../../lib/use-load';
import type { PhotoLocation } from '../../domain/photos';
import {
  isNotFound,
  sharedDetails,
  waitingDetails,
  type PendingMetadata,
  type PhotoDetails,
} from '../../firebase/photos';

/** What the page shows of a photo: a shared photo's details, or (organisers) a waiting photo's metadata. */
export type ShownDetails = PhotoDetails | PendingMetadata;

const keyOf = (location: PhotoLocation) =>
  location.state === 'shared' ? `shared/${location.photoId}` : `pending/${location.uid}/${location.photoId}`;

/**
 * Where the details come from: a shared photo's details file (read like its bytes, by anyone who may see it), a
 * waiting photo's metadata (organisers only; nobody else's browser asks for a photo's metadata).
 */
function detailsOf(location: PhotoLocation): Promise<ShownDetails | null> {
  return location.state === 'shared'
    ? sharedDetails(location.photoId)
    : waitingDetails(location.uid, location.photoId);
}

/**
 * The photos' details (caption, date, who shared it), read once per photo and kept for the visit: the gallery's
 * tiles, the larger view and the waiting list share it. A few hundred bytes a photo, so 2,000 photos are well
 * under a megabyte. null: the photo's details are not a photo's (the page then says less about it).
 */
export class DetailsCache {
  private readonly values = new Map<string, ShownDetails | null>();
  private readonly pending = new Map<string, Promise<ShownDetails | null>>();

  constructor(
    private readonly fetch: (location: PhotoLocation) => Promise<ShownDetails | null> = detailsOf,
  ) {}

  peek(location: PhotoLocation): ShownDetails | null | undefined {
    return this.values.get(keyOf(location));
  }

  load(location: PhotoLocation): Promise<ShownDetails | null> {
    const key = keyOf(location);
    if (this.values.has(key)) return Promise.resolve(this.values.get(key)!);
    let request = this.pending.get(key);
    if (!request) {
      request = this.fetch(location).then(
        (value) => {
          this.values.set(key, value);
          this.pending.delete(key);
          return value;
        },
        (error: unknown) => {
          this.pending.delete(key);
          throw error;
        },
      );
      this.pending.set(key, request);
    }
    return request;
  }

  forget(location: PhotoLocation): void {
    this.values.delete(keyOf(location));
  }
}

/** A photo's details from the cache, loaded when `location` is set (undefined until known or on failure). */
export function useDetails(
  cache: DetailsCache,
  location: PhotoLocation | undefined,
): ShownDetails | null | undefined {
  const known = location ? cache.peek(location) : undefined;
  const { state } = useLoad(
    location && known === undefined ? `photo-details/${keyOf(location)}` : undefined,
    async () => {
      try {
        return await cache.load(location!);
      } catch (error) {
        // A photo removed after the page listed it has no details: nothing is wrong (its tile says it is gone).
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
  );
  return known !== undefined ? known : state.value;
}
