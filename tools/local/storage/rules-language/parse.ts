/**
 * Recursive-descent parser for the part of the rules language storage.rules uses. Anything else in the grammar is
 * refused here with its position (the static checks in check.ts refuse what parses but is not supported).
 *
 * Structure: https://firebase.google.com/docs/rules/rules-language ("Rule constructs"): rules_version, one service,
 * match blocks, allow statements, functions of `let`s and one `return`.
 * Operator precedence, lowest first, as the same page's table "Operators and operator precedence" gives it:
 *   a ? b : c,  ||,  &&,  == !=,  (is),  in,  < <= > >=,  + -,  * / %,  unary ! -,  a.f a[i] a()
 */
import {
  METHOD_ALIASES,
  type Allow,
  type BinaryOperator,
  type Block,
  type Expr,
  type FunctionDecl,
  type Name,
  type PathSegment,
  type RulesFile,
  type StorageMethod,
} from './ast.ts';
import { readToken, skipTrivia, type Token } from './lexer.ts';
import type { SourceFile } from './source.ts';

/** Words that cannot name a function, a parameter, a `let` or a path variable. */
const RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'is',
  'if',
  'let',
  'return',
  'function',
  'match',
  'allow',
  'service',
  'rules_version',
]);

export function parseRules(source: SourceFile): RulesFile {
  return new Parser(source).parseFile();
}

class Parser {
  private pos = 0;
  private ahead: Token | null = null;

  constructor(private readonly source: SourceFile) {}

  parseFile(): RulesFile {
    this.parseVersion();
    const service = this.parseService();
    const after = this.peek();
    if (after.kind !== 'end') {
      throw this.error(
        after,
        this.isWord('service') ? 'only one service declaration per file' : `unexpected ${describe(after)}`,
      );
    }
    return { source: this.source, service };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Tokens
  // ---------------------------------------------------------------------------------------------------------------

  private peek(): Token {
    this.ahead ??= readToken(this.source, this.pos);
    return this.ahead;
  }

  private next(): Token {
    const token = this.peek();
    this.pos = token.end;
    this.ahead = null;
    return token;
  }

  private isPunctuator(text: string): boolean {
    const token = this.peek();
    return token.kind === 'punctuator' && token.text === text;
  }

  private isWord(text: string): boolean {
    const token = this.peek();
    return token.kind === 'identifier' && token.text === text;
  }

  private eatPunctuator(text: string): boolean {
    if (!this.isPunctuator(text)) return false;
    this.next();
    return true;
  }

  private expectPunctuator(text: string, context = ''): Token {
    if (!this.isPunctuator(text)) {
      throw this.error(this.peek(), `expected '${text}'${context} but found ${describe(this.peek())}`);
    }
    return this.next();
  }

  private expectWord(text: string, context = ''): Token {
    if (!this.isWord(text)) {
      throw this.error(this.peek(), `expected '${text}'${context} but found ${describe(this.peek())}`);
    }
    return this.next();
  }

  /** A name the rules declare (function, parameter, let). */
  private expectName(what: string): Name {
    const token = this.peek();
    if (token.kind !== 'identifier' || RESERVED.has(token.text)) {
      throw this.error(token, `expected ${what} but found ${describe(token)}`);
    }
    this.next();
    return { name: token.text, pos: token.start };
  }

  private error(at: Token | number, reason: string) {
    return this.source.error(typeof at === 'number' ? at : at.start, reason);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Declarations
  // ---------------------------------------------------------------------------------------------------------------

  /** `rules_version = '2';` is required: without it the v1 engine applies (rules-language, "Syntax version"). */
  private parseVersion(): void {
    if (!this.isWord('rules_version')) {
      throw this.error(
        this.peek(),
        "the file must start with rules_version = '2'; (without it the rules are read by the v1 engine, which is not supported)",
      );
    }
    this.next();
    this.expectPunctuator('=', ' after rules_version');
    const version = this.next();
    if (version.kind !== 'string') throw this.error(version, 'rules_version must be a string, e.g. ' + "'2'");
    if (version.value !== '2') {
      throw this.error(version, `rules_version ${version.text} is not supported (only '2')`);
    }
    this.eatPunctuator(';');
  }

  private parseService(): Block {
    const keyword = this.expectWord('service');
    const nameStart = this.peek();
    let name = this.expectName('a service name').name;
    while (this.eatPunctuator('.')) name += '.' + this.next().text;
    if (name !== 'firebase.storage') {
      throw this.error(nameStart, `service ${name} is not supported (only firebase.storage)`);
    }
    const service: Block = {
      pos: keyword.start,
      segments: [],
      pathText: '',
      parent: null,
      functions: [],
      matches: [],
      allows: [],
    };
    this.expectPunctuator('{', ' after the service name');
    this.parseBlockBody(service);
    return service;
  }

  /** Declarations up to and including the block's closing brace. */
  private parseBlockBody(block: Block): void {
    for (;;) {
      const token = this.peek();
      if (this.eatPunctuator('}')) break;
      if (this.isWord('function')) block.functions.push(this.parseFunction(block));
      else if (this.isWord('match')) block.matches.push(this.parseMatch(block));
      else if (this.isWord('allow')) {
        if (!block.parent) throw this.error(token, 'an allow statement must be inside a match block');
        block.allows.push(this.parseAllow());
      } else {
        const expected = block.parent ? "'match', 'allow', 'function' or '}'" : "'match', 'function' or '}'";
        throw this.error(token, `expected ${expected} but found ${describe(token)}`);
      }
    }
  }

  private parseMatch(parent: Block): Block {
    const keyword = this.next();
    const { segments, pathText, end } = this.readMatchPath();
    this.pos = end;
    this.ahead = null;
    const block: Block = {
      pos: keyword.start,
      segments,
      pathText,
      parent,
      functions: [],
      matches: [],
      allows: [],
    };
    this.expectPunctuator('{', ' after the match path');
    this.parseBlockBody(block);
    if (!block.allows.length && !block.matches.length && !block.functions.length) {
      // rules-language: "The body of the match must have one or more nested match blocks, allow statements, or
      // function declarations."
      throw this.error(keyword, 'a match block needs at least one allow, match or function');
    }
    return block;
  }

  /**
   * The raw path after `match`: '/' then segments separated by '/', each a literal, `{name}` or `{name=**}`. Read
   * from the text, not as tokens: '.', '-' and friends are ordinary characters in a path.
   */
  private readMatchPath(): { segments: PathSegment[]; pathText: string; end: number } {
    const text = this.source.text;
    const start = skipTrivia(this.source, this.pos);
    if (text[start] !== '/') throw this.error(start, "a match path starts with '/'");
    const segments: PathSegment[] = [];
    let pos = start;
    while (text[pos] === '/') {
      pos++;
      const segmentStart = pos;
      if (text[pos] === '{') {
        const close = text.indexOf('}', pos);
        const inner = close < 0 ? '' : text.slice(pos + 1, close);
        const wildcard = /^([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?$/.exec(inner);
        if (!wildcard) throw this.error(pos, `malformed path wildcard; expected {name} or {name=**}`);
        if (RESERVED.has(wildcard[1]!)) throw this.error(pos, `'${wildcard[1]}' cannot name a path variable`);
        segments.push({
          kind: wildcard[2] ? 'recursive' : 'wildcard',
          name: wildcard[1]!,
          pos: segmentStart,
        });
        pos = close + 1;
        if (text[pos] !== undefined && !/[/\s{]/.test(text[pos]!)) {
          throw this.error(
            pos,
            'a path wildcard must be a whole segment (text after {name} is not supported)',
          );
        }
      } else {
        while (pos < text.length && !/[\s/{}]/.test(text[pos]!)) pos++;
        const literal = text.slice(segmentStart, pos);
        if (!literal) throw this.error(segmentStart, 'empty path segment');
        if (literal.includes('*')) {
          throw this.error(segmentStart, `'*' in a path segment is not a wildcard; use {name} or {name=**}`);
        }
        segments.push({ kind: 'literal', text: literal, pos: segmentStart });
      }
    }
    return { segments, pathText: text.slice(start, pos), end: pos };
  }

  private parseAllow(): Allow {
    const keyword = this.next();
    const written: string[] = [];
    const methods = new Set<StorageMethod>();
    do {
      const token = this.next();
      const covered = token.kind === 'identifier' ? METHOD_ALIASES[token.text] : undefined;
      if (!covered || !Object.hasOwn(METHOD_ALIASES, token.text)) {
        throw this.error(
          token,
          `unknown method ${describe(token)} (get, list, create, update, delete, read or write)`,
        );
      }
      written.push(token.text);
      for (const method of covered) methods.add(method);
    } while (this.eatPunctuator(','));
    let condition: Expr | null = null;
    if (this.eatPunctuator(':')) {
      this.expectWord('if', " after 'allow <methods>:'");
      condition = this.parseExpression();
    }
    // The docs' own examples leave the semicolon out now and then; nothing depends on it.
    this.eatPunctuator(';');
    return { pos: keyword.start, written, methods, condition };
  }

  /** `function name(a, b) { let x = ...; return ...; }` (rules-language, "Function"). */
  private parseFunction(scope: Block): FunctionDecl {
    const keyword = this.next();
    const { name } = this.expectName('a function name');
    this.expectPunctuator('(', ` after function ${name}`);
    const params: Name[] = [];
    if (!this.isPunctuator(')')) {
      do params.push(this.expectName('a parameter name'));
      while (this.eatPunctuator(','));
    }
    this.expectPunctuator(')', ' after the parameters');
    this.expectPunctuator('{', ` to open the body of ${name}`);
    const lets: FunctionDecl['lets'] = [];
    while (this.isWord('let')) {
      this.next();
      const binding = this.expectName('a name after let');
      this.expectPunctuator('=', ` after let ${binding.name}`);
      const value = this.parseExpression();
      // "Let assignment statements must be separated by semicolons."
      this.expectPunctuator(';', ` after let ${binding.name} = ...`);
      lets.push({ ...binding, value });
    }
    if (!this.isWord('return')) {
      throw this.error(
        this.peek(),
        `a function body is zero or more let statements and one return; found ${describe(this.peek())}`,
      );
    }
    this.next();
    const body = this.parseExpression();
    this.eatPunctuator(';');
    this.expectPunctuator('}', ` to close the body of ${name} (one return, nothing after it)`);
    return { name, pos: keyword.start, params, lets, body, scope };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Expressions, lowest precedence first
  // ---------------------------------------------------------------------------------------------------------------

  parseExpression(): Expr {
    const test = this.parseBinary(0);
    if (!this.isPunctuator('?')) return test;
    const question = this.next();
    const then = this.parseExpression();
    this.expectPunctuator(':', " in 'a ? b : c'");
    const otherwise = this.parseExpression();
    return { kind: 'conditional', test, then, otherwise, pos: question.start };
  }

  /** Left-associative binary operators, by level of BINARY_LEVELS. */
  private parseBinary(level: number): Expr {
    if (level === BINARY_LEVELS.length) return this.parseUnary();
    let left = this.parseBinary(level + 1);
    for (;;) {
      const token = this.peek();
      if (token.kind === 'identifier' && token.text === 'is' && BINARY_LEVELS[level]!.includes('in')) {
        throw this.error(token, "type checks ('x is string') are not supported");
      }
      const op = BINARY_LEVELS[level]!.find(
        (candidate) =>
          (token.kind === 'punctuator' || token.kind === 'identifier') && token.text === candidate,
      );
      if (!op) return left;
      this.next();
      const right = this.parseBinary(level + 1);
      left = { kind: 'binary', op, left, right, pos: token.start };
    }
  }

  private parseUnary(): Expr {
    const token = this.peek();
    if (token.kind === 'punctuator' && (token.text === '!' || token.text === '-')) {
      this.next();
      return { kind: 'unary', op: token.text, operand: this.parseUnary(), pos: token.start };
    }
    return this.parsePostfix();
  }

  private parsePostfix(): Expr {
    let expr = this.parsePrimary();
    for (;;) {
      const token = this.peek();
      if (this.eatPunctuator('.')) {
        const name = this.next();
        if (name.kind !== 'identifier') throw this.error(name, `expected a field or method name after '.'`);
        if (this.isPunctuator('(')) {
          expr = {
            kind: 'method',
            object: expr,
            name: name.text,
            args: this.parseArguments(),
            pos: name.start,
          };
        } else expr = { kind: 'member', object: expr, name: name.text, pos: name.start };
      } else if (this.eatPunctuator('[')) {
        const index = this.parseExpression();
        if (this.isPunctuator(':')) throw this.error(this.peek(), 'range indexes (x[i:j]) are not supported');
        this.expectPunctuator(']', ' to close the index');
        expr = { kind: 'index', object: expr, index, pos: token.start };
      } else if (this.isPunctuator('(')) {
        throw this.error(token, 'only a declared function or a method can be called');
      } else return expr;
    }
  }

  private parseArguments(): Expr[] {
    this.expectPunctuator('(');
    const args: Expr[] = [];
    if (!this.isPunctuator(')')) {
      do args.push(this.parseExpression());
      while (this.eatPunctuator(','));
    }
    this.expectPunctuator(')', ' to close the arguments');
    return args;
  }

  private parsePrimary(): Expr {
    const token = this.next();
    switch (token.kind) {
      case 'int':
      case 'float':
      case 'string':
        return { kind: 'literal', value: token.value!, pos: token.start };
      case 'identifier':
        if (token.text === 'true' || token.text === 'false') {
          return { kind: 'literal', value: token.text === 'true', pos: token.start };
        }
        if (token.text === 'null') return { kind: 'literal', value: null, pos: token.start };
        if (RESERVED.has(token.text)) throw this.error(token, `unexpected '${token.text}' in an expression`);
        if (this.isPunctuator('(')) {
          return { kind: 'call', name: token.text, args: this.parseArguments(), pos: token.start };
        }
        return { kind: 'identifier', name: token.text, pos: token.start };
      case 'punctuator':
        return this.parseBracketed(token);
      case 'end':
        throw this.error(token, 'expected an expression but the file ends');
    }
  }

  private parseBracketed(token: Token): Expr {
    if (token.text === '(') {
      const inner = this.parseExpression();
      this.expectPunctuator(')', ' to close the parenthesis');
      return inner;
    }
    if (token.text === '[') {
      const items: Expr[] = [];
      while (!this.isPunctuator(']')) {
        items.push(this.parseExpression());
        if (!this.eatPunctuator(',')) break;
      }
      this.expectPunctuator(']', ' to close the list');
      return { kind: 'list', items, pos: token.start };
    }
    if (token.text === '{') throw this.error(token, 'map literals ({...}) are not supported');
    if (token.text === '/') throw this.error(token, 'path literals (/a/b) are not supported');
    throw this.error(token, `expected an expression but found ${describe(token)}`);
  }
}

/** Binary operators by precedence level, lowest first (the `is` check sits between `==` and `in`). */
const BINARY_LEVELS: readonly (readonly BinaryOperator[])[] = [
  ['||'],
  ['&&'],
  ['==', '!='],
  ['in'],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

function describe(token: Token): string {
  if (token.kind === 'end') return 'the end of the file';
  return `'${token.text}'`;
}
