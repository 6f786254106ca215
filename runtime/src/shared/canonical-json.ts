/**
 * Canonical JSON: object keys sorted by UTF-16 code unit (never locale), arrays kept in order,
 * `undefined` members dropped. Used for the snapshot file, hashes and drift comparison, so the
 * same listing always gives the same bytes on every machine.
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
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonicalize(item)));
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort(compareCodeUnits)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined) continue;
    setOwn(out, key, canonicalize(member));
  }
  return out;
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
