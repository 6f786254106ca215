/**
 * Prettier is the oracle of the default formatter (oxfmt): the same generated files, formatted by
 * each, are the same bytes. Over the committed example, a corpus of the fuzzer's schemas and
 * hostile server text, and the `test:real` corpus when it is on this machine (`npm run test:real
 * -- --keep`; skipped otherwise, as in CI), every generated file (types, Zod schemas, descriptors, client) of
 * `format: "oxfmt"` equals `format: "prettier"`'s but for the banner's inputs hash (the formatter's
 * options are part of it).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateFromSnapshot, resolveConfig } from "../../src/index.js";
import { readSnapshot } from "../../src/snapshot/file.js";
import { hashJson } from "../../runtime/src/shared/hash.js";
import type { Snapshot, ToolEntry } from "../../runtime/src/shared/snapshot.js";
import { caseArbitrary } from "../fuzz/schemas.js";
import { realSnapshotPaths } from "../real/corpus.js";
import { repoRoot } from "../helpers/servers.js";
import { tempProject } from "../helpers/cli.js";

const HOSTILE = "*/ x = 1; /* ` ${y} \" ' \u2028 \u2029 \u202e </script> @param\n// comment\n";

/** Relative path → content (its banner's inputs line left out) of every `.ts` file below `folder`. */
function bodies(folder: string): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) visit(file);
      else if (name.endsWith(".ts")) out.set(path.relative(folder, file), readFileSync(file, "utf8").replace(/^\/\/ snapshot .*$/m, ""));
    }
  };
  visit(folder);
  return out;
}

async function generateBoth(snapshot: Snapshot, servers: Record<string, object>): Promise<[Map<string, string>, Map<string, string>]> {
  const outputs: Map<string, string>[] = [];
  for (const format of ["oxfmt", "prettier"] as const) {
    const project = tempProject(`oracle-${format}`);
    // Its own project root: paths in generated code are relative to it.
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "oracle", private: true, type: "module" }));
    const config = resolveConfig({ servers, outDir: "out", format }, path.join(project, "codegen.config.json"));
    await generateFromSnapshot(config, snapshot, { offline: true, cache: false });
    outputs.push(bodies(path.join(project, "out")));
  }
  return [outputs[0]!, outputs[1]!];
}

function tool(name: string, inputSchema: ToolEntry["inputSchema"], extra: Partial<ToolEntry> = {}): ToolEntry {
  const body = { name, description: `Tool ${name}. ${HOSTILE}`, inputSchema, ...extra };
  return { ...body, hash: hashJson(body) } as ToolEntry;
}

describe("oxfmt gives prettier's bytes", () => {
  it("on the committed example", async () => {
    const snapshot = await readSnapshot(path.join(repoRoot, "generated-example/mcp-snapshot.json"));
    const servers = Object.fromEntries(Object.keys(snapshot.servers).map((name) => [name, { transport: "stdio", command: "node" }]));
    const [oxfmt, prettier] = await generateBoth(snapshot, servers);
    expect(oxfmt.size).toBeGreaterThan(5);
    expect(oxfmt).toEqual(prettier);
  }, 120_000);

  it("on 60 fuzzed schemas (inputs and outputs) with hostile descriptions", async () => {
    const cases = fc.sample(caseArbitrary(), { seed: 31, numRuns: 60 });
    const tools = cases.map((c, index) =>
      tool(`fuzz_${index}${index % 7 === 0 ? HOSTILE : ""}`, { type: "object", properties: { value: c.schema, [`k${HOSTILE}`]: { type: "string", description: HOSTILE } } }, index % 3 === 0 ? { outputSchema: { type: "object", properties: { out: c.schema } }, annotations: { readOnlyHint: true, title: HOSTILE } } : {}),
    );
    const body = { protocolVersion: "2025-11-25", serverInfo: { name: `fuzz ${HOSTILE}`, version: "1" }, instructions: HOSTILE, capabilities: { tools: {} }, tools, resources: [], resourceTemplates: [], prompts: [] };
    const snapshot = { format: 1, servers: { fuzz: { ...body, hash: hashJson(body) } } } as unknown as Snapshot;
    const [oxfmt, prettier] = await generateBoth(snapshot, { fuzz: { transport: "stdio", command: "node" } });
    expect([...oxfmt.keys()]).toEqual(["fuzz/index.ts", "fuzz/schemas.ts", "fuzz/snapshot.ts", "fuzz/types.ts", "index.ts"]);
    for (const [file, text] of oxfmt) expect(text, file).toBe(prettier.get(file));
  }, 300_000);

  const corpus = realSnapshotPaths();
  it.skipIf(corpus.length === 0)(`on the test:real corpus (${corpus.length} servers)`, async () => {
    // One snapshot of every server the corpus listed: each keeps its own name and entry.
    const snapshots = await Promise.all(corpus.map((file) => readSnapshot(file)));
    const entries = snapshots.flatMap((snapshot) => Object.entries(snapshot.servers));
    const snapshot = { ...snapshots[0]!, servers: Object.fromEntries(entries) } as Snapshot;
    const servers = Object.fromEntries(entries.map(([name]) => [name, { transport: "stdio", command: "node" }]));
    const [oxfmt, prettier] = await generateBoth(snapshot, servers);
    expect(oxfmt.size).toBe(4 * entries.length + 1);
    for (const [file, text] of oxfmt) expect(text, file).toBe(prettier.get(file));
  }, 600_000);
});
