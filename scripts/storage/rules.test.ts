import { describe, expect, it } from 'vitest';

import { decodeJwtPayload, isPermitted, objectSegmentsOf, type StorageMethod } from './rules';
import { emulatorIdToken } from './tokens';

const PROJECT = 'demo-reunion';
const BUCKET = 'demo-reunion.appspot.com';
/** Paths exactly as the emulator's storage layer builds them: 'b/<bucket>/o/<object>'. */
const rulesPath = (object: string) => `b/${BUCKET}/o/${object}`;

const METHODS: StorageMethod[] = ['get', 'list', 'create', 'update', 'delete'];

const users = {
  anonymous: null,
  unverified: emulatorIdToken({ projectId: PROJECT, emailVerified: false }),
  verified: emulatorIdToken({ projectId: PROJECT, emailVerified: true }),
  'verified, other project': emulatorIdToken({
    projectId: PROJECT,
    emailVerified: true,
    audience: 'demo-other',
  }),
  'verified, expired': emulatorIdToken({ projectId: PROJECT, emailVerified: true, expiresInSeconds: -60 }),
} as const;
type User = keyof typeof users;

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

describe('isPermitted (mirror of storage.rules)', () => {
  const cases = Object.keys(users).flatMap((user) =>
    METHODS.flatMap((method) => [
      ...membersPaths.map((path) => ({ user: user as User, method, path, inside: true })),
      ...outsidePaths.map((path) => ({ user: user as User, method, path, inside: false })),
    ]),
  );

  it.each(cases)('$user $method $path', ({ user, method, path, inside }) => {
    const expected = inside && user === 'verified' && (method === 'get' || method === 'list');
    expect(isPermitted({ method, path, token: users[user] }, PROJECT)).toBe(expected);
  });

  it('denies methods it does not know (the legacy read/write aliases are never sent by the storage layer)', () => {
    for (const method of ['read', 'write', 'GET', '']) {
      expect(isPermitted({ method, path: rulesPath('members/a.pdf'), token: users.verified }, PROJECT)).toBe(
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

  it('requires email_verified to be the boolean true', () => {
    const [header, , signature] = users.verified.split('.');
    const payload = { ...decodeJwtPayload(users.verified), email_verified: 'true' };
    const token = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    expect(isPermitted({ method: 'get', path: rulesPath('members/a.pdf'), token }, PROJECT)).toBe(false);
  });

  it('requires the issuer of the project and a subject', () => {
    const [header] = users.verified.split('.');
    const base = decodeJwtPayload(users.verified);
    const tokenWith = (changes: Record<string, unknown>) =>
      `${header}.${Buffer.from(JSON.stringify({ ...base, ...changes })).toString('base64url')}.`;
    const path = rulesPath('members/a.pdf');
    expect(isPermitted({ method: 'get', path, token: tokenWith({}) }, PROJECT)).toBe(true);
    expect(
      isPermitted({ method: 'get', path, token: tokenWith({ iss: 'https://example.org' }) }, PROJECT),
    ).toBe(false);
    expect(isPermitted({ method: 'get', path, token: tokenWith({ sub: '' }) }, PROJECT)).toBe(false);
    expect(isPermitted({ method: 'get', path, token: tokenWith({ exp: undefined }) }, PROJECT)).toBe(false);
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
