/**
 * Canonical JSON: object keys sorted by UTF-16 code unit (never locale), arrays kept in order,
 * `undefined` members dropped. Array-index keys ("0", "10") come first, in numeric order: every
 * JavaScript object lists them so, whatever the order they were set in. Used for the snapshot
 * file, hashes and drift comparison, so the same listing always gives the same bytes on every
 * machine (test/runtime/canonical-json.test.ts).
 */
import { setOwn } from "./own-property.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The canonical form of `value`. What is canonical already (a plain object with its keys in
 * order and all set, a plain array without holes, their members alike) is returned itself, not
 * copied: a snapshot of 1,000 tools is canonicalized several times a run (each entity's hash, the
 * server's, the file, the snapshot module), already canonical from the second time on, and the
 * copies were most of that time. Callers never change what they get back.
 */
export function canonicalize(value: unknown): Json {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) return null;
    if (typeof value === "bigint") return Number(value);
    if (value === undefined || typeof value === "function" || typeof value === "symbol") return null;
    return value as Json;
  }
  // Plain loops, no callbacks: the first time a run canonicalizes, V8 is not yet optimizing.
  return Array.isArray(value) ? canonicalArray(value) : canonicalObject(value);
}

function canonicalArray(value: readonly unknown[]): Json[] {
  // Another kind of array (a subclass) is copied into a plain one.
  let out: Json[] | undefined = Object.getPrototypeOf(value) === Array.prototype ? undefined : [];
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    const canonical = item === undefined ? null : canonicalize(item);
    if (out === undefined && canonical !== item) out = value.slice(0, index) as Json[];
    if (out !== undefined) out.push(canonical);
  }
  return out ?? (value as Json[]);
}

function canonicalObject(value: object): Json {
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const ordered = inCodeUnitOrder(keys);
  if (!ordered) keys.sort(compareCodeUnits);
  // Objects of a class (a `Date`, say) are copied as plain objects of their own keys, as JSON text has them.
  const prototype: unknown = Object.getPrototypeOf(value);
  let out: { [key: string]: Json } | undefined = ordered && (prototype === Object.prototype || prototype === null) ? undefined : {};
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const member = record[key];
    // An undefined member is left out, which takes a copy too.
    const canonical = member === undefined ? undefined : canonicalize(member);
    if (out === undefined && (canonical === undefined || canonical !== member)) out = copyOfFirst(record, keys, index);
    if (out !== undefined && canonical !== undefined) setOwn(out, key, canonical);
  }
  return out ?? (value as Json);
}

/** A plain object with `record`'s first `count` members of `keys` (canonical as they are). */
function copyOfFirst(record: Record<string, unknown>, keys: readonly string[], count: number): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (let index = 0; index < count; index++) setOwn(out, keys[index]!, record[keys[index]!] as Json);
  return out;
}

/** Whether an object's own keys are in code-unit order already: most met here are (a snapshot read back, an entity just built). */
function inCodeUnitOrder(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index++) {
    if (keys[index - 1]! > keys[index]!) return false;
  }
  return true;
}

/** Code-unit order, the same everywhere: `Array.prototype.sort`'s default for strings. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compact canonical text, the input of hashes. */
export function canonicalStringify(value: unknown): string {
  return JSON.stringify(canonicalize(value));
}

/** File form: canonical, two-space indent, `\n` line ends and a final newline. */
export function canonicalFileText(value: unknown): string {
  return `${JSON.stringify(canonicalize(value), null, 2)}\n`;
}
