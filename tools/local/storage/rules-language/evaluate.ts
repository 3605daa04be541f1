/**
 * Evaluates an expression to a value. Every runtime problem (a missing key, null.x, a wrong type, a method a type
 * does not have, division by zero, too deep a call) gives an ErrorValue, and an error operand makes the result an
 * error, except where the docs say `&&` and `||` absorb it
 * (https://firebase.google.com/docs/reference/security/storage#errors, "Error Evaluation"):
 *   error && true  -> error        error || true  -> true
 *   error && false -> false        error || false -> error
 * and "Operations short circuit" (same page, bool): false && x is false and true || x is true without looking at x.
 *
 * Where the docs are silent we take the reading that can only deny more, never allow more (an error denies): a
 * function whose argument or `let` is an error is an error; float division by zero, `%` on floats and int overflow
 * are errors.
 */
import type { BinaryOperator, Expr, FunctionDecl } from './ast.ts';
import { re2Matcher } from './regex.ts';
import {
  ErrorValue,
  INT_MAX,
  INT_MIN,
  PathValue,
  equals,
  isError,
  isList,
  isMap,
  typeName,
  type Value,
} from './values.ts';

/**
 * The call depth allowed: "Functions may call other functions but may not recurse. The total call stack depth is
 * limited to 10." (https://firebase.google.com/docs/storage/security/rules-conditions#custom_functions; the general
 * https://firebase.google.com/docs/rules/rules-language#function says 20 for Cloud Firestore: the Cloud Storage
 * page's 10 is the one for this file, and the stricter.) Recursion itself is refused at load (check.ts).
 */
export const MAX_CALL_DEPTH = 10;

export interface Context {
  /** `request`: a map of auth, resource and method. */
  readonly request: Value;
  /** `resource`: the stored object as a map, or null. */
  readonly resource: Value;
  /** The path wildcards bound by the matched blocks. */
  readonly path: Readonly<Record<string, Value>>;
  /** The current call's parameters then its lets (empty outside a function). */
  readonly frame: Value[];
  /** Calls in progress. */
  readonly depth: number;
}

const fail = (pos: number, message: string) => new ErrorValue(message, pos);

export function evaluate(expr: Expr, ctx: Context): Value {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'list':
      return evaluateList(expr.items, ctx);
    case 'identifier':
      return lookUp(expr, ctx);
    case 'member':
      return field(evaluate(expr.object, ctx), expr.name, expr.pos);
    case 'index':
      return index(evaluate(expr.object, ctx), evaluate(expr.index, ctx), expr.pos);
    case 'call':
      return call(expr.target!, expr.args, expr.pos, ctx);
    case 'method':
      return method(expr, ctx);
    case 'unary':
      return unary(expr.op, evaluate(expr.operand, ctx), expr.pos);
    case 'binary':
      return binary(expr, ctx);
    case 'conditional': {
      const test = evaluate(expr.test, ctx);
      if (isError(test)) return test;
      if (typeof test !== 'boolean')
        return fail(expr.pos, `'?' needs a bool condition, got ${typeName(test)}`);
      return evaluate(test ? expr.then : expr.otherwise, ctx);
    }
  }
}

/** The items' values, or the first error among them. */
function evaluateList(items: readonly Expr[], ctx: Context): Value {
  const values: Value[] = [];
  for (const item of items) {
    const value = evaluate(item, ctx);
    if (isError(value)) return value;
    values.push(value);
  }
  return Object.freeze(values);
}

function lookUp(expr: Extract<Expr, { kind: 'identifier' }>, ctx: Context): Value {
  const binding = expr.binding!;
  switch (binding.kind) {
    case 'request':
      return ctx.request;
    case 'resource':
      return ctx.resource;
    case 'local':
      return ctx.frame[binding.slot]!;
    case 'path': {
      const value = ctx.path[binding.name];
      // check.ts only binds a name to a wildcard of an enclosing match, which every evaluation here has bound.
      if (value === undefined) throw new Error(`internal: path variable ${binding.name} not bound`);
      return value;
    }
  }
}

/** `a.f`: a map's key ("If a key is not present, an error will be returned", storage reference, map "Index"). */
function field(object: Value, name: string, pos: number): Value {
  if (isError(object)) return object;
  if (isMap(object)) return object.has(name) ? object.get(name)! : fail(pos, `no key '${name}' in the map`);
  return fail(pos, `cannot read '.${name}' of ${describe(object)}`);
}

/** `a[i]`: a map by string key, a list by int index. */
function index(object: Value, key: Value, pos: number): Value {
  if (isError(object)) return object;
  if (isError(key)) return key;
  if (isMap(object)) {
    if (typeof key !== 'string') return fail(pos, `a map's key is a string, got ${typeName(key)}`);
    return object.has(key) ? object.get(key)! : fail(pos, `no key '${key}' in the map`);
  }
  if (isList(object)) {
    if (typeof key !== 'bigint') return fail(pos, `a list's index is an int, got ${typeName(key)}`);
    return key >= 0n && key < BigInt(object.length)
      ? object[Number(key)]!
      : fail(pos, `index ${key} out of range (size ${object.length})`);
  }
  return fail(pos, `cannot index ${describe(object)}`);
}

/** A call of a declared function: its arguments, then its lets in order, then its return expression. */
function call(target: FunctionDecl, argExprs: readonly Expr[], pos: number, ctx: Context): Value {
  if (ctx.depth >= MAX_CALL_DEPTH) {
    return fail(pos, `call depth over ${MAX_CALL_DEPTH} (calling ${target.name})`);
  }
  const frame: Value[] = [];
  for (const arg of argExprs) {
    const value = evaluate(arg, ctx);
    if (isError(value)) return value;
    frame.push(value);
  }
  const inner: Context = { ...ctx, frame, depth: ctx.depth + 1 };
  for (const binding of target.lets) {
    const value = evaluate(binding.value, inner);
    if (isError(value)) return value;
    frame.push(value);
  }
  return evaluate(target.body, inner);
}

function method(expr: Extract<Expr, { kind: 'method' }>, ctx: Context): Value {
  const object = evaluate(expr.object, ctx);
  if (isError(object)) return object;
  const args: Value[] = [];
  for (const arg of expr.args) {
    const value = evaluate(arg, ctx);
    if (isError(value)) return value;
    args.push(value);
  }
  const [arg] = args;
  const pos = expr.pos;
  const wrongArgs = () => fail(pos, `wrong arguments for ${typeName(object)}.${expr.name}()`);

  if (typeof object === 'string') {
    if (expr.name === 'size' && args.length === 0) return stringSize(object);
    if (expr.name === 'matches' && args.length === 1) {
      if (typeof arg !== 'string') return wrongArgs();
      const regex = re2Matcher(arg);
      return regex instanceof RegExp ? regex.test(object) : fail(pos, `regular expression: ${regex.reason}`);
    }
  } else if (isMap(object)) {
    if (expr.name === 'size' && args.length === 0) return BigInt(object.size);
    // https://firebase.google.com/docs/reference/rules/rules.Map#keys
    if (expr.name === 'keys' && args.length === 0) return Object.freeze([...object.keys()]);
  } else if (isList(object)) {
    if (expr.name === 'size' && args.length === 0) return BigInt(object.length);
    if (args.length === 1 && ['hasAll', 'hasAny', 'hasOnly'].includes(expr.name)) {
      if (!isList(arg)) return wrongArgs();
      return listTest(expr.name, object, arg);
    }
  }
  return fail(pos, `${describe(object)} has no method ${expr.name}() taking ${args.length} argument(s)`);
}

/**
 * string.size(): "Returns the number of characters in the string"
 * (https://firebase.google.com/docs/reference/rules/rules.String#size) does not say what a character is. CEL, which
 * the language is based on, counts code points ("Strings are sequences of Unicode code points",
 * https://github.com/google/cel-spec/blob/master/doc/langdef.md#string-and-bytes-values); the rules runtime the
 * official emulator downloads is a Java program, whose strings count UTF-16 code units, and a third-party evaluator
 * (hidane-rules) reports measuring that emulator counting UTF-16 units. The docs being ambiguous, we take the
 * stricter reading for the file's only use, an upper bound (`md.caption.size() <= 300`): UTF-16 code units (JS
 * `length`), so a character outside the BMP (most emoji) counts 2.
 */
function stringSize(value: string): bigint {
  return BigInt(value.length);
}

/** https://firebase.google.com/docs/reference/rules/rules.List: hasAll, hasAny, hasOnly (by ==). */
function listTest(name: string, list: readonly Value[], other: readonly Value[]): boolean {
  const has = (items: readonly Value[], value: Value) => items.some((item) => equals(item, value));
  if (name === 'hasAll') return other.every((value) => has(list, value));
  if (name === 'hasAny') return other.some((value) => has(list, value));
  return list.every((value) => has(other, value)); // hasOnly
}

function unary(op: '!' | '-', operand: Value, pos: number): Value {
  if (isError(operand)) return operand;
  if (op === '!')
    return typeof operand === 'boolean' ? !operand : fail(pos, `'!' needs a bool, got ${typeName(operand)}`);
  if (typeof operand === 'bigint') return checkedInt(-operand, pos);
  if (typeof operand === 'number') return -operand;
  return fail(pos, `'-' needs a number, got ${typeName(operand)}`);
}

function binary(expr: Extract<Expr, { kind: 'binary' }>, ctx: Context): Value {
  if (expr.op === '&&' || expr.op === '||') return logical(expr, ctx);
  const left = evaluate(expr.left, ctx);
  if (isError(left)) return left;
  const right = evaluate(expr.right, ctx);
  if (isError(right)) return right;
  return operate(expr.op, left, right, expr.pos);
}

/**
 * `&&` and `||` with the documented error absorption (top of this file). An operand that is not a bool is an error
 * like any other, so `false && 1` is false and `true && 1` an error.
 */
function logical(expr: Extract<Expr, { kind: 'binary' }>, ctx: Context): Value {
  const isAnd = expr.op === '&&';
  // The value that decides the result on its own: false for &&, true for ||.
  const decisive = !isAnd;
  const asBool = (value: Value): boolean | ErrorValue =>
    typeof value === 'boolean' || isError(value)
      ? value
      : fail(expr.pos, `'${expr.op}' needs bools, got ${typeName(value)}`);
  const left = asBool(evaluate(expr.left, ctx));
  if (left === decisive) return left;
  const right = asBool(evaluate(expr.right, ctx));
  if (right === decisive) return right;
  return isError(left) ? left : right;
}

function operate(op: Exclude<BinaryOperator, '&&' | '||'>, left: Value, right: Value, pos: number): Value {
  switch (op) {
    case '==':
      return equals(left, right);
    case '!=':
      return !equals(left, right);
    case 'in':
      return contains(right, left, pos);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(op, left, right, pos);
    default:
      return arithmetic(op, left, right, pos);
  }
}

/** `k in map` (a key), `v in list` (by ==) (storage reference, list and map "in"). */
function contains(container: Value, item: Value, pos: number): Value {
  if (isMap(container)) {
    if (typeof item !== 'string') return fail(pos, `a map's keys are strings; 'in' got ${typeName(item)}`);
    return container.has(item);
  }
  if (isList(container)) return container.some((value) => equals(value, item));
  return fail(pos, `'in' needs a map or a list on its right, got ${describe(container)}`);
}

/** Numbers by value (an int against a float as a float), strings lexicographically (by UTF-16 units, as Java). */
function compare(op: '<' | '<=' | '>' | '>=', left: Value, right: Value, pos: number): Value {
  let order: number;
  if (isNumber(left) && isNumber(right)) order = compareNumbers(left, right);
  else if (typeof left === 'string' && typeof right === 'string')
    order = left < right ? -1 : left > right ? 1 : 0;
  else
    return fail(
      pos,
      `'${op}' needs two numbers or two strings, got ${typeName(left)} and ${typeName(right)}`,
    );
  if (Number.isNaN(order)) return false;
  return op === '<' ? order < 0 : op === '<=' ? order <= 0 : op === '>' ? order > 0 : order >= 0;
}

const isNumber = (value: Value): value is bigint | number =>
  typeof value === 'bigint' || typeof value === 'number';

function compareNumbers(a: bigint | number, b: bigint | number): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = Number(a);
  const y = Number(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

function arithmetic(op: '+' | '-' | '*' | '/' | '%', left: Value, right: Value, pos: number): Value {
  if (op === '+' && typeof left === 'string' && typeof right === 'string') return left + right;
  if (typeof left === 'bigint' && typeof right === 'bigint') return intArithmetic(op, left, right, pos);
  if (isNumber(left) && isNumber(right) && op !== '%') {
    const x = Number(left);
    const y = Number(right);
    if (op === '/' && y === 0) return fail(pos, 'division by zero');
    return op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : x / y;
  }
  const needs = op === '+' ? 'two numbers or two strings' : op === '%' ? 'two ints' : 'two numbers';
  return fail(pos, `'${op}' needs ${needs}, got ${typeName(left)} and ${typeName(right)}`);
}

function intArithmetic(op: '+' | '-' | '*' | '/' | '%', a: bigint, b: bigint, pos: number): Value {
  if ((op === '/' || op === '%') && b === 0n) return fail(pos, 'division by zero');
  // BigInt division and remainder truncate toward zero, as Java's and CEL's ints do.
  const result = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : op === '/' ? a / b : a % b;
  return checkedInt(result, pos);
}

function checkedInt(value: bigint, pos: number): Value {
  return value < INT_MIN || value > INT_MAX ? fail(pos, 'int overflow') : value;
}

function describe(value: Value): string {
  if (value === null) return 'null';
  if (value instanceof PathValue) return 'a path';
  return `a ${typeName(value)}`;
}
