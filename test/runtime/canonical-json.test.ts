/**
 * Canonical JSON (runtime/src/shared/canonical-json.ts), the bytes of every snapshot file and
 * every hash, against an independent spelling of its rule: object keys in code-unit order,
 * except array-index keys ("0", "10"), which every JavaScript object lists first in numeric order;
 * `undefined` members dropped (`null` in arrays), arrays in order. Keys include what a server may
 * send and a plain object would mishandle (`__proto__`, index keys, "01" and "-1", which are not).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalFileText, canonicalize } from "../../runtime/src/shared/canonical-json.js";
import { HOSTILE_NAMES } from "../servers/hostile-vocabulary.js";

const KEYS = [...HOSTILE_NAMES, "0", "9", "10", "01", "-1", "a", "aa", "B", "Z", "é", "z", "\u{1F600}", "\uFFFF", ""];

const isIndex = (key: string) => /^(0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;

/** Index keys first by number, then the others by the default comparison (code units). */
function keyOrder(a: string, b: string): number {
  if (isIndex(a) || isIndex(b)) return isIndex(a) && isIndex(b) ? Number(a) - Number(b) : isIndex(a) ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The rule as written, building text, never an object: sorted keys, undefined members skipped. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : reference(item))).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.keys(value)
      .sort(keyOrder)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${reference((value as Record<string, unknown>)[key])}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}

const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, false, 0, -1.5, 1e21, "", "x", "\u2028"),
    fc.constant(undefined),
    fc.array(tie("value"), { maxLength: 4 }),
    // Own keys, `__proto__` among them, in whatever order they were drawn: fromEntries defines each.
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie("value")), { maxLength: 6 }).map((entries) => Object.fromEntries(entries)),
  ),
})).value;

describe("canonical JSON", () => {
  it("sorts keys, drops undefined members and keeps arrays in order, for any keys", () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(JSON.stringify(canonicalize(value))).toBe(value === undefined ? "null" : reference(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps __proto__ an own key of the copy and leaves its input as it was", () => {
    const input = JSON.parse('{"z":1,"__proto__":{"b":2,"a":1},"10":true,"9":[{"y":1,"x":2}]}') as object;
    const before = JSON.stringify(input);
    const copy = canonicalize(input) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(["9", "10", "__proto__", "z"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(copy, "__proto__")).toBe(true);
    expect(canonicalFileText(input)).toBe(`${JSON.stringify(JSON.parse('{"9":[{"x":2,"y":1}],"10":true,"__proto__":{"a":1,"b":2},"z":1}'), null, 2)}\n`);
    expect(JSON.stringify(input)).toBe(before);
  });
});
