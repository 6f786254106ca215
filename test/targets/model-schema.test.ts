/**
 * `modelSchema` projections: the projected schemas of every tool of server-everything, the
 * example servers and the notes server meet each provider's published constraints (a validator
 * written from their rules, test/targets/provider-constraints.ts) or are reported with a JSON
 * pointer; arguments map back (nulls of absent optional properties removed, undeclared keys of
 * closed objects removed) to values the exact schema accepts, as a fast-check property over
 * fuzzed schemas; and generate reports what cannot be projected, naming tool and pointer.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { projectSchema } from "../../runtime/src/shared/model-schema/project.js";
import { mapBack } from "../../runtime/src/shared/model-schema/map-back.js";
import type { JsonObject, Snapshot } from "../../runtime/src/shared/snapshot.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { EVERYTHING_STDIO, NOTES_STDIO, repoRoot } from "../helpers/servers.js";
import { projectionRoundTrip } from "../fuzz/projection.js";
import { PUBLISHED, violations } from "./provider-constraints.js";

const MODES = ["openai-strict", "gemini"] as const;
let tools: { server: string; name: string; inputSchema: JsonObject }[] = [];
let generateOutput = "";

beforeAll(async () => {
  const project = tempProject("model-schema");
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(
    path.join(project, "codegen.config.json"),
    JSON.stringify({ servers: { everything: EVERYTHING_STDIO, notes: NOTES_STDIO }, outDir: "generated", targets: ["ai-sdk", "openai-agents"], modelSchema: { "ai-sdk": "gemini", "openai-agents": "openai-strict" } }),
  );
  // --json: every warning, one entry each (the text output gives one line per rule and server).
  const result = await runCli(["generate", "--json"], { cwd: project });
  expect(result.status, result.stderr).toBe(0);
  const report = JSON.parse(result.stdout) as { warnings: { subject: string; pointer: string; message: string }[] };
  generateOutput = report.warnings.map((warning) => `${warning.subject} ${warning.pointer}: ${warning.message}`).join("\n");
  const snapshots = [path.join(project, "generated/mcp-snapshot.json"), path.join(repoRoot, "generated-example/mcp-snapshot.json")].map((file) => JSON.parse(readFileSync(file, "utf8")) as Snapshot);
  tools = snapshots.flatMap((snapshot) => Object.entries(snapshot.servers).flatMap(([server, entry]) => entry.tools.map((tool) => ({ server, name: tool.name, inputSchema: tool.inputSchema as JsonObject }))));
});

describe("projections of real tools", () => {
  it.each(MODES)("%s: every projection meets the provider's rules, and what it loses is reported", (mode) => {
    expect(tools.length).toBeGreaterThan(15);
    for (const tool of tools) {
      const projection = projectSchema(tool.inputSchema, mode);
      const broken = violations(projection.schema as never, PUBLISHED[mode]);
      // Lossy or not, what the model sees is what the provider accepts; what was lost is reported with its pointer.
      expect(broken, `${tool.server}/${tool.name}`).toEqual([]);
      expect(projection.problems.every((problem) => problem.pointer === "" || problem.pointer.startsWith("/"))).toBe(true);
    }
  });

  it("generate reports what cannot be projected, naming tool, pointer and target", () => {
    expect(generateOutput).toContain('tool "everything/gzip-file-as-resource" /inputSchema/properties/data/format: modelSchema "openai-strict" (openai-agents): format "uri" is not supported');
    expect(generateOutput).toContain('modelSchema "gemini" (ai-sdk)');
  });
});

describe("map-back", () => {
  const schema: JsonObject = {
    type: "object",
    properties: { a: { type: "string" }, b: { type: ["string", "null"] }, c: { type: "object", properties: { d: { type: "number" } }, additionalProperties: false } },
    required: ["a"],
    additionalProperties: false,
  };
  it("openai-strict: drops the nulls of absent optional properties, keeps a null the exact schema admits", () => {
    expect(mapBack(schema, { a: "x", b: null, c: null }, "openai-strict")).toEqual({ a: "x", b: null });
    expect(mapBack(schema, { a: "x", b: null, c: { d: null } }, "openai-strict")).toEqual({ a: "x", b: null, c: {} });
  });
  it("gemini: drops keys a closed exact object does not declare", () => {
    expect(mapBack(schema, { a: "x", extra: 1, c: { d: 1, e: 2 } }, "gemini")).toEqual({ a: "x", c: { d: 1 } });
  });
  it("strict projection: all required, optional nullable, closed", () => {
    expect(projectSchema(schema, "openai-strict").schema).toEqual({
      type: "object",
      properties: {
        a: { type: "string" },
        b: { type: ["string", "null"] },
        c: { type: ["object", "null"], properties: { d: { type: ["number", "null"] } }, required: ["d"], additionalProperties: false },
      },
      required: ["a", "b", "c"],
      additionalProperties: false,
    });
  });
});

describe("round trip over fuzzed schemas (fast-check)", () => {
  it("every value valid under a faithful projection maps back to a value valid under the exact schema (1,000 schemas, seed 3)", () => {
    const report = projectionRoundTrip({ seed: 3, schemas: 1000, instances: 20 });
    expect(report.schemas).toBeGreaterThan(900);
    expect(report.faithful["openai-strict"]).toBeGreaterThan(5);
    expect(report.faithful.gemini).toBeGreaterThan(5);
    expect(report.checkedValues).toBeGreaterThan(50);
  }, 300_000);
});
