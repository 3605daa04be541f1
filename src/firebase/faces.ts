/**
 * Who is who in Cloud Storage (paths, formats and limits in src/domain/faces.ts): the only code of the site that
 * reads a picture's tiles and faces, sends and withdraws suggestions, and (organisers) saves names and markers.
 * storage.rules decides every request:
 *   - the tiles and the faces file are read as bytes with the ID token in an Authorization header (./storage.ts;
 *     the tiles by the viewer, from tileAddress() and tileHeaders()), never by a `?token=` address and never their
 *     metadata;
 *   - a relative lists and reads their own suggestions the same way; only an organiser reads a suggestion's
 *     metadata (who made it), which Storage answers with the file's download token.
 * What each file holds and is stored with comes from src/domain (facesFileObject, suggestionObject, versionObject),
 * as the organisers' commands store it (admin/bucket/faces.ts).
 */
import { deleteObject, getMetadata, uploadBytes } from 'firebase/storage';
import { config } from '../config/env';
import { CATALOGUE } from '../domain/catalogue';
import {
  FACES_CONTENT_TYPE,
  facesFileObject,
  facesFilePathOf,
  newSuggestionId,
  parseFacesFile,
  parseSuggestion,
  suggestionMetadataOf,
  suggestionObject,
  suggestionsFolderOf,
  tilePathOf,
  type FacesFile,
  type FacesObject,
  type StoredSuggestion,
  type Suggestion,
} from '../domain/faces';
import { newKeepingId, versionObject } from '../domain/keeping';
import { cleanText } from '../lib/relative-text';
import { leaveWithdrawalMarker } from './deletion-markers';
import { idToken } from './auth';
import { mediaUrl } from './media-url';
import { fetchMemberFile, STORAGE_HOST } from './storage';
import { listFolder, listNames, objectRef } from './storage-sdk';

/** The signal of a request nobody cancels. */
const NEVER_ABORTED = new AbortController().signal;

/** The address of a tile's bytes (to be fetched with tileHeaders()). */
export function tileAddress(fileId: string, level: number, column: number, row: number): string {
  return mediaUrl(STORAGE_HOST, config.firebase.storageBucket, tilePathOf(fileId, level, column, row));
}

/** The headers a tile request carries: the account's ID token (fresh; Firebase renews it when due). */
export async function tileHeaders(): Promise<Record<string, string>> {
  return { Authorization: `Firebase ${await idToken()}` };
}

/**
 * A picture's faces file; undefined when the file is not one. Rejects like fetchMemberFile (403: the account may not
 * see it; 404: the picture is not opened for naming).
 */
export async function readFaces(fileId: string, signal = NEVER_ABORTED): Promise<FacesFile | undefined> {
  const blob = await fetchMemberFile(facesFilePathOf(fileId), { contentType: FACES_CONTENT_TYPE, signal });
  return parseFacesFile(await blob.text());
}

/**
 * Uploads a who-is-who file as src/domain gives it. A file without custom metadata goes without the field, as the
 * page has always sent it (the SDK would send an empty map).
 */
async function upload(object: FacesObject): Promise<void> {
  const { customMetadata } = object;
  await uploadBytes(objectRef(object.path), new Blob([object.text]), {
    contentType: object.contentType,
    ...(Object.keys(customMetadata).length > 0 && { customMetadata }),
  });
}

/** Who makes an organiser's change, as its token says (storage.rules compare both). */
export interface Organiser {
  uid: string;
  email: string;
}

/**
 * Saves a picture's faces file over the old one (organisers: a name accepted or edited, a marker placed), keeping
 * the file it replaces first as a version with who made the change and what it was: a wrong name accepted can be
 * reverted (organiser:faces -- history / revert) for 30 days. No version kept, no change made.
 */
export async function saveFaces(
  file: FacesFile,
  replaced: { file: FacesFile; by: Organiser; change: string },
  now = new Date(),
): Promise<void> {
  await upload(
    versionObject(replaced.file, newKeepingId(now), {
      organiserUid: replaced.by.uid,
      organiserEmail: replaced.by.email,
      change: replaced.change,
    }),
  );
  await upload(facesFileObject(file));
}

async function readSuggestion(path: string, uid: string): Promise<StoredSuggestion | undefined> {
  const blob = await fetchMemberFile(path, { contentType: FACES_CONTENT_TYPE, signal: NEVER_ABORTED });
  const suggestion = parseSuggestion(await blob.text());
  return suggestion && { path, uid, suggestion };
}

/** The account's own suggestions waiting for an organiser, oldest first. */
export async function readOwnSuggestions(fileId: string, uid: string): Promise<StoredSuggestion[]> {
  const folder = suggestionsFolderOf(fileId, uid);
  const names = (await listNames(folder)).sort();
  const read = await Promise.all(names.map((name) => readSuggestion(`${folder}${name}`, uid)));
  return read.filter((entry) => entry !== undefined);
}

/** Every waiting suggestion of a picture with who made it (organisers), oldest first. */
export async function readAllSuggestions(fileId: string): Promise<Required<StoredSuggestion>[]> {
  const { folders } = await listFolder(suggestionsFolderOf(fileId));
  const all: Required<StoredSuggestion>[] = [];
  for (const uid of folders) {
    const folder = suggestionsFolderOf(fileId, uid);
    for (const name of await listNames(folder)) {
      const path = `${folder}${name}`;
      const [entry, stored] = await Promise.all([readSuggestion(path, uid), getMetadata(objectRef(path))]);
      const metadata = suggestionMetadataOf(stored.customMetadata, uid);
      if (entry && metadata) all.push({ ...entry, metadata });
    }
  }
  return all.sort((a, b) => a.suggestion.id.localeCompare(b.suggestion.id));
}

/** Who suggests: the account's uid, verified e-mail address and name, as its ID token carries them. */
export interface Suggester {
  uid: string;
  email: string;
  name?: string;
}

/** Sends a suggestion for a face (approved relatives; storage.rules checks who against the token). */
export async function sendSuggestion(
  fileId: string,
  suggester: Suggester,
  text: { face: number; name: string; note?: string },
  now = new Date(),
): Promise<StoredSuggestion> {
  const suggestion: Suggestion = {
    id: newSuggestionId(now),
    fileId,
    face: text.face,
    name: cleanText(text.name),
    ...(text.note && cleanText(text.note) ? { note: cleanText(text.note) } : {}),
    createdAt: now.toISOString(),
  };
  // An account without a name sends none: storage.rules compare a name sent with the token's.
  const object = suggestionObject(suggester.uid, suggestion, {
    suggesterUid: suggester.uid,
    suggesterEmail: suggester.email,
    ...(suggester.name ? { suggesterName: suggester.name } : {}),
  });
  await upload(object);
  return { path: object.path, uid: suggester.uid, suggestion };
}

/** Deletes a suggestion: dropped by an organiser (rejected, or accepted: its name is in the faces file now). */
export async function deleteSuggestion(path: string): Promise<void> {
  await deleteObject(objectRef(path));
}

/**
 * A relative withdraws their own suggestion: deleted at once, after a marker that says so, so that no backup brings
 * it back (src/domain/keeping.ts).
 */
export async function withdrawSuggestion(entry: StoredSuggestion): Promise<void> {
  await leaveWithdrawalMarker(entry.uid, entry.suggestion.id);
  await deleteObject(objectRef(entry.path));
}

/**
 * Deletes every suggestion of an account that is still waiting, on every picture (before the account itself goes:
 * "Delete my account"). Resolves with how many there were.
 */
export async function deleteAllSuggestionsOf(uid: string): Promise<number> {
  let deleted = 0;
  for (const entry of CATALOGUE.filter((candidate) => candidate.kind === 'jpeg')) {
    const folder = suggestionsFolderOf(entry.id, uid);
    for (const name of await listNames(folder)) {
      await deleteObject(objectRef(`${folder}${name}`));
      deleted += 1;
    }
  }
  return deleted;
}
