/**
 * The Storage SDK as the members area uses it for what needs it (listing folders, uploads, deletes, an organiser's
 * metadata reads): one instance, pointed at the emulator locally. Bytes are read without it (./storage.ts). Shared
 * by the relatives' photos (./photos.ts) and who is who (./faces.ts).
 */
import {
  connectStorageEmulator,
  getStorage,
  list,
  ref,
  type FirebaseStorage,
  type StorageReference,
} from 'firebase/storage';
import { config } from '../config/env';
import { firebaseApp } from './app';
import { StorageRequestError } from './storage';

/** One page of a listing: at most this many objects per request. */
export const PAGE_SIZE = 100;

function createStorage(): FirebaseStorage {
  const storage = getStorage(firebaseApp);
  if (config.emulators) {
    const { hostname, port } = new URL(config.emulators.storageUrl);
    connectStorageEmulator(storage, hostname, Number(port));
  }
  // The SDK retries a dropped connection with back-off; give up sooner than its 10 minutes, so that an upload that
  // cannot go shows Retry while the relative is still there.
  storage.maxUploadRetryTime = 60_000;
  storage.maxOperationRetryTime = 30_000;
  return storage;
}

let instance: FirebaseStorage | undefined;
function storage(): FirebaseStorage {
  instance ??= createStorage();
  return instance;
}

export const objectRef = (path: string): StorageReference => ref(storage(), path);

/** What went wrong with a request, as a page explains it. */
export type StorageErrorKind = 'denied' | 'not-found' | 'cancelled' | 'network' | 'other';

export function storageErrorKind(error: unknown): StorageErrorKind {
  if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
  if (error instanceof StorageRequestError)
    return error.status === 403 || error.status === 401
      ? 'denied'
      : error.status === 404
        ? 'not-found'
        : 'other';
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'storage/unauthorized':
    case 'storage/unauthenticated':
      return 'denied';
    case 'storage/object-not-found':
      return 'not-found';
    case 'storage/canceled':
      return 'cancelled';
    case 'storage/retry-limit-exceeded':
      return 'network';
    default:
      return error instanceof Error && /network/i.test(error.message) ? 'network' : 'other';
  }
}

/**
 * Storage has no such object: a file removed (by an organiser, or by the one who shared it) after the page listed
 * it, or a file that was never there.
 */
export const isNotFound = (error: unknown): boolean => storageErrorKind(error) === 'not-found';

/** Every page of a listing of one folder: its objects' names and its subfolders' names. */
export async function listFolder(folder: string): Promise<{ names: string[]; folders: string[] }> {
  const names: string[] = [];
  const folders: string[] = [];
  let token: string | undefined;
  do {
    const result = await list(objectRef(folder), {
      maxResults: PAGE_SIZE,
      ...(token ? { pageToken: token } : {}),
    });
    names.push(...result.items.map((item) => item.name));
    folders.push(...result.prefixes.map((prefix) => prefix.name));
    token = result.nextPageToken;
  } while (token);
  return { names, folders };
}

/** Every page of a listing of one folder: the names of its objects (not of its subfolders). */
export async function listNames(folder: string): Promise<string[]> {
  return (await listFolder(folder)).names;
}
