import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  ACCESS_METADATA_KEY,
  ACCESS_VERIFIED,
  APPROVED_CLAIM,
} from '../../../organiser/bucket/member-files.ts';
import {
  MIRRORED_RULES_SHA256,
  decodeJwtPayload,
  isPermitted,
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
  rulesPath('members'), // list of the prefix 'members/' (the emulator strips trailing slashes)
  `/${rulesPath('members/images/threshing-crew.jpg')}`, // the Java runtime's form, with a leading slash
];
const outsidePaths = [
  rulesPath('public/readme.txt'),
  rulesPath('membersx/file.pdf'),
  rulesPath('Members/documents/program-1976.pdf'),
  rulesPath(''), // list of the bucket root
  rulesPath('documents/members/file.pdf'),
  'members/documents/program-1976.pdf', // not under /b/{bucket}/o at all
];

/** storage.rules, written out once more as a table: who may do what to which object. Nobody lists or writes. */
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

  it('nobody lists, anywhere: not members/, not a folder of it, not even an approved account (the site never lists)', () => {
    for (const path of [
      rulesPath('members'),
      rulesPath('members/documents'),
      rulesPath('members/photos/shared'),
      rulesPath(''),
    ]) {
      for (const user of Object.keys(users) as User[]) {
        expect(isPermitted({ method: 'list', path, token: users[user] }, PROJECT), `${user} ${path}`).toBe(
          false,
        );
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
        'rules.test.ts and emulator.test.ts, then set MIRRORED_RULES_SHA256 in rules.ts to ' +
        `${rulesHash(text)}.`,
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

  it('guards members/ only, with one get, and no list and no write', () => {
    expect(rules).toContain('match /b/{bucket}/o{');
    expect(rules).toContain('match /members/{allPaths=**}{');
    expect(rules.match(/match /g)).toHaveLength(2);
    expect(rules.match(/allow [^:]+:if [^;]+;/g)).toEqual([
      'allow get:if isVerified()&&(resource==null||isOpenToVerified()||isApproved());',
    ]);
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
