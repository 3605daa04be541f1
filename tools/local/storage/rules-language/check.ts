/**
 * The static checks, run once at load: every name resolves, every call reaches a declared function with the right
 * number of arguments, every method and field is one we implement, no function recurses, every literal regular
 * expression is in the supported part of RE2, and the match paths are of the supported shapes. What fails is a
 * RulesError naming the construct and its position: a rules file we cannot enforce as written is refused, never
 * half-enforced.
 *
 * Resolution is recorded in the tree (identifier.binding, call.target) for the evaluator.
 */
import type { Allow, Binding, Block, Expr, FunctionDecl, RulesFile, StorageMethod } from './ast.ts';
import { re2Matcher } from './regex.ts';
import type { SourceFile } from './source.ts';

/** Methods we implement, with their number of arguments (on whichever types evaluate.ts gives them). */
const METHODS: Readonly<Record<string, number>> = {
  matches: 1,
  size: 0,
  keys: 0,
  hasAll: 1,
  hasAny: 1,
  hasOnly: 1,
};

/** The fields of `request` we fill (https://firebase.google.com/docs/rules/rules-language#the_request_variable). */
const REQUEST_FIELDS = new Set(['auth', 'resource', 'method']);

/** `request.auth` is "uid ... and token" (https://firebase.google.com/docs/reference/security/storage#auth). */
const AUTH_FIELDS = new Set(['uid', 'token']);

/**
 * The object fields the emulator passes (index.ts, StorageObject). The docs list more (generation, metageneration,
 * timeCreated, updated, md5Hash, crc32c, etag: https://firebase.google.com/docs/reference/security/storage#resource);
 * reading one of those is refused rather than answered wrongly.
 */
export const OBJECT_FIELDS = [
  'name',
  'bucket',
  'size',
  'contentType',
  'metadata',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
] as const;
export const RESOURCE_FIELDS: ReadonlySet<string> = new Set(OBJECT_FIELDS);

/** Global namespaces of the language (https://firebase.google.com/docs/reference/rules/rules#namespaces). */
const NAMESPACES = new Set(['firestore', 'math', 'timestamp', 'duration', 'hashing', 'latlng']);

/** Global functions of the language this evaluator does not have. */
const BUILTIN_FUNCTIONS = new Set([
  'exists',
  'existsAfter',
  'get',
  'getAfter',
  'debug',
  'string',
  'int',
  'float',
  'bool',
  'path',
  'list',
  'map',
  'size',
  'type',
]);

const BUILTIN_NAMES = new Set(['request', 'resource']);

export function checkRules(file: RulesFile): void {
  new Checker(file.source).checkBlock(file.service, new Map());
}

/** A path variable visible in a block. */
interface PathVariable {
  recursive: boolean;
  pos: number;
}

/** What an expression can see. */
interface Scope {
  block: Block;
  pathVariables: ReadonlyMap<string, PathVariable>;
  /** Parameters and lets by slot; empty in an allow condition. */
  locals: ReadonlyMap<string, number>;
  /** The function being checked, for the call graph. */
  caller: FunctionDecl | null;
}

class Checker {
  /** Caller -> callees, to refuse recursion. */
  private readonly calls = new Map<FunctionDecl, Set<FunctionDecl>>();

  constructor(private readonly source: SourceFile) {}

  checkBlock(block: Block, inherited: ReadonlyMap<string, PathVariable>): void {
    const pathVariables = this.checkPath(block, inherited);
    this.checkFunctionNames(block);
    for (const fn of block.functions) this.checkFunction(fn, pathVariables);
    this.checkAllows(block, pathVariables);
    for (const child of block.matches) this.checkBlock(child, pathVariables);
    if (!block.parent) this.refuseRecursion();
  }

  /** The block's wildcards added to its parents'. */
  private checkPath(block: Block, inherited: ReadonlyMap<string, PathVariable>): Map<string, PathVariable> {
    const variables = new Map(inherited);
    block.segments.forEach((segment, i) => {
      if (segment.kind === 'literal') return;
      if (BUILTIN_NAMES.has(segment.name)) {
        throw this.source.error(segment.pos, `a path variable cannot be named ${segment.name}`);
      }
      const earlier = variables.get(segment.name);
      if (earlier) {
        throw this.source.error(
          segment.pos,
          `path variable {${segment.name}} is already bound at ${this.source.where(earlier.pos)}`,
        );
      }
      if (segment.kind === 'recursive' && (i !== block.segments.length - 1 || block.matches.length > 0)) {
        // rules_version 2 allows it anywhere in a match path; we support it only as the path's last segment.
        throw this.source.error(
          segment.pos,
          `{${segment.name}=**} is only supported as the last segment of a match path (no nested match below it)`,
        );
      }
      variables.set(segment.name, { recursive: segment.kind === 'recursive', pos: segment.pos });
    });
    return variables;
  }

  private checkFunctionNames(block: Block): void {
    const seen = new Map<string, FunctionDecl>();
    for (const fn of block.functions) {
      const earlier = seen.get(fn.name);
      if (earlier) {
        throw this.source.error(
          fn.pos,
          `function ${fn.name} is already declared in this block at ${this.source.where(earlier.pos)}`,
        );
      }
      seen.set(fn.name, fn);
    }
  }

  private checkFunction(fn: FunctionDecl, pathVariables: ReadonlyMap<string, PathVariable>): void {
    const locals = new Map<string, number>();
    const declare = ({ name, pos }: { name: string; pos: number }, what: string) => {
      if (BUILTIN_NAMES.has(name)) throw this.source.error(pos, `a ${what} cannot be named ${name}`);
      if (locals.has(name))
        throw this.source.error(pos, `${name} is already declared in function ${fn.name}`);
      locals.set(name, locals.size);
    };
    for (const param of fn.params) declare(param, 'parameter');
    const scope = { block: fn.scope, pathVariables, locals, caller: fn };
    // Each let sees the parameters and the lets before it.
    for (const binding of fn.lets) {
      this.checkExpr(binding.value, scope);
      declare(binding, 'let');
    }
    this.checkExpr(fn.body, scope);
  }

  private checkAllows(block: Block, pathVariables: ReadonlyMap<string, PathVariable>): void {
    const allowedAt = new Map<StorageMethod, Allow>();
    for (const allow of block.allows) {
      for (const method of allow.methods) {
        const earlier = allowedAt.get(method);
        if (earlier) {
          // rules-language, "Method": "You can't overlap read methods in the same match block or conflicting write
          // methods in the same path declaration."
          throw this.source.error(
            allow.pos,
            `method ${method} is already allowed in this match block at ${this.source.where(earlier.pos)}; ` +
              'overlapping allow statements are refused (merge the conditions with ||)',
          );
        }
        allowedAt.set(method, allow);
      }
      if (allow.condition)
        this.checkExpr(allow.condition, { block, pathVariables, locals: new Map(), caller: null });
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Expressions
  // ---------------------------------------------------------------------------------------------------------------

  private checkExpr(expr: Expr, scope: Scope): void {
    switch (expr.kind) {
      case 'literal':
        return;
      case 'list':
        return expr.items.forEach((item) => this.checkExpr(item, scope));
      case 'identifier':
        if (expr.name === 'request') {
          throw this.source.error(
            expr.pos,
            'request is only supported through its fields request.auth, request.resource and request.method',
          );
        }
        expr.binding = this.resolve(expr, scope);
        return;
      case 'member':
        return this.checkMember(expr, scope);
      case 'index':
        this.checkExpr(expr.object, scope);
        return this.checkExpr(expr.index, scope);
      case 'call':
        return this.checkCall(expr, scope);
      case 'method':
        return this.checkMethod(expr, scope);
      case 'unary':
        return this.checkExpr(expr.operand, scope);
      case 'binary':
        this.checkExpr(expr.left, scope);
        return this.checkExpr(expr.right, scope);
      case 'conditional':
        this.checkExpr(expr.test, scope);
        this.checkExpr(expr.then, scope);
        return this.checkExpr(expr.otherwise, scope);
    }
  }

  private resolve(expr: Extract<Expr, { kind: 'identifier' }>, scope: Scope): Binding {
    const slot = scope.locals.get(expr.name);
    if (slot !== undefined) return { kind: 'local', slot };
    const variable = scope.pathVariables.get(expr.name);
    if (variable?.recursive) {
      throw this.source.error(
        expr.pos,
        `${expr.name} is a {${expr.name}=**} wildcard, a rules.Path: paths are not supported in expressions`,
      );
    }
    if (variable) return { kind: 'path', name: expr.name };
    if (expr.name === 'resource') return { kind: 'resource' };
    if (NAMESPACES.has(expr.name)) {
      throw this.source.error(expr.pos, `the ${expr.name} namespace is not supported`);
    }
    throw this.source.error(
      expr.pos,
      `unknown name ${expr.name}: not a parameter, let or path variable in scope, nor request or resource`,
    );
  }

  /** `a.f`, with the fields of request, request.auth and the resources checked against what we provide. */
  private checkMember(expr: Extract<Expr, { kind: 'member' }>, scope: Scope): void {
    const object = expr.object;
    if (object.kind === 'identifier' && object.name === 'request') {
      if (!REQUEST_FIELDS.has(expr.name)) {
        throw this.source.error(
          expr.pos,
          `request.${expr.name} is not supported (only request.auth, request.resource, request.method)`,
        );
      }
      object.binding = { kind: 'request' };
      return;
    }
    if (isRequestField(object, 'auth') && !AUTH_FIELDS.has(expr.name)) {
      throw this.source.error(
        expr.pos,
        `request.auth.${expr.name} does not exist (request.auth has uid and token)`,
      );
    }
    // (No parameter, let or path variable can be named resource: checkFunction and checkPath refuse it.)
    const isResource =
      isRequestField(object, 'resource') || (object.kind === 'identifier' && object.name === 'resource');
    if (isResource && !RESOURCE_FIELDS.has(expr.name)) {
      throw this.source.error(
        expr.pos,
        `${object.kind === 'identifier' ? '' : 'request.'}resource.${expr.name} is not supported ` +
          `(supported: ${[...RESOURCE_FIELDS].join(', ')})`,
      );
    }
    if (
      object.kind === 'identifier' &&
      NAMESPACES.has(object.name) &&
      !this.isDeclaredName(object.name, scope)
    ) {
      throw this.source.error(
        object.pos,
        `${object.name}.${expr.name} is not supported (the ${object.name} namespace)`,
      );
    }
    this.checkExpr(object, scope);
  }

  private checkCall(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): void {
    const target = findFunction(scope.block, expr.name);
    if (!target) {
      throw this.source.error(
        expr.pos,
        BUILTIN_FUNCTIONS.has(expr.name)
          ? `the built-in function ${expr.name}() is not supported`
          : `unknown function ${expr.name}(): not declared in this match block or the blocks around it`,
      );
    }
    if (target.params.length !== expr.args.length) {
      throw this.source.error(
        expr.pos,
        `${expr.name}() takes ${target.params.length} argument(s), called with ${expr.args.length}`,
      );
    }
    expr.target = target;
    if (scope.caller) {
      const callees = this.calls.get(scope.caller) ?? new Set();
      callees.add(target);
      this.calls.set(scope.caller, callees);
    }
    expr.args.forEach((arg) => this.checkExpr(arg, scope));
  }

  private checkMethod(expr: Extract<Expr, { kind: 'method' }>, scope: Scope): void {
    const object = expr.object;
    if (
      object.kind === 'identifier' &&
      NAMESPACES.has(object.name) &&
      !this.isDeclaredName(object.name, scope)
    ) {
      throw this.source.error(
        object.pos,
        `${object.name}.${expr.name}() is not supported (the ${object.name} namespace)`,
      );
    }
    const arity = Object.hasOwn(METHODS, expr.name) ? METHODS[expr.name] : undefined;
    if (arity === undefined) {
      throw this.source.error(
        expr.pos,
        `the method ${expr.name}() is not supported (supported: ${Object.keys(METHODS).join(', ')})`,
      );
    }
    if (expr.args.length !== arity) {
      throw this.source.error(
        expr.pos,
        `${expr.name}() takes ${arity} argument(s), called with ${expr.args.length}`,
      );
    }
    const [pattern] = expr.args;
    if (expr.name === 'matches' && pattern?.kind === 'literal' && typeof pattern.value === 'string') {
      const compiled = re2Matcher(pattern.value);
      if (!(compiled instanceof RegExp)) {
        throw this.source.error(
          pattern.pos,
          `regular expression '${pattern.value}', at character ${compiled.index + 1}: ${compiled.reason}`,
        );
      }
    }
    this.checkExpr(object, scope);
    expr.args.forEach((arg) => this.checkExpr(arg, scope));
  }

  private isDeclaredName(name: string, scope: Scope): boolean {
    return scope.locals.has(name) || scope.pathVariables.has(name);
  }

  /** "Functions may call other functions but may not recurse" (rules-language, "Function"). */
  private refuseRecursion(): void {
    const done = new Set<FunctionDecl>();
    const visit = (fn: FunctionDecl, stack: FunctionDecl[]) => {
      if (done.has(fn)) return;
      const loop = stack.indexOf(fn);
      if (loop >= 0) {
        const cycle = [...stack.slice(loop), fn].map((f) => f.name).join(' -> ');
        throw this.source.error(fn.pos, `recursion is not allowed: ${cycle}`);
      }
      for (const callee of this.calls.get(fn) ?? []) visit(callee, [...stack, fn]);
      done.add(fn);
    };
    for (const fn of this.calls.keys()) visit(fn, []);
  }
}

/** `request.<name>` */
function isRequestField(expr: Expr, name: string): boolean {
  return (
    expr.kind === 'member' &&
    expr.name === name &&
    expr.object.kind === 'identifier' &&
    expr.object.name === 'request'
  );
}

/** The function a call in `block` reaches: declared in the block or in one around it, innermost first. */
export function findFunction(block: Block, name: string): FunctionDecl | undefined {
  for (let scope: Block | null = block; scope; scope = scope.parent) {
    const found = scope.functions.find((fn) => fn.name === name);
    if (found) return found;
  }
  return undefined;
}
