/**
 * Canonical JSON: object keys sorted by UTF-16 code unit (never locale), arrays kept in order,
 * `undefined` members dropped. Array-index keys ("0", "10") come first, in numeric order: every
 * JavaScript object lists them so, whatever the order they were set in. Used for the snapshot
 * file, hashes and drift comparison, so the same listing always gives the same bytes on every
 * machine (test/runtime/canonical-json.test.ts).
 */
import { setOwn } from "./own-property.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function canonicalize(value: unknown): Json {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) return null;
    if (typeof value === "bigint") return Number(value);
    if (value === undefined || typeof value === "function" || typeof value === "symbol") return null;
    return value as Json;
  }
  // Plain loops, no callbacks: a snapshot of 1,000 tools is canonicalized several times a run
  // (entity and server hashes, the file, the snapshot module), the first time with V8 not yet
  // optimizing, and the copy cost ~45 ms that way against ~20 (docs/performance.md).
  if (Array.isArray(value)) {
    const out: Json[] = new Array<Json>(value.length);
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      out[index] = item === undefined ? null : canonicalize(item);
    }
    return out;
  }
  const out: { [key: string]: Json } = {};
  for (const key of sortedKeys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined) continue;
    setOwn(out, key, canonicalize(member));
  }
  return out;
}

/** An object's own keys in code-unit order: most objects met here (a snapshot read back) already have them so, and are not sorted again. */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  for (let index = 1; index < keys.length; index++) {
    if (keys[index - 1]! > keys[index]!) return keys.sort(compareCodeUnits);
  }
  return keys;
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
