/**
 * The fuzzer's short run (`npm run fuzz` is the long one): a fixed seed, so every run checks the
 * same schemas; a failure reports fast-check's seed, path and shrunk schema.
 */
import { describe, expect, it } from "vitest";
import { fuzz } from "./fuzz.js";
import { compileAjv, zodAgainstAjv } from "./check.js";
import type { Json } from "../../runtime/src/shared/canonical-json.js";

describe("fuzzed schemas: Zod agrees with Ajv, the TS types compile and accept every valid instance", () => {
  it("15 schemas × 20 instances (seed 1)", async () => {
    const report = await fuzz({ seed: 1, schemas: 15, instances: 20, batch: 15 });
    expect(report.instances).toBeGreaterThan(200);
    expect(report.acceptedByAjv).toBeGreaterThan(30);
    expect(report.rejectedByAjv).toBeGreaterThan(30);
    expect(report.typecheckPrograms).toBe(1);
  }, 300_000);
});

describe("the Ajv oracle", () => {
  it("compiles each of several schemas that share an $id (xcodebuildmcp 2.7.0's tools do), each by its own rules", () => {
    const $id = "https://example.com/schemas/result.json";
    const text = compileAjv({ draft: "2020-12", schema: { $id, type: "object", properties: { text: { type: "string" } }, required: ["text"] } });
    const count = compileAjv({ draft: "2020-12", schema: { $id, type: "object", properties: { count: { type: "integer" } }, required: ["count"] } });
    expect([text?.({ text: "a" }), text?.({ count: 1 }), count?.({ count: 1 }), count?.({ text: "a" })]).toEqual([true, false, true, false]);
  });
});

describe("the oracle's stand-ins for names Ajv cannot take as keys", () => {
  it("a recursive definition named __proto__ is followed by its $ref (FUZZ_SEED=777001)", () => {
    const schema = { type: "object", properties: { a: { anyOf: [{ $ref: "#/$defs/__proto__" }, { type: "null" }] } }, $defs: JSON.parse('{"__proto__":{"type":"object","properties":{"value":{"type":"array"},"next":{"$ref":"#/$defs/__proto__"}}}}') as Json };
    const verdicts = zodAgainstAjv({ draft: "2020-12", schema: schema as never }, [{ a: { next: { next: "" } } }, { a: { next: { next: {} } } }]);
    expect(verdicts).toMatchObject({ accepted: 1, rejected: 1, disagreements: [] });
  });

  it("uniqueItems counts the prefixItems positions too (FUZZ_SEED=5150)", () => {
    const schema = { type: "array", uniqueItems: true, prefixItems: [{ type: "boolean" }, { enum: [false] }, { type: "string" }], items: { type: "string" } };
    expect(zodAgainstAjv({ draft: "2020-12", schema: schema as never }, [[false, false, "", "a1"], [true, false, "", "a1"]])).toMatchObject({ accepted: 1, rejected: 1, disagreements: [] });
  });

  it("items with own valueOf and constructor keys are compared as JSON (FUZZ_SEED=20261206)", () => {
    const schema = { type: "array", uniqueItems: true };
    const instances = ['[{},{"valueOf":[]}]', '[{"constructor":{}},{"constructor":{}}]', '[{"toString":1},{"toString":1}]'].map((text) => JSON.parse(text) as Json);
    expect(zodAgainstAjv({ draft: "draft-07", schema: schema as never }, instances)).toMatchObject({ accepted: 1, rejected: 2, disagreements: [] });
  });
});

describe("items with an own __proto__ key (FUZZ_SEED=20261206 found the first)", () => {
  // Zod's output of an object item leaves an own `__proto__` key out: checks of the items run on them as they came.
  const cases: [string, Json, string][] = [
    ["uniqueItems: {__proto__: 0} and {} differ", { type: "array", items: { type: "object" }, uniqueItems: true }, '[{"__proto__":0},{}]'],
    ["uniqueItems: two {__proto__: 0} are equal", { type: "array", items: { type: "object" }, uniqueItems: true }, '[{"__proto__":0},{"__proto__":0}]'],
    ["uniqueItems in a tuple", { type: "array", prefixItems: [{ type: ["object", "string"] }], uniqueItems: true }, '[{"__proto__":0},{}]'],
    ["contains: required __proto__", { type: "array", items: { type: "object" }, contains: { type: "object", required: ["__proto__"] } }, '[{"__proto__":0}]'],
    ["contains: maxProperties 0", { type: "array", items: { type: "object" }, contains: { type: "object", maxProperties: 0 } }, '[{"__proto__":0}]'],
  ];
  // And oneOf, not and if/then/else judge the value as it came too (FUZZ_SEED=65537 found oneOf).
  const objects: [string, Json, string[]][] = [
    ["oneOf: a branch with a declared, required __proto__", JSON.parse('{"oneOf":[{"type":"object","properties":{"__proto__":{"enum":["a"]}},"required":["__proto__"]},{"enum":["a"]}]}') as Json, ['{"__proto__":"a"}', '"a"']],
    ["oneOf: required __proto__ or b", { type: "object", oneOf: [{ required: ["__proto__"] }, { required: ["b"] }] }, ['{"__proto__":0}', '{"b":0}', '{"__proto__":0,"b":1}']],
    ["not: required __proto__", { type: "object", not: { required: ["__proto__"] } }, ['{"__proto__":0}', "{}"]],
    ["if: required __proto__", { type: "object", if: { required: ["__proto__"] }, then: { minProperties: 2 }, else: { maxProperties: 0 } }, ['{"__proto__":0}', '{"__proto__":0,"a":1}', "{}"]],
  ];
  for (const [name, schema, instances] of objects) {
    it(name, () => {
      for (const draft of ["draft-07", "2020-12"] as const) {
        const verdicts = zodAgainstAjv({ draft, schema: schema as never }, instances.map((text) => JSON.parse(text) as Json));
        expect(verdicts, `Ajv compiles it (${draft})`).toBeDefined();
        expect(verdicts?.disagreements).toEqual([]);
      }
    });
  }
  for (const [name, schema, instance] of cases) {
    it(name, () => {
      for (const draft of ["draft-07", "2020-12"] as const) {
        const verdicts = zodAgainstAjv({ draft, schema: schema as never }, [JSON.parse(instance) as Json]);
        expect(verdicts, `Ajv compiles it (${draft})`).toBeDefined();
        expect(verdicts?.disagreements).toEqual([]);
      }
    });
  }
});
