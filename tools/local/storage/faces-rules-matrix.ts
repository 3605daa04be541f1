/**
 * The rules matrix of who is who (storage.rules, members/faces/), written once and run twice like the photos'
 * (./photo-rules-matrix.ts; the accounts and case shapes are the matrices' kit, ./rules-matrix-kit.ts): against storage.rules in rules.test.ts, and
 * over HTTP in emulator.test.ts's cross-check. The owner is a relative suggesting names; "owner, not approved" one whose approval was
 * withdrawn, who still reads and withdraws their own suggestions but sees no tile, no name and suggests no more.
 * Each case says whether storage.rules allows it: a table written out by hand, the specification of the rules.
 */
import {
  FACES_CONTENT_TYPE,
  MAX_FACES_BYTES,
  MAX_SUGGESTION_BYTES,
  descriptorPathOf,
  facesFilePathOf,
  suggestionPathOf,
  suggestionsFolderOf,
  tilePathOf,
  tilesFolderOf,
  type SuggestionMetadata,
  GROUP_PHOTO_1976,
} from '../../../src/domain/faces.ts';
import { SERVING_FIELDS } from '../../../src/domain/photos.ts';
import {
  APPROVED,
  OTHER_UID,
  OWNER_EMAIL,
  OWNER_NAME,
  OWNER_UID,
  SELF,
  accessCasesOf,
  createCaseList,
  isSelfOrOrganiser,
  listCasesOf,
  withoutUndefined,
  type AccessMethod,
  type ListCase,
  type MatrixCase,
  type MatrixObject,
  type MatrixUser,
} from './rules-matrix-kit.ts';

export const FACES_FILE_ID = GROUP_PHOTO_1976;
const SUGGESTION_ID = '20260801T101500Z_q8Wm2Zr5Tb';

export type FacesPlace = 'descriptor' | 'tile' | 'faces file' | 'suggestion';
export const FACES_PLACES: FacesPlace[] = ['descriptor', 'tile', 'faces file', 'suggestion'];

/** The path of a place's file (a suggestion in `uid`'s folder). */
export function facesPathAt(place: FacesPlace, uid: string = OWNER_UID, fileId = FACES_FILE_ID): string {
  switch (place) {
    case 'descriptor':
      return descriptorPathOf(fileId);
    case 'tile':
      return tilePathOf(fileId, 12, 3, 4);
    case 'faces file':
      return facesFilePathOf(fileId);
    case 'suggestion':
      return suggestionPathOf(fileId, uid, SUGGESTION_ID);
  }
}

/** Metadata the owner's suggestion carries. */
export function suggestionMetadata(
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  return withoutUndefined({
    suggesterUid: OWNER_UID,
    suggesterEmail: OWNER_EMAIL,
    suggesterName: OWNER_NAME,
    ...overrides,
  } satisfies Partial<SuggestionMetadata> & Record<string, string | undefined>);
}

/** A well-formed file for a place. */
export function facesValidAt(place: FacesPlace, overrides: Partial<MatrixObject> = {}): MatrixObject {
  const base: Record<FacesPlace, MatrixObject> = {
    descriptor: { contentType: 'application/xml', size: 200, metadata: {} },
    tile: { contentType: 'image/jpeg', size: 9_000, metadata: {} },
    'faces file': { contentType: FACES_CONTENT_TYPE, size: 20_000, metadata: {} },
    suggestion: { contentType: FACES_CONTENT_TYPE, size: 300, metadata: suggestionMetadata() },
  };
  return { ...base[place], ...overrides };
}

/** storage.rules, written out as a table: may `user` do `method` to an object at `place`? */
function mayDo(user: MatrixUser, method: AccessMethod, place: FacesPlace): boolean {
  const organiser = user === 'organiser';
  switch (method) {
    case 'create':
      return place === 'suggestion' ? user === 'owner' : place === 'faces file' && organiser;
    case 'overwrite':
      // An organiser's page saves the faces file over the old one; a suggestion is never overwritten.
      return place === 'faces file' && organiser;
    case 'update':
      return false;
    case 'get':
      return place === 'suggestion' ? SELF.includes(user) || organiser : APPROVED.includes(user) || organiser;
    case 'delete':
      return place === 'suggestion' && (SELF.includes(user) || organiser);
  }
}

/** Who does what to each place with a well-formed object. */
export function facesAccessCases(): MatrixCase[] {
  const cases = accessCasesOf({
    places: FACES_PLACES,
    pathAt: facesPathAt,
    validAt: facesValidAt,
    updatedAt: (place) => {
      const existing = facesValidAt(place);
      return { ...existing, metadata: { ...existing.metadata, suggesterName: 'changed' } };
    },
    may: mayDo,
  });
  // Another relative's suggestion: only organisers read or delete it.
  const othersPath = facesPathAt('suggestion', OTHER_UID);
  const othersSuggestion = facesValidAt('suggestion', {
    metadata: suggestionMetadata({ suggesterUid: OTHER_UID }),
  });
  for (const user of ['owner', 'organiser'] as const) {
    for (const method of ['get', 'delete'] as const) {
      cases.push({
        label: `${user} ${method === 'get' ? 'reads' : 'deletes'} another relative's suggestion`,
        user,
        method,
        path: othersPath,
        stored: othersSuggestion,
        allowed: user === 'organiser',
      });
    }
  }
  return cases;
}

/** Every way a create can be wrong, made by the one who may create there, plus the right ones at the limits. */
export function facesCreateCases(): MatrixCase[] {
  const { cases, create } = createCaseList();

  for (const place of ['faces file', 'suggestion'] as const) {
    const user: MatrixUser = place === 'suggestion' ? 'owner' : 'organiser';
    const path = facesPathAt(place);
    const max = place === 'suggestion' ? MAX_SUGGESTION_BYTES : MAX_FACES_BYTES;
    const at = `${place} by the ${user}`;
    const valid = (overrides: Partial<MatrixObject> = {}) => facesValidAt(place, overrides);

    create(`${at}: text/plain`, user, path, valid({ contentType: 'text/plain' }), false);
    create(`${at}: text/html`, user, path, valid({ contentType: 'text/html' }), false);
    create(`${at}: exactly ${max} bytes`, user, path, valid({ size: max }), true);
    create(`${at}: ${max + 1} bytes`, user, path, valid({ size: max + 1 }), false);
    for (const field of SERVING_FIELDS) {
      const value = field === 'contentDisposition' ? 'inline; filename="x.html"' : 'x';
      create(`${at}: ${field} set`, user, path, valid({ fields: { [field]: value } }), false);
    }
    create(
      `${at}: an unknown metadata key`,
      user,
      path,
      valid({ metadata: { ...facesValidAt(place).metadata, access: 'verified' } }),
      false,
    );
  }

  const faces = facesPathAt('faces file');
  create(
    'faces file in an upper-case folder',
    'organiser',
    faces.replace(FACES_FILE_ID, 'Group'),
    facesValidAt('faces file'),
    false,
  );
  create(
    'faces file named otherwise',
    'organiser',
    faces.replace('faces.json', 'names.json'),
    facesValidAt('faces file'),
    false,
  );
  create(
    'faces file one folder deeper',
    'organiser',
    faces.replace('faces.json', 'x/faces.json'),
    facesValidAt('faces file'),
    false,
  );

  const suggestion = facesPathAt('suggestion');
  const md = (overrides: Record<string, string | undefined>) =>
    facesValidAt('suggestion', { metadata: suggestionMetadata(overrides) });
  create('suggestion: no suggesterUid', 'owner', suggestion, md({ suggesterUid: undefined }), false);
  create(
    'suggestion: suggesterUid not the owner',
    'owner',
    suggestion,
    md({ suggesterUid: OTHER_UID }),
    false,
  );
  create('suggestion: no suggesterEmail', 'owner', suggestion, md({ suggesterEmail: undefined }), false);
  create(
    "suggestion: suggesterEmail not the account's",
    'owner',
    suggestion,
    md({ suggesterEmail: 'aunt.mary@example.org' }),
    false,
  );
  create(
    "suggestion: suggesterName not the account's",
    'owner',
    suggestion,
    md({ suggesterName: 'Aunt Mary' }),
    false,
  );
  create('suggestion: no suggesterName', 'owner', suggestion, md({ suggesterName: undefined }), true);
  create('suggestion: 1 byte', 'owner', suggestion, facesValidAt('suggestion', { size: 1 }), true);
  create(
    'suggestion: an id too short',
    'owner',
    suggestion.replace(SUGGESTION_ID, 'short'),
    facesValidAt('suggestion'),
    false,
  );
  create(
    'suggestion: a .txt file',
    'owner',
    suggestion.replace(/\.json$/, '.txt'),
    facesValidAt('suggestion'),
    false,
  );
  create(
    'suggestion: one folder deeper',
    'owner',
    suggestion.replace(`${SUGGESTION_ID}.json`, `x/${SUGGESTION_ID}.json`),
    facesValidAt('suggestion'),
    false,
  );
  // Only for a picture opened for naming (storage.rules' picturesForNaming()), whose id has the catalogue's pattern:
  // elsewhere nobody would ever read it, decide on it, or delete it with the account.
  for (const fileId of ['threshing-crew', 'zz-hidden', 'Group-Photo-1976', 'group_photo_1976']) {
    create(
      `suggestion for ${fileId}, a picture not opened for naming`,
      'owner',
      facesPathAt('suggestion', OWNER_UID, fileId),
      facesValidAt('suggestion'),
      false,
    );
  }
  create(
    'owner, not approved creates a suggestion',
    'owner, not approved',
    suggestion,
    facesValidAt('suggestion'),
    false,
  );
  create(
    "owner creates a suggestion in another uid's folder",
    'owner',
    facesPathAt('suggestion', OTHER_UID),
    facesValidAt('suggestion', { metadata: suggestionMetadata({ suggesterUid: OTHER_UID }) }),
    false,
  );
  create(
    "organiser creates a suggestion in someone's folder",
    'organiser',
    suggestion,
    facesValidAt('suggestion'),
    false,
  );
  // Tiles come only from the organisers' command (Admin SDK); nothing else under members/faces/ for anyone.
  const otherPaths: [string, MatrixUser][] = [
    [facesPathAt('tile'), 'organiser'],
    [facesPathAt('descriptor'), 'organiser'],
    [`${tilesFolderOf(FACES_FILE_ID)}x.json`, 'organiser'],
    [`members/faces/${FACES_FILE_ID}/other.json`, 'organiser'],
    [`members/faces/${FACES_FILE_ID}/suggestions/${SUGGESTION_ID}.json`, 'owner'],
    ['members/faces/faces.json', 'organiser'],
  ];
  for (const [path, user] of otherPaths) {
    create(`${user} creates ${path}`, user, path, facesValidAt('faces file'), false);
  }
  return cases;
}

/** The folders of who is who, and who lists them: only organisers and the owners of suggestions list anything. */
export function facesListCases(): ListCase[] {
  return listCasesOf([
    ['members/faces/', () => false],
    [`members/faces/${FACES_FILE_ID}/`, () => false],
    [tilesFolderOf(FACES_FILE_ID), () => false],
    [`${tilesFolderOf(FACES_FILE_ID)}12/`, () => false],
    [suggestionsFolderOf(FACES_FILE_ID), (user) => user === 'organiser'],
    [suggestionsFolderOf(FACES_FILE_ID, OWNER_UID), isSelfOrOrganiser],
    [
      suggestionsFolderOf(FACES_FILE_ID, OTHER_UID),
      (user) => user === 'organiser' || user === 'another approved member',
    ],
  ]);
}

/** The files the list cases over HTTP find in the bucket. */
export const FACES_SEEDED: string[] = [
  facesPathAt('descriptor'),
  facesPathAt('tile'),
  facesPathAt('faces file'),
  facesPathAt('suggestion'),
  facesPathAt('suggestion', OTHER_UID),
];
