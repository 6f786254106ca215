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
import { buildServerSnapshot } from "../../runtime/src/shared/listing-snapshot.js";
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
  it("returns what is canonical already itself (members included), copies only the way down to what is not, and never changes its input", () => {
    const canonical = JSON.parse('{"a":[1,{"b":null,"c":"x"}],"d":{"e":true}}') as Record<string, unknown>;
    expect(canonicalize(canonical)).toBe(canonical);
    const mixed = JSON.parse('{"a":[1,{"b":null,"c":"x"}],"d":{"f":1,"e":true}}') as Record<string, unknown>;
    const before = structuredClone(mixed);
    const out = canonicalize(mixed) as Record<string, unknown>;
    expect(out).not.toBe(mixed);
    expect(out["a"]).toBe(mixed["a"]);
    expect(Object.keys(out["d"] as object)).toEqual(["e", "f"]);
    expect(mixed).toEqual(before);
    expect(Object.keys(mixed["d"] as object)).toEqual(["f", "e"]);
    const holes = { a: 1, b: undefined, c: [1, undefined, 3] };
    expect(canonicalize(holes)).toStrictEqual({ a: 1, c: [1, null, 3] });
    expect(holes).toStrictEqual({ a: 1, b: undefined, c: [1, undefined, 3] });
    // An undefined member alone takes a copy without it (JSON text would not show it, key lists would).
    const unset = { a: 1, b: undefined, c: 3 };
    const kept = canonicalize(unset) as object;
    expect(kept).not.toBe(unset);
    expect(Object.keys(kept)).toEqual(["a", "c"]);
    expect(Object.keys(unset)).toEqual(["a", "b", "c"]);
  });

  it("copies objects of a class and arrays of a subclass as plain JSON, as before", () => {
    class Point {
      constructor(
        readonly y: number,
        readonly x: number,
      ) {}
    }
    expect(canonicalize(new Date(0))).toEqual({});
    const point = canonicalize(new Point(2, 1));
    expect(Object.getPrototypeOf(point)).toBe(Object.prototype);
    expect(JSON.stringify(point)).toBe('{"x":1,"y":2}');
    class List extends Array<number> {}
    const list = canonicalize(List.from([1, 2]));
    expect(Object.getPrototypeOf(list)).toBe(Array.prototype);
    expect(list).toEqual([1, 2]);
  });

  it("gives canonical text for its own output again, and leaves any input as it was", () => {
    fc.assert(
      fc.property(json, (value) => {
        // Key order and undefined members included: what the input holds, as it holds it.
        const asHeld = () => JSON.stringify(value, (_key, member: unknown) => (member === undefined ? "(undefined)" : member));
        const before = asHeld();
        const once = canonicalize(value);
        expect(JSON.stringify(canonicalize(once))).toBe(JSON.stringify(once));
        // No undefined member survives, at any depth (only `null`s in arrays).
        const undefinedLeft = (node: unknown): boolean => node !== null && typeof node === "object" && Object.values(node).some((member) => member === undefined || undefinedLeft(member));
        expect(undefinedLeft(once)).toBe(false);
        expect(asHeld()).toBe(before);
      }),
      { numRuns: 1000 },
    );
  });

  it("gets a snapshot entry's entities canonical as built: its canonical forms take them as they are, not copied", () => {
    // Wire order on purpose (keys unsorted, as servers send them), and a prompt without arguments,
    // whose `arguments: []` is added after the kept fields.
    const server = buildServerSnapshot({
      protocolVersion: "2025-11-25",
      serverInfo: { version: "1", name: "s" },
      capabilities: { tools: {}, prompts: {}, resources: {} },
      tools: [{ name: "__proto__", inputSchema: { type: "object", properties: { b: {}, a: {} } }, _meta: { z: 1, a: 2 }, annotations: { readOnlyHint: true }, execution: { taskSupport: "optional" }, title: "T" }],
      resources: [{ uri: "file:///a", name: "a", mimeType: "text/plain" }],
      resourceTemplates: [{ uriTemplate: "file:///{p}", name: "t" }],
      prompts: [{ name: "p", description: "d" }, { name: "q", arguments: [{ required: true, name: "x" }] }],
    });
    const entities = [...server.tools, ...server.resources, ...server.resourceTemplates, ...server.prompts];
    expect(entities).toHaveLength(5);
    for (const entity of entities) {
      expect(canonicalize(entity)).toBe(entity);
      expect(JSON.stringify(entity)).toBe(reference(entity));
    }
    expect(server.prompts[0]).toMatchObject({ arguments: [], name: "p" });
  });
});
