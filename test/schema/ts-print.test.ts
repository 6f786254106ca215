/**
 * ts-print.ts prints the common schema shapes without json-schema-to-typescript (jstt), and
 * must print them in jstt's very bytes: jstt is the oracle here, over the schema fixtures, the
 * example servers' snapshot, server-everything-style shapes spelled out below, every sub-schema
 * of the fuzzer's hostile schemas (seeded), and the `test:real` corpus when it is on this
 * machine. The one allowed difference: a schema jstt throws on (it types it `unknown`, with a
 * warning), which ts-print may type properly. On the same schemas, ts-print's declaration from
 * the one-pass copy (jstt-nodes.ts), where it makes one, is held to its declaration from the
 * general copy.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prepareSchema } from "../../src/emit/schema/prepare.js";
import { declarationsFromBoth } from "../../src/emit/schema/typescript.js";
import { schemaArbitrary } from "../fuzz/schemas.js";
import { realSnapshotPaths } from "../real/corpus.js";
import { loadFixtures, projectRoot } from "./helpers.js";

interface Tally {
  printed: number;
  leftToJstt: number;
  /** Schemas the one-pass copy printed (each also compared with the general copy's declaration). */
  fromCopy: number;
  mismatches: string[];
}

/** Both printers on the schema as an input type (closed) and as an output type (open). */
async function compare(schema: unknown, tally: Tally, label: string): Promise<void> {
  const prepared = prepareSchema(schema as never).schema;
  if (typeof prepared !== "object" || prepared === null || Array.isArray(prepared)) return;
  for (const closed of [true, false]) {
    const { printed, jstt, fromCopy } = await declarationsFromBoth(prepared, "Root", closed);
    if (fromCopy !== undefined) {
      tally.fromCopy++;
      if (fromCopy !== printed) tally.mismatches.push(`${label} (${closed ? "closed" : "open"}), one-pass copy: ${JSON.stringify(prepared).slice(0, 300)}\n--- one-pass copy\n${fromCopy}--- general copy\n${printed ?? "(left to jstt)\n"}`);
    }
    if (printed === undefined) {
      tally.leftToJstt++;
      continue;
    }
    tally.printed++;
    if (printed === jstt || /^export type Root = unknown;\n$/.test(jstt)) continue;
    tally.mismatches.push(`${label} (${closed ? "closed" : "open"}): ${JSON.stringify(prepared).slice(0, 300)}\n--- ts-print\n${printed}--- jstt\n${jstt}`);
  }
}

function newTally(): Tally {
  return { printed: 0, leftToJstt: 0, fromCopy: 0, mismatches: [] };
}

/** Every tool's input and output schema in a snapshot file. */
function snapshotSchemas(file: string): unknown[] {
  const found: unknown[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if ((key === "inputSchema" || key === "outputSchema") && typeof child === "object" && child !== null) found.push(child);
        else walk(child);
      }
    }
  };
  walk(JSON.parse(readFileSync(file, "utf8")));
  return found;
}

/** A schema and each schema under it (properties, items, additionalProperties, combinator branches). */
function withSubSchemas(schema: unknown, into: unknown[] = []): unknown[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return into;
  into.push(schema);
  const node = schema as Record<string, unknown>;
  if (typeof node.properties === "object" && node.properties !== null) for (const sub of Object.values(node.properties)) withSubSchemas(sub, into);
  for (const key of ["items", "additionalProperties"]) withSubSchemas(node[key], into);
  for (const key of ["anyOf", "oneOf", "prefixItems"]) if (Array.isArray(node[key])) for (const sub of node[key]) withSubSchemas(sub, into);
  return into;
}

const SHAPES: unknown[] = [
  { type: "object", description: "Root doc\nsecond line", properties: { a: { type: "string", description: "A" }, b: { type: "integer" } }, required: ["a"] },
  { type: "object", properties: { list: { type: "array", description: "The list", items: { type: "string", description: "one entry" } } } },
  { type: "object", properties: { list: { type: "array", items: { type: "string", description: "@internal tagged" } } } },
  { type: "object", properties: { nested: { type: "array", items: { type: "array", items: { type: "number", description: "deep" } } } } },
  { type: "object", properties: { old: { type: "string", deprecated: true }, doc: { type: "boolean", description: "d", deprecated: true } } },
  { type: "object", properties: { mode: { type: "string", enum: ["a", "b", "a"] }, n: { enum: [1, 2, null] }, one: { enum: ["only"] } } },
  { type: "object", properties: { v: { type: ["string", "null"], description: "nullable" }, w: { type: ["integer", "number"] } } },
  { type: "object", properties: { u: { anyOf: [{ type: "string" }, { type: "number" }, { type: "string" }] }, any: { anyOf: [{ type: "string" }, true] } } },
  { type: "object", properties: { "x-y": { type: "string" }, "1st": { type: "number" }, __proto__: { type: "string" }, constructor: { type: "number" } }, required: ["x-y"] },
  { type: "object", properties: { inner: { type: "object", description: "inner", properties: { deep: { type: "object" } }, additionalProperties: false } } },
  { type: "object", additionalProperties: false },
  { type: "object" },
  { type: "array", items: { type: "object", description: "row", properties: { id: { type: "string" } } } },
  { type: "string", description: "a plain string", deprecated: true },
  { type: "object", properties: { tags: { type: "array" }, anything: {}, nothing: false, everything: true }, required: ["nothing"] },
  { oneOf: [{ type: "object", properties: { kind: { const: "a" } }, required: ["kind"] }, { type: "object", properties: { kind: { const: "b" } } }] },
  { type: "object", additionalProperties: { type: "string" } },
  { type: "object", properties: { a: { type: "number" }, b: { type: "string" } }, required: ["a"], additionalProperties: { type: "boolean", description: "flag" } },
  { type: "object", properties: { a: { type: "string" } }, additionalProperties: {} },
  { type: "object", properties: { a: false, b: { type: "integer" }, c: { enum: ["x", "y"] } }, required: ["a", "b"], additionalProperties: { anyOf: [{ type: "string" }, { type: "null" }] } },
  { type: "object", properties: { list: { type: "array", items: { type: "number" } } }, additionalProperties: { type: "array", items: { type: "string", description: "a tag" } } },
];

describe("ts-print against json-schema-to-typescript", () => {
  it("prints the spelled-out shapes in jstt's bytes", async () => {
    const tally = newTally();
    for (const [index, shape] of SHAPES.entries()) for (const schema of withSubSchemas(shape)) await compare(schema, tally, `shape ${index}`);
    expect(tally.mismatches).toEqual([]);
    // The printer, not the fallback, handled them: a test of nothing would pass too.
    expect(tally.printed).toBeGreaterThan(tally.leftToJstt * 4);
    expect(tally.fromCopy).toBeGreaterThan(tally.printed / 2);
  });

  it("prints the schema fixtures and the example servers' tools in jstt's bytes", async () => {
    const tally = newTally();
    for (const fixture of loadFixtures()) for (const schema of withSubSchemas(fixture.schema)) await compare(schema, tally, `fixture ${fixture.name}`);
    for (const schema of snapshotSchemas(join(projectRoot, "generated-example", "mcp-snapshot.json"))) await compare(schema, tally, "example");
    expect(tally.mismatches).toEqual([]);
    expect(tally.printed).toBeGreaterThan(50);
    expect(tally.fromCopy).toBeGreaterThan(tally.printed / 2);
  });

  it("prints every sub-schema of the fuzzer's hostile schemas in jstt's bytes (seed 31)", async () => {
    const tally = newTally();
    for (const draft of ["2020-12", "draft-07"] as const) {
      for (const [index, schema] of fc.sample(schemaArbitrary(draft), { seed: 31, numRuns: 150 }).entries()) {
        for (const sub of withSubSchemas(prepareSchema(schema).schema)) await compare(sub, tally, `fuzz ${draft} #${index}`);
      }
    }
    expect(tally.mismatches.slice(0, 3)).toEqual([]);
    expect(tally.printed).toBeGreaterThan(500);
    expect(tally.fromCopy).toBeGreaterThan(tally.printed / 2);
  });

  const corpus = realSnapshotPaths();
  it.skipIf(corpus.length === 0)(`prints the test:real corpus in jstt's bytes (${corpus.length} servers)`, async () => {
    const tally = newTally();
    for (const file of corpus) for (const schema of snapshotSchemas(file)) await compare(schema, tally, file);
    expect(tally.mismatches.slice(0, 3)).toEqual([]);
    expect(tally.fromCopy).toBeGreaterThan(tally.printed / 2);
  });
});
