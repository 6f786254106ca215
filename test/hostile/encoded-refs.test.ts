/**
 * Percent-encoded `$ref` pointers resolve (issue 28 point 7): the hostile-names server's `refs`
 * tool points at `$defs` keys `a b`, `ü`, `50%`, `c/d`, `e~f` as RFC 6901 pointers in a URI
 * fragment (`#/$defs/a%20b`, `#/$defs/%C3%BC`, `#/$defs/50%25`, `~1`, `~0`). The generator types
 * and validates every one (sub-types named after the keys), the runtime's model-schema
 * projection follows them, and the drift canonicalization reads them as the same pointers
 * written unencoded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPids } from "../helpers/servers.js";
import { canonicalizeSchema } from "../../runtime/src/drift/canonicalize.js";
import { projectSchema } from "../../runtime/src/shared/model-schema/project.js";
import { ValidationError } from "../../runtime/src/index.js";
import { callLog, calls, generateHostile, hostileServer } from "./generated.js";

const before = new Set(childPids());
const log = callLog();
let dir: string;
let stderr: string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let mcp: any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let schema: any;
const valid = { p0: { field0: 1 }, p1: { field1: 2 }, p2: { field2: 3 }, p3: { field3: 4 }, p4: { field4: 5 } };

beforeAll(async () => {
  ({ dir, stderr } = await generateHostile("hostile-refs", { r: hostileServer("refs", "r") }, { modelSchema: { "ai-sdk": "gemini", "openai-agents": "openai-strict" } }));
  const index = await import(`${dir}/index.ts`);
  schema = (await import(`${dir}/r/snapshot.ts`)).snapshot.server.tools[0].inputSchema;
  mcp = index.createClient({ servers: { r: hostileServer("refs", "r", log) } });
});

afterAll(async () => {
  await mcp?.close();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

describe("percent-encoded $ref pointers", () => {
  it("generate resolves each: no warning, a sub-type per key named after the key", async () => {
    expect(stderr).not.toMatch(/\$ref|unresolv|typed as unknown|warning/i);
    const { readFileSync } = await import("node:fs");
    const code = readFileSync(`${dir}/r/types.ts`, "utf8");
    expect(code).toMatch(/p0: EncodedInputAB;\s+p1: EncodedInput\w+;\s+p2: EncodedInput\w+;\s+p3: EncodedInputCD;\s+p4: EncodedInputEF;/);
    expect(code).toMatch(/export interface EncodedInputAB \{\s+field0: number;/);
  });

  it("the generated Zod schema checks the referenced definitions before anything is sent", async () => {
    expect((await mcp.r.encoded(valid)).text).toContain('"tool":"encoded"');
    await expect(mcp.r.encoded({ ...valid, p2: { field2: 0 } })).rejects.toBeInstanceOf(ValidationError);
    await expect(mcp.r.encoded({ ...valid, p4: {} })).rejects.toBeInstanceOf(ValidationError);
    expect(calls(log)).toHaveLength(1);
  });

  it("the model-schema projection follows them (gemini inlines every one)", async () => {
    const projected = projectSchema(schema, "gemini");
    expect(projected.problems ?? []).toEqual([]);
    expect(JSON.stringify(projected.schema)).not.toContain("$ref");
    expect(projected.schema).toMatchObject({ properties: { p0: { properties: { field0: { type: "integer" } } }, p2: { properties: { field2: { type: "integer" } } } } });
    const tools = await mcp.getAiSdkTools();
    expect(JSON.stringify(tools.encoded.inputSchema.jsonSchema)).toContain("field2");
  });

  it("drift canonicalization reads an encoded pointer as the same pointer unencoded", () => {
    const unencoded = JSON.parse(JSON.stringify(schema).replace(/"#\/\$defs\/([^"]*)"/g, (_whole, pointer: string) => JSON.stringify(`#/$defs/${decodeURIComponent(pointer)}`)));
    expect(JSON.stringify(unencoded)).toContain('"#/$defs/a b"');
    expect(canonicalizeSchema(schema)).toEqual(canonicalizeSchema(unencoded));
  });
});
