/**
 * The rules matrix of the relatives' photos (storage.rules, members/photos/), written once and run twice: against
 * storage.rules in-process (rules.test.ts) and through the Storage emulator over HTTP with real uploads
 * (emulator.test.ts). Who (the owner of a waiting folder, another approved member, the owner unverified or no
 * longer approved, an organiser, ...) does what (create, overwrite, update, delete, get; list) to which file of a
 * photo, and every way a create can be wrong (content type, size at and over the limits, metadata keys, caption
 * length, uploader, the headers Storage would serve, paths). Each case says whether storage.rules allows it: a
 * table written out by hand: the specification of storage.rules. The accounts, the shape of a case and the loops
 * over accounts are the matrices' shared kit (./rules-matrix-kit.ts).
 */
import {
  DETAILS_CONTENT_TYPE,
  MAX_CAPTION_LENGTH,
  MAX_DETAILS_BYTES,
  MAX_PHOTO_BYTES,
  MAX_THUMBNAIL_BYTES,
  PHOTO_CONTENT_TYPE,
  SERVING_FIELDS,
  detailsPathOf,
  markerPathOf,
  photoPathOf,
  thumbnailPathOf,
  type PendingMetadata,
  type SharedFileMetadata,
} from '../../../src/domain/photos.ts';
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

export type Place =
  | 'waiting photo'
  | 'waiting thumbnail'
  | 'shared photo'
  | 'shared thumbnail'
  | 'details file'
  | 'uploader marker';
export const PLACES: Place[] = [
  'waiting photo',
  'waiting thumbnail',
  'shared photo',
  'shared thumbnail',
  'details file',
  'uploader marker',
];

const isWaiting = (place: Place) => place.startsWith('waiting');
const isImage = (place: Place) => place.endsWith('photo') || place.endsWith('thumbnail');
const isThumbnail = (place: Place) => place.endsWith('thumbnail');

/** The most a create may store at a place. */
export function maxBytesOf(place: Place): number {
  if (place === 'details file') return MAX_DETAILS_BYTES;
  if (place === 'uploader marker') return 0;
  return isThumbnail(place) ? MAX_THUMBNAIL_BYTES : MAX_PHOTO_BYTES;
}

/** The content type a place's files have. */
export function contentTypeOf(place: Place): string {
  if (place === 'details file') return DETAILS_CONTENT_TYPE;
  if (place === 'uploader marker') return 'application/octet-stream';
  return PHOTO_CONTENT_TYPE;
}

/** The path of a photo id's file at a place (waiting ones and markers in the owner's folder). */
export function pathAt(place: Place, photoId: string, uid: string = OWNER_UID): string {
  if (place === 'details file') return detailsPathOf(photoId);
  if (place === 'uploader marker') return markerPathOf(uid, photoId);
  const location = isWaiting(place)
    ? ({ state: 'pending', uid, photoId } as const)
    : ({ state: 'shared', photoId } as const);
  return isThumbnail(place) ? thumbnailPathOf(location) : photoPathOf(location);
}

/** Metadata the owner's upload carries. */
export function ownerMetadata(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  return withoutUndefined({
    caption: 'Kaffe på tunet / Coffee in the yard',
    takenAt: '2026-07-11T19:03:22Z',
    width: '2560',
    height: '1920',
    uploaderUid: OWNER_UID,
    uploaderName: OWNER_NAME,
    uploaderEmail: OWNER_EMAIL,
    ...overrides,
  } satisfies Partial<PendingMetadata> & Record<string, string | undefined>);
}

/** Metadata an approver writes on a shared photo or thumbnail. */
export function sharedMetadata(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  return withoutUndefined({
    takenAt: '2026-07-11T19:03:22Z',
    width: '2560',
    height: '1920',
    uploaderUid: OWNER_UID,
    ...overrides,
  } satisfies Partial<SharedFileMetadata> & Record<string, string | undefined>);
}

/** The metadata a place's files carry. */
export function metadataAt(place: Place, overrides: Record<string, string | undefined> = {}) {
  if (place === 'details file') return withoutUndefined({ uploaderUid: OWNER_UID, ...overrides });
  if (place === 'uploader marker') return withoutUndefined({ ...overrides });
  return isWaiting(place) ? ownerMetadata(overrides) : sharedMetadata(overrides);
}

const ID = '20260711T190322Z_k3J9xQ2mPa';

/** A well-formed file for a place. */
export const validAt = (place: Place, overrides: Partial<MatrixObject> = {}): MatrixObject => ({
  contentType: contentTypeOf(place),
  size:
    place === 'uploader marker' ? 0 : place === 'details file' ? 300 : isThumbnail(place) ? 40_000 : 400_000,
  metadata: metadataAt(place),
  ...overrides,
});

/** storage.rules, written out as a table: may `user` do `method` to an object at `place`? */
function mayDo(user: MatrixUser, method: AccessMethod, place: Place): boolean {
  const organiser = user === 'organiser';
  switch (method) {
    case 'create':
      return isWaiting(place) ? user === 'owner' : organiser;
    case 'overwrite':
    case 'update':
      return false;
    case 'get':
      if (isWaiting(place)) return SELF.includes(user) || organiser;
      // Markers are only listed. A shared file: approved accounts, organisers, and the uploader it names.
      if (place === 'uploader marker') return false;
      return APPROVED.includes(user) || organiser || SELF.includes(user);
    case 'delete':
      return SELF.includes(user) || organiser;
  }
}

/** Who does what to each place with a well-formed object. */
export function photoAccessCases(): MatrixCase[] {
  const cases = accessCasesOf({
    places: PLACES,
    pathAt: (place) => pathAt(place, ID),
    validAt,
    updatedAt: (place) => ({ ...validAt(place), metadata: metadataAt(place, { caption: 'changed' }) }),
    may: mayDo,
  });
  // Another uploader's shared files: only approved accounts and organisers read them; only organisers delete them.
  for (const place of ['shared photo', 'details file'] as const) {
    const stored = validAt(place, { metadata: metadataAt(place, { uploaderUid: OTHER_UID }) });
    for (const user of ['owner, not approved', 'owner'] as const) {
      cases.push(
        {
          label: `${user} reads another uploader's ${place}`,
          user,
          method: 'get',
          path: pathAt(place, ID),
          stored,
          allowed: user === 'owner',
        },
        {
          label: `${user} deletes another uploader's ${place}`,
          user,
          method: 'delete',
          path: pathAt(place, ID),
          stored,
          allowed: false,
        },
      );
    }
  }
  return cases;
}

/**
 * Every way a create can be wrong, made by the one who may create at that place (the owner in their waiting
 * folder, an organiser in shared/), plus the right ones at the limits.
 */
export function photoCreateCases(): MatrixCase[] {
  const { cases, create } = createCaseList();

  for (const place of PLACES) {
    const user: MatrixUser = isWaiting(place) ? 'owner' : 'organiser';
    const path = pathAt(place, ID);
    const max = maxBytesOf(place);
    const at = `${place} by the ${user}`;
    const valid = (overrides: Partial<MatrixObject> = {}) => validAt(place, overrides);
    const md = (overrides: Record<string, string | undefined>) =>
      valid({ metadata: metadataAt(place, overrides) });

    create(`${at}: text/plain`, user, path, valid({ contentType: 'text/plain' }), false);
    if (place !== 'uploader marker')
      create(
        `${at}: no content type (application/octet-stream)`,
        user,
        path,
        valid({ contentType: 'application/octet-stream' }),
        false,
      );
    create(`${at}: exactly ${max} bytes`, user, path, valid({ size: max }), true);
    create(`${at}: ${max + 1} bytes`, user, path, valid({ size: max + 1 }), false);
    for (const field of SERVING_FIELDS) {
      const value =
        field === 'contentDisposition'
          ? 'attachment; filename="x.html"'
          : field === 'contentEncoding'
            ? 'gzip'
            : field === 'cacheControl'
              ? 'public, max-age=31536000'
              : 'en';
      create(`${at}: ${field} set`, user, path, valid({ fields: { [field]: value } }), false);
    }
    create(`${at}: an unknown metadata key`, user, path, md({ gps: '59.91,10.75' }), false);
    create(`${at}: the catalogue's access key`, user, path, md({ access: 'verified' }), false);
    if (place === 'details file') {
      create(`${at}: no uploaderUid`, user, path, md({ uploaderUid: undefined }), false);
      create(`${at}: wrong extension .jpg`, user, path.replace(/\.json$/, '.jpg'), valid(), false);
      create(`${at}: a photo id too short`, user, path.replace(ID, 'short'), valid(), false);
    }
    if (place === 'uploader marker') {
      create(`${at}: with a photo's extension`, user, `${path}.jpg`, valid(), false);
      create(`${at}: a photo id too short`, user, path.replace(ID, 'short'), valid(), false);
    }
    if (!isImage(place)) continue;

    create(`${at}: image/png`, user, path, valid({ contentType: 'image/png' }), false);
    create(`${at}: 1 byte`, user, path, valid({ size: 1 }), true);
    create(`${at}: no takenAt`, user, path, md({ takenAt: undefined }), false);
    create(`${at}: takenAt with an offset`, user, path, md({ takenAt: '2026-07-11T14:03:22-05:00' }), false);
    create(`${at}: takenAt with milliseconds`, user, path, md({ takenAt: '2026-07-11T19:03:22.120Z' }), true);
    create(`${at}: no width`, user, path, md({ width: undefined }), false);
    create(`${at}: height not a number`, user, path, md({ height: 'tall' }), false);
    create(`${at}: no uploaderUid`, user, path, md({ uploaderUid: undefined }), false);
    // On a waiting photo, who shared it must be the caller; an approver's shared file names the uploader.
    create(`${at}: uploaderUid not the owner`, user, path, md({ uploaderUid: OTHER_UID }), !isWaiting(place));
    if (isWaiting(place)) {
      create(
        `${at}: caption of ${MAX_CAPTION_LENGTH} characters`,
        user,
        path,
        md({ caption: 'å'.repeat(MAX_CAPTION_LENGTH) }),
        true,
      );
      create(
        `${at}: caption of ${MAX_CAPTION_LENGTH + 1} characters`,
        user,
        path,
        md({ caption: 'x'.repeat(MAX_CAPTION_LENGTH + 1) }),
        false,
      );
      // size() as the rules may count it, in UTF-16 code units (src/domain/photos.ts, captionLength).
      const emoji = MAX_CAPTION_LENGTH / 2;
      create(`${at}: caption of ${emoji} emoji`, user, path, md({ caption: '😀'.repeat(emoji) }), true);
      create(
        `${at}: caption of ${emoji + 1} emoji`,
        user,
        path,
        md({ caption: '😀'.repeat(emoji + 1) }),
        false,
      );
      create(`${at}: no caption`, user, path, md({ caption: undefined }), true);
      create(
        `${at}: uploaderName not the account's name`,
        user,
        path,
        md({ uploaderName: 'Aunt Mary' }),
        false,
      );
      create(`${at}: no uploaderName`, user, path, md({ uploaderName: undefined }), true);
      create(`${at}: no uploaderEmail`, user, path, md({ uploaderEmail: undefined }), false);
      create(
        `${at}: uploaderEmail not the account's`,
        user,
        path,
        md({ uploaderEmail: 'aunt.mary@example.org' }),
        false,
      );
    } else {
      // What relatives wrote travels in the details file; the e-mail address never reaches shared/.
      create(`${at}: a caption`, user, path, md({ caption: 'x' }), false);
      create(`${at}: an uploaderName`, user, path, md({ uploaderName: OWNER_NAME }), false);
      create(`${at}: an uploaderEmail`, user, path, md({ uploaderEmail: OWNER_EMAIL }), false);
    }
    create(`${at}: wrong extension .png`, user, path.replace(/\.jpg$/, '.png'), valid(), false);
    create(`${at}: wrong extension .jpeg`, user, path.replace(/\.jpg$/, '.jpeg'), valid(), false);
    create(`${at}: a photo id too short`, user, path.replace(ID, 'short'), valid(), false);
    create(`${at}: a photo id with a dot`, user, path.replace(ID, 'abc.defghij'), valid(), false);
    create(`${at}: a photo id of 65 characters`, user, path.replace(ID, 'x'.repeat(65)), valid(), false);
    create(`${at}: a photo id of 64 characters`, user, path.replace(ID, 'x'.repeat(64)), valid(), true);
    create(`${at}: one folder deeper`, user, path.replace(`${ID}.jpg`, `extra/${ID}.jpg`), valid(), false);
  }
  // A relative whose approval was withdrawn uploads no more.
  create(
    'owner, not approved creates a waiting photo',
    'owner, not approved',
    pathAt('waiting photo', ID),
    validAt('waiting photo'),
    false,
  );
  // The owner in another uid's waiting folder (with that uid in the metadata, too).
  for (const place of ['waiting photo', 'waiting thumbnail'] as const) {
    const write = validAt(place, { metadata: ownerMetadata({ uploaderUid: OTHER_UID }) });
    create(
      `owner creates a ${place} in another uid's folder`,
      'owner',
      pathAt(place, ID, OTHER_UID),
      write,
      false,
    );
    create(
      `organiser creates a ${place} in someone's folder`,
      'organiser',
      pathAt(place, ID),
      validAt(place),
      false,
    );
  }
  // Anywhere else under members/ (and outside it), nobody writes.
  const otherPaths: [string, MatrixUser][] = [
    [`members/photos/${ID}.jpg`, 'organiser'],
    [`members/photos/pending/${ID}.jpg`, 'owner'],
    [`members/photos/pending/${OWNER_UID}/thumbnails/extra/${ID}.jpg`, 'owner'],
    [`members/photos/elsewhere/${ID}.jpg`, 'organiser'],
    [`members/photos/shared/thumbnails/extra/${ID}.jpg`, 'organiser'],
    [`members/photos/shared/details/extra/${ID}.json`, 'organiser'],
    [`members/photos/shared/uploaders/${OWNER_UID}`, 'organiser'],
    [`members/photos/shared/uploaders/${OWNER_UID}/extra/${ID}`, 'organiser'],
    [`members/documents/${ID}.jpg`, 'organiser'],
    [`members/${ID}.jpg`, 'organiser'],
    [`${ID}.jpg`, 'organiser'],
  ];
  for (const [path, user] of otherPaths) {
    create(`${user} creates ${path}`, user, path, validAt('waiting thumbnail'), false);
  }
  return cases;
}

/** Who lists which folder. */
export function photoListCases(): ListCase[] {
  const seesShared = (user: MatrixUser) => APPROVED.includes(user) || user === 'organiser';
  return listCasesOf([
    ['members/photos/pending/', (user) => user === 'organiser'],
    [`members/photos/pending/${OWNER_UID}/`, isSelfOrOrganiser],
    [`members/photos/pending/${OWNER_UID}/thumbnails/`, isSelfOrOrganiser],
    ['members/photos/shared/', seesShared],
    ['members/photos/shared/thumbnails/', () => false],
    ['members/photos/shared/details/', () => false],
    ['members/photos/shared/uploaders/', () => false],
    [`members/photos/shared/uploaders/${OWNER_UID}/`, isSelfOrOrganiser],
    [
      `members/photos/shared/uploaders/${OTHER_UID}/`,
      (user) => user === 'organiser' || user === 'another approved member',
    ],
    ['members/photos/', () => false],
    ['members/', () => false],
    // Not a folder: the Firebase API refuses such a prefix before the rules (400); the rules refuse it too.
    ['members/photos/pen', () => false],
  ]);
}
