/**
 * The ids of the photos this account shared from this browser (localStorage, per account), so that the uploader
 * can see what became of each: still waiting, shared, or not accepted (gone from both folders: an organiser
 * rejected or removed it). Waiting photos shared from another device are found by listing the account's own
 * folder; only the fate of those that left it needs this list. Ids only: no photo, caption or name is kept.
 */
const KEY_PREFIX = 'reunion-photos-sent:';
/** Enough for any relative; the oldest are forgotten first. */
const MAX_IDS = 1000;

function read(storage: Storage | undefined, uid: string): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(`${KEY_PREFIX}${uid}`) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function write(storage: Storage | undefined, uid: string, ids: string[]): void {
  try {
    if (ids.length) storage?.setItem(`${KEY_PREFIX}${uid}`, JSON.stringify(ids.slice(-MAX_IDS)));
    else storage?.removeItem(`${KEY_PREFIX}${uid}`);
  } catch {
    // Storage full or refused (private browsing): the list is a convenience only.
  }
}

const local = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function rememberedPhotos(uid: string, storage = local()): string[] {
  return read(storage, uid);
}

export function rememberPhoto(uid: string, photoId: string, storage = local()): void {
  const ids = read(storage, uid).filter((id) => id !== photoId);
  write(storage, uid, [...ids, photoId]);
}

export function forgetPhoto(uid: string, photoId: string, storage = local()): void {
  write(
    storage,
    uid,
    read(storage, uid).filter((id) => id !== photoId),
  );
}
