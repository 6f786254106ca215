/** Arguments as JSON carries them: `undefined`-valued keys dropped at any depth, nothing else touched. */
import { describe, expect, it } from "vitest";
import { withoutUndefinedKeys } from "../../runtime/src/shared/json-args.js";

describe("withoutUndefinedKeys", () => {
  it("drops undefined keys at every depth, in objects inside arrays too", () => {
    const args = { a: 1, b: undefined, nested: { c: undefined, d: "x" }, list: [{ e: undefined, f: 2 }, 3] };
    expect(withoutUndefinedKeys(args)).toStrictEqual({ a: 1, nested: { d: "x" }, list: [{ f: 2 }, 3] });
    expect(args.b).toBeUndefined(); // the caller's object is left as it was
    expect(Object.keys(args)).toContain("b");
  });

  it("returns the same object when there is nothing to drop", () => {
    const args = { a: 1, nested: { b: [1, 2] } };
    expect(withoutUndefinedKeys(args)).toBe(args);
  });

  it("keeps a __proto__ key an own key and leaves class instances to the schema", () => {
    const args = JSON.parse('{"__proto__": {"x": 1}, "gone": null}') as Record<string, unknown>;
    args["gone"] = undefined;
    const out = withoutUndefinedKeys(args);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    const date = new Date(0);
    expect(withoutUndefinedKeys({ when: date }).when).toBe(date);
  });
});
