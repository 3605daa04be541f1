/**
 * Each construct of the supported language against what the Firebase docs say it does (the page and section in
 * each describe or test). Where the docs are silent the test says so and pins the stricter choice we made.
 */
import { describe, expect, it } from 'vitest';

import { loadRules, type RulesRequest } from './index.ts';
import { objectPath, outcomeOf, request, resultOf, rulesWith } from './test-support.ts';

const verified = { uid: 'u1', token: { email: 'a@example.org', email_verified: true } };

describe('error values: https://firebase.google.com/docs/reference/security/storage#errors ("Error Evaluation")', () => {
  // A runtime error to combine: the docs' own "Error, key doesn't exist" example.
  const error = "resource.metadata.nonExistentKey == 'value'";
  const resource = { metadata: {} };

  it('the documented table: error && true is an error, error && false false, error || true true, error || false an error', () => {
    expect(resultOf(`${error} && true`, { resource })).toBe('error');
    expect(resultOf(`${error} && false`, { resource })).toBe('false');
    expect(resultOf(`${error} || true`, { resource })).toBe('true');
    expect(resultOf(`${error} || false`, { resource })).toBe('error');
  });

  it('"Operations short circuit" (same page, bool): false && error is false, true || error true; the other order keeps the error', () => {
    expect(resultOf(`false && ${error}`, { resource })).toBe('false');
    expect(resultOf(`true || ${error}`, { resource })).toBe('true');
    expect(resultOf(`true && ${error}`, { resource })).toBe('error');
    expect(resultOf(`false || ${error}`, { resource })).toBe('error');
  });

  it('an allow whose condition is an error does not allow, and ! keeps the error (an error never turns into an allow)', () => {
    const rules = loadRules(rulesWith(`    match /{file} {\n      allow get: if !(${error});\n    }`));
    const explanation = rules.explain(request({ resource }));
    expect(explanation.allowed).toBe(false);
    expect(explanation.outcomes[0]).toMatchObject({ result: 'error' });
    expect(explanation.outcomes[0]!.detail).toMatch(
      /^storage\.rules:\d+:\d+: no key 'nonExistentKey' in the map$/,
    );
  });

  it('"Common places where errors are raised": division by zero, a missing key or list index, a value of the wrong type', () => {
    expect(resultOf('1000000 / resource.size == 0', { resource: { size: 0 } })).toBe('error');
    expect(resultOf("resource.metadata['missing'] == 'x'", { resource })).toBe('error');
    expect(resultOf('[1, 2][2] == 1')).toBe('error');
    expect(resultOf("'a' + 1 == 'a1'")).toBe('error');
    expect(resultOf("'abc'.matches(1)")).toBe('error');
  });

  it('null.x is an error: request.auth.token of an anonymous request', () => {
    expect(outcomeOf('request.auth.token.email_verified == true')).toMatchObject({
      result: 'error',
      detail: expect.stringContaining("cannot read '.token' of null"),
    });
  });

  it('a method the type does not have is an error, not false', () => {
    expect(resultOf('(1).size() == 1')).toBe('error');
    expect(resultOf("['a'].matches('a')")).toBe('error');
  });

  it('a condition that is not a bool does not allow (only a condition that "evaluates to true" does)', () => {
    expect(resultOf('1')).toBe('not a bool');
    expect(resultOf("'true'")).toBe('not a bool');
  });
});

describe('allow: https://firebase.google.com/docs/reference/security/storage#allow and rules-language "Method"', () => {
  const decide = (allow: string, method: RulesRequest['method']) =>
    loadRules(rulesWith(`    match /{file} {\n      ${allow}\n    }`)).isAllowed(request({ method }));

  it('"An allow rule with no condition always allows the desired method"', () => {
    expect(decide('allow get;', 'get')).toBe(true);
    expect(decide('allow get;', 'list')).toBe(false);
  });

  it('read covers get and list; write covers create, update and delete (rules-language, "Method")', () => {
    expect(
      (['get', 'list', 'create', 'update', 'delete'] as const).filter((m) => decide('allow read;', m)),
    ).toEqual(['get', 'list']);
    expect(
      (['get', 'list', 'create', 'update', 'delete'] as const).filter((m) => decide('allow write;', m)),
    ).toEqual(['create', 'update', 'delete']);
    expect(decide('allow get, delete: if true;', 'delete')).toBe(true);
  });

  it('"If any of the allow rules for the method are satisfied, the request is allowed": blocks matching one path are ORed', () => {
    // https://firebase.google.com/docs/storage/security/core-syntax, "Overlapping match statements"
    const rules = loadRules(
      rulesWith(
        '    match /images/{imageId} {\n      allow read: if false;\n    }\n' +
          '    match /images/{imageId=**} {\n      allow read: if true;\n    }',
      ),
    );
    expect(rules.explain(request({ path: objectPath('images/a.png') }))).toMatchObject({
      allowed: true,
      outcomes: [{ result: 'false' }, { result: 'true' }],
    });
  });

  it('no match block for the path: denied ("If no path is matched, the request is rejected")', () => {
    const rules = loadRules(rulesWith('    match /images/{imageId} {\n      allow read;\n    }'));
    expect(rules.explain(request({ path: objectPath('other/a.png') }))).toEqual({
      allowed: false,
      outcomes: [],
    });
  });
});

describe('match paths: https://firebase.google.com/docs/storage/security/core-syntax and rules-language "Match"', () => {
  const rules = loadRules(
    rulesWith(
      [
        '    match /images/{imageId} {',
        "      allow get: if imageId == 'a.png';",
        '    }',
        '    match /users/{userId}/{rest=**} {',
        "      allow get: if userId == 'u1';",
        '    }',
        '    match /nested {',
        '      allow list;',
        '      match /{inner} {',
        "        allow get: if inner == 'file';",
        '      }',
        '    }',
        '    match /b2/{bucket2} {',
        '      allow list: if bucket2.size() > 0;',
        '    }',
      ].join('\n'),
    ),
  );
  const get = (object: string) => rules.isAllowed(request({ path: objectPath(object) }));

  it('{name} is one whole segment, bound "as a string"', () => {
    expect(get('images/a.png')).toBe(true);
    expect(get('images/b.png')).toBe(false);
    expect(get('images/x/a.png')).toBe(false); // "Matches ... but not path/to/object"
    expect(get('images')).toBe(false);
  });

  it('{name=**} matches zero or more segments in version 2 ("Version 2")', () => {
    expect(get('users/u1/a/b/c.txt')).toBe(true);
    expect(get('users/u1')).toBe(true); // zero segments
    expect(get('users/u2/a.txt')).toBe(false);
    expect(rules.explain(request({ path: objectPath('users/u1/a/b') })).outcomes[0]!.bindings).toEqual({
      bucket: 'demo-reunion.firebasestorage.app',
      userId: 'u1',
      rest: 'a/b',
    });
  });

  it('"the path of the inner match statement is always appended to the path of the outer match statement"', () => {
    expect(get('nested/file')).toBe(true);
    expect(get('file')).toBe(false);
    // A partial match evaluates no rule of its own ("Partial matches", rules-language): the list rule of /nested
    // applies to nested itself only.
    expect(rules.isAllowed(request({ method: 'list', path: objectPath('nested') }))).toBe(true);
    expect(rules.isAllowed(request({ method: 'list', path: objectPath('nested/file') }))).toBe(false);
  });

  it("the emulator's paths: a leading '/' and empty segments (a list's trailing slash, the bucket root) are dropped", () => {
    expect(rules.isAllowed(request({ path: `/${objectPath('images/a.png')}` }))).toBe(true);
    expect(rules.isAllowed(request({ method: 'list', path: `b/bucket/o//nested/` }))).toBe(true);
    expect(rules.explain(request({ method: 'list', path: 'b/bucket/o/' })).outcomes).toEqual([]);
  });
});

describe('functions: https://firebase.google.com/docs/storage/security/rules-conditions#custom_functions', () => {
  it('parameters and let bindings, each let seeing the ones before it ("Let assignment statements must be separated by semicolons")', () => {
    const rules = loadRules(
      rulesWith(
        [
          '    function isNamed(name) {',
          '      let expected = "file";',
          "      let full = expected + '.txt';",
          '      return name == full;',
          '    }',
          '    match /{file} {',
          '      allow get: if isNamed(file);',
          '    }',
        ].join('\n'),
      ),
    );
    expect(rules.isAllowed(request({ path: objectPath('file.txt') }))).toBe(true);
    expect(rules.isAllowed(request({ path: objectPath('other.txt') }))).toBe(false);
  });

  it('"Functions can automatically access functions and variables from the scope in which they are defined"', () => {
    const rules = loadRules(
      rulesWith(
        [
          '    match /users/{userId} {',
          '      function isOwner() { return request.auth.uid == userId; }',
          '      match /files/{file} {',
          '        allow get: if isOwner();',
          '      }',
          '    }',
        ].join('\n'),
      ),
    );
    expect(rules.isAllowed(request({ path: objectPath('users/u1/files/a'), auth: verified }))).toBe(true);
    expect(rules.isAllowed(request({ path: objectPath('users/u2/files/a'), auth: verified }))).toBe(false);
  });

  it('"The total call stack depth is limited to 10": a chain of 10 calls works, 11 is an error', () => {
    const chain = (depth: number) =>
      Array.from({ length: depth }, (_, i) =>
        i === depth - 1
          ? `    function f${i}() { return true; }`
          : `    function f${i}() { return f${i + 1}(); }`,
      ).join('\n');
    const decide = (depth: number) =>
      loadRules(rulesWith(`${chain(depth)}\n    match /{file} {\n      allow get: if f0();\n    }`)).explain(
        request(),
      ).outcomes[0];
    expect(decide(10)).toMatchObject({ result: 'true' });
    expect(decide(11)).toMatchObject({
      result: 'error',
      detail: expect.stringContaining('call depth over 10'),
    });
  });

  it('an argument or a let that is an error makes the call an error (the docs are silent; the stricter choice)', () => {
    const rules = loadRules(
      rulesWith(
        [
          '    function unused(x) { return true; }',
          '    function unusedLet() { let x = request.auth.uid; return true; }',
          '    match /{file} {',
          '      allow get: if unused(request.auth.uid) || unusedLet();',
          '    }',
        ].join('\n'),
      ),
    );
    expect(rules.explain(request()).outcomes[0]).toMatchObject({ result: 'error' });
  });
});

describe('operators: https://firebase.google.com/docs/rules/rules-language "Operators and operator precedence"', () => {
  it.each([
    ['1 + 2 * 3 == 7', 'multiplicative above additive'],
    ['10 - 4 - 3 == 3', 'left to right'],
    ['-2 * -3 == 6', 'unary minus above *'],
    ['!false == true', 'unary ! above =='],
    ['true || false && false', '&& above ||'],
    ["'a' in ['a'] == true", 'in above =='],
    ['1 < 2 == true', 'relational above =='],
    ["(true ? 'yes' : 'no') == 'yes'", 'the ternary'],
    ["(false ? 'yes' : 'no') == 'no'", 'the ternary, else branch'],
  ])('%s (%s)', (condition) => {
    expect(resultOf(condition)).toBe('true');
  });

  it('ints: 64-bit, division truncates, % is the remainder; overflow is an error (https://firebase.google.com/docs/reference/rules/rules.Integer)', () => {
    expect(resultOf('7 / 2 == 3 && -7 / 2 == -3 && 7 % 3 == 1 && -7 % 3 == -1')).toBe('true');
    expect(resultOf('9223372036854775807 + 1 > 0')).toBe('error');
    expect(resultOf('1 % 0 == 0')).toBe('error');
  });

  it('"Values of type int will be coerced to float when used in comparisons and arithmetic operations with a float value" (storage reference, int and float)', () => {
    expect(resultOf('1 == 1.0 && 1 < 1.5 && 7.0 / 2 == 3.5 && 2 * 1.5 == 3')).toBe('true');
  });

  it("== between different types is false, never an error; null == null (the docs' request.auth != null, resource == null)", () => {
    expect(resultOf("1 == '1'")).toBe('false');
    expect(resultOf("1 != '1' && null == null && [1, 'a'] == [1, 'a'] && ['a'] != ['b']")).toBe('true');
    expect(resultOf('request.auth == null && resource == null')).toBe('true');
    expect(resultOf('request.auth != null', { auth: verified })).toBe('true');
  });

  it('strings: + concatenates, < > compare lexicographically (storage reference, string)', () => {
    expect(resultOf("'file' + '.txt' == 'file.txt' && 'a' < 'b' && 'ab' > 'a' && 'B' < 'a'")).toBe('true');
    expect(resultOf("'a' < 1")).toBe('error');
  });

  it('in: a key of a map, a value of a list (storage reference, list and map "in"); anything else is an error', () => {
    const resource = { metadata: { access: 'verified' } };
    expect(resultOf("'access' in resource.metadata && !('other' in resource.metadata)", { resource })).toBe(
      'true',
    );
    expect(resultOf("'b' in ['a', 'b'] && !('c' in ['a', 'b']) && 1.0 in [1]")).toBe('true');
    expect(resultOf("'x' in 'xyz'")).toBe('error');
  });

  it('! needs a bool (a bool operation), && and || too', () => {
    expect(resultOf('!1')).toBe('error');
    expect(resultOf('true && 1')).toBe('error');
    expect(resultOf('false && 1')).toBe('false');
  });
});

describe('literals (CEL syntax: https://github.com/google/cel-spec/blob/master/doc/langdef.md#syntax)', () => {
  it('single- and double-quoted strings with escapes, lists, ints, floats, bools, null', () => {
    expect(
      resultOf(`"it's" == 'it\\'s' && '\\u00e5' == 'å' && 'a\\tb'.size() == 3 && '\\\\'.size() == 1`),
    ).toBe('true');
    expect(resultOf('[1, 2.5, true, null, [\'x\']] == [1, 2.5, true, null, ["x"]] && [].size() == 0')).toBe(
      'true',
    );
  });
});

describe('methods', () => {
  it('string.matches(re) matches the whole string (https://firebase.google.com/docs/reference/rules/rules.String#matches)', () => {
    expect(resultOf("'user@domain.com'.matches('.*@domain[.]com')")).toBe('true');
    expect(resultOf("'banana'.matches('.*@domain[.]com')")).toBe('false');
    expect(resultOf("'abc'.matches('b')")).toBe('false'); // a part is not enough
    expect(resultOf("'file.txt'.matches('.*\\\\.txt')")).toBe('true'); // the storage reference's own example
  });

  it('matches() reads the pattern as RE2 (https://github.com/google/re2/wiki/Syntax), where JS would differ', () => {
    // RE2's . does not match \n only; JS's also refuses \r.
    expect(resultOf("'a\\rb'.matches('a.b') && !'a\\nb'.matches('a.b')")).toBe('true');
    // RE2's \s is [\t\n\f\r ]; JS's includes the no-break space.
    expect(resultOf("!'\\u00a0'.matches('\\\\s') && ' '.matches('\\\\s')")).toBe('true');
    // RE2 matches code points: one . for a character outside the BMP.
    expect(resultOf("'😀'.matches('.')")).toBe('true');
  });

  it('string.size() counts UTF-16 code units: "number of characters" is ambiguous, and this is the stricter count for an upper bound', () => {
    // https://firebase.google.com/docs/reference/rules/rules.String#size: 'a'.size() == 1, 'abc'.size() == 3
    expect(resultOf("'a'.size() == 1 && 'abc'.size() == 3 && 'å'.size() == 1")).toBe('true');
    expect(resultOf("'😀'.size() == 2")).toBe('true');
  });

  it('map.keys() and map.size() (https://firebase.google.com/docs/reference/rules/rules.Map)', () => {
    const resource = { metadata: { b: '2', a: '1' } };
    expect(
      resultOf("resource.metadata.keys().hasOnly(['a', 'b']) && resource.metadata.size() == 2", { resource }),
    ).toBe('true');
    expect(resultOf('resource.metadata.keys().size() == 0', { resource: { metadata: {} } })).toBe('true');
  });

  it("list.hasOnly(): the reference's examples (https://firebase.google.com/docs/reference/rules/rules.List#hasOnly)", () => {
    expect(resultOf("['a', 'b'].hasOnly(['a', 'c'])")).toBe('false');
    for (const example of [
      "['a', 'b'].hasOnly(['a', 'b', 'c'])",
      "['a', 'b'].hasOnly(['b', 'a'])",
      "['a', 'a', 'b'].hasOnly(['a', 'b', 'b'])",
      "['a', 'a', 'b'].hasOnly(['a', 'b', 'b', 'c'])",
    ]) {
      expect(resultOf(example), example).toBe('true');
    }
  });

  it('list.hasAll(), hasAny(), size() (same page)', () => {
    expect(resultOf("['file', 'txt'].hasAll(['file', 'txt']) && !['file'].hasAll(['file', 'txt'])")).toBe(
      'true',
    );
    expect(resultOf("['a', 'b'].hasAny(['c', 'b']) && !['a'].hasAny(['c']) && !['a'].hasAny([])")).toBe(
      'true',
    );
    expect(resultOf("['foo', 'bar', 'baz'].size() == 3")).toBe('true');
  });
});

describe('request and resource: https://firebase.google.com/docs/reference/security/storage#request and #resource', () => {
  it('request.auth: null when anonymous, else uid and the token\'s claims ("When an unauthenticated user performs a request, request.auth is null")', () => {
    const auth = { uid: 'u1', token: { email_verified: true, firebase: { sign_in_provider: 'password' } } };
    expect(resultOf('request.auth == null')).toBe('true');
    expect(
      resultOf(
        "request.auth.uid == 'u1' && request.auth.token.email_verified == true && request.auth.token.firebase.sign_in_provider == 'password'",
        { auth },
      ),
    ).toBe('true');
    expect(resultOf('request.auth.token.approved == true', { auth })).toBe('error');
  });

  it('request.resource: the fields the write sets; one it leaves unset is absent, one set to null is null', () => {
    const requestResource = {
      size: 10,
      contentType: 'image/jpeg',
      metadata: { a: '1' },
      contentLanguage: null,
    };
    const create = { method: 'create', requestResource } as const;
    expect(
      resultOf("request.resource.size == 10 && request.resource.contentType == 'image/jpeg'", create),
    ).toBe('true');
    expect(
      resultOf("!('cacheControl' in request.resource) && request.resource.contentLanguage == null", create),
    ).toBe('true');
    expect(resultOf("request.resource['cacheControl'] == null", create)).toBe('error');
  });

  it('resource: the stored object, or null when there is none; request.method', () => {
    expect(resultOf('resource == null')).toBe('true');
    expect(resultOf("resource.name == 'x' && request.method == 'get'", { resource: { name: 'x' } })).toBe(
      'true',
    );
    expect(resultOf('resource.size > 0')).toBe('error');
  });

  it('refuses request data that has no rules-language value (a caller bug, not a deny)', () => {
    const rules = loadRules(rulesWith('    match /{file} {\n      allow get;\n    }'));
    expect(() => rules.isAllowed(request({ resource: { metadata: { when: new Date() } } }))).toThrow(
      TypeError,
    );
    expect(() => rules.isAllowed(request({ method: 'read' as RulesRequest['method'] }))).toThrow(RangeError);
  });
});
