/** A `$ref` that loops back to the value it checks is dropped for both emitters, with a warning naming it. */
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../src/emit/schema/prepare.js";
import { loadFixtures } from "./helpers.js";

describe("looping $refs", () => {
  it("are dropped with a warning each; references through a property or an item stay", () => {
    const fixture = loadFixtures().find((f) => f.name === "ref-loop");
    const { schema, warnings } = prepareSchema(fixture!.schema);
    expect(warnings.map((w) => w.pointer).sort()).toEqual(["/$defs/a/allOf/0", "/$defs/b/anyOf/0", "/$defs/b/dependentSchemas/k", "/$defs/n/not", "/$defs/n/oneOf/0"]);
    expect(warnings[0]?.message).toMatch(/^\$ref "#\/\$defs\/.+" leads back to the same value .*endless loop/);
    const kept = JSON.stringify(schema);
    expect(kept).toContain('"loop":{"$ref":"#/$defs/n"}');
    expect(kept).toContain('"next":{"$ref":"#/$defs/n"}');
    expect(kept).toContain('"pair":{"$ref":"#/$defs/a"}');
  });

  it("a reference to the root from a property is no loop", () => {
    expect(prepareSchema({ type: "object", properties: { self: { allOf: [{ $ref: "#" }] } } }).warnings).toEqual([]);
    expect(prepareSchema({ anyOf: [{ $ref: "#" }, { type: "null" }] }).warnings.map((w) => w.pointer)).toEqual(["/anyOf/0"]);
  });
});
