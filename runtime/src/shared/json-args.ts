/**
 * Tool arguments as JSON will carry them: a key whose value is `undefined` is dropped, at any
 * depth, so an optional argument may be absent or `undefined` alike (the generated types say
 * `x?: T | undefined`). Applied before validation, so the Zod schema sees what the server will.
 */

/** `value` with every `undefined`-valued key of its plain objects removed (a copy where one was). */
export function withoutUndefinedKeys<T>(value: T): T {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item: unknown) => {
      const next = withoutUndefinedKeys(item);
      changed ||= next !== item;
      return next;
    });
    return (changed ? items : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) {
      changed = true;
      continue;
    }
    const next = withoutUndefinedKeys(item);
    changed ||= next !== item;
    entries.push([key, next]);
  }
  if (!changed) return value;
  // defineProperty: a `__proto__` key stays an own key, as JSON.parse makes it.
  const copy: Record<string, unknown> = {};
  for (const [key, item] of entries) Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
  return copy as T;
}

/** Only what JSON writes as an object: class instances (Date, Map…) are left to the schema. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
