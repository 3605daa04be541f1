/**
 * `string.matches(re)` takes a Google RE2 pattern and matches the whole string
 * (https://firebase.google.com/docs/reference/rules/rules.String#matches: "Performs a regular expression match on
 * the whole string", example 'user@domain.com'.matches('.*@domain[.]com') == true).
 *
 * JavaScript's RegExp is not RE2. We accept the part of RE2 that can be written as a JS pattern with the same
 * meaning (https://github.com/google/re2/wiki/Syntax), translate the few places where the same text means something
 * else, and refuse the rest with a reason:
 *   - kept as written: literals, [classes] with ranges and negation, groups (...) and (?:...), |, ^, $, the
 *     quantifiers * + ? {n} {n,} {n,m} and their lazy forms, \d \D \w \W \b \B (ASCII in both), \n \t \r \f \v,
 *     \xHH, escaped punctuation;
 *   - translated: `.` (RE2: any character but \n; JS: also not \r, \u2028, \u2029) to [^\n]; \s \S (RE2:
 *     [\t\n\f\r ]; JS: any Unicode space) to that class; \a to \x07; a '{', '}' or ']' that RE2 reads as a
 *     literal is escaped;
 *   - refused: lookaround and backreferences (RE2 has none), named groups, flags like (?i), \A \z \Q \E \C \p \P,
 *     octal escapes, POSIX [[:alpha:]] classes, repeat counts over 1000 (RE2's limit).
 * The JS pattern runs with the `u` flag, so that it works on code points as RE2 does, and is anchored at both ends.
 */

export interface RegexRefusal {
  /** Offset in the pattern. */
  index: number;
  reason: string;
}

/** Characters a JS `u` pattern lets us escape with a backslash (outside a class). */
const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/');
const RE2_SPACE = '\\t\\n\\f\\r ';
const PUNCTUATION = /[!-/:-@[-`{-~]/;

/** The JS RegExp with the pattern's meaning, or why the pattern is outside the supported part of RE2. */
export function translateRe2(pattern: string): RegExp | RegexRefusal {
  let out = '';
  let i = 0;
  const refuse = (index: number, reason: string): RegexRefusal => ({ index, reason });
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const escape = translateEscape(pattern, i, false);
      if ('reason' in escape) return escape;
      out += escape.js;
      i = escape.end;
    } else if (c === '[') {
      const cls = translateClass(pattern, i);
      if ('reason' in cls) return cls;
      out += cls.js;
      i = cls.end;
    } else if (c === '(' && pattern[i + 1] === '?') {
      if (pattern[i + 2] !== ':') {
        const rest = pattern.slice(i, i + 4);
        if (/^\(\?(=|!|<=|<!)/.test(rest))
          return refuse(i, 'lookaround (?= (?! (?<= (?<! does not exist in RE2');
        if (/^\(\?P?</.test(rest)) return refuse(i, 'named groups are not supported; use (...) or (?:...)');
        return refuse(i, 'flag groups like (?i) are not supported');
      }
      out += '(?:';
      i += 3;
    } else if (c === '{') {
      const repeat = /^\{([0-9]+)(,([0-9]*))?\}/.exec(pattern.slice(i));
      if (!repeat) {
        out += '\\{'; // RE2 reads a '{' that starts no repeat count as itself
        i++;
        continue;
      }
      const counts = [repeat[1], repeat[3]].filter((n) => n !== undefined && n !== '').map(Number);
      if (counts.some((n) => n > 1000)) return refuse(i, 'RE2 allows repeat counts up to 1000');
      out += repeat[0];
      i += repeat[0].length;
    } else if (c === '}' || c === ']') {
      out += '\\' + c; // literal in RE2 when nothing opened it; a JS `u` pattern wants it escaped
      i++;
    } else if (c === '.') {
      out += '[^\\n]';
      i++;
    } else {
      out += c;
      i++;
    }
  }
  try {
    return new RegExp(`^(?:${out})$`, 'u');
  } catch (error) {
    return refuse(0, `not a valid regular expression (${(error as Error).message})`);
  }
}

/** The escape at `start` (a backslash), inside a [class] or not. */
function translateEscape(
  pattern: string,
  start: number,
  inClass: boolean,
): { js: string; end: number } | RegexRefusal {
  const c = pattern[start + 1];
  const end = start + 2;
  if (c === undefined) return { index: start, reason: 'trailing backslash' };
  if ('dDwW'.includes(c)) return { js: '\\' + c, end };
  if ((c === 'b' || c === 'B') && !inClass) return { js: '\\' + c, end };
  if (c === 's') return { js: inClass ? RE2_SPACE : `[${RE2_SPACE}]`, end };
  if (c === 'S') {
    if (inClass) return { index: start, reason: '\\S inside [...] is not supported' };
    return { js: `[^${RE2_SPACE}]`, end };
  }
  if ('ntrfv'.includes(c)) return { js: '\\' + c, end };
  if (c === 'a') return { js: '\\x07', end };
  if (c === 'x') {
    const hex = /^[0-9A-Fa-f]{2}/.exec(pattern.slice(end));
    if (!hex) return { index: start, reason: 'only \\xHH hex escapes are supported' };
    return { js: '\\x' + hex[0], end: end + 2 };
  }
  if (/[0-9]/.test(c)) return { index: start, reason: 'backreferences and octal escapes are not supported' };
  if (PUNCTUATION.test(c)) {
    // RE2 lets any punctuation be escaped; a JS `u` pattern only its syntax characters (and '-' in a class).
    const escapable = JS_SYNTAX.has(c) || (inClass && c === '-');
    return { js: escapable ? '\\' + c : c, end };
  }
  return { index: start, reason: `the escape \\${c} is not supported` };
}

/** A [class] starting at `start`. */
function translateClass(pattern: string, start: number): { js: string; end: number } | RegexRefusal {
  let js = '[';
  let i = start + 1;
  if (pattern[i] === '^') {
    js += '^';
    i++;
  }
  if (pattern[i] === ']') return { index: i, reason: "a ']' first in a class: write \\] instead" };
  while (i < pattern.length && pattern[i] !== ']') {
    const c = pattern[i]!;
    if (c === '\\') {
      const escape = translateEscape(pattern, i, true);
      if ('reason' in escape) return escape;
      js += escape.js;
      i = escape.end;
    } else if (c === '[') {
      if (pattern[i + 1] === ':')
        return { index: i, reason: 'POSIX classes like [[:alpha:]] are not supported' };
      js += '\\[';
      i++;
    } else {
      js += c;
      i++;
    }
  }
  if (pattern[i] !== ']') return { index: start, reason: "unterminated '[' class" };
  return { js: js + ']', end: i + 1 };
}

const cache = new Map<string, RegExp | RegexRefusal>();

/** translateRe2, compiled once per pattern (the emulator asks the same few patterns thousands of times). */
export function re2Matcher(pattern: string): RegExp | RegexRefusal {
  let compiled = cache.get(pattern);
  if (!compiled) {
    compiled = translateRe2(pattern);
    // Patterns built from request data could be endless; the file's own literals are a handful.
    if (cache.size >= 1000) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}
