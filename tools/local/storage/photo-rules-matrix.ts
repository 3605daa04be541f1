/**
 * The rules matrix of the relatives' photos (storage.rules, members/photos/), written once and run twice: against
 * the mirror as a pure function (rules.test.ts) and through the Storage emulator over HTTP with real uploads
 * (emulator.test.ts). Who (the owner of a waiting folder, another approved member, the owner unverified or not
 * approved, an organiser, ...) does what (create, overwrite, update, delete, get; list) to which object, and every
 * way a create can be wrong (content type, size at and over the limits, metadata keys, caption length, uploader,
 * paths). Each case says whether storage.rules allows it: a table written out by hand, not derived from the
 * mirror.
 */
import {
  MAX_CAPTION_LENGTH,
  MAX_PHOTO_BYTES,
  MAX_THUMBNAIL_BYTES,
  PHOTO_CONTENT_TYPE,
  photoPathOf,
  thumbnailPathOf,
  type PhotoMetadata,
} from '../../../src/domain/photos.ts';
import type { EmulatorTokenOptions } from './tokens.ts';

export const OWNER_UID = 'owner-uid';
export const OTHER_UID = 'other-uid';
export const OWNER_NAME = 'Owner Relative';

/** The accounts of the matrix, as ID token options (without the project). */
export const PHOTO_USERS = {
  owner: { uid: OWNER_UID, name: OWNER_NAME, emailVerified: true, approved: true },
  'another approved member': { uid: OTHER_UID, name: 'Other Relative', emailVerified: true, approved: true },
  'owner, unverified': { uid: OWNER_UID, name: OWNER_NAME, emailVerified: false, approved: true },
  'owner, not approved': { uid: OWNER_UID, name: OWNER_NAME, emailVerified: true },
  // The rules check `organiser` on its own: this organiser is not approved.
  organiser: { uid: 'organiser-uid', name: 'Organiser', emailVerified: true, organiser: true },
  'organiser, unverified': { uid: 'organiser-uid', name: 'Organiser', emailVerified: false, organiser: true },
  'organiser claim not true': {
    uid: 'organiser-uid',
    emailVerified: true,
    approved: true,
    organiser: 'true',
  },
  anonymous: null,
} as const satisfies Record<string, Omit<EmulatorTokenOptions, 'projectId'> | null>;
export type PhotoUser = keyof typeof PHOTO_USERS;
export const PHOTO_USER_NAMES = Object.keys(PHOTO_USERS) as PhotoUser[];

export type Place = 'waiting photo' | 'waiting thumbnail' | 'shared photo' | 'shared thumbnail';
export const PLACES: Place[] = ['waiting photo', 'waiting thumbnail', 'shared photo', 'shared thumbnail'];

export const isThumbnail = (place: Place) => place.endsWith('thumbnail');
export const maxBytesOf = (place: Place) => (isThumbnail(place) ? MAX_THUMBNAIL_BYTES : MAX_PHOTO_BYTES);

/** The path of a photo id at a place (waiting ones in the owner's folder). */
export function pathAt(place: Place, photoId: string, uid: string = OWNER_UID): string {
  const location = place.startsWith('waiting')
    ? ({ state: 'pending', uid, photoId } as const)
    : ({ state: 'shared', photoId } as const);
  return isThumbnail(place) ? thumbnailPathOf(location) : photoPathOf(location);
}

/** Metadata the owner's upload carries (an organiser's copy to shared/ carries the same). */
export function ownerMetadata(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const metadata: Record<string, string | undefined> = {
    caption: 'Kaffe på tunet / Coffee in the yard',
    takenAt: '2026-07-11T19:03:22Z',
    width: '2560',
    height: '1920',
    uploaderUid: OWNER_UID,
    uploaderName: OWNER_NAME,
    ...overrides,
  } satisfies Partial<PhotoMetadata> & Record<string, string | undefined>;
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
}

/** An object as stored or as a write would store it. */
export interface PhotoObject {
  contentType: string;
  size: number;
  metadata: Record<string, string>;
}

export interface PhotoCase {
  label: string;
  user: PhotoUser;
  method: 'create' | 'update' | 'delete' | 'get';
  path: string;
  /** What is stored at the path beforehand (`resource`); null: nothing. */
  stored: PhotoObject | null;
  /** What a create would store (`request.resource`); for update, the new custom metadata. */
  write?: PhotoObject;
  allowed: boolean;
}

export interface ListCase {
  label: string;
  user: PhotoUser;
  /** The prefix listed, as the SDK sends it (with a trailing slash). */
  prefix: string;
  allowed: boolean;
}

const ID = '20260711T190322Z_k3J9xQ2mPa';

const valid = (place: Place, overrides: Partial<PhotoObject> = {}): PhotoObject => ({
  contentType: PHOTO_CONTENT_TYPE,
  size: isThumbnail(place) ? 40_000 : 400_000,
  metadata: ownerMetadata(),
  ...overrides,
});

const waiting = (place: Place) => place.startsWith('waiting');

/** storage.rules, written out as a table: may `user` do `method` to an object at `place`? */
function mayDo(
  user: PhotoUser,
  method: 'create' | 'overwrite' | 'update' | 'delete' | 'get',
  place: Place,
): boolean {
  const organiser = user === 'organiser';
  const owner = user === 'owner';
  const approved = owner || user === 'another approved member' || user === 'organiser claim not true';
  switch (method) {
    case 'create':
      return waiting(place) ? owner : organiser;
    case 'overwrite':
    case 'update':
      return false;
    case 'get':
      return waiting(place) ? owner || organiser : approved || organiser;
    case 'delete':
      // A shared photo: organisers, and its uploader (verified: the owner, approved or not).
      return waiting(place) ? owner || organiser : organiser || owner || user === 'owner, not approved';
  }
}

/** Who does what to each place with a well-formed object. */
export function accessCases(): PhotoCase[] {
  const cases: PhotoCase[] = [];
  for (const user of PHOTO_USER_NAMES) {
    for (const place of PLACES) {
      const path = pathAt(place, ID);
      const existing = valid(place);
      cases.push(
        {
          label: `${user} creates a ${place}`,
          user,
          method: 'create',
          path,
          stored: null,
          write: valid(place),
          allowed: mayDo(user, 'create', place),
        },
        {
          label: `${user} overwrites a ${place}`,
          user,
          method: 'create',
          path,
          stored: existing,
          write: valid(place),
          allowed: mayDo(user, 'overwrite', place),
        },
        {
          label: `${user} updates the metadata of a ${place}`,
          user,
          method: 'update',
          path,
          stored: existing,
          write: { ...existing, metadata: ownerMetadata({ caption: 'changed' }) },
          allowed: mayDo(user, 'update', place),
        },
        {
          label: `${user} deletes a ${place}`,
          user,
          method: 'delete',
          path,
          stored: existing,
          allowed: mayDo(user, 'delete', place),
        },
        {
          label: `${user} reads a ${place}`,
          user,
          method: 'get',
          path,
          stored: existing,
          allowed: mayDo(user, 'get', place),
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
export function createCases(): PhotoCase[] {
  const cases: PhotoCase[] = [];
  const create = (label: string, user: PhotoUser, path: string, write: PhotoObject, allowed: boolean) =>
    cases.push({ label, user, method: 'create', path, stored: null, write, allowed });

  for (const place of PLACES) {
    const user: PhotoUser = waiting(place) ? 'owner' : 'organiser';
    const path = pathAt(place, ID);
    const max = maxBytesOf(place);
    const at = `${place} by the ${user}`;
    create(`${at}: image/png`, user, path, valid(place, { contentType: 'image/png' }), false);
    create(
      `${at}: no content type (application/octet-stream)`,
      user,
      path,
      valid(place, { contentType: 'application/octet-stream' }),
      false,
    );
    create(`${at}: exactly ${max} bytes`, user, path, valid(place, { size: max }), true);
    create(`${at}: ${max + 1} bytes`, user, path, valid(place, { size: max + 1 }), false);
    create(`${at}: 1 byte`, user, path, valid(place, { size: 1 }), true);
    const md = (overrides: Record<string, string | undefined>) =>
      valid(place, { metadata: ownerMetadata(overrides) });
    create(`${at}: an unknown metadata key`, user, path, md({ gps: '59.91,10.75' }), false);
    create(`${at}: the catalogue's access key`, user, path, md({ access: 'verified' }), false);
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
    create(`${at}: no caption`, user, path, md({ caption: undefined }), true);
    create(`${at}: no takenAt`, user, path, md({ takenAt: undefined }), false);
    create(`${at}: takenAt with an offset`, user, path, md({ takenAt: '2026-07-11T14:03:22-05:00' }), false);
    create(`${at}: takenAt with milliseconds`, user, path, md({ takenAt: '2026-07-11T19:03:22.120Z' }), true);
    create(`${at}: no width`, user, path, md({ width: undefined }), false);
    create(`${at}: height not a number`, user, path, md({ height: 'tall' }), false);
    create(`${at}: no uploaderUid`, user, path, md({ uploaderUid: undefined }), false);
    // On a waiting photo, who shared it must be the caller; an organiser's copy keeps the uploader's.
    create(`${at}: uploaderUid not the owner`, user, path, md({ uploaderUid: OTHER_UID }), !waiting(place));
    create(
      `${at}: uploaderName not the account's name`,
      user,
      path,
      md({ uploaderName: 'Someone Else' }),
      !waiting(place),
    );
    create(`${at}: no uploaderName`, user, path, md({ uploaderName: undefined }), true);
    create(`${at}: wrong extension .png`, user, path.replace(/\.jpg$/, '.png'), valid(place), false);
    create(`${at}: wrong extension .jpeg`, user, path.replace(/\.jpg$/, '.jpeg'), valid(place), false);
    create(`${at}: a photo id too short`, user, path.replace(ID, 'short'), valid(place), false);
    create(`${at}: a photo id with a dot`, user, path.replace(ID, 'abc.defghij'), valid(place), false);
    create(`${at}: a photo id of 65 characters`, user, path.replace(ID, 'x'.repeat(65)), valid(place), false);
    create(`${at}: a photo id of 64 characters`, user, path.replace(ID, 'x'.repeat(64)), valid(place), true);
    create(
      `${at}: one folder deeper`,
      user,
      path.replace(`${ID}.jpg`, `extra/${ID}.jpg`),
      valid(place),
      false,
    );
  }
  // The owner in another uid's waiting folder (with that uid in the metadata, too).
  for (const place of ['waiting photo', 'waiting thumbnail'] as const) {
    const write = valid(place, { metadata: ownerMetadata({ uploaderUid: OTHER_UID }) });
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
      valid(place),
      false,
    );
  }
  // Anywhere else under members/ (and outside it), nobody writes.
  const otherPaths: [string, PhotoUser][] = [
    [`members/photos/${ID}.jpg`, 'organiser'],
    [`members/photos/pending/${ID}.jpg`, 'owner'],
    [`members/photos/pending/${OWNER_UID}/thumbnails/extra/${ID}.jpg`, 'owner'],
    [`members/photos/elsewhere/${ID}.jpg`, 'organiser'],
    [`members/photos/shared/thumbnails/extra/${ID}.jpg`, 'organiser'],
    [`members/documents/${ID}.jpg`, 'organiser'],
    [`members/${ID}.jpg`, 'organiser'],
    [`${ID}.jpg`, 'organiser'],
  ];
  for (const [path, user] of otherPaths) {
    create(`${user} creates ${path}`, user, path, valid('waiting thumbnail'), false);
  }
  return cases;
}

/** Who lists which folder. */
export function listCases(): ListCase[] {
  const cases: ListCase[] = [];
  const folders: [string, (user: PhotoUser) => boolean][] = [
    ['members/photos/pending/', (user) => user === 'organiser'],
    [`members/photos/pending/${OWNER_UID}/`, (user) => user === 'owner' || user === 'organiser'],
    [`members/photos/pending/${OWNER_UID}/thumbnails/`, (user) => user === 'owner' || user === 'organiser'],
    [
      'members/photos/shared/',
      (user) => ['owner', 'another approved member', 'organiser claim not true', 'organiser'].includes(user),
    ],
    [
      'members/photos/shared/thumbnails/',
      (user) => ['owner', 'another approved member', 'organiser claim not true', 'organiser'].includes(user),
    ],
    ['members/photos/', () => false],
    ['members/', () => false],
    // Not a folder: the Firebase API refuses such a prefix before the rules (400); the mirror refuses it too.
    ['members/photos/pen', () => false],
  ];
  for (const user of PHOTO_USER_NAMES) {
    for (const [prefix, allowed] of folders) {
      cases.push({ label: `${user} lists ${prefix}`, user, prefix, allowed: allowed(user) });
    }
  }
  return cases;
}
