/**
 * Who is who in a picture, as the Admin SDK stores and reads it (organiser:faces, the demo seeding, the browser
 * tests' seeding): the Deep Zoom tiles, the faces file and the relatives' suggestions, under the paths, sizes and
 * metadata keys src/domain/faces.ts gives them; the faces file and a suggestion are stored as its builders
 * (facesFileObject, suggestionObject) make them, which the page's uploads use too (src/firebase/faces.ts). The Admin
 * SDK creates no download token: nothing stored here has one. A suggestion a relative sends through Firebase has
 * the one its upload got (organiser:check lists it apart).
 */
import {
  FACES_PREFIX,
  FILE_ID_PATTERN,
  MAX_FACES_BYTES,
  MAX_SUGGESTION_BYTES,
  SUGGESTION_ID_PATTERN,
  descriptorPathOf,
  facesFileObject,
  facesFilePathOf,
  parseFacesFile,
  parseSuggestion,
  suggestionMetadataOf,
  suggestionObject,
  suggestionsFolderOf,
  type FacesFile,
  type FacesObject,
  type StoredSuggestion,
  type Suggestion,
  type SuggestionMetadata,
} from '../../src/domain/faces.ts';
import { statusOf, type Bucket } from '../firebase-admin.ts';
import type { DeepZoom } from './deep-zoom.ts';
import { saveObject } from './member-files.ts';
import { mapLimited } from '../../src/lib/map-limited.ts';

/** What a file under members/faces/ is, read from its path; undefined for a path no part of a picture has. */
export type FacesPath =
  | { kind: 'descriptor' | 'tile' | 'faces'; fileId: string }
  | { kind: 'suggestion'; fileId: string; uid: string; suggestionId: string };

const FILE_ID = FILE_ID_PATTERN.slice(1, -1);
const SUGGESTION_ID = SUGGESTION_ID_PATTERN.slice(1, -1);
const PREFIX = FACES_PREFIX.replace(/[.]/g, '\\.');
const PATHS: [FacesPath['kind'], RegExp][] = [
  ['descriptor', new RegExp(`^${PREFIX}(${FILE_ID})/image\\.dzi$`)],
  ['tile', new RegExp(`^${PREFIX}(${FILE_ID})/image_files/\\d+/\\d+_\\d+\\.jpeg$`)],
  ['faces', new RegExp(`^${PREFIX}(${FILE_ID})/faces\\.json$`)],
  ['suggestion', new RegExp(`^${PREFIX}(${FILE_ID})/suggestions/([^/]+)/(${SUGGESTION_ID})\\.json$`)],
];

export function parseFacesPath(path: string): FacesPath | undefined {
  for (const [kind, pattern] of PATHS) {
    const match = pattern.exec(path);
    if (!match) continue;
    const fileId = match[1]!;
    return kind === 'suggestion'
      ? { kind, fileId, uid: match[2]!, suggestionId: match[3]! }
      : { kind, fileId };
  }
  return undefined;
}

/** The faces file of a picture is not one parseFacesFile() reads (edited by hand, or cut short). */
export class UnreadableFacesFileError extends Error {
  constructor(bucket: Bucket, fileId: string) {
    super(
      `gs://${bucket.name}/${facesFilePathOf(fileId)} is not a faces file that can be read ` +
        '(not JSON, or a face without a number, a number twice, a box outside the picture, a text too long)',
    );
    this.name = 'UnreadableFacesFileError';
  }
}

/** An object's bytes, or undefined when there is no such object. */
async function download(bucket: Bucket, path: string): Promise<Buffer | undefined> {
  try {
    return (await bucket.file(path).download())[0];
  } catch (err) {
    if (statusOf(err) === 404) return undefined;
    throw err;
  }
}

/**
 * Stores a who-is-who file as src/domain gives it (`bytes`: its text, when the caller has measured it already), with
 * saveObject: no download token.
 */
export async function saveFacesObject(
  bucket: Bucket,
  object: FacesObject,
  bytes = Buffer.from(object.text),
): Promise<void> {
  await saveObject(bucket, object.path, bytes, {
    contentType: object.contentType,
    metadata: object.customMetadata,
  });
}

/**
 * Stores the descriptor and every tile of a picture, `concurrency` at a time, each with its content type only
 * (saveObject: no custom metadata, no download token). An existing file of the same path is replaced.
 */
export async function publishDeepZoom(bucket: Bucket, deepZoom: DeepZoom, concurrency = 8): Promise<void> {
  await mapLimited(deepZoom.files, concurrency, (file) =>
    saveObject(bucket, file.path, file.bytes, { contentType: file.contentType, metadata: {} }),
  );
}

/** A picture's faces file; undefined when it has none. Throws UnreadableFacesFileError when it cannot be read. */
export async function readFacesFile(bucket: Bucket, fileId: string): Promise<FacesFile | undefined> {
  const bytes = await download(bucket, facesFilePathOf(fileId));
  if (!bytes) return undefined;
  const faces = parseFacesFile(bytes.toString('utf8'));
  if (!faces) throw new UnreadableFacesFileError(bucket, fileId);
  return faces;
}

/**
 * Stores (or replaces) a picture's faces file, without custom metadata. Throws, storing nothing, above
 * MAX_FACES_BYTES (storage.rules refuse a larger one from the page too).
 */
export async function saveFacesFile(bucket: Bucket, faces: FacesFile): Promise<void> {
  // In number order, as parseFacesFile() reads them; the text the page writes too.
  const object = facesFileObject({ ...faces, faces: [...faces.faces].sort((a, b) => a.number - b.number) });
  const bytes = Buffer.from(object.text);
  if (bytes.byteLength > MAX_FACES_BYTES) {
    throw new RangeError(
      `The faces file of ${faces.fileId} would be ${bytes.byteLength} bytes, more than the ${MAX_FACES_BYTES} ` +
        'a faces file may have: shorten some notes.',
    );
  }
  await saveFacesObject(bucket, object, bytes);
}

/**
 * Stores a suggestion as the page does (JSON, with who made it as custom metadata: exactly the keys given) under
 * the relative's own folder; returns its path. Throws above MAX_SUGGESTION_BYTES. The Admin SDK gives it no
 * download token, where the page's upload through Firebase gets one.
 */
export async function saveSuggestion(
  bucket: Bucket,
  uid: string,
  suggestion: Suggestion,
  metadata: SuggestionMetadata,
): Promise<string> {
  const object = suggestionObject(uid, suggestion, metadata);
  const bytes = Buffer.from(object.text);
  if (bytes.byteLength > MAX_SUGGESTION_BYTES) {
    throw new RangeError(
      `The suggestion ${suggestion.id} would be ${bytes.byteLength} bytes, more than ${MAX_SUGGESTION_BYTES}.`,
    );
  }
  await saveFacesObject(bucket, object, bytes);
  return object.path;
}

/**
 * The suggestions listSuggestions() found, by picture, face and time; `unreadable` holds the paths of the files in
 * the suggestions' folders that are not one: not JSON of a suggestion, named otherwise than a suggestion, or whose
 * picture, id or metadata does not match its path (reported, never thrown: one bad file hides no other).
 */
export type SuggestionListing = Required<StoredSuggestion>[] & { unreadable: string[] };

/** The picture folders under members/faces/ (their file ids), following the listing's pages. */
async function pictureFolders(bucket: Bucket): Promise<string[]> {
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const [, next, response] = await bucket.getFiles({
      prefix: FACES_PREFIX,
      delimiter: '/',
      autoPaginate: false,
      ...(pageToken && { pageToken }),
    });
    for (const prefix of (response as { prefixes?: string[] } | undefined)?.prefixes ?? []) {
      ids.push(prefix.slice(FACES_PREFIX.length, -1));
    }
    pageToken = (next as { pageToken?: string } | null)?.pageToken;
  } while (pageToken);
  return [...new Set(ids)].sort();
}

/**
 * The waiting suggestions of one picture, or of every picture folder under members/faces/ without `fileId`, in
 * order of picture, face number and time made. Files that are no suggestion are in `unreadable` (see
 * SuggestionListing).
 */
export async function listSuggestions(bucket: Bucket, fileId?: string): Promise<SuggestionListing> {
  const found: Required<StoredSuggestion>[] = [];
  const unreadable: string[] = [];
  for (const id of fileId === undefined ? await pictureFolders(bucket) : [fileId]) {
    const [files] = await bucket.getFiles({ prefix: suggestionsFolderOf(id), autoPaginate: true });
    await Promise.all(
      files.map(async (file) => {
        if (file.name.endsWith('/')) return;
        const parsed = parseFacesPath(file.name);
        const bytes = parsed?.kind === 'suggestion' ? await download(bucket, file.name) : undefined;
        // Deleted since the listing: gone, not unreadable.
        if (parsed?.kind === 'suggestion' && !bytes) return;
        const suggestion = bytes && parseSuggestion(bytes.toString('utf8'));
        const metadata =
          parsed?.kind === 'suggestion' && suggestionMetadataOf(file.metadata.metadata ?? {}, parsed.uid);
        if (
          parsed?.kind !== 'suggestion' ||
          !suggestion ||
          !metadata ||
          suggestion.fileId !== parsed.fileId ||
          suggestion.id !== parsed.suggestionId
        ) {
          unreadable.push(file.name);
          return;
        }
        found.push({ path: file.name, uid: parsed.uid, suggestion, metadata });
      }),
    );
  }
  found.sort(
    (a, b) =>
      (a.suggestion.fileId < b.suggestion.fileId ? -1 : a.suggestion.fileId > b.suggestion.fileId ? 1 : 0) ||
      a.suggestion.face - b.suggestion.face ||
      (a.suggestion.id < b.suggestion.id ? -1 : a.suggestion.id > b.suggestion.id ? 1 : 0),
  );
  return Object.assign(found, { unreadable: unreadable.sort() });
}

/**
 * Deletes a suggestion's file (nothing when it is gone already). Refuses any path outside the suggestions'
 * folders, so that a mistake cannot delete a picture's tiles or faces.
 */
export async function deleteSuggestion(bucket: Bucket, path: string): Promise<void> {
  if (
    !path.startsWith(FACES_PREFIX) ||
    !/^[^/]+\/suggestions\/[^/]+\/[^/]+$/.test(path.slice(FACES_PREFIX.length))
  )
    throw new RangeError(`Not a suggestion's path: ${path}`);
  await bucket.file(path).delete({ ignoreNotFound: true });
}

/** The pictures opened for naming: the file ids whose folder has a faces file, in name order. */
export async function openedPictures(bucket: Bucket): Promise<string[]> {
  const ids = await pictureFolders(bucket);
  const opened = await Promise.all(
    ids.map(async (id) => ((await bucket.file(facesFilePathOf(id)).exists())[0] ? id : undefined)),
  );
  return opened.filter((id): id is string => id !== undefined);
}

/** Every tile and the descriptor stored for a picture (to find those a new cut no longer has). */
export async function storedDeepZoomPaths(bucket: Bucket, fileId: string): Promise<string[]> {
  const [files] = await bucket.getFiles({ prefix: `${FACES_PREFIX}${fileId}/image`, autoPaginate: true });
  return files
    .map((file) => file.name)
    .filter((name) => {
      const parsed = parseFacesPath(name);
      return parsed?.fileId === fileId && (parsed.kind === 'tile' || name === descriptorPathOf(fileId));
    });
}
