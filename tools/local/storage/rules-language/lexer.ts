/**
 * Tokens of the rules language, read one at a time from an offset (the parser asks for the next one when it needs
 * it, so that a match path, which has its own syntax, can be read from the raw text in between).
 *
 * Syntax: https://firebase.google.com/docs/rules/rules-language (CEL-based expressions). Literals as CEL writes them
 * (https://github.com/google/cel-spec/blob/master/doc/langdef.md#syntax): decimal ints and floats, single- or
 * double-quoted strings with backslash escapes. Raw, bytes and triple-quoted strings, hex and unsigned ints are
 * refused: storage.rules uses none of them.
 */
import type { SourceFile } from './source.ts';

export type TokenKind = 'identifier' | 'int' | 'float' | 'string' | 'punctuator' | 'end';

export interface Token {
  kind: TokenKind;
  /** The identifier or punctuator as written; the literal's source text otherwise. */
  text: string;
  /** A string literal's value (escapes applied), an int's value, a float's value. */
  value?: string | bigint | number;
  /** Offset of the first character. */
  start: number;
  /** Offset just after the last character. */
  end: number;
}

const PUNCTUATORS_2 = ['==', '!=', '<=', '>=', '&&', '||'];
const PUNCTUATORS_1 = '{}()[];,.:?!-+*/%<>=';

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  '`': '`',
  '?': '?',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

const isIdentifierStart = (c: string) => /[A-Za-z_]/.test(c);
const isIdentifierPart = (c: string) => /[A-Za-z0-9_]/.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

/** Offset of the first character at or after `pos` that is neither white space nor inside a comment. */
export function skipTrivia(source: SourceFile, pos: number): number {
  const text = source.text;
  for (;;) {
    const c = text[pos];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') pos++;
    else if (c === '/' && text[pos + 1] === '/') {
      while (pos < text.length && text[pos] !== '\n') pos++;
    } else if (c === '/' && text[pos + 1] === '*') {
      const close = text.indexOf('*/', pos + 2);
      if (close < 0) throw source.error(pos, 'unterminated /* comment');
      pos = close + 2;
    } else return pos;
  }
}

/** The token starting at the first non-trivia character at or after `pos`. */
export function readToken(source: SourceFile, pos: number): Token {
  const text = source.text;
  const start = skipTrivia(source, pos);
  const c = text[start];
  if (c === undefined) return { kind: 'end', text: '', start, end: start };

  if (isIdentifierStart(c)) {
    let end = start + 1;
    while (end < text.length && isIdentifierPart(text[end]!)) end++;
    const word = text.slice(start, end);
    if ((text[end] === "'" || text[end] === '"') && /^[rRbB]{1,2}$/.test(word)) {
      throw source.error(start, `raw and bytes string literals (${word}'...') are not supported`);
    }
    return { kind: 'identifier', text: word, start, end };
  }
  if (isDigit(c)) return readNumber(source, start);
  if (c === "'" || c === '"') return readString(source, start);

  const two = text.slice(start, start + 2);
  if ((two === '==' || two === '!=') && text[start + 2] === '=') {
    throw source.error(start, `'${two}=' is not an operator of the rules language (use '${two}')`);
  }
  if (PUNCTUATORS_2.includes(two)) return { kind: 'punctuator', text: two, start, end: start + 2 };
  if (PUNCTUATORS_1.includes(c)) return { kind: 'punctuator', text: c, start, end: start + 1 };
  throw source.error(start, `unexpected character '${c}'`);
}

function readNumber(source: SourceFile, start: number): Token {
  const text = source.text;
  const match = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(start, start + 400))!;
  const end = start + match[0].length;
  const next = text[end] ?? '';
  if (text.startsWith('0x', start) || text.startsWith('0X', start)) {
    throw source.error(start, 'hexadecimal int literals are not supported');
  }
  if (next === 'u' || next === 'U') throw source.error(start, 'unsigned int literals (1u) are not supported');
  if (isIdentifierPart(next) || (next === '.' && isDigit(text[end + 1] ?? ''))) {
    throw source.error(start, `malformed number '${text.slice(start, end + 1)}'`);
  }
  if (match[1] !== undefined || match[2] !== undefined) {
    return { kind: 'float', text: match[0], value: Number(match[0]), start, end };
  }
  const value = BigInt(match[0]);
  // Ints are signed 64-bit (https://firebase.google.com/docs/reference/rules/rules.Integer).
  if (value > 2n ** 63n - 1n) throw source.error(start, `int literal ${match[0]} does not fit in 64 bits`);
  return { kind: 'int', text: match[0], value, start, end };
}

function readString(source: SourceFile, start: number): Token {
  const text = source.text;
  const quote = text[start]!;
  if (text.startsWith(quote.repeat(3), start)) {
    throw source.error(start, 'triple-quoted string literals are not supported');
  }
  let value = '';
  let pos = start + 1;
  for (;;) {
    const c = text[pos];
    if (c === undefined || c === '\n' || c === '\r') throw source.error(start, 'unterminated string literal');
    if (c === quote) break;
    if (c !== '\\') {
      value += c;
      pos++;
      continue;
    }
    const escaped = readEscape(source, pos);
    value += escaped.value;
    pos = escaped.end;
  }
  return { kind: 'string', text: text.slice(start, pos + 1), value, start, end: pos + 1 };
}

/** The escape sequence at `pos` (a backslash): CEL's escapes. Anything else is refused, not read as itself. */
function readEscape(source: SourceFile, pos: number): { value: string; end: number } {
  const text = source.text;
  const c = text[pos + 1] ?? '';
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return { value: simple, end: pos + 2 };
  const hexDigits = c === 'x' || c === 'X' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
  if (hexDigits > 0) {
    const hex = text.slice(pos + 2, pos + 2 + hexDigits);
    if (!new RegExp(`^[0-9A-Fa-f]{${hexDigits}}$`).test(hex)) {
      throw source.error(pos, `malformed escape \\${c}${hex}`);
    }
    const code = parseInt(hex, 16);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      throw source.error(pos, `escape \\${c}${hex} is not a Unicode scalar value`);
    }
    return { value: String.fromCodePoint(code), end: pos + 2 + hexDigits };
  }
  const octal = text.slice(pos + 1, pos + 4);
  if (/^[0-3][0-7][0-7]$/.test(octal))
    return { value: String.fromCodePoint(parseInt(octal, 8)), end: pos + 4 };
  // The classic mistake is a regular expression's '\.' in a string: the rules language wants '\\.' there.
  throw source.error(
    pos,
    `unknown escape sequence \\${c} in a string literal (a backslash itself is written \\\\)`,
  );
}
