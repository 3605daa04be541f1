import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { ACCESS_METADATA_KEY, ACCESS_VERIFIED, APPROVED_CLAIM } from '../../../admin/bucket/member-files.ts';
import { ORGANISER_CLAIM } from '../../../src/domain/access.ts';
import {
  DETAILS_CONTENT_TYPE,
  DETAILS_FILE_PATTERN,
  DETAILS_METADATA_KEYS,
  DIMENSION_PATTERN,
  MARKER_FILE_PATTERN,
  MAX_CAPTION_LENGTH,
  MAX_DETAILS_BYTES,
  MAX_PHOTO_BYTES,
  MAX_THUMBNAIL_BYTES,
  PENDING_METADATA_KEYS,
  PHOTO_CONTENT_TYPE,
  PHOTO_FILE_PATTERN,
  PHOTO_ID_PATTERN,
  REQUIRED_PENDING_METADATA_KEYS,
  SERVING_FIELDS,
  SHARED_METADATA_KEYS,
  TAKEN_AT_PATTERN,
} from '../../../src/domain/photos.ts';
import {
  PHOTO_USERS,
  accessCases,
  createCases,
  listCases,
  ownerMetadata,
  pathAt,
  sharedMetadata,
  validAt,
  type ListCase,
  type PhotoCase,
  type PhotoObject,
  type PhotoUser,
} from './photo-rules-matrix.ts';
import { facesAccessCases, facesCreateCases, facesListCases } from './faces-rules-matrix.ts';
import {
  FACES_CONTENT_TYPE,
  FILE_ID_PATTERN,
  MAX_FACES_BYTES,
  MAX_SUGGESTION_BYTES,
  REQUIRED_SUGGESTION_METADATA_KEYS,
  SUGGESTION_FILE_PATTERN,
  SUGGESTION_ID_PATTERN,
  SUGGESTION_METADATA_KEYS,
} from '../../../src/domain/faces.ts';
import {
  MIRRORED_RULES_SHA256,
  decodeJwtPayload,
  isPermitted,
  matchPath,
  normaliseRules,
  objectSegmentsOf,
  rulesHash,
  type RulesResource,
  type StorageMethod,
} from './rules.ts';
import { emulatorIdToken } from './tokens.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
/** Paths exactly as the emulator's storage layer builds them: 'b/<bucket>/o/<object>'. */
const rulesPath = (object: string) => `b/${BUCKET}/o/${object}`;

const METHODS: StorageMethod[] = ['get', 'list', 'create', 'update', 'delete'];

const users = {
  anonymous: null,
  unverified: emulatorIdToken({ projectId: PROJECT, emailVerified: false }),
  verified: emulatorIdToken({ projectId: PROJECT, emailVerified: true }),
  approved: emulatorIdToken({ projectId: PROJECT, emailVerified: true, approved: true }),
  'approved, unverified': emulatorIdToken({ projectId: PROJECT, emailVerified: false, approved: true }),
  'verified, other project': emulatorIdToken({
    projectId: PROJECT,
    emailVerified: true,
    approved: true,
    audience: 'demo-other',
  }),
  'verified, expired': emulatorIdToken({
    projectId: PROJECT,
    emailVerified: true,
    approved: true,
    expiresInSeconds: -60,
  }),
} as const;
type User = keyof typeof users;
const VERIFIED_USERS: ReadonlySet<User> = new Set<User>(['verified', 'approved']);

/** What the emulator passes as `resource` (file.before) for each kind of stored object. */
const resources = {
  'an ordinary file': { metadata: { access: 'verified' } },
  'an approval-only file': { metadata: { access: 'approved' } },
  'a file without access metadata': { metadata: {} },
  'a file with another access value': { metadata: { access: 'everyone' } },
  'a missing file': null,
} as const satisfies Record<string, RulesResource | null>;
type ResourceKind = keyof typeof resources;

const membersPaths = [
  rulesPath('members/documents/program-1976.pdf'),
  rulesPath('members/benchmark/large-demo-file.bin'),
  rulesPath('members/loose-file.pdf'), // {allPaths=**} matches zero segments: a file right under members/
  `/${rulesPath('members/images/threshing-crew.jpg')}`, // the Java runtime's form, with a leading slash
];
const outsidePaths = [
  rulesPath('members'), // list of the prefix 'members/' (the emulator strips trailing slashes): no folder
  rulesPath('members/photos'), // the catalogue's rule stops at members/photos/ ...
  rulesPath('members/photos/pending/approved-user/20260711T190322Z_k3J9xQ2mPa.jpg'), // ... whatever metadata
  rulesPath('members/photos/elsewhere/old-catalogue-file.pdf'),
  rulesPath('public/readme.txt'),
  rulesPath('membersx/file.pdf'),
  rulesPath('Members/documents/program-1976.pdf'),
  rulesPath(''), // list of the bucket root
  rulesPath('documents/members/file.pdf'),
  'members/documents/program-1976.pdf', // not under /b/{bucket}/o at all
];

/** storage.rules, written out once more as a table: who may do what to which catalogue object. Nobody lists. */
function expected(user: User, method: StorageMethod, inside: boolean, resource: ResourceKind): boolean {
  if (!inside || !VERIFIED_USERS.has(user)) return false;
  if (method !== 'get') return false;
  if (resource === 'a missing file' || resource === 'an ordinary file') return true;
  return user === 'approved';
}

describe('isPermitted (mirror of storage.rules)', () => {
  const cases = (Object.keys(users) as User[]).flatMap((user) =>
    METHODS.flatMap((method) =>
      (Object.keys(resources) as ResourceKind[]).flatMap((resource) => [
        ...membersPaths.map((path) => ({ user, method, resource, path, inside: true })),
        ...outsidePaths.map((path) => ({ user, method, resource, path, inside: false })),
      ]),
    ),
  );

  it.each(cases)('$user $method $resource at $path', ({ user, method, resource, path, inside }) => {
    expect(isPermitted({ method, path, token: users[user], resource: resources[resource] }, PROJECT)).toBe(
      expected(user, method, inside, resource),
    );
  });

  it('nobody lists the catalogue: not members/, not a folder of it, not the bucket, not even an approved account', () => {
    for (const path of ['members', 'members/documents', 'members/images/thumbnails', 'members/photos', '']) {
      for (const user of Object.keys(users) as User[]) {
        expect(
          isPermitted({ method: 'list', path: rulesPath(path), token: users[user] }, PROJECT),
          `${user} ${path}`,
        ).toBe(false);
      }
    }
  });

  it('denies methods it does not know (the legacy read/write aliases are never sent by the storage layer)', () => {
    for (const method of ['read', 'write', 'GET', '']) {
      expect(isPermitted({ method, path: rulesPath('members/a.pdf'), token: users.approved }, PROJECT)).toBe(
        false,
      );
    }
  });

  it('treats malformed tokens as anonymous', () => {
    const path = rulesPath('members/a.pdf');
    for (const token of ['', 'owner', 'a.b', 'not.a.jwt', `x.${Buffer.from('[]').toString('base64url')}.`]) {
      expect(isPermitted({ method: 'get', path, token }, PROJECT)).toBe(false);
    }
  });

  /** The token of `user` with some claims changed. */
  function tokenWith(user: 'verified' | 'approved', changes: Record<string, unknown>): string {
    const [header] = users[user].split('.');
    const payload = { ...decodeJwtPayload(users[user]), ...changes };
    return `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  }

  it('requires email_verified to be the boolean true', () => {
    const path = rulesPath('members/documents/program-1976.pdf');
    const resource = resources['an ordinary file'];
    expect(isPermitted({ method: 'get', path, token: tokenWith('verified', {}), resource }, PROJECT)).toBe(
      true,
    );
    const token = tokenWith('verified', { email_verified: 'true' });
    expect(isPermitted({ method: 'get', path, token, resource }, PROJECT)).toBe(false);
  });

  it('requires the approved claim to be the boolean true', () => {
    const resource = resources['an approval-only file'];
    const path = rulesPath('members/documents/attendees-list-1976.xlsx');
    for (const approved of ['true', 1, {}, null]) {
      const token = tokenWith('approved', { approved });
      expect(isPermitted({ method: 'get', path, token, resource }, PROJECT), String(approved)).toBe(false);
    }
  });

  it('reads access from the custom metadata only, exactly', () => {
    const path = rulesPath('members/documents/program-1976.pdf');
    const token = users.verified;
    const get = (resource: RulesResource) => isPermitted({ method: 'get', path, token, resource }, PROJECT);
    expect(get({ metadata: { access: 'verified' } })).toBe(true);
    expect(get({ metadata: { access: 'Verified' } })).toBe(false);
    expect(get({ metadata: { Access: 'verified' } })).toBe(false);
    expect(get({ metadata: null })).toBe(false);
    expect(get({})).toBe(false);
  });

  it('requires the issuer of the project and a subject', () => {
    const path = rulesPath('members/a.pdf');
    expect(isPermitted({ method: 'get', path, token: tokenWith('verified', {}) }, PROJECT)).toBe(true);
    for (const changes of [{ iss: 'https://example.org' }, { sub: '' }, { exp: undefined }]) {
      expect(isPermitted({ method: 'get', path, token: tokenWith('verified', changes) }, PROJECT)).toBe(
        false,
      );
    }
  });

  it('expires the token at exp', () => {
    const token = users.verified;
    const exp = decodeJwtPayload(token)?.exp as number;
    const path = rulesPath('members/a.pdf');
    expect(isPermitted({ method: 'get', path, token }, PROJECT, exp - 1)).toBe(true);
    expect(isPermitted({ method: 'get', path, token }, PROJECT, exp)).toBe(false);
  });
});

/** A matrix object as the rules see it: its headers beside its type, size and metadata. */
const asResource = ({ fields, ...object }: PhotoObject): RulesResource => ({ ...object, ...fields });

/** The matrix users' ID tokens. */
const photoTokens = Object.fromEntries(
  Object.entries(PHOTO_USERS).map(([user, options]) => [
    user,
    options ? emulatorIdToken({ projectId: PROJECT, ...options }) : null,
  ]),
) as Record<PhotoUser, string | null>;

/** A matrix's cases against the mirror: each request decided as its table says. */
function decidesAsTheMatrix(cases: PhotoCase[], lists: ListCase[]): void {
  it.each(cases)('$label', ({ user, method, path, stored, write, allowed }) => {
    expect(
      isPermitted(
        {
          method,
          path: rulesPath(path),
          token: photoTokens[user],
          resource: stored,
          requestResource: (method === 'create' || method === 'update') && write ? asResource(write) : null,
        },
        PROJECT,
      ),
    ).toBe(allowed);
  });

  it.each(lists)('$label', ({ user, prefix, allowed }) => {
    // The emulator strips the trailing slashes of the prefix.
    const path = rulesPath(prefix.replace(/\/+$/, ''));
    expect(isPermitted({ method: 'list', path, token: photoTokens[user] }, PROJECT)).toBe(allowed);
  });
}

describe("isPermitted: the relatives' photos (members/photos/)", () => {
  decidesAsTheMatrix([...accessCases(), ...createCases()], listCases());

  it('a create without request.resource (never sent by the emulator for a create) is refused', () => {
    const path = rulesPath(pathAt('waiting photo', 'abcdefgh'));
    expect(isPermitted({ method: 'create', path, token: photoTokens.owner }, PROJECT)).toBe(false);
  });

  it("an uploaderName needs a name in the token, an uploaderEmail an e-mail address; a shared photo's uploader may read and delete it only while verified", () => {
    const path = rulesPath(pathAt('waiting photo', 'abcdefgh'));
    const token = (options: { name?: string; email?: string }) =>
      emulatorIdToken({
        projectId: PROJECT,
        uid: 'owner-uid',
        emailVerified: true,
        approved: true,
        ...options,
      });
    const write = { contentType: PHOTO_CONTENT_TYPE, size: 10, metadata: ownerMetadata() };
    const create = (idToken: string) =>
      isPermitted({ method: 'create', path, token: idToken, requestResource: write }, PROJECT);
    expect(create(token({ email: 'owner@example.org' }))).toBe(false);
    expect(create(token({ name: 'Owner Relative', email: 'other@example.org' }))).toBe(false);
    expect(create(photoTokens.owner!)).toBe(true);
    const noName = token({});
    const shared = rulesPath(pathAt('shared photo', 'abcdefgh'));
    const resource = { metadata: sharedMetadata() };
    for (const method of ['get', 'delete'] as const) {
      expect(isPermitted({ method, path: shared, token: noName, resource }, PROJECT)).toBe(true);
      // A file that is not there: 404, not 403.
      expect(isPermitted({ method, path: shared, token: noName, resource: null }, PROJECT)).toBe(true);
      expect(
        isPermitted({ method, path: shared, token: photoTokens['owner, unverified'], resource }, PROJECT),
      ).toBe(false);
    }
  });

  it('a serving header set to null or an empty text counts as unset', () => {
    const path = rulesPath(pathAt('waiting photo', 'abcdefgh'));
    for (const value of [null, '']) {
      const write = { ...validAt('waiting photo'), cacheControl: value, contentDisposition: value };
      expect(
        isPermitted({ method: 'create', path, token: photoTokens.owner, requestResource: write }, PROJECT),
      ).toBe(true);
    }
  });
});

describe('isPermitted: who is who (members/faces/)', () => {
  decidesAsTheMatrix([...facesAccessCases(), ...facesCreateCases()], facesListCases());

  it('a verified relative who is not approved reads no tile and no name, not even one that is not there', () => {
    const token = photoTokens['owner, not approved'];
    for (const path of [
      'members/faces/group-photo-1976/faces.json',
      'members/faces/x/image_files/0/0_0.jpeg',
    ]) {
      expect(isPermitted({ method: 'get', path: rulesPath(path), token }, PROJECT)).toBe(false);
    }
  });
});

describe('matchPath', () => {
  it('matches one segment per {name}, zero or more for a trailing {name=**}, the rest exactly', () => {
    expect(matchPath('members/{folder}/{rest=**}', ['members', 'a'])).toEqual({ folder: 'a', rest: '' });
    expect(matchPath('members/{folder}/{rest=**}', ['members', 'a', 'b', 'c'])).toEqual({
      folder: 'a',
      rest: 'b/c',
    });
    expect(matchPath('members/{folder}/{rest=**}', ['members'])).toBeNull();
    expect(matchPath('members/photos/{file}', ['members', 'photos'])).toBeNull();
    expect(matchPath('members/photos/{file}', ['members', 'photos', 'a', 'b'])).toBeNull();
    expect(matchPath('members/photos/shared', ['members', 'photos', 'shared'])).toEqual({});
    expect(matchPath('members/photos/shared', ['members', 'photos', 'Shared'])).toBeNull();
  });
});

describe('objectSegmentsOf', () => {
  it('reads the object path out of the rules path, with or without a leading slash', () => {
    expect(objectSegmentsOf(`b/${BUCKET}/o/members/documents/x.pdf`)).toEqual([
      'members',
      'documents',
      'x.pdf',
    ]);
    expect(objectSegmentsOf(`/b/${BUCKET}/o/members/`)).toEqual(['members']);
    expect(objectSegmentsOf(`b/${BUCKET}/o/`)).toEqual([]);
    expect(objectSegmentsOf('members/x.pdf')).toBeNull();
  });
});

/**
 * The mirror is written for one version of storage.rules. These fail when storage.rules changes and the mirror is
 * not brought along (the hash), and when the names both sides must share drift apart (the metadata key and value
 * the upload writes, the claim the members command sets, the folder).
 */
describe('storage.rules and its mirror', () => {
  const text = readFileSync(new URL('../../../storage.rules', import.meta.url), 'utf8');
  const rules = normaliseRules(text);

  it('storage.rules is the version the mirror decides like', () => {
    expect(
      rulesHash(text),
      'storage.rules changed. Make tools/local/storage/rules.ts decide exactly like it, extend the matrices in ' +
        'rules.test.ts and emulator.test.ts, then set MIRRORED_RULES_SHA256 in rules.ts to this hash.',
    ).toBe(MIRRORED_RULES_SHA256);
  });

  it('ignores comments and layout, and nothing else', () => {
    const reformatted = `// a new comment\n${text.replace(/\n\s*/g, '\n    ').replace(/ == /g, '==')}`;
    expect(rulesHash(reformatted)).toBe(rulesHash(text));
    expect(rulesHash(text.replace("== 'verified'", "== 'public'"))).not.toBe(rulesHash(text));
    const withList = text.replace('allow get:', 'allow list: if isVerified();\n      allow get:');
    expect(withList).not.toBe(text);
    expect(rulesHash(withList)).not.toBe(rulesHash(text));
  });

  it('has exactly the match blocks and allows the mirror implements, in the same order', () => {
    const blocks = [...rules.matchAll(/match ((?:\/(?:\{\w+(?:=\*\*)?\}|[\w.-]+))+)\{/g)].map((m) => m[1]);
    expect(blocks).toEqual([
      '/b/{bucket}/o',
      '/members/{folder}/{allPaths=**}',
      '/members/photos',
      '/pending',
      '/pending/{uid}',
      '/pending/{uid}/thumbnails',
      '/pending/{uid}/{file}',
      '/pending/{uid}/thumbnails/{file}',
      '/shared',
      '/shared/{file}',
      '/shared/thumbnails/{file}',
      '/shared/details/{file}',
      '/shared/uploaders/{uid}',
      '/shared/uploaders/{uid}/{file}',
      '/members/faces/{fileId}',
      '/image.dzi',
      '/image_files/{level}/{tile}',
      '/faces.json',
      '/suggestions',
      '/suggestions/{uid}',
      '/suggestions/{uid}/{file}',
    ]);
    expect(rules.match(/allow [^:]+:if [^;]+;/g)).toEqual([
      "allow get:if folder!='photos'&&folder!='faces'&&isVerified()&&(resource==null||isOpenToVerified()||isApproved());",
      'allow list:if isOrganiser();',
      'allow list:if isSelf(uid)||isOrganiser();',
      'allow list:if isSelf(uid)||isOrganiser();',
      'allow get,delete:if isSelf(uid)||isOrganiser();',
      'allow create:if mayCreatePending(uid,file,10 * 1024 * 1024);',
      'allow get,delete:if isSelf(uid)||isOrganiser();',
      'allow create:if mayCreatePending(uid,file,512 * 1024);',
      'allow list:if maySeeShared();',
      'allow get:if maySeeShared()||isSharer();',
      'allow delete:if isOrganiser()||isSharer();',
      'allow create:if mayCreateShared(file,10 * 1024 * 1024);',
      'allow get:if maySeeShared()||isSharer();',
      'allow delete:if isOrganiser()||isSharer();',
      'allow create:if mayCreateShared(file,512 * 1024);',
      'allow get:if maySeeShared()||isSharer();',
      'allow delete:if isOrganiser()||isSharer();',
      `allow create:if isOrganiser()&&file.matches('${DETAILS_FILE_PATTERN}')&&isNew('${DETAILS_CONTENT_TYPE}',4 * 1024)&&request.resource.metadata.keys().hasOnly(['uploaderUid'])&&request.resource.metadata.keys().hasAll(['uploaderUid']);`,
      'allow list:if isSelf(uid)||isOrganiser();',
      'allow delete:if isSelf(uid)||isOrganiser();',
      `allow create:if isOrganiser()&&file.matches('${MARKER_FILE_PATTERN}')&&isNew('application/octet-stream',0)&&request.resource.metadata.size()==0;`,
      'allow get:if maySeeFaces();',
      'allow get:if maySeeFaces();',
      'allow get:if maySeeFaces();',
      `allow create:if isOrganiser()&&fileId.matches('${FILE_ID_PATTERN}')&&isServedAsIs('${FACES_CONTENT_TYPE}',512 * 1024)&&request.resource.metadata.size()==0;`,
      'allow list:if isOrganiser();',
      'allow list:if isSelf(uid)||isOrganiser();',
      'allow get,delete:if isSelf(uid)||isOrganiser();',
      `allow create:if isSelf(uid)&&isApproved()&&file.matches('${SUGGESTION_FILE_PATTERN}')&&isNew('${FACES_CONTENT_TYPE}',${MAX_SUGGESTION_BYTES})&&isSuggestedBy(uid);`,
    ]);
    expect(512 * 1024).toBe(MAX_FACES_BYTES);
    expect(4 * 1024).toBe(MAX_DETAILS_BYTES);
    expect(DETAILS_METADATA_KEYS).toEqual(['uploaderUid']);
    expect(10 * 1024 * 1024).toBe(MAX_PHOTO_BYTES);
    expect(512 * 1024).toBe(MAX_THUMBNAIL_BYTES);
  });

  it("checks the photos' file names, content type, metadata keys, formats and headers of src/domain/photos.ts", () => {
    expect(PHOTO_FILE_PATTERN).toBe(`${PHOTO_ID_PATTERN.source.slice(0, -1)}[.]jpg$`);
    expect(DETAILS_FILE_PATTERN).toBe(`${PHOTO_ID_PATTERN.source.slice(0, -1)}[.]json$`);
    expect(MARKER_FILE_PATTERN).toBe(PHOTO_ID_PATTERN.source);
    expect(rules).toContain(`return file.matches('${PHOTO_FILE_PATTERN}');`);
    expect(rules).toContain(`isNew('${PHOTO_CONTENT_TYPE}',maxBytes)`);
    expect(rules).toContain('request.resource.contentType==contentType');
    for (const field of SERVING_FIELDS) expect(rules).toContain(`isUnset('${field}')`);
    const list = (keys: readonly string[]) => `[${keys.map((key) => `'${key}'`).join(',')}]`;
    expect(rules).toContain(`md.keys().hasOnly(${list(PENDING_METADATA_KEYS)})`);
    expect(rules).toContain(`md.keys().hasAll(${list(REQUIRED_PENDING_METADATA_KEYS)})`);
    expect(rules).toContain(`md.keys().hasOnly(${list(SHARED_METADATA_KEYS)})`);
    expect(rules).toContain(`md.keys().hasAll(${list(SHARED_METADATA_KEYS)})`);
    expect(rules).toContain(`md.takenAt.matches('${TAKEN_AT_PATTERN}')`);
    expect(rules).toContain(`md.width.matches('${DIMENSION_PATTERN}')`);
    expect(rules).toContain(`md.height.matches('${DIMENSION_PATTERN}')`);
    expect(rules).toContain(`md.caption.size()<=${MAX_CAPTION_LENGTH}`);
    expect(rules).toContain(
      `'${ORGANISER_CLAIM}' in request.auth.token&&request.auth.token.${ORGANISER_CLAIM}==true`,
    );
  });

  it("checks the suggestions' metadata keys of src/domain/faces.ts against the token", () => {
    const list = (keys: readonly string[]) => `[${keys.map((key) => `'${key}'`).join(',')}]`;
    expect(rules).toContain(`md.keys().hasOnly(${list(SUGGESTION_METADATA_KEYS)})`);
    expect(rules).toContain(`md.keys().hasAll(${list(REQUIRED_SUGGESTION_METADATA_KEYS)})`);
    expect(rules).toContain('md.suggesterUid==uid&&md.suggesterEmail==request.auth.token.email');
    expect(rules).toContain(
      "(!('suggesterName' in md)||('name' in request.auth.token&&md.suggesterName==request.auth.token.name))",
    );
    expect(SUGGESTION_FILE_PATTERN).toBe(`${SUGGESTION_ID_PATTERN.slice(0, -1)}[.]json$`);
  });

  it('reads the same metadata and claim the organiser commands write', () => {
    expect(rules).toContain(
      `return '${ACCESS_METADATA_KEY}' in resource.metadata&&resource.metadata.${ACCESS_METADATA_KEY}=='${ACCESS_VERIFIED}';`,
    );
    expect(rules).toContain(
      `return '${APPROVED_CLAIM}' in request.auth.token&&request.auth.token.${APPROVED_CLAIM}==true;`,
    );
    expect(rules).toContain('return request.auth!=null&&request.auth.token.email_verified==true;');
  });
});
