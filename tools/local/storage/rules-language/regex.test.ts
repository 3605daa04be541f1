/**
 * The RE2 subset behind matches(): https://github.com/google/re2/wiki/Syntax read by JavaScript's RegExp, anchored
 * at both ends (https://firebase.google.com/docs/reference/rules/rules.String#matches: "on the whole string").
 */
import { describe, expect, it } from 'vitest';

import { re2Matcher, translateRe2 } from './regex.ts';

function matcher(pattern: string): RegExp {
  const compiled = translateRe2(pattern);
  if (!(compiled instanceof RegExp)) throw new Error(compiled.reason);
  return compiled;
}

describe('translateRe2', () => {
  it('anchors the whole pattern, alternation included', () => {
    expect(['a', 'b', 'ab', 'xa'].filter((s) => matcher('a|b').test(s))).toEqual(['a', 'b']);
  });

  it('the patterns storage.rules uses mean what they say', () => {
    const photo = matcher('^[A-Za-z0-9_-]{8,64}[.]jpg$');
    expect(photo.test('abcdefgh.jpg')).toBe(true);
    expect(photo.test('abc.jpg')).toBe(false);
    expect(photo.test('abcdefghXjpg')).toBe(false);
    const takenAt = matcher('^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,3})?Z$');
    expect(takenAt.test('2026-07-11T19:03:22.123Z')).toBe(true);
    expect(takenAt.test('2026-07-11T19:03:22.1234Z')).toBe(false);
  });

  it("reads '{', '}' and ']' that start nothing as themselves, as RE2 does", () => {
    expect(matcher('a{').test('a{')).toBe(true);
    expect(matcher('x{,3}').test('x{,3}')).toBe(true);
    expect(matcher('a]').test('a]')).toBe(true);
    expect(matcher('a{2}').test('aa')).toBe(true);
  });

  it('lets any punctuation be escaped, as RE2 does', () => {
    expect(matcher('a\\-b\\@c').test('a-b@c')).toBe(true);
    expect(matcher('[\\-a]+').test('-a-')).toBe(true);
  });

  it("gives \\s RE2's meaning inside a class too, and refuses \\S there", () => {
    expect(matcher('[\\sa]+').test(' a\t')).toBe(true);
    expect(matcher('[\\sa]+').test('\u00a0')).toBe(false);
    expect(translateRe2('[\\S]')).toMatchObject({ reason: expect.stringContaining('\\S inside [...]') });
  });

  it('says where a refused pattern goes wrong', () => {
    expect(translateRe2('ab(?!c)')).toEqual({ index: 2, reason: expect.stringContaining('lookaround') });
    expect(translateRe2('[]a]')).toMatchObject({ index: 1 });
  });
});

describe('re2Matcher', () => {
  it('compiles a pattern once', () => {
    expect(re2Matcher('^abc$')).toBe(re2Matcher('^abc$'));
  });
});
