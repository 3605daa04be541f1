/**
 * Values of the rules language as the evaluator holds them, and the conversion of the request's data into them.
 *
 * int: bigint (signed 64-bit, https://firebase.google.com/docs/reference/rules/rules.Integer), so that int and float
 * stay apart (7 / 2 == 3, 7.0 / 2 == 3.5); float: number; string, bool, null: themselves; list: a frozen array;
 * map: a Map with string keys (https://firebase.google.com/docs/reference/rules/rules.Map: "Keys must be of type
 * rules.String"); path: PathValue (a {name=**} wildcard's value); an error: ErrorValue.
 *
 * Errors are values, not exceptions: "Firebase Security Rules for Cloud Storage continue evaluation when errors are
 * encountered" (https://firebase.google.com/docs/reference/security/storage#errors), so `&&` and `||` must see an
 * error operand and may absorb it.
 */

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | readonly Value[]
  | ReadonlyMap<string, Value>
  | PathValue
  | ErrorValue;

export class PathValue {
  constructor(readonly segments: readonly string[]) {}
}

/** A runtime error: what went wrong and where (an offset in the rules file). */
export class ErrorValue {
  constructor(
    readonly message: string,
    readonly pos: number,
  ) {}
}

export const INT_MIN = -(2n ** 63n);
export const INT_MAX = 2n ** 63n - 1n;

export function isError(value: Value): value is ErrorValue {
  return value instanceof ErrorValue;
}

export function isMap(value: Value): value is ReadonlyMap<string, Value> {
  return value instanceof Map;
}

export function isList(value: Value): value is readonly Value[] {
  return Array.isArray(value);
}

/** The type's name as the rules language spells it, for messages. */
export function typeName(value: Value): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (isList(value)) return 'list';
  if (isMap(value)) return 'map';
  if (value instanceof PathValue) return 'path';
  return 'error';
}

/**
 * `==`. Values of different types are unequal, never an error: the docs compare maps with null
 * (`request.auth != null`, `resource == null`, https://firebase.google.com/docs/reference/security/storage), and
 * CEL, which the language is based on (https://firebase.google.com/docs/rules/rules-language), defines `==` across
 * types as false. The one exception: "Values of type int will be coerced to float when used in comparisons"
 * (https://firebase.google.com/docs/reference/security/storage#int_and_float). Lists are equal when all their
 * values are, maps when they have the same keys and equal values (same page, list and map "Comparison").
 */
export function equals(a: Value, b: Value): boolean {
  if (typeof a === 'bigint' && typeof b === 'number') return intEqualsFloat(a, b);
  if (typeof a === 'number' && typeof b === 'bigint') return intEqualsFloat(b, a);
  if (isList(a)) return isList(b) && a.length === b.length && a.every((item, i) => equals(item, b[i]!));
  if (isMap(a)) {
    if (!isMap(b) || a.size !== b.size) return false;
    for (const [key, item] of a) if (!b.has(key) || !equals(item, b.get(key)!)) return false;
    return true;
  }
  if (a instanceof PathValue) {
    return (
      b instanceof PathValue &&
      a.segments.length === b.segments.length &&
      a.segments.every((s, i) => s === b.segments[i])
    );
  }
  return a === b;
}

function intEqualsFloat(int: bigint, float: number): boolean {
  return Number.isInteger(float) && BigInt(float) === int;
}

/**
 * A value from the request (token claims, custom metadata): JSON's types. A number is an int when it is a whole
 * number in the 64-bit range (JSON has no other way to say so), a float otherwise. An object key whose value is
 * undefined is left out, as JSON would. Anything else is the caller's mistake and throws.
 */
export function fromJs(value: unknown, where: string): Value {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= Number(INT_MIN) && value < Number(INT_MAX)) return BigInt(value);
    return value;
  }
  if (typeof value === 'bigint') {
    if (value < INT_MIN || value > INT_MAX) throw new TypeError(`${where}: ${value} does not fit in 64 bits`);
    return value;
  }
  if (Array.isArray(value)) {
    return Object.freeze(value.map((item, i) => fromJs(item, `${where}[${i}]`)));
  }
  const prototype: unknown = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (prototype === Object.prototype || prototype === null) {
    return mapFromJs(value as Record<string, unknown>, where);
  }
  throw new TypeError(`${where}: a ${typeof value} has no rules-language value`);
}

export function mapFromJs(
  object: Readonly<Record<string, unknown>>,
  where: string,
): ReadonlyMap<string, Value> {
  const map = new Map<string, Value>();
  for (const [key, item] of Object.entries(object)) {
    if (item !== undefined) map.set(key, fromJs(item, `${where}.${key}`));
  }
  return map;
}
