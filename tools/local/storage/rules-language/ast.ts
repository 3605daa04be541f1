/**
 * The parsed rules file. The parser builds it; check.ts resolves every name once (the `binding` and `target`
 * fields) so that evaluation never looks a name up by string.
 */
import type { SourceFile } from './source.ts';

/** The standard methods a request can have (https://firebase.google.com/docs/rules/rules-language#method). */
export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export const STORAGE_METHODS: readonly StorageMethod[] = ['get', 'list', 'create', 'update', 'delete'];

/** `read` and `write` are shorthands for these (same page, "Convenience methods"). */
export const METHOD_ALIASES: Readonly<Record<string, readonly StorageMethod[]>> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

export type Literal = null | boolean | bigint | number | string;

export type BinaryOperator =
  '*' | '/' | '%' | '+' | '-' | '<' | '<=' | '>' | '>=' | 'in' | '==' | '!=' | '&&' | '||';

/** What a name in an expression stands for, once resolved. */
export type Binding =
  | { kind: 'request' }
  | { kind: 'resource' }
  /** A path wildcard's value, found by name in the request's bindings. */
  | { kind: 'path'; name: string }
  /** A function's parameter or `let`, by its slot in the call's frame. */
  | { kind: 'local'; slot: number };

export type Expr =
  | { kind: 'literal'; value: Literal; pos: number }
  | { kind: 'list'; items: Expr[]; pos: number }
  | { kind: 'identifier'; name: string; pos: number; binding?: Binding }
  | { kind: 'member'; object: Expr; name: string; pos: number }
  | { kind: 'index'; object: Expr; index: Expr; pos: number }
  /** A call of a function the rules declare: `isVerified()`. */
  | { kind: 'call'; name: string; args: Expr[]; pos: number; target?: FunctionDecl }
  /** A method of a value: `md.keys()`, `file.matches('...')`. */
  | { kind: 'method'; object: Expr; name: string; args: Expr[]; pos: number }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr; pos: number }
  | { kind: 'binary'; op: BinaryOperator; left: Expr; right: Expr; pos: number }
  | { kind: 'conditional'; test: Expr; then: Expr; otherwise: Expr; pos: number };

export interface Name {
  name: string;
  pos: number;
}

export interface FunctionDecl {
  name: string;
  pos: number;
  params: Name[];
  /** Evaluated in order before the return expression; slot params.length + index. */
  lets: { name: string; pos: number; value: Expr }[];
  body: Expr;
  /** The block it is declared in: what it can see (its path variables and the functions of it and its parents). */
  scope: Block;
}

export interface Allow {
  pos: number;
  /** As written: 'read', 'get', ... */
  written: string[];
  /** The standard methods it covers (aliases expanded). */
  methods: ReadonlySet<StorageMethod>;
  /** null: `allow read;`, which always allows. */
  condition: Expr | null;
}

export type PathSegment =
  | { kind: 'literal'; text: string; pos: number }
  /** `{name}`: one segment, bound as a string. */
  | { kind: 'wildcard'; name: string; pos: number }
  /** `{name=**}`: zero or more segments (rules_version 2), bound as a path. */
  | { kind: 'recursive'; name: string; pos: number };

/** The service (segments empty, no allows) or a `match` block. */
export interface Block {
  pos: number;
  segments: PathSegment[];
  /** The match path as written, e.g. '/members/{folder}/{allPaths=**}' ('' for the service). */
  pathText: string;
  parent: Block | null;
  functions: FunctionDecl[];
  matches: Block[];
  allows: Allow[];
}

export interface RulesFile {
  source: SourceFile;
  service: Block;
}
