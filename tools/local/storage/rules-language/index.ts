/**
 * storage.rules, enforced from the file itself: loadRules() parses and checks the rules once, and the Ruleset it
 * returns decides requests as the Cloud Storage rules runtime would, for the part of the rules language this folder
 * supports (see README.md beside this file). A file using anything else is refused at load with a RulesError.
 *
 * How a request is decided (https://firebase.google.com/docs/rules/rules-language, "Match" and "Allow"): its path
 * is matched against every match block, nested paths appended to their parents'; the allow statements of each block
 * that matches the whole path and covers the request's method are evaluated; the request is allowed when any of
 * them is true ("If any matching rule grants access, the request is permitted"). A condition that is false, an
 * error, or not a bool does not allow.
 */
import { STORAGE_METHODS, type Allow, type Block, type RulesFile, type StorageMethod } from './ast.ts';
import { OBJECT_FIELDS, checkRules } from './check.ts';
import { evaluate, type Context } from './evaluate.ts';
import { parseRules } from './parse.ts';
import { SourceFile } from './source.ts';
import { PathValue, fromJs, isError, mapFromJs, typeName, type Value } from './values.ts';

export { RulesError } from './source.ts';
export { OBJECT_FIELDS } from './check.ts';
export type { StorageMethod } from './ast.ts';

/**
 * A stored object (`resource`) or the object a create or update would store (`request.resource`), as the emulator
 * has it. A field left undefined is absent from the rules' map (`'cacheControl' in request.resource` is false and
 * `request.resource.cacheControl` an error); a field set to null is present with the value null.
 */
export interface StorageObject {
  /** The object's full name, e.g. 'members/photos/shared/abc.jpg'. */
  name?: string;
  bucket?: string;
  /** Bytes. */
  size?: number;
  contentType?: string;
  /** The custom metadata. */
  metadata?: Record<string, unknown> | null;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
}

export interface RulesRequest {
  method: StorageMethod;
  /** As firebase-tools passes it: 'b/<bucket>/o/<object path>' (a leading '/' accepted too; empty segments dropped). */
  path: string;
  /** `request.auth`: null when anonymous. */
  auth: { uid: string; token: Record<string, unknown> } | null;
  /** `resource`: the stored object, or null when there is none. */
  resource: StorageObject | null;
  /** `request.resource`: the object a create or update would store; null for get, list and delete. */
  requestResource: StorageObject | null;
}

/** One allow statement that applied to a request, and what its condition gave. */
export interface AllowOutcome {
  /** The whole path of its match block, e.g. '/b/{bucket}/o/members/{folder}/{allPaths=**}'. */
  match: string;
  /** Where the allow statement is: 'storage.rules:67:7'. */
  at: string;
  /** The path variables the match bound (a {name=**} as its segments joined by '/'). */
  bindings: Record<string, string>;
  /** 'true' is the only result that allows. */
  result: 'true' | 'false' | 'not a bool' | 'error';
  /** For 'error': the runtime error and where it arose; for 'not a bool': the type. */
  detail?: string;
}

export interface Explanation {
  allowed: boolean;
  /** Every allow statement of a fully matching block that covers the method, in file order. */
  outcomes: AllowOutcome[];
}

export interface Ruleset {
  readonly fileName: string;
  /** True when the rules allow the request. */
  isAllowed(request: RulesRequest): boolean;
  /** isAllowed with its reasons: every applicable allow statement and its result (for tests and debugging). */
  explain(request: RulesRequest): Explanation;
}

/** Parses and checks a rules file. Throws a RulesError (file, line, column, reason) for anything not supported. */
export function loadRules(text: string, fileName = 'storage.rules'): Ruleset {
  const file = parseRules(new SourceFile(text, fileName));
  checkRules(file);
  return new LoadedRuleset(file);
}

/** A block that matches the whole request path, with the wildcards it and its parents bound. */
interface CompleteMatch {
  block: Block;
  bindings: Record<string, Value>;
}

class LoadedRuleset implements Ruleset {
  constructor(readonly file: RulesFile) {}

  get fileName(): string {
    return this.file.source.fileName;
  }

  isAllowed(request: RulesRequest): boolean {
    const { matches, context } = this.prepare(request);
    return matches.some(({ block, bindings }) =>
      block.allows.some(
        (allow) =>
          allow.methods.has(request.method) && this.run(allow, { ...context, path: bindings }) === true,
      ),
    );
  }

  explain(request: RulesRequest): Explanation {
    const { matches, context } = this.prepare(request);
    const outcomes: AllowOutcome[] = [];
    for (const { block, bindings } of matches) {
      for (const allow of block.allows.filter((candidate) => candidate.methods.has(request.method))) {
        outcomes.push(this.outcome(block, allow, bindings, this.run(allow, { ...context, path: bindings })));
      }
    }
    return { allowed: outcomes.some((outcome) => outcome.result === 'true'), outcomes };
  }

  private prepare(request: RulesRequest): { matches: CompleteMatch[]; context: Context } {
    if (!(STORAGE_METHODS as readonly string[]).includes(request.method)) {
      throw new RangeError(`not a Cloud Storage request method: ${String(request.method)}`);
    }
    const segments = request.path.split('/').filter((segment) => segment !== '');
    const matches: CompleteMatch[] = [];
    collectMatches(this.file.service, segments, 0, {}, matches);
    return { matches, context: requestContext(request) };
  }

  private run(allow: Allow, context: Context): Value {
    return allow.condition ? evaluate(allow.condition, context) : true;
  }

  private outcome(block: Block, allow: Allow, bindings: Record<string, Value>, value: Value): AllowOutcome {
    const source = this.file.source;
    const base = {
      match: fullPath(block),
      at: source.where(allow.pos),
      bindings: Object.fromEntries(
        Object.entries(bindings).map(([name, bound]) => [
          name,
          bound instanceof PathValue ? bound.segments.join('/') : String(bound),
        ]),
      ),
    };
    if (value === true) return { ...base, result: 'true' };
    if (value === false) return { ...base, result: 'false' };
    if (isError(value))
      return { ...base, result: 'error', detail: `${source.where(value.pos)}: ${value.message}` };
    return { ...base, result: 'not a bool', detail: typeName(value) };
  }
}

/**
 * Adds to `out` every block below `parent` that matches segments[offset...] completely. A block that matches only a
 * prefix passes the rest on to its nested blocks ("Partial matches", rules-language "Match").
 */
function collectMatches(
  parent: Block,
  segments: readonly string[],
  offset: number,
  bindings: Readonly<Record<string, Value>>,
  out: CompleteMatch[],
): void {
  for (const block of parent.matches) {
    const bound: Record<string, Value> = { ...bindings };
    let i = offset;
    let matched = true;
    for (const segment of block.segments) {
      if (segment.kind === 'recursive') {
        // rules_version 2: zero or more segments (https://firebase.google.com/docs/storage/security/core-syntax,
        // "Version 2"); check.ts keeps it last.
        bound[segment.name] = new PathValue(segments.slice(i));
        i = segments.length;
      } else if (i >= segments.length || (segment.kind === 'literal' && segment.text !== segments[i])) {
        matched = false;
        break;
      } else {
        // A {name} wildcard "is accessible within the match statement as a string" (same page).
        if (segment.kind === 'wildcard') bound[segment.name] = segments[i]!;
        i++;
      }
    }
    if (!matched) continue;
    if (i === segments.length) out.push({ block, bindings: bound });
    collectMatches(block, segments, i, bound, out);
  }
}

/** `request` and `resource` for one evaluation. */
function requestContext(request: RulesRequest): Context {
  const auth = request.auth
    ? new Map<string, Value>([
        ['uid', request.auth.uid],
        ['token', mapFromJs(request.auth.token, 'request.auth.token')],
      ])
    : null;
  return {
    request: new Map<string, Value>([
      ['auth', auth],
      ['resource', storageObject(request.requestResource, 'request.resource')],
      ['method', request.method],
    ]),
    resource: storageObject(request.resource, 'resource'),
    path: {},
    frame: [],
    depth: 0,
  };
}

/** A rules.storage.Resource as a map of the fields given (only those the rules can read: check.ts RESOURCE_FIELDS). */
function storageObject(object: StorageObject | null, where: string): Value {
  if (!object) return null;
  const map = new Map<string, Value>();
  for (const field of OBJECT_FIELDS) {
    const value = object[field];
    if (value !== undefined) map.set(field, fromJs(value, `${where}.${field}`));
  }
  return map;
}

/** The match path of a block with its parents', e.g. '/b/{bucket}/o/members/photos'. */
function fullPath(block: Block): string {
  let path = '';
  for (let scope: Block | null = block; scope; scope = scope.parent) path = scope.pathText + path;
  return path;
}

/**
 * The strings of a function whose body is a list of string literals, for build steps that need a constant the
 * rules also use: `function picturesForNaming() { return ['group-photo-1976']; }` gives ['group-photo-1976'].
 * Throws a RulesError when there is no such function, more than one, or its body is anything else.
 */
export function stringListReturnedBy(
  rules: Ruleset | string,
  functionName: string,
  fileName?: string,
): string[] {
  const ruleset = typeof rules === 'string' ? loadRules(rules, fileName) : rules;
  if (!(ruleset instanceof LoadedRuleset)) throw new TypeError('not a Ruleset from loadRules()');
  const source = ruleset.file.source;
  const found = allFunctions(ruleset.file.service).filter((fn) => fn.name === functionName);
  if (found.length === 0) throw source.error(0, `no function named ${functionName}`);
  if (found.length > 1) {
    throw source.error(
      found[1]!.pos,
      `more than one function named ${functionName}; cannot tell which is meant`,
    );
  }
  const fn = found[0]!;
  const body = fn.body;
  const strings =
    fn.params.length === 0 && fn.lets.length === 0 && body.kind === 'list'
      ? body.items.map((item) =>
          item.kind === 'literal' && typeof item.value === 'string' ? item.value : null,
        )
      : null;
  if (!strings || strings.some((item) => item === null)) {
    throw source.error(
      body.pos,
      `function ${functionName} must take no parameters and be just: return ['a', 'b', ...]; (string literals)`,
    );
  }
  return strings as string[];
}

function allFunctions(block: Block): Block['functions'] {
  return [...block.functions, ...block.matches.flatMap(allFunctions)];
}
