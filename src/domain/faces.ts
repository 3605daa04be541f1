/**
 * Who is who in a picture of the catalogue (first the 1976 group photo): where its tiles, its faces and the
 * relatives' suggestions live in the bucket, what each file holds, and the checks both the page and the organisers'
 * command make before writing one. storage.rules (and its mirror) read these paths, sizes and metadata keys.
 *
 *   members/faces/<file id>/image.dzi                        the Deep Zoom descriptor (XML), made with the tiles
 *   members/faces/<file id>/image_files/<level>/<c>_<r>.jpeg the tiles (sharp, 256 px, JPEG)
 *   members/faces/<file id>/faces.json                       the faces: number, box, row, name, note (organisers)
 *   members/faces/<file id>/suggestions/<uid>/<id>.json      a relative's suggestion for one face
 */
import { PICTURES_FOR_NAMING_IDS } from '../generated/pictures-for-naming';
import { cleanText } from '../lib/relative-text';
import { matchesTerms, normalizeForSearch, searchTerms } from '../lib/search-text';
import { CATALOGUE, MEMBERS_PREFIX, type CatalogueEntry } from './catalogue';
import { newPhotoId } from './photos';

export const FACES_PREFIX = `${MEMBERS_PREFIX}faces/`;

/** The picture the members' welcome leads to: the group photo of the 1976 reunion. */
export const GROUP_PHOTO_1976 = 'group-photo-1976';
/**
 * The catalogue images opened for naming: the members area links their who-is-who pages (rather than asking Storage,
 * which would answer 404 for the others in every relative's console) and the page offers suggestions for them only.
 * The list is storage.rules' own (its picturesForNaming(), which refuses a suggestion for any other picture),
 * written into src/generated/ by npm run generate.
 */
export const PICTURES_FOR_NAMING: ReadonlySet<string> = new Set(PICTURES_FOR_NAMING_IDS);

/** The tile size and format sharp writes (and the viewer asks for). */
export const TILE_SIZE = 256;
export const TILE_OVERLAP = 1;
export const TILE_FORMAT = 'jpeg';

/** The most a name or a note may hold, in characters (the page, the command and storage.rules agree). */
export const MAX_NAME_LENGTH = 200;
export const MAX_NOTE_LENGTH = 500;
/** A suggestion file's largest size in bytes: the longest name and note in UTF-8, with room for the JSON. */
export const MAX_SUGGESTION_BYTES = 4096;
/** The faces file's largest size: room for a few hundred faces with long notes. */
export const MAX_FACES_BYTES = 512 * 1024;
export const FACES_CONTENT_TYPE = 'application/json';

/** A catalogue image's id, as the paths use it: lower-case letters, digits and dashes. */
export const FILE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,80}$';
/** A suggestion's id: the time it was made and a random part, as a photo's. */
export const SUGGESTION_ID_PATTERN = '^[0-9]{8}T[0-9]{6}Z_[A-Za-z0-9]{10}$';

/** The custom metadata a suggestion is stored with: who made it, checked by storage.rules against the ID token. */
export const SUGGESTION_METADATA_KEYS = ['suggesterUid', 'suggesterEmail', 'suggesterName'] as const;
export const REQUIRED_SUGGESTION_METADATA_KEYS = ['suggesterUid', 'suggesterEmail'] as const;
/** A suggestion file's name in its folder. */
export const SUGGESTION_FILE_PATTERN = `${SUGGESTION_ID_PATTERN.slice(0, -1)}[.]json$`;
export type SuggestionMetadata = {
  suggesterUid: string;
  /** The account's verified e-mail address: organisers see who suggested a name. */
  suggesterEmail: string;
  suggesterName?: string;
};

/**
 * A suggestion file's custom metadata as who made it: undefined unless it has the keys storage.rules require, names
 * the uid of the folder it is in, and carries an e-mail address.
 */
export function suggestionMetadataOf(
  custom: Record<string, unknown> | undefined,
  uid: string,
): SuggestionMetadata | undefined {
  const { suggesterUid, suggesterEmail, suggesterName } = custom ?? {};
  if (suggesterUid !== uid || typeof suggesterEmail !== 'string' || !suggesterEmail) return undefined;
  // The name on the account is free text its owner set: shown cleaned, never as it may try to look.
  const name = typeof suggesterName === 'string' ? cleanText(suggesterName) : '';
  return { suggesterUid, suggesterEmail, ...(name ? { suggesterName: name } : {}) };
}

export const facesFolderOf = (fileId: string) => `${FACES_PREFIX}${fileId}/`;
export const descriptorPathOf = (fileId: string) => `${facesFolderOf(fileId)}image.dzi`;
export const tilesFolderOf = (fileId: string) => `${facesFolderOf(fileId)}image_files/`;
export const tilePathOf = (fileId: string, level: number, column: number, row: number) =>
  `${tilesFolderOf(fileId)}${level}/${column}_${row}.${TILE_FORMAT}`;
export const facesFilePathOf = (fileId: string) => `${facesFolderOf(fileId)}faces.json`;
export const suggestionsFolderOf = (fileId: string, uid?: string) =>
  `${facesFolderOf(fileId)}suggestions/${uid === undefined ? '' : `${uid}/`}`;
export const suggestionPathOf = (fileId: string, uid: string, suggestionId: string) =>
  `${suggestionsFolderOf(fileId, uid)}${suggestionId}.json`;

/** A catalogue image that can be opened for naming (an image of the catalogue, by id). */
export function nameableImage(fileId: string): CatalogueEntry | undefined {
  return CATALOGUE.find((entry) => entry.id === fileId && entry.kind === 'jpeg');
}

/** The fragment of a link to one face of a picture (/members/who-is-who/<file id>#face-12): the page shows that face. */
export function faceHash(face: number): string {
  return `#face-${face}`;
}

/** The face a link's fragment names (#face-12), if it names one. */
export function faceOfHash(hash: string): number | undefined {
  const match = /^#face-([1-9][0-9]{0,3})$/.exec(hash);
  return match ? Number(match[1]) : undefined;
}

/** A face's box on the picture, as fractions of its width and height (0 to 1), so it holds at every zoom. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Face {
  /** The face's number on the identification key (1, 2, ...), unique in the picture. */
  number: number;
  /** Where it is; absent until an organiser places the marker. */
  box?: FaceBox;
  /** The picture's row it stands in, 1 for the front row. */
  row?: number;
  name?: string;
  note?: string;
}

/** The faces file of a picture. */
export interface FacesFile {
  fileId: string;
  /** The picture's size in pixels (the tiles' full resolution). */
  width: number;
  height: number;
  faces: Face[];
}

/** A relative's suggestion, as the file holds it (who made it is in its metadata). */
export interface Suggestion {
  id: string;
  fileId: string;
  /** The face's number. */
  face: number;
  name: string;
  note?: string;
  /** When it was made (ISO 8601). */
  createdAt: string;
}

export type TextProblem = 'name-missing' | 'name-too-long' | 'note-too-long';

/** What is wrong with a name and a note before they are stored, if anything. */
export function textProblems(name: string, note = ''): TextProblem[] {
  const problems: TextProblem[] = [];
  const cleanName = cleanText(name);
  if (!cleanName) problems.push('name-missing');
  if ([...cleanName].length > MAX_NAME_LENGTH) problems.push('name-too-long');
  if ([...cleanText(note)].length > MAX_NOTE_LENGTH) problems.push('note-too-long');
  return problems;
}

const isFraction = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && [...value].length <= max;

/** A faces file read from the bucket, or undefined when it is not one (nothing of it is shown then). */
export function parseFacesFile(json: string): FacesFile | undefined {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const file = data as Partial<FacesFile> | null;
  if (
    !file ||
    typeof file.fileId !== 'string' ||
    !Number.isInteger(file.width) ||
    !Number.isInteger(file.height) ||
    !Array.isArray(file.faces)
  )
    return undefined;
  const numbers = new Set<number>();
  const faces: Face[] = [];
  for (const raw of file.faces as unknown[]) {
    const face = raw as Partial<Face> | null;
    if (!face || !Number.isInteger(face.number) || face.number! < 1 || numbers.has(face.number!))
      return undefined;
    numbers.add(face.number!);
    const box = face.box;
    if (
      box !== undefined &&
      !(isFraction(box.x) && isFraction(box.y) && isFraction(box.width) && isFraction(box.height))
    )
      return undefined;
    if (face.row !== undefined && !(Number.isInteger(face.row) && face.row >= 1)) return undefined;
    if (face.name !== undefined && !isText(face.name, MAX_NAME_LENGTH)) return undefined;
    if (face.note !== undefined && !isText(face.note, MAX_NOTE_LENGTH)) return undefined;
    // As withName() keeps them: a file edited by hand shows no hidden characters either.
    const name = cleanText(face.name ?? '');
    const note = cleanText(face.note ?? '');
    faces.push({
      number: face.number!,
      ...(box && { box: { x: box.x, y: box.y, width: box.width, height: box.height } }),
      ...(face.row !== undefined && { row: face.row }),
      ...(name && { name }),
      ...(note && { note }),
    });
  }
  faces.sort((a, b) => a.number - b.number);
  return { fileId: file.fileId, width: file.width!, height: file.height!, faces };
}

/** A suggestion file read from the bucket, or undefined when it is not one. */
export function parseSuggestion(json: string): Suggestion | undefined {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const s = data as Partial<Suggestion> | null;
  if (
    !s ||
    typeof s.id !== 'string' ||
    !new RegExp(SUGGESTION_ID_PATTERN).test(s.id) ||
    typeof s.fileId !== 'string' ||
    !Number.isInteger(s.face) ||
    s.face! < 1 ||
    !isText(s.name, MAX_NAME_LENGTH) ||
    !cleanText(s.name) ||
    (s.note !== undefined && !isText(s.note, MAX_NOTE_LENGTH)) ||
    typeof s.createdAt !== 'string'
  )
    return undefined;
  // The texts as the organisers review them and as an acceptance keeps them (withName cleans the same way): a
  // suggestion sent around the page is shown without the hidden characters it may carry.
  const note = cleanText(s.note ?? '');
  return {
    id: s.id,
    fileId: s.fileId,
    face: s.face!,
    name: cleanText(s.name),
    ...(note && { note }),
    createdAt: s.createdAt,
  };
}

/** Where a face stands: its row (1 = front) and its place in it counted from the left (by its box). */
export function placeOf(face: Face, faces: readonly Face[]): { row: number; fromLeft: number } | undefined {
  if (face.row === undefined || !face.box) return undefined;
  const inRow = faces
    .filter((other) => other.row === face.row && other.box)
    .sort((a, b) => a.box!.x + a.box!.width / 2 - (b.box!.x + b.box!.width / 2) || a.number - b.number);
  return { row: face.row, fromLeft: inRow.indexOf(face) + 1 };
}

/** A new face list with one face's name and note set (an accepted suggestion, or an organiser's edit). */
export function withName(faces: readonly Face[], number: number, name: string, note?: string): Face[] {
  return faces.map((face) => {
    if (face.number !== number) return face;
    const cleanName = cleanText(name);
    const cleanNote = note === undefined ? undefined : cleanText(note);
    return {
      number: face.number,
      ...(face.box && { box: face.box }),
      ...(face.row !== undefined && { row: face.row }),
      ...(cleanName && { name: cleanName }),
      ...(cleanNote && { note: cleanNote }),
    };
  });
}

/** A new suggestion's id: when it was made (UTC, to the second) and a random part, as a photo's id. */
export function newSuggestionId(now: Date, random?: string): string {
  return newPhotoId(now, random);
}

/** What a face is found by: its number, name and note, as the search compares text. */
const searchableFace = (face: Face) =>
  normalizeForSearch([String(face.number), face.name ?? '', face.note ?? ''].join(' '));

/**
 * The faces a search finds, in number order: every word of the query in the number, the name or the note (case,
 * accents and æ/ø/å do not matter: "Oystein" finds "Øystein"); only those without a name when `unnamedOnly`.
 */
export function findFaces(faces: readonly Face[], query: string, unnamedOnly = false): Face[] {
  const terms = searchTerms(query);
  return faces.filter((face) => (!unnamedOnly || !face.name) && matchesTerms(searchableFace(face), terms));
}

/** A suggestion file's text, as the page and the command write it. */
export function suggestionText(suggestion: Suggestion): string {
  return JSON.stringify(suggestion);
}

/** The faces file's text. */
export function facesFileText(file: FacesFile): string {
  return JSON.stringify(file);
}

/**
 * A who-is-who file as it goes into the bucket: where, its text, its content type and its custom metadata. The page
 * (src/firebase/faces.ts) and the Admin SDK (admin/bucket/faces.ts, admin/bucket/keeping.ts) each store a file from
 * the one its builder here gives, so that a file stored by an organiser's command is the file the page would store:
 * storage.rules check the page's by content type and metadata key by key, and nothing checks the command's.
 */
export interface FacesObject {
  path: string;
  text: string;
  contentType: string;
  /** Exactly these keys (empty: none). */
  customMetadata: Record<string, string>;
}

/** The faces file as stored: JSON, without custom metadata (storage.rules refuse any on the page's). */
export function facesFileObject(file: FacesFile): FacesObject {
  return {
    path: facesFilePathOf(file.fileId),
    text: facesFileText(file),
    contentType: FACES_CONTENT_TYPE,
    customMetadata: {},
  };
}

/**
 * A suggestion as stored: JSON in the relative's own folder, with who made it as custom metadata, exactly the keys
 * given (storage.rules compare them with the ID token's).
 */
export function suggestionObject(uid: string, suggestion: Suggestion, by: SuggestionMetadata): FacesObject {
  return {
    path: suggestionPathOf(suggestion.fileId, uid, suggestion.id),
    text: suggestionText(suggestion),
    contentType: FACES_CONTENT_TYPE,
    customMetadata: {
      suggesterUid: by.suggesterUid,
      suggesterEmail: by.suggesterEmail,
      ...(by.suggesterName !== undefined && { suggesterName: by.suggesterName }),
    },
  };
}

/** A relative's suggestion as it waits in the bucket, read back by the page or by the organisers' commands. */
export interface StoredSuggestion {
  path: string;
  /** The relative's folder (their account's uid). */
  uid: string;
  suggestion: Suggestion;
  /**
   * Who made it, read from the file's metadata by organisers only: a relative's page does not read its own
   * suggestions' metadata (Storage would answer with a download token). Required<StoredSuggestion> has it.
   */
  metadata?: SuggestionMetadata;
}
