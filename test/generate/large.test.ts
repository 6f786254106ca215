/**
 * A server with many tools takes the generator's parallel path (formatting workers, the tool
 * table in pieces) and its render cache: the output must be the same bytes either way, be what
 * prettier makes of it, and compile.
 */
import { readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../src/format/options.js";
import { canonicalFileText } from "../../runtime/src/shared/canonical-json.js";
import { hashJson } from "../../runtime/src/shared/hash.js";
import type { ServerSnapshot, Snapshot, ToolEntry } from "../../runtime/src/shared/snapshot.js";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject, treeHashes } from "../helpers/cli.js";
import { typecheck } from "../helpers/typecheck.js";

const TOOLS = 180; // above the parallel threshold (150)

function largeSnapshot(): Snapshot {
  const example = JSON.parse(readFileSync(path.join(repoRoot, "generated-example/mcp-snapshot.json"), "utf8")) as Snapshot;
  const base = Object.values(example.servers).flatMap((server) => server.tools);
  const tools: ToolEntry[] = Array.from({ length: TOOLS }, (_, index) => {
    const { hash: _hash, ...tool } = base[index % base.length] as ToolEntry;
    const body = { ...tool, name: `${tool.name}_${String(index).padStart(3, "0")}` };
    return { ...body, hash: hashJson(body) };
  });
  const body = { protocolVersion: "2025-11-25", serverInfo: { name: "large", version: "1" }, capabilities: { tools: {} }, tools, resources: [], resourceTemplates: [], prompts: [] };
  return { format: 1, servers: { large: { ...body, hash: hashJson(body) } as ServerSnapshot } };
}

describe("a server with many tools", () => {
  it("gives the same bytes with and without the render cache, and compiles", async () => {
    const project = tempProject("large");
    mkdirSync(path.join(project, "out"));
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { large: { transport: "stdio", command: "node" } }, outDir: "out" }));
    writeFileSync(path.join(project, "out/mcp-snapshot.json"), canonicalFileText(largeSnapshot()));

    const uncached = await runCli(["generate", "--offline", "--no-cache"], { cwd: project });
    expect(uncached.status, uncached.stderr).toBe(0);
    const first = treeHashes(path.join(project, "out"));
    // formatted in pieces on workers, the module is still exactly what prettier makes of it
    const module = readFileSync(path.join(project, "out/large/index.ts"), "utf8");
    expect(await format(module, PRETTIER_OPTIONS)).toBe(module);

    for (const round of ["fills the cache", "reads the cache"]) {
      rmSync(path.join(project, "out/large"), { recursive: true });
      const result = await runCli(["generate", "--offline"], { cwd: project });
      expect(result.status, `${round}: ${result.stderr}`).toBe(0);
      expect(treeHashes(path.join(project, "out")), round).toEqual(first);
    }

    const consumer = path.join(project, "consumer.ts");
    writeFileSync(consumer, `import { createClient } from "./out/index.js";\nexport const sum = createClient().large.add000({ a: 1, b: 2 });\n`);
    expect(typecheck([consumer])).toEqual([]);
    rmSync(project, { recursive: true, force: true });
  });
});
