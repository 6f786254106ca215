/**
 * Server text names object keys, and `__proto__` is a key like any other in JSON: `out[key] =
 * value` on a plain object would instead set its prototype (dropping the member and changing
 * what every later lookup sees). Accumulating JSON-like objects goes through here.
 */

/** Sets `key` as an own, enumerable data property, whatever its name. */
export function setOwn<T>(target: { [key: string]: T }, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** `Object.fromEntries` keeps `__proto__` as an own key already; this is its counterpart for reads. */
export function getOwn<T>(source: { readonly [key: string]: T }, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined;
}
