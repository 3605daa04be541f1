/**
 * "Refuse loudly": whatever the evaluator does not implement is a RulesError at load, naming the construct and where
 * it is, never a rule that silently allows or denies. Also the syntax errors of the supported part.
 */
import { describe, expect, it } from 'vitest';

import { RulesError, loadRules } from './index.ts';
import { rulesWith } from './test-support.ts';

function refusal(text: string, fileName?: string): RulesError {
  try {
    loadRules(text, fileName);
  } catch (error) {
    if (error instanceof RulesError) return error;
    throw error;
  }
  throw new Error('the rules loaded');
}

/** The refusal of `allow get: if <condition>`; the condition starts at line 5, column 21. */
const refusedCondition = (condition: string) =>
  refusal(rulesWith(`    match /{file} {\n      allow get: if ${condition};\n    }`));

/** Where in the condition (0-based) the refusal points. */
const conditionColumn = (offset: number) => ({ line: 5, column: 21 + offset });

describe('RulesError', () => {
  it("carries the file, line and column, and says them first: 'file:line:column: reason'", () => {
    const error = refusal(
      rulesWith('    match /{file} {\n      allow get: if request.time < 5;\n    }'),
      'x.rules',
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ file: 'x.rules', line: 5, column: 29, name: 'RulesError' });
    expect(error.message).toBe(
      'x.rules:5:29: request.time is not supported (only request.auth, request.resource, request.method)',
    );
  });
});

describe('the file and its declarations', () => {
  it.each([
    [
      'no rules_version (the v1 engine)',
      'service firebase.storage {}',
      1,
      1,
      /must start with rules_version = '2'/,
    ],
    [
      "rules_version '1'",
      "rules_version = '1';\nservice firebase.storage {}",
      1,
      17,
      /rules_version '1' is not supported/,
    ],
    [
      'another service',
      "rules_version = '2';\nservice cloud.firestore {}",
      2,
      9,
      /service cloud\.firestore is not supported \(only firebase\.storage\)/,
    ],
    [
      'two services',
      "rules_version = '2';\nservice firebase.storage {}\nservice firebase.storage {}",
      3,
      1,
      /only one service declaration per file/,
    ],
    [
      'an allow outside a match',
      "rules_version = '2';\nservice firebase.storage {\n  allow read;\n}",
      3,
      3,
      /an allow statement must be inside a match block/,
    ],
    [
      'an unterminated block',
      "rules_version = '2';\nservice firebase.storage {\n",
      3,
      1,
      /found the end of the file/,
    ],
    [
      'an empty match block',
      rulesWith('    match /a {}'),
      4,
      5,
      /needs at least one allow, match or function/,
    ],
  ])('%s', (_, text, line, column, reason) => {
    const error = refusal(text);
    expect(error).toMatchObject({ line, column });
    expect(error.reason).toMatch(reason);
  });

  it('an allow for an unknown method', () => {
    const error = refusal(rulesWith('    match /{file} {\n      allow get, copy: if true;\n    }'));
    expect(error).toMatchObject({ line: 5, column: 18 });
    expect(error.reason).toMatch(/unknown method 'copy'/);
  });

  it('allow statements that overlap in one block (rules-language "Method": "You can\'t overlap read methods")', () => {
    const error = refusal(
      rulesWith('    match /{file} {\n      allow read;\n      allow get: if false;\n    }'),
    );
    expect(error).toMatchObject({ line: 6, column: 7 });
    expect(error.reason).toMatch(/method get is already allowed in this match block at storage\.rules:5:7/);
  });

  it.each([
    [
      'a {name=**} before other segments',
      '    match /{rest=**}/songs {\n      allow read;\n    }',
      4,
      12,
      /only supported as the last segment/,
    ],
    [
      'a {name=**} above a nested match',
      '    match /{rest=**} {\n      match /a {\n        allow read;\n      }\n    }',
      4,
      12,
      /no nested match below it/,
    ],
    [
      'a wildcard that is part of a segment',
      '    match /{file}.jpg {\n      allow read;\n    }',
      4,
      18,
      /must be a whole segment/,
    ],
    [
      "'*' as a glob",
      '    match /images/* {\n      allow read;\n    }',
      4,
      19,
      /'\*' in a path segment is not a wildcard/,
    ],
    [
      'a path variable bound twice',
      '    match /{bucket} {\n      allow read;\n    }',
      4,
      12,
      /\{bucket\} is already bound at storage\.rules:3:12/,
    ],
    [
      'a path without its leading slash',
      '    match a/b {\n      allow read;\n    }',
      4,
      11,
      /a match path starts with '\/'/,
    ],
  ])('%s', (_, body, line, column, reason) => {
    const error = refusal(rulesWith(body));
    expect(error).toMatchObject({ line, column });
    expect(error.reason).toMatch(reason);
  });

  it.each([
    ['a let after the return', 'function f() { return true; let x = 1; }', /to close the body of f/],
    ['no return', 'function f() { let x = 1; }', /zero or more let statements and one return/],
    [
      'a let without its semicolon',
      'function f() { let x = 1 return x; }',
      /expected ';' after let x = \.\.\./,
    ],
    ['a parameter declared twice', 'function f(a, a) { return a; }', /a is already declared in function f/],
    [
      'a function declared twice in one block',
      'function f() { return true; }\nfunction f() { return false; }',
      /function f is already declared in this block/,
    ],
    [
      'a parameter named request',
      'function f(request) { return true; }',
      /a parameter cannot be named request/,
    ],
  ])('functions: %s', (_, declarations, reason) => {
    expect(
      refusal(rulesWith(declarations + '\n    match /{file} {\n      allow read;\n    }')).reason,
    ).toMatch(reason);
  });

  it('recursion, direct or through other functions ("Functions may call other functions but may not recurse")', () => {
    const direct = refusal(
      rulesWith('    function f() { return f(); }\n    match /{file} {\n      allow read: if f();\n    }'),
    );
    expect(direct.reason).toBe('recursion is not allowed: f -> f');
    const mutual = refusal(
      rulesWith(
        '    function f() { return g(); }\n    function g() { return f(); }\n    match /{file} {\n      allow read: if f();\n    }',
      ),
    );
    expect(mutual.reason).toMatch(/recursion is not allowed: (f -> g -> f|g -> f -> g)/);
  });
});

describe('expressions outside the supported part', () => {
  it.each([
    [
      'firestore.get (a path literal)',
      'firestore.get(/databases/(default)/documents/x).data.ok',
      14,
      /path literals \(\/a\/b\) are not supported/,
    ],
    [
      'firestore.exists',
      "firestore.exists('x')",
      0,
      /firestore\.exists\(\) is not supported \(the firestore namespace\)/,
    ],
    ['exists()', "exists('x')", 0, /the built-in function exists\(\) is not supported/],
    ['debug()', 'debug(true)', 0, /the built-in function debug\(\) is not supported/],
    ['request.time', 'request.time != null', 8, /request\.time is not supported/],
    ['request.path', "request.path[0] == 'images'", 8, /request\.path is not supported/],
    ['timestamp.date', 'timestamp.date(2026, 7, 11) != null', 0, /timestamp\.date\(\) is not supported/],
    ['duration.value', "duration.value(1, 'h') != null", 0, /duration\.value\(\) is not supported/],
    ['math.abs', 'math.abs(-1) == 1', 0, /math\.abs\(\) is not supported/],
    ['resource.timeCreated', 'resource.timeCreated != null', 9, /resource\.timeCreated is not supported/],
    [
      'request.resource.md5Hash',
      'request.resource.md5Hash != null',
      17,
      /request\.resource\.md5Hash is not supported/,
    ],
    ['request.auth.email', "request.auth.email == 'a'", 13, /request\.auth\.email does not exist/],
    ['request on its own', "'auth' in request", 10, /request is only supported through its fields/],
    ["the 'is' type check", 'file is string', 5, /type checks \('x is string'\) are not supported/],
    ['a map literal', "{'a': 1}.size() == 1", 0, /map literals/],
    ['a range index', 'file[0:2] == "ab"', 6, /range indexes/],
    ['a raw string', "file.matches(r'a.*')", 13, /raw and bytes string literals/],
    ['a hex int', '0x10 == 16', 0, /hexadecimal/],
    ['=== (JavaScript)', "file === 'a'", 5, /'===' is not an operator/],
    ['an unknown name', 'fle == 1', 0, /unknown name fle/],
    ['an unknown function', 'isOwner()', 0, /unknown function isOwner\(\)/],
    ['an unsupported method', "file.lower() == 'a'", 5, /the method lower\(\) is not supported/],
    [
      'a method with the wrong number of arguments',
      "file.matches('a', 'b')",
      5,
      /matches\(\) takes 1 argument/,
    ],
    [
      'a call of something else than a name',
      'file.size()(1)',
      11,
      /only a declared function or a method can be called/,
    ],
  ])('%s', (_, condition, offset, reason) => {
    const error = refusedCondition(condition);
    expect(error).toMatchObject(conditionColumn(offset));
    expect(error.reason).toMatch(reason);
  });

  it('using a {name=**} variable (a rules.Path, not supported)', () => {
    const error = refusal(rulesWith("    match /{rest=**} {\n      allow read: if rest == 'a';\n    }"));
    expect(error).toMatchObject({ line: 5, column: 22 });
    expect(error.reason).toMatch(/rest is a \{rest=\*\*\} wildcard, a rules\.Path/);
  });

  it('a function declared in a nested block is not visible outside it', () => {
    const error = refusal(
      rulesWith(
        '    match /a {\n      function inner() { return true; }\n      allow read;\n    }\n    match /b {\n      allow read: if inner();\n    }',
      ),
    );
    expect(error).toMatchObject({ line: 9, column: 22 });
    expect(error.reason).toMatch(/unknown function inner\(\)/);
  });

  it('a call with the wrong number of arguments', () => {
    const error = refusal(
      rulesWith('    function f(a) { return a; }\n    match /{file} {\n      allow read: if f();\n    }'),
    );
    expect(error.reason).toBe('f() takes 1 argument(s), called with 0');
  });

  it('a let used before it is declared', () => {
    const error = refusal(
      rulesWith(
        '    function f() { let a = b; let b = 1; return a; }\n    match /{file} {\n      allow read: if f();\n    }',
      ),
    );
    expect(error).toMatchObject({ line: 4, column: 28 });
    expect(error.reason).toMatch(/unknown name b/);
  });
});

describe('string literals and regular expressions', () => {
  it("an escape a regular expression needs written with one backslash ('\\.'): unknown escape, not a silent '.'", () => {
    const error = refusedCondition("file.matches('a\\.txt')");
    expect(error).toMatchObject(conditionColumn(15));
    expect(error.reason).toMatch(/unknown escape sequence \\\. in a string literal/);
  });

  it.each([
    ['lookahead', "'(?=a)a'", /lookaround .* does not exist in RE2/],
    ['lookbehind', "'(?<=a)b'", /lookaround/],
    ['a backreference', "'(a)\\\\1'", /backreferences and octal escapes are not supported/],
    ['a named group', "'(?P<x>a)'", /named groups are not supported/],
    ['a flag group', "'(?i)abc'", /flag groups like \(\?i\) are not supported/],
    ['a POSIX class', "'[[:alpha:]]+'", /POSIX classes/],
    ['\\A', "'\\\\Aabc'", /the escape \\A is not supported/],
    ["a repeat count over RE2's 1000", "'a{1001}'", /repeat counts up to 1000/],
    ['an invalid pattern', "'a(b'", /not a valid regular expression/],
  ])('a literal pattern with %s is refused at load', (_, literal, reason) => {
    const error = refusedCondition(`file.matches(${literal})`);
    expect(error).toMatchObject(conditionColumn(13));
    expect(error.reason).toMatch(reason);
  });

  it('a pattern only known at evaluation is checked then: an unsupported one is an error value (denies)', () => {
    const rules = loadRules(rulesWith("    match /{file} {\n      allow get: if 'a'.matches(file);\n    }"));
    const outcome = rules.explain({
      method: 'get',
      path: 'b/x/o/(%3F=a)a',
      auth: null,
      resource: null,
      requestResource: null,
    }).outcomes[0];
    expect(outcome).toMatchObject({ result: 'false' }); // the literal text '(%3F=a)a', valid RE2
    const lookahead = rules.explain({
      method: 'get',
      path: 'b/x/o/(?=a)a',
      auth: null,
      resource: null,
      requestResource: null,
    });
    expect(lookahead.outcomes[0]).toMatchObject({
      result: 'error',
      detail: expect.stringMatching(/lookaround/),
    });
  });
});
