/**
 * `prepareSchema` hands the emitters a schema that needs no change as it is, not a copy: the
 * snapshot's own objects. So no emitter may change the schema it is given. Held here over the
 * fixtures, the example's tools and the fuzzer's hostile schemas (seeded): each schema's JSON
 * text is the same after both emitters have read it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "@mcp-codegen/runtime/internal";
import { prepareSchema } from "../../src/emit/schema/prepare.js";
import { emitTypeScript } from "../../src/emit/schema/typescript.js";
import { emitZod } from "../../src/emit/schema/zod.js";
import { schemaArbitrary } from "../fuzz/schemas.js";
import { loadFixtures, projectRoot } from "./helpers.js";

function exampleSchemas(): JsonObject[] {
  const snapshot = JSON.parse(readFileSync(join(projectRoot, "generated-example", "mcp-snapshot.json"), "utf8")) as { servers: Record<string, { tools: { inputSchema: JsonObject; outputSchema?: JsonObject }[] }> };
  return Object.values(snapshot.servers).flatMap((server) => server.tools.flatMap((tool) => [tool.inputSchema, ...(tool.outputSchema ? [tool.outputSchema] : [])]));
}

function fuzzedSchemas(): JsonObject[] {
  return (["2020-12", "draft-07"] as const).flatMap((draft) => fc.sample(schemaArbitrary(draft), { seed: 31, numRuns: 150 }) as JsonObject[]);
}

describe("prepareSchema", () => {
  it("hands over a schema that needs no change as it is, and changes a copy of one that does", () => {
    const clean: JsonObject = { type: "object", properties: { a: { type: "string", enum: ["x", "y"] } }, required: ["a"] };
    expect(prepareSchema(clean).schema).toBe(clean);
    const loose: JsonObject = { type: "object", properties: { a: { enum: [{ nested: true }, "y"] }, b: { type: "object", propertyNames: { type: "string" } } } };
    const text = JSON.stringify(loose);
    const prepared = prepareSchema(loose);
    expect(prepared.schema).not.toBe(loose);
    expect(JSON.stringify(prepared.schema)).toBe('{"type":"object","properties":{"a":{},"b":{"type":"object"}}}');
    expect(prepared.warnings.map((warning) => warning.pointer)).toEqual(["/properties/a"]);
    expect(JSON.stringify(loose)).toBe(text);
  });

  it("the emitters leave every schema they are given as it was (fixtures, example, fuzzer)", async () => {
    const schemas = [...loadFixtures().map((fixture) => fixture.schema), ...exampleSchemas(), ...fuzzedSchemas()];
    let handedOver = 0;
    for (const [index, schema] of schemas.entries()) {
      const text = JSON.stringify(schema);
      const prepared = prepareSchema(schema);
      if (prepared.schema === schema) handedOver++;
      for (const closed of [true, false]) await emitTypeScript(prepared.schema as JsonObject, "Checked", { subject: `schema ${index}`, preparedFrom: prepared.source, closed });
      emitZod(prepared.schema as JsonObject, { subject: `schema ${index}`, prepared: true });
      expect(JSON.stringify(schema), `schema ${index}`).toBe(text);
    }
    // Many take the path under test (74 of 342: the fuzzer's schemas mostly hold a `$ref` or a
    // value to drop, and are copied): a test of copies only would pass too.
    expect(handedOver).toBeGreaterThan(50);
  });
});
