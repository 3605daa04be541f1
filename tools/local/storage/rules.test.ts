/**
 * The specification of storage.rules: who may do what to every path under members/ (the catalogue's files, the
 * relatives' photos, who is who, what is kept for undo), decided in-process by the file itself through the same
 * decide() the local emulator uses. The matrices are tables written out by hand (./photo-rules-matrix.ts,
 * ./faces-rules-matrix.ts, ./keeping-rules-matrix.ts, on the kit they share, ./rules-matrix-kit.ts, and the
 * catalogue's below); a rule changed in storage.rules and not in a table fails here. Beside them: the names the
 * rules share with the site and the commands (metadata keys, claims, patterns, limits), checked by what the rules
 * decide for values the site's own checks accept and refuse, and a copy of the file edited to show that the
 * decisions come from the file. What HTTP adds (the emulator's request parsing, metadata and listing) is in
 * emulator.test.ts.
 */
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { ACCESS_METADATA_KEY, ACCESS_VERIFIED, APPROVED_CLAIM } from '../../../admin/bucket/member-files.ts';
import { ORGANISER_CLAIM } from '../../../src/domain/access.ts';
import {
  DIMENSION_PATTERN,
  PHOTO_FILE_PATTERN,
  TAKEN_AT_PATTERN,
  captionLength,
  MAX_CAPTION_LENGTH,
  PHOTO_CONTENT_TYPE,
} from '../../../src/domain/photos.ts';
import {
  FILE_ID_PATTERN,
  GROUP_PHOTO_1976,
  PICTURES_FOR_NAMING,
  SUGGESTION_FILE_PATTERN,
} from '../../../src/domain/faces.ts';
import {
  ownerMetadata,
  pathAt,
  photoAccessCases,
  photoCreateCases,
  photoListCases,
  sharedMetadata,
  validAt,
} from './photo-rules-matrix.ts';
import {
  facesAccessCases,
  facesCreateCases,
  facesListCases,
  facesPathAt,
  facesValidAt,
} from './faces-rules-matrix.ts';
import { keepingAccessCases, keepingCreateCases, keepingListCases } from './keeping-rules-matrix.ts';
import {
  OWNER_UID,
  matrixTokens,
  type ListCase,
  type MatrixCase,
  type MatrixObject,
} from './rules-matrix-kit.ts';
import {
  STORAGE_RULES_FILE,
  decide,
  loadStorageRules,
  type EmulatorRequest,
  type EmulatorResource,
} from './storage-rules.ts';
import { decodeJwtPayload, emulatorIdToken } from './tokens.ts';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.firebasestorage.app';
/** Paths exactly as the emulator's storage layer builds them: 'b/<bucket>/o/<object>'. */
const rulesPath = (object: string) => `b/${BUCKET}/o/${object}`;

const METHODS = ['get', 'list', 'create', 'update', 'delete'] as const;
type StorageMethod = (typeof METHODS)[number];

const rules = loadStorageRules();
/** storage.rules' decision, as the emulator makes it. */
const isPermitted = (request: EmulatorRequest, projectId = PROJECT, nowSeconds?: number) =>
  decide(rules, request, projectId, nowSeconds);

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
  // The key and value organiser:upload writes (member-files.ts): renamed there and not in the rules, this fails.
  'an ordinary file': { metadata: { [ACCESS_METADATA_KEY]: ACCESS_VERIFIED } },
  'an approval-only file': { metadata: { [ACCESS_METADATA_KEY]: 'approved' } },
  'a file without access metadata': { metadata: {} },
  'a file with another access value': { metadata: { access: 'everyone' } },
  'a missing file': null,
} as const satisfies Record<string, EmulatorResource | null>;
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

describe('storage.rules: the catalogue under members/', () => {
  const cases = (Object.keys(users) as User[]).flatMap((user) =>
    METHODS.flatMap((method) =>
      (Object.keys(resources) as ResourceKind[]).flatMap((resource) => [
        ...membersPaths.map((path) => ({ user, method, resource, path, inside: true })),
        ...outsidePaths.map((path) => ({ user, method, resource, path, inside: false })),
      ]),
    ),
  );

  it.each(cases)('$user $method $resource at $path', ({ user, method, resource, path, inside }) => {
    expect(isPermitted({ method, path, token: users[user], resource: resources[resource] })).toBe(
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

  it("denies methods the storage layer never sends (the read/write aliases are the rules' words, not requests)", () => {
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
    const get = (resource: EmulatorResource) => isPermitted({ method: 'get', path, token, resource });
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
const asResource = ({ fields, ...object }: MatrixObject): EmulatorResource => ({ ...object, ...fields });

/** The matrix users' ID tokens. */
const matrixToken = matrixTokens(PROJECT);

/** A matrix's cases against the mirror: each request decided as its table says. */
function decidesAsTheMatrix(cases: MatrixCase[], lists: ListCase[]): void {
  it.each(cases)('$label', ({ user, method, path, stored, write, allowed }) => {
    expect(
      isPermitted(
        {
          method,
          path: rulesPath(path),
          token: matrixToken[user],
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
    expect(isPermitted({ method: 'list', path, token: matrixToken[user] }, PROJECT)).toBe(allowed);
  });
}

describe("storage.rules: the relatives' photos (members/photos/)", () => {
  decidesAsTheMatrix([...photoAccessCases(), ...photoCreateCases()], photoListCases());

  it('a create without request.resource (never sent by the emulator for a create) is refused', () => {
    const path = rulesPath(pathAt('waiting photo', 'abcdefgh'));
    expect(isPermitted({ method: 'create', path, token: matrixToken.owner }, PROJECT)).toBe(false);
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
    expect(create(matrixToken.owner!)).toBe(true);
    const noName = token({});
    const shared = rulesPath(pathAt('shared photo', 'abcdefgh'));
    const resource = { metadata: sharedMetadata() };
    for (const method of ['get', 'delete'] as const) {
      expect(isPermitted({ method, path: shared, token: noName, resource }, PROJECT)).toBe(true);
      // A file that is not there: 404, not 403.
      expect(isPermitted({ method, path: shared, token: noName, resource: null }, PROJECT)).toBe(true);
      expect(
        isPermitted({ method, path: shared, token: matrixToken['owner, unverified'], resource }, PROJECT),
      ).toBe(false);
    }
  });

  it('a serving header set to null or an empty text counts as unset', () => {
    const path = rulesPath(pathAt('waiting photo', 'abcdefgh'));
    for (const value of [null, '']) {
      const write = { ...validAt('waiting photo'), cacheControl: value, contentDisposition: value };
      expect(
        isPermitted({ method: 'create', path, token: matrixToken.owner, requestResource: write }, PROJECT),
      ).toBe(true);
    }
  });
});

describe('storage.rules: who is who (members/faces/)', () => {
  decidesAsTheMatrix([...facesAccessCases(), ...facesCreateCases()], facesListCases());

  it('a verified relative who is not approved reads no tile and no name, not even one that is not there', () => {
    const token = matrixToken['owner, not approved'];
    for (const path of [
      'members/faces/group-photo-1976/faces.json',
      'members/faces/x/image_files/0/0_0.jpeg',
    ]) {
      expect(isPermitted({ method: 'get', path: rulesPath(path), token }, PROJECT)).toBe(false);
    }
  });
});

describe('storage.rules: what is kept for undo, and the deletion markers', () => {
  decidesAsTheMatrix([...keepingAccessCases(), ...keepingCreateCases()], keepingListCases());
});

/**
 * The names and formats the rules share with the site and the commands, checked by decision rather than by the
 * rules' text: for values the site's own check accepts and refuses, the rules decide the same way.
 */
describe('storage.rules and the site agree', () => {
  const claims = (extra: Record<string, unknown>) => {
    const [header] = users.verified.split('.');
    const payload = { ...decodeJwtPayload(users.verified), ...extra };
    return `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
  };

  it('on the claims organiser:members sets', () => {
    const list = { method: 'get', path: rulesPath('members/documents/attendees-list-1976.xlsx') };
    const resource = resources['an approval-only file'];
    expect(isPermitted({ ...list, resource, token: claims({ [APPROVED_CLAIM]: true }) })).toBe(true);
    expect(isPermitted({ ...list, resource, token: claims({}) })).toBe(false);
    const pending = { method: 'list', path: rulesPath('members/photos/pending') };
    expect(isPermitted({ ...pending, token: claims({ [ORGANISER_CLAIM]: true }) })).toBe(true);
    expect(isPermitted({ ...pending, token: claims({ [APPROVED_CLAIM]: true }) })).toBe(false);
  });

  /** A waiting photo created with one metadata value changed: what the rules decide. */
  const waitingWith = (path: string, metadata: Record<string, string>) =>
    isPermitted({
      method: 'create',
      path: rulesPath(path),
      token: matrixToken.owner,
      requestResource: asResource({ ...validAt('waiting photo'), metadata: ownerMetadata(metadata) }),
    });
  const photoPath = pathAt('waiting photo', '20260711T190322Z_k3J9xQ2mPa');

  it.each([
    [
      'takenAt',
      TAKEN_AT_PATTERN,
      [
        '2026-07-11T19:03:22Z',
        '2026-07-11T19:03:22.1Z',
        '2026-07-11 19:03:22Z',
        '2026-07-11T19:03:22+02:00',
        '',
        '2026-07-11T19:03:22Z\n',
      ],
    ],
    ['width', DIMENSION_PATTERN, ['1', '99999', '0', '100000', '012', '1.5', ' 12']],
  ] as const)('on the format of %s (src/domain/photos.ts)', (key, pattern, values) => {
    for (const value of values) {
      expect(waitingWith(photoPath, { [key]: value }), JSON.stringify(value)).toBe(
        new RegExp(pattern).test(value),
      );
    }
  });

  it('on the length of a caption (captionLength, at most 300)', () => {
    for (const caption of [
      'x',
      'å'.repeat(300),
      'å'.repeat(301),
      '😀'.repeat(150),
      '😀'.repeat(151),
      'a😀'.repeat(100),
    ]) {
      expect(waitingWith(photoPath, { caption }), `${caption.length} units`).toBe(
        captionLength(caption) <= MAX_CAPTION_LENGTH,
      );
    }
  });

  it("on a photo's file name (PHOTO_FILE_PATTERN)", () => {
    for (const file of [
      'abcdefgh.jpg',
      'abcdefg.jpg',
      'abcdefgh.JPG',
      'abc.efgh.jpg',
      `${'x'.repeat(64)}.jpg`,
      `${'x'.repeat(65)}.jpg`,
      'abcdefgh.jpg.jpg',
    ]) {
      const path = `members/photos/pending/${OWNER_UID}/${file}`;
      expect(waitingWith(path, {}), file).toBe(new RegExp(PHOTO_FILE_PATTERN).test(file));
    }
  });

  /** A suggestion created by the owner: what the rules decide. */
  const suggestion = (fileId: string, file = '20260801T101500Z_q8Wm2Zr5Tb.json') =>
    isPermitted({
      method: 'create',
      path: rulesPath(`members/faces/${fileId}/suggestions/${OWNER_UID}/${file}`),
      token: matrixToken.owner,
      requestResource: asResource(facesValidAt('suggestion')),
    });

  it("on a suggestion's file name (SUGGESTION_FILE_PATTERN)", () => {
    for (const file of [
      '20260801T101500Z_q8Wm2Zr5Tb.json',
      '20260801T101500Z_q8Wm2Zr5T.json',
      '20260801T101500Z_q8Wm2Zr5Tb.txt',
      '2026-08-01T101500Z_q8Wm2Zr5Tb.json',
    ]) {
      expect(suggestion(GROUP_PHOTO_1976, file), file).toBe(new RegExp(SUGGESTION_FILE_PATTERN).test(file));
    }
  });

  it('on the pictures opened for naming (PICTURES_FOR_NAMING, written from the rules) and their ids (FILE_ID_PATTERN)', () => {
    expect(PICTURES_FOR_NAMING.size).toBeGreaterThan(0);
    for (const fileId of PICTURES_FOR_NAMING) {
      expect(new RegExp(FILE_ID_PATTERN).test(fileId), fileId).toBe(true);
      expect(suggestion(fileId), fileId).toBe(true);
    }
    for (const fileId of ['threshing-crew', 'zz-hidden', 'group-photo-1976x', 'group-photo-197']) {
      expect(suggestion(fileId), fileId).toBe(false);
    }
  });
});

describe('the decisions come from storage.rules itself', () => {
  it('an edit to a copy of the file changes what is allowed, and nothing else has to change', () => {
    const text = readFileSync(STORAGE_RULES_FILE, 'utf8');
    const copy = join(mkdtempSync(join(tmpdir(), 'storage-rules-')), 'storage.rules');
    const opened = text.replace(
      "return ['group-photo-1976'];",
      "return ['group-photo-1976', 'threshing-crew'];",
    );
    expect(opened).not.toBe(text);
    writeFileSync(copy, opened);
    const edited = loadStorageRules(copy);
    const request = {
      method: 'create',
      path: rulesPath(facesPathAt('suggestion', OWNER_UID, 'threshing-crew')),
      token: matrixToken.owner,
      requestResource: asResource(facesValidAt('suggestion')),
    };
    expect(decide(rules, request, PROJECT)).toBe(false);
    expect(decide(edited, request, PROJECT)).toBe(true);
  });

  it('a rule the evaluator does not support stops the load, naming its line: it never allows in silence', () => {
    const text = readFileSync(STORAGE_RULES_FILE, 'utf8');
    const copy = join(mkdtempSync(join(tmpdir(), 'storage-rules-')), 'storage.rules');
    writeFileSync(
      copy,
      text.replace(
        'allow list: if isOrganiser();',
        'allow list: if request.time < timestamp.date(2077, 1, 1);',
      ),
    );
    expect(() => loadStorageRules(copy)).toThrow(/storage\.rules:\d+:\d+: .*(request\.time|timestamp)/);
  });
});
