/** A tool's schema is prepared once for both emitters: each problem is reported once, with its pointer. */
import { describe, expect, it } from "vitest";
import { emitToolChunk, type ToolChunk } from "../../src/emit/tool-chunk.js";
import { hashJson } from "../../runtime/src/shared/hash.js";
import type { ToolEntry } from "../../runtime/src/shared/snapshot.js";
import type { Json } from "../../runtime/src/shared/canonical-json.js";

describe("schema warnings of a tool", () => {
  it("are reported once each, not once per emitter", async () => {
    const body = {
      name: "odd",
      inputSchema: {
        type: "object",
        properties: {
          remote: { $ref: "http://127.0.0.1:9/never.json" },
          shape: { enum: [{ x: 1 }, "plain"] },
          link: { type: "string", format: "uri" },
        },
      },
    };
    const entry: ToolEntry = { ...body, hash: hashJson(body) };
    const chunk: Omit<ToolChunk, "part"> = { serverKey: "s", tools: [{ entry, inputType: "OddInput", outputType: undefined, inputSubTypes: [], outputSubTypes: [] }], inputTypes: "closed" };
    // The schemas part carries the warnings of both; the types part none (they would be twice).
    expect((await emitToolChunk({ ...chunk, part: "types" })).warnings).toEqual([]);
    const { warnings } = await emitToolChunk({ ...chunk, part: "schemas" });
    expect(warnings.map((warning) => `${warning.subject} ${warning.pointer}`).sort()).toEqual([
      'tool "s/odd" /inputSchema/properties/link/format',
      'tool "s/odd" /inputSchema/properties/remote',
      'tool "s/odd" /inputSchema/properties/shape',
    ]);
  });
});

describe("a schema no value satisfies", () => {
  it("an empty enum is typed never, checked as z.never() and warned of once, by its pointer (as @netlify/mcp 1.15.1 lists one)", async () => {
    const body = {
      name: "netlify-coding-rules",
      inputSchema: { type: "object", properties: { creationType: { type: "string", enum: [] }, other: { enum: ["a"] } }, required: ["creationType"], additionalProperties: false },
    };
    const entry: ToolEntry = { ...body, hash: hashJson(body) };
    const chunk: Omit<ToolChunk, "part"> = { serverKey: "s", tools: [{ entry, inputType: "RulesInput", outputType: undefined, inputSubTypes: [], outputSubTypes: [] }], inputTypes: "closed" };
    const types = await emitToolChunk({ ...chunk, part: "types" });
    const schemas = await emitToolChunk({ ...chunk, part: "schemas" });
    expect(types.statements.join("\n")).toMatch(/^creationType: never$/m);
    expect(schemas.statements.join("\n")).toMatch(/creationType: z\.never\(\),/);
    expect(schemas.warnings.map((warning) => `${warning.subject} ${warning.pointer}: ${warning.message}`)).toEqual([
      'tool "s/netlify-coding-rules" /inputSchema/properties/creationType/enum: enum lists no value: nothing is valid here',
    ]);
  });
});

describe("a propertyNames every key passes", () => {
  it("{ type: string } (Zod 4's z.record(z.string(), …), as @doist/todoist-mcp 11.0.0 lists it), {} and true: no warning, no check; a real one stays", async () => {
    const record = (propertyNames: Json) => ({ type: "object", additionalProperties: {}, propertyNames });
    const body = {
      name: "fetch",
      inputSchema: {
        type: "object",
        properties: {
          metadata: record({ type: "string" }),
          described: record({ type: "string", description: "any key" }),
          empty: record({}),
          yes: record(true),
          short: record({ type: "string", maxLength: 8 }),
        },
      },
    };
    const entry: ToolEntry = { ...body, hash: hashJson(body) };
    const chunk: Omit<ToolChunk, "part"> = { serverKey: "s", tools: [{ entry, inputType: "FetchInput", outputType: undefined, inputSubTypes: [], outputSubTypes: [] }], inputTypes: "closed" };
    const { warnings, statements } = await emitToolChunk({ ...chunk, part: "schemas" });
    expect(warnings.map((warning) => `${warning.pointer}: ${warning.message}`)).toEqual([
      "/inputSchema/properties/short/propertyNames: propertyNames is not expressed in the TS type (the Zod schema checks it at run time)",
    ]);
    expect(statements.join("\n").match(/does not match propertyNames/g)).toHaveLength(1);
  });
});
