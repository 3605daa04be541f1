/**
 * The real storage.rules loads, and a handful of its decisions (the full matrices live beside the emulator). Then
 * stringListReturnedBy(), which reads a constant out of the file for a build step.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { RulesError, loadRules, stringListReturnedBy, type RulesRequest } from './index.ts';
import { objectPath, rulesWith } from './test-support.ts';

const RULES_TEXT = readFileSync(new URL('../../../../storage.rules', import.meta.url), 'utf8');
const rules = loadRules(RULES_TEXT);

const token = (claims: Record<string, unknown>) => ({
  uid: 'u1',
  token: { sub: 'u1', email: 'relative@example.org', name: 'A Relative', ...claims },
});
const USERS = {
  anonymous: null,
  unverified: token({ email_verified: false, approved: true }),
  verified: token({ email_verified: true }),
  approved: token({ email_verified: true, approved: true }),
  organiser: token({ email_verified: true, organiser: true }),
};

const decide = (request: Partial<RulesRequest> & Pick<RulesRequest, 'method' | 'path'>) =>
  rules.isAllowed({ auth: null, resource: null, requestResource: null, ...request });

describe('storage.rules', () => {
  it('loads: everything it uses is supported', () => {
    expect(rules.fileName).toBe('storage.rules');
  });

  it('an anonymous get of a member file is refused', () => {
    const path = objectPath('members/documents/x.pdf');
    expect(decide({ method: 'get', path, resource: { metadata: { access: 'verified' } } })).toBe(false);
  });

  it('a verified account reads an ordinary file (access=verified); an approval-only file needs the approved claim', () => {
    const path = objectPath('members/documents/x.pdf');
    const ordinary = { metadata: { access: 'verified' } };
    const approvalOnly = { metadata: { access: 'approved' } };
    expect(decide({ method: 'get', path, auth: USERS.verified, resource: ordinary })).toBe(true);
    expect(decide({ method: 'get', path, auth: USERS.verified, resource: approvalOnly })).toBe(false);
    expect(decide({ method: 'get', path, auth: USERS.approved, resource: approvalOnly })).toBe(true);
    expect(decide({ method: 'get', path, auth: USERS.unverified, resource: ordinary })).toBe(false);
    // A file without the access metadata is approval-only; a missing file is a 404 for a verified account.
    expect(decide({ method: 'get', path, auth: USERS.verified, resource: { metadata: {} } })).toBe(false);
    expect(decide({ method: 'get', path, auth: USERS.verified, resource: null })).toBe(true);
  });

  it("nobody lists members/ or a catalogue folder, nor the bucket's root", () => {
    for (const auth of Object.values(USERS)) {
      for (const prefix of ['members', 'members/documents', '']) {
        expect(decide({ method: 'list', path: objectPath(prefix), auth }), prefix).toBe(false);
      }
    }
  });

  it('an approved relative creates a waiting photo with the right metadata, not with a key more', () => {
    const path = objectPath('members/photos/pending/u1/abcdefgh.jpg');
    const metadata = {
      takenAt: '2026-07-11T19:03:22Z',
      width: '800',
      height: '600',
      uploaderUid: 'u1',
      uploaderEmail: 'relative@example.org',
      uploaderName: 'A Relative',
    };
    const create = (md: Record<string, string>) =>
      decide({
        method: 'create',
        path,
        auth: USERS.approved,
        requestResource: { contentType: 'image/jpeg', size: 1000, metadata: md },
      });
    expect(create(metadata)).toBe(true);
    expect(create({ ...metadata, extra: 'x' })).toBe(false);
    expect(create({ ...metadata, uploaderUid: 'someone-else' })).toBe(false);
  });

  it('caption.size() <= 300 counts UTF-16 units (our choice where the docs are silent): 150 emoji pass, 151 do not', () => {
    const path = objectPath('members/photos/pending/u1/abcdefgh.jpg');
    const create = (caption: string) =>
      decide({
        method: 'create',
        path,
        auth: USERS.approved,
        requestResource: {
          contentType: 'image/jpeg',
          size: 1000,
          metadata: {
            takenAt: '2026-07-11T19:03:22Z',
            width: '8',
            height: '6',
            uploaderUid: 'u1',
            uploaderEmail: 'relative@example.org',
            caption,
          },
        },
      });
    expect(create('å'.repeat(300))).toBe(true);
    expect(create('x'.repeat(301))).toBe(false);
    expect(create('😀'.repeat(150))).toBe(true);
    expect(create('😀'.repeat(151))).toBe(false); // 151 code points, 302 UTF-16 units
  });

  it('an edit of the rules changes the decision (the evaluator reads the file, not a copy)', () => {
    const edited = RULES_TEXT.replace(
      "resource.metadata.access == 'verified'",
      "resource.metadata.access == 'public'",
    );
    expect(edited).not.toBe(RULES_TEXT);
    const editedRules = loadRules(edited);
    const path = objectPath('members/documents/x.pdf');
    const read = (access: string) => ({
      method: 'get' as const,
      path,
      auth: USERS.verified,
      resource: { metadata: { access } },
      requestResource: null,
    });
    expect(rules.isAllowed(read('verified'))).toBe(true);
    expect(editedRules.isAllowed(read('verified'))).toBe(false);
    expect(editedRules.isAllowed(read('public'))).toBe(true);
  });
});

describe('stringListReturnedBy', () => {
  const withFunction = (declaration: string) =>
    rulesWith(`    ${declaration}\n    match /{file} {\n      allow read;\n    }`);

  it("returns the strings of a function whose body is a list of string literals, from a ruleset or the file's text", () => {
    const text = withFunction(
      'function picturesForNaming() { return [\'group-photo-1976\', "wedding-1952"]; }',
    );
    expect(stringListReturnedBy(text, 'picturesForNaming')).toEqual(['group-photo-1976', 'wedding-1952']);
    expect(stringListReturnedBy(loadRules(text), 'picturesForNaming')).toEqual([
      'group-photo-1976',
      'wedding-1952',
    ]);
  });

  it('finds the function in a nested match block too', () => {
    const text = rulesWith('    match /a {\n      function names() { return []; }\n      allow read;\n    }');
    expect(stringListReturnedBy(text, 'names')).toEqual([]);
  });

  it.each([
    [
      'no such function',
      withFunction('function other() { return []; }'),
      /^storage\.rules:1:1: no function named picturesForNaming$/,
    ],
    [
      'a body that is not a list',
      withFunction("function picturesForNaming() { return 'a'; }"),
      /must take no parameters and be just/,
    ],
    [
      'an item that is not a string literal',
      withFunction("function picturesForNaming() { return ['a', 1]; }"),
      /must take no parameters/,
    ],
    [
      'a computed item',
      withFunction("function picturesForNaming() { return ['a' + 'b']; }"),
      /must take no parameters/,
    ],
    [
      'a let',
      withFunction("function picturesForNaming() { let a = 'a'; return [a]; }"),
      /must take no parameters/,
    ],
    [
      'parameters',
      withFunction("function picturesForNaming(x) { return ['a']; }"),
      /must take no parameters/,
    ],
  ])('refuses %s with a RulesError', (_, text, reason) => {
    expect(() => stringListReturnedBy(text, 'picturesForNaming')).toThrow(RulesError);
    expect(() => stringListReturnedBy(text, 'picturesForNaming')).toThrow(reason);
  });

  it('refuses two functions of that name (in different blocks): which one is meant?', () => {
    const text = rulesWith(
      "    function names() { return ['a']; }\n    match /a {\n      function names() { return ['b']; }\n      allow read;\n    }",
    );
    expect(() => stringListReturnedBy(text, 'names')).toThrow(/more than one function named names/);
  });
});
