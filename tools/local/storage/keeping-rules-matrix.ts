/**
 * The rules matrix of what is kept for undo and what marks a deletion (storage.rules; src/domain/keeping.ts): the
 * faces file's history, photos kept apart after a rejection or a removal, and the relatives' deletion markers. The
 * accounts and case shapes are the matrices' shared kit (./rules-matrix-kit.ts). Each case says whether storage.rules allows
 * it: a table written out by hand, the specification of the rules.
 */
import { GROUP_PHOTO_1976 } from '../../../src/domain/faces.ts';
import {
  MARKER_CONTENT_TYPE,
  accountMarkerPathOf,
  historyFolderOf,
  keptPathOf,
  removalRecordPathOf,
  removedFolderOf,
  REMOVED_PREFIX,
  versionPathOf,
  withdrawnMarkerPathOf,
} from '../../../src/domain/keeping.ts';
import { MAX_PHOTO_BYTES, PHOTO_CONTENT_TYPE } from '../../../src/domain/photos.ts';
import { sharedMetadata } from './photo-rules-matrix.ts';
import {
  ORGANISER_UID,
  OTHER_UID,
  OWNER_UID,
  SELF,
  accessCasesOf,
  createCaseList,
  listCasesOf,
  type AccessMethod,
  type ListCase,
  type MatrixCase,
  type MatrixObject,
  type MatrixUser,
} from './rules-matrix-kit.ts';

const ID = '20260801T101500Z_q8Wm2Zr5Tb';
/** The organiser's address in its token (tokens.ts: <uid>@example.org). */
const ORGANISER_EMAIL = `${ORGANISER_UID}@example.org`;

export type KeptPlace =
  'faces version' | 'kept photo' | 'removal record' | 'account marker' | 'withdrawal marker';
const PLACES: KeptPlace[] = [
  'faces version',
  'kept photo',
  'removal record',
  'account marker',
  'withdrawal marker',
];

export function keptPathAt(place: KeptPlace, uid: string = OWNER_UID): string {
  switch (place) {
    case 'faces version':
      return versionPathOf(GROUP_PHOTO_1976, ID);
    case 'kept photo':
      return keptPathOf(ID, `members/photos/shared/${ID}.jpg`);
    case 'removal record':
      return removalRecordPathOf(ID);
    case 'account marker':
      return accountMarkerPathOf(uid, ID);
    case 'withdrawal marker':
      return withdrawnMarkerPathOf(uid, ID);
  }
}

const versionMetadata = (overrides: Record<string, string> = {}) => ({
  organiserUid: ORGANISER_UID,
  organiserEmail: ORGANISER_EMAIL,
  change: 'accepted 20260801T101500Z_q8Wm2Zr5Tb: face 3 is "Ole Haugen"',
  ...overrides,
});

export function keptValidAt(place: KeptPlace, overrides: Partial<MatrixObject> = {}): MatrixObject {
  const base: Record<KeptPlace, MatrixObject> = {
    'faces version': { contentType: 'application/json', size: 20_000, metadata: versionMetadata() },
    'kept photo': { contentType: PHOTO_CONTENT_TYPE, size: 300_000, metadata: sharedMetadata() },
    'removal record': { contentType: 'application/json', size: 300, metadata: {} },
    'account marker': { contentType: MARKER_CONTENT_TYPE, size: 0, metadata: {} },
    'withdrawal marker': { contentType: MARKER_CONTENT_TYPE, size: 0, metadata: {} },
  };
  return { ...base[place], ...overrides };
}

/** storage.rules as a table: may `user` do `method` to a well-formed object at `place`? */
function mayDo(user: MatrixUser, method: AccessMethod, place: KeptPlace): boolean {
  const organiser = user === 'organiser';
  const marker = place === 'account marker' || place === 'withdrawal marker';
  switch (method) {
    case 'create':
      return marker ? SELF.includes(user) : organiser;
    case 'get':
      return organiser;
    // Nothing kept is ever overwritten, changed or deleted by a page: the 30 days end in the monthly routine.
    case 'overwrite':
    case 'update':
    case 'delete':
      return false;
  }
}

export function keepingAccessCases(): MatrixCase[] {
  return accessCasesOf({
    places: PLACES,
    pathAt: keptPathAt,
    validAt: keptValidAt,
    updatedAt: (place) => ({ ...keptValidAt(place), metadata: { changed: 'x' } }),
    may: mayDo,
  });
}

/** Every way a create can be wrong, by the one who may create there. */
export function keepingCreateCases(): MatrixCase[] {
  const { cases, create } = createCaseList();

  const version = keptPathAt('faces version');
  const v = (metadata: Record<string, string>, extra: Partial<MatrixObject> = {}) =>
    keptValidAt('faces version', { metadata, ...extra });
  create(
    'version: the change 300 characters long',
    'organiser',
    version,
    v(versionMetadata({ change: 'x'.repeat(300) })),
    true,
  );
  create(
    'version: the change 301 characters long',
    'organiser',
    version,
    v(versionMetadata({ change: 'x'.repeat(301) })),
    false,
  );
  create(
    "version: another organiser's uid",
    'organiser',
    version,
    v(versionMetadata({ organiserUid: 'someone' })),
    false,
  );
  create(
    'version: another address',
    'organiser',
    version,
    v(versionMetadata({ organiserEmail: 'x@example.org' })),
    false,
  );
  const { change: _change, ...noChange } = versionMetadata();
  void _change;
  create('version: no change said', 'organiser', version, v(noChange), false);
  create(
    'version: an extra metadata key',
    'organiser',
    version,
    v(versionMetadata({ access: 'verified' })),
    false,
  );
  create(
    'version: text/plain',
    'organiser',
    version,
    v(versionMetadata(), { contentType: 'text/plain' }),
    false,
  );
  create('version: 512 KiB', 'organiser', version, v(versionMetadata(), { size: 512 * 1024 }), true);
  create(
    'version: 512 KiB and a byte',
    'organiser',
    version,
    v(versionMetadata(), { size: 512 * 1024 + 1 }),
    false,
  );
  create(
    'version: a name not a version id',
    'organiser',
    `${historyFolderOf(GROUP_PHOTO_1976)}latest.json`,
    v(versionMetadata()),
    false,
  );
  create(
    'version: one folder deeper',
    'organiser',
    `${historyFolderOf(GROUP_PHOTO_1976)}x/${ID}.json`,
    v(versionMetadata()),
    false,
  );

  const kept = keptPathAt('kept photo');
  create('kept photo: 10 MiB', 'organiser', kept, keptValidAt('kept photo', { size: MAX_PHOTO_BYTES }), true);
  create(
    'kept photo: 10 MiB and a byte',
    'organiser',
    kept,
    keptValidAt('kept photo', { size: MAX_PHOTO_BYTES + 1 }),
    false,
  );
  create(
    'kept photo: a Content-Disposition',
    'organiser',
    kept,
    keptValidAt('kept photo', { fields: { contentDisposition: 'inline' } }),
    false,
  );
  create(
    'kept photo: under a folder that is no photo id',
    'organiser',
    `${REMOVED_PREFIX}a/b.jpg`,
    keptValidAt('kept photo'),
    false,
  );
  create(
    'kept photo: a waiting photo, kept as it was',
    'organiser',
    keptPathOf(ID, `members/photos/pending/${OTHER_UID}/${ID}.jpg`),
    keptValidAt('kept photo'),
    true,
  );

  for (const place of ['account marker', 'withdrawal marker'] as const) {
    const path = keptPathAt(place);
    create(`${place}: 1 byte`, 'owner', path, keptValidAt(place, { size: 1 }), false);
    create(
      `${place}: with metadata`,
      'owner',
      path,
      keptValidAt(place, { metadata: { reason: 'x' } }),
      false,
    );
    create(
      `${place}: image/jpeg`,
      'owner',
      path,
      keptValidAt(place, { contentType: PHOTO_CONTENT_TYPE }),
      false,
    );
    create(`${place}: for another account`, 'owner', keptPathAt(place, OTHER_UID), keptValidAt(place), false);
    create(`${place}: an organiser for the owner`, 'organiser', path, keptValidAt(place), false);
    create(`${place}: an id with a slash`, 'owner', `${path}/more`, keptValidAt(place), false);
  }
  create(
    'a marker of a kind there is none of',
    'owner',
    `deletions/other/${OWNER_UID}/${ID}`,
    keptValidAt('account marker'),
    false,
  );
  create(
    'a purge marker from a page',
    'organiser',
    `deletions/purged/${ID}`,
    keptValidAt('account marker'),
    false,
  );
  return cases;
}

/** Who lists what is kept: organisers only. */
export function keepingListCases(): ListCase[] {
  const folders = [
    historyFolderOf(GROUP_PHOTO_1976),
    REMOVED_PREFIX,
    removedFolderOf(ID),
    'deletions/',
    'deletions/accounts/',
    `deletions/withdrawn/${OWNER_UID}/`,
  ];
  return listCasesOf(folders.map((prefix) => [prefix, (user: MatrixUser) => user === 'organiser'] as const));
}

/** The files the list cases over HTTP find in the bucket. */
export const KEPT_SEEDED: string[] = PLACES.map((place) => keptPathAt(place));
