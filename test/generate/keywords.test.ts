/**
 * A real SDK server (test/servers/listing-server.ts over stdio) lists tools whose input schemas
 * use the keywords TypeScript cannot express: `not`, `if`/`then`/`else`, `dependentSchemas`,
 * `unevaluatedProperties`, `contains`, `propertyNames`, `patternProperties` next to `properties`,
 * draft-07 `dependencies`, and nodes without `type`. `generate` must emit code that compiles
 * under the strict flags, warn about each such keyword with its tool and JSON pointer, keep the
 * types wide enough for every valid call, and check the keywords at run time.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempProject, type CliResult } from "../helpers/cli.js";
import { typecheck } from "../helpers/typecheck.js";
import { LISTING_SERVER } from "../drift-cli/listing.js";

const TOOLS = [
  {
    name: "negated",
    inputSchema: { type: "object", properties: { m: { not: { type: "string" } }, n: { type: "number" } }, not: { required: ["n", "m"] } },
  },
  {
    name: "conditional",
    inputSchema: {
      type: "object",
      properties: { kind: { enum: ["a", "b"] }, size: { type: "integer" } },
      if: { properties: { kind: { const: "a" } } },
      then: { required: ["size"] },
      else: { not: { required: ["size"] } },
    },
  },
  {
    name: "dependent",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { card: { type: "string" }, tags: { type: "array", items: { type: "string" }, contains: { const: "x" } } },
      dependentSchemas: { card: { properties: { billing: { type: "string" } }, required: ["billing"] } },
      unevaluatedProperties: { type: "string" },
      propertyNames: { maxLength: 8 },
    },
  },
  {
    name: "patterned",
    inputSchema: { type: "object", properties: { id: { type: "string" } }, patternProperties: { "^x-": { type: "number" } }, additionalProperties: false },
  },
  {
    name: "legacy",
    inputSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { a: { type: "string" }, loose: { properties: { b: { type: "number" } } }, free: {} },
      dependencies: { a: { properties: { c: { type: "boolean" } } } },
    },
  },
];

let project = "";
let generated: CliResult;

beforeAll(async () => {
  project = tempProject("keywords");
  writeFileSync(path.join(project, "listing.json"), JSON.stringify({ tools: TOOLS }));
  const server = { transport: "stdio", command: process.execPath, args: [LISTING_SERVER, path.join(project, "listing.json")] };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { kw: server }, outDir: "out" }));
  generated = await runCli(["generate", "--json"], { cwd: project });
}, 120_000);

describe("keywords TypeScript cannot express", () => {
  it("generate succeeds and warns with tool and JSON pointer", () => {
    expect(generated.status, generated.stderr).toBe(0);
    // --json: every warning, one entry each (the text output gives one line per rule and server).
    const { warnings } = JSON.parse(generated.stdout) as { warnings: { subject: string; pointer: string }[] };
    const output = warnings.map((warning) => `${warning.subject} ${warning.pointer}`).join("\n");
    const expected: [tool: string, pointer: string][] = [
      ["negated", "/inputSchema/not"],
      ["negated", "/inputSchema/properties/m/not"],
      ["conditional", "/inputSchema/if"],
      ["dependent", "/inputSchema/dependentSchemas"],
      ["dependent", "/inputSchema/properties/tags/contains"],
      ["dependent", "/inputSchema/propertyNames"],
      ["patterned", "/inputSchema/patternProperties"],
      ["legacy", "/inputSchema/dependencies"],
    ];
    for (const [tool, pointer] of expected) {
      expect(output).toMatch(new RegExp(`tool "kw/${tool}".*${pointer.replace(/\//g, "\\/")}\\b`));
    }
  });

  it("compiles under the strict flags, with types wide enough for every valid call", () => {
    const consumer = path.join(project, "consumer.ts");
    writeFileSync(
      consumer,
      [
        `import { createClient } from "./out/index.js";`,
        `const mcp = createClient();`,
        `export const calls = [`,
        `  mcp.kw.negated({ m: 1, n: 2 }),`,
        `  mcp.kw.conditional({ kind: "a", size: 3 }),`,
        // Keys admitted by dependentSchemas, patternProperties, unevaluatedProperties and dependencies stay allowed.
        `  mcp.kw.dependent({ card: "c", billing: "b", tags: ["x"] }),`,
        `  mcp.kw.patterned({ id: "i", "x-count": 3 }),`,
        `  mcp.kw.legacy({ a: "a", c: true, loose: "not an object is valid too", free: [1] }),`,
        `];`,
        `// @ts-expect-error: a closed input type still rejects a misspelt key`,
        `mcp.kw.conditional({ kind: "a", szie: 3 });`,
      ].join("\n"),
    );
    expect(typecheck([consumer])).toEqual([]);
  });

  it("checks the keywords at run time, as the JSON Schema does", async () => {
    const { tools } = (await import(path.join(project, "out/kw/index.ts"))) as { tools: Record<string, { input: { safeParse(v: unknown): { success: boolean } } }> };
    const accepts = (tool: string, value: unknown) => tools[tool]!.input.safeParse(value).success;
    expect(accepts("negated", { m: 1 })).toBe(true);
    expect(accepts("negated", { m: "s" })).toBe(false);
    expect(accepts("negated", { m: 1, n: 2 })).toBe(false);
    expect(accepts("conditional", { kind: "a" })).toBe(false);
    expect(accepts("conditional", { kind: "b", size: 1 })).toBe(false);
    expect(accepts("conditional", { kind: "b" })).toBe(true);
    expect(accepts("dependent", { card: "c" })).toBe(false);
    expect(accepts("dependent", { tags: ["y"] })).toBe(false);
    expect(accepts("dependent", { longerthan8: "x" })).toBe(false);
    expect(accepts("patterned", { "x-n": "text" })).toBe(false);
    expect(accepts("patterned", { other: 1 })).toBe(false);
    expect(accepts("legacy", { a: "a", c: "no" })).toBe(false);
    expect(accepts("legacy", { loose: 5, free: null })).toBe(true);
  });
});
