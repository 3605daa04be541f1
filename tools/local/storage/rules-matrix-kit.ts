/**
 * What the rules matrices share (photo-rules-matrix.ts, faces-rules-matrix.ts, keeping-rules-matrix.ts): the
 * accounts and the groups the rules tell apart, the shape of a case and of a stored object, and the loops that write
 * a matrix out. Each matrix keeps what is its own: its places and paths, its well-formed objects, its table of who
 * may do what, and every way a create can be wrong there. rules.test.ts and emulator.test.ts run the cases.
 */
import { emulatorIdToken, type EmulatorTokenOptions } from './tokens.ts';

export const OWNER_UID = 'owner-uid';
export const OTHER_UID = 'other-uid';
export const OWNER_NAME = 'Owner Relative';
export const OWNER_EMAIL = 'owner@example.org';
export const ORGANISER_UID = 'organiser-uid';

/** The accounts of the matrices, as ID token options (without the project). */
export const MATRIX_USERS = {
  owner: { uid: OWNER_UID, name: OWNER_NAME, email: OWNER_EMAIL, emailVerified: true, approved: true },
  'another approved member': { uid: OTHER_UID, name: 'Other Relative', emailVerified: true, approved: true },
  'owner, unverified': {
    uid: OWNER_UID,
    name: OWNER_NAME,
    email: OWNER_EMAIL,
    emailVerified: false,
    approved: true,
  },
  // Approval withdrawn (or never given): still sees, withdraws and deletes what is theirs.
  'owner, not approved': { uid: OWNER_UID, name: OWNER_NAME, email: OWNER_EMAIL, emailVerified: true },
  // The rules check `organiser` on its own: this organiser is not approved.
  organiser: { uid: ORGANISER_UID, name: 'Organiser', emailVerified: true, organiser: true },
  'organiser, unverified': { uid: ORGANISER_UID, name: 'Organiser', emailVerified: false, organiser: true },
  'organiser claim not true': {
    uid: ORGANISER_UID,
    emailVerified: true,
    approved: true,
    organiser: 'true',
  },
  anonymous: null,
} as const satisfies Record<string, Omit<EmulatorTokenOptions, 'projectId'> | null>;
export type MatrixUser = keyof typeof MATRIX_USERS;
export const MATRIX_USER_NAMES = Object.keys(MATRIX_USERS) as MatrixUser[];

/** Verified and approved (the organiser of the matrices is not: it holds the `organiser` claim alone). */
export const APPROVED: readonly MatrixUser[] = [
  'owner',
  'another approved member',
  'organiser claim not true',
];
/** Verified with the owner's uid: the owner, approved or not. */
export const SELF: readonly MatrixUser[] = ['owner', 'owner, not approved'];
export const isSelfOrOrganiser = (user: MatrixUser) => SELF.includes(user) || user === 'organiser';

/** The matrix accounts' ID tokens for a project (null: anonymous). */
export function matrixTokens(projectId: string): Record<MatrixUser, string | null> {
  return Object.fromEntries(
    Object.entries(MATRIX_USERS).map(([user, options]) => [
      user,
      options ? emulatorIdToken({ projectId, ...options }) : null,
    ]),
  ) as Record<MatrixUser, string | null>;
}

/** Custom metadata without the keys a case leaves out (overridden with undefined). */
export const withoutUndefined = (metadata: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;

/** An object as stored or as a write would store it. */
export interface MatrixObject {
  contentType: string;
  size: number;
  metadata: Record<string, string>;
  /** Headers Storage serves it with (cacheControl, ...), when set. */
  fields?: Record<string, string>;
}

export interface MatrixCase {
  label: string;
  user: MatrixUser;
  method: 'create' | 'update' | 'delete' | 'get';
  path: string;
  /** What is stored at the path beforehand (`resource`); null: nothing. */
  stored: MatrixObject | null;
  /** What a create would store (`request.resource`); for update, the new custom metadata. */
  write?: MatrixObject;
  allowed: boolean;
}

export interface ListCase {
  label: string;
  user: MatrixUser;
  /** The prefix listed, as the SDK sends it (with a trailing slash). */
  prefix: string;
  allowed: boolean;
}

export type AccessMethod = 'create' | 'overwrite' | 'update' | 'delete' | 'get';

/** A matrix's places and, written out as a table, what storage.rules lets each account do there. */
export interface PlaceTable<Place extends string> {
  places: readonly Place[];
  pathAt(place: Place): string;
  /** A well-formed object at the place (made anew for each use: a case may not share another's). */
  validAt(place: Place): MatrixObject;
  /** What an update of the metadata writes over the well-formed object. */
  updatedAt(place: Place): MatrixObject;
  may(user: MatrixUser, method: AccessMethod, place: Place): boolean;
}

/**
 * Who does what to each place holding a well-formed object: every account creates it, creates over it, updates
 * its metadata, deletes it and reads it, each allowed or not as the table says.
 */
export function accessCasesOf<Place extends string>(table: PlaceTable<Place>): MatrixCase[] {
  return MATRIX_USER_NAMES.flatMap((user) =>
    table.places.flatMap((place): MatrixCase[] => {
      const path = table.pathAt(place);
      const may = (method: AccessMethod) => table.may(user, method, place);
      const existing = table.validAt(place);
      return [
        {
          label: `${user} creates a ${place}`,
          user,
          method: 'create',
          path,
          stored: null,
          write: table.validAt(place),
          allowed: may('create'),
        },
        {
          label: `${user} overwrites a ${place}`,
          user,
          method: 'create',
          path,
          stored: existing,
          write: table.validAt(place),
          allowed: may('overwrite'),
        },
        {
          label: `${user} updates the metadata of a ${place}`,
          user,
          method: 'update',
          path,
          stored: existing,
          write: table.updatedAt(place),
          allowed: may('update'),
        },
        {
          label: `${user} deletes a ${place}`,
          user,
          method: 'delete',
          path,
          stored: existing,
          allowed: may('delete'),
        },
        {
          label: `${user} reads a ${place}`,
          user,
          method: 'get',
          path,
          stored: existing,
          allowed: may('get'),
        },
      ];
    }),
  );
}

/** A list of create cases and the function that adds one (a create stores over nothing). */
export function createCaseList(): {
  cases: MatrixCase[];
  create(label: string, user: MatrixUser, path: string, write: MatrixObject, allowed: boolean): void;
} {
  const cases: MatrixCase[] = [];
  return {
    cases,
    create: (label, user, path, write, allowed) =>
      cases.push({ label, user, method: 'create', path, stored: null, write, allowed }),
  };
}

/** Every account lists each folder (a prefix as the SDK sends it), allowed as its predicate says. */
export function listCasesOf(
  folders: readonly (readonly [string, (user: MatrixUser) => boolean])[],
): ListCase[] {
  return MATRIX_USER_NAMES.flatMap((user) =>
    folders.map(([prefix, allowed]) => ({
      label: `${user} lists ${prefix}`,
      user,
      prefix,
      allowed: allowed(user),
    })),
  );
}
