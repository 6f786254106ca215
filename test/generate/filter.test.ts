/**
 * `include` / `exclude` are config, not the server: the snapshot records every tool the server
 * lists; generated code, the drift guard's fingerprints and `check` see only the kept tools.
 * Changing a filter makes generated files stale (`generate --check` exits 1) but is never drift
 * (`check` exits 0), and a change to a left-out tool is no drift either.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");
const NAMES = ["delete_all", "delete_one", "get_item", "get_list", "rename"];

function tool(name: string, description = `Tool ${name}.`): Record<string, unknown> {
  return { name, description, inputSchema: { type: "object", properties: { id: { type: "string" } } } };
}

function writeListing(project: string, tools: Record<string, unknown>[]): void {
  // Pages of 2: the drift guard's fast path has to see every page too.
  writeFileSync(path.join(project, "listing.json"), JSON.stringify({ capabilities: { tools: {} }, tools, paging: { pageSize: 2 } }));
}

function writeConfig(project: string, filter: Record<string, string[]>): void {
  const server = { transport: "stdio", command: "node", args: [LISTING_SERVER, "listing.json"], ...filter };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { store: server }, outDir: "out" }));
}

function toolNamesIn(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(/name: "([a-z_]+)"/g)].map((match) => match[1] ?? "").sort();
}

describe("include / exclude", () => {
  let project: string;
  beforeAll(async () => {
    project = tempProject("filter");
    writeListing(project, NAMES.map((name) => tool(name)));
    writeConfig(project, { exclude: ["delete_*"] });
    const result = await runCli(["generate", "--quiet"], { cwd: project });
    expect(result.status, result.stderr).toBe(0);
  });

  it("the snapshot records every listed tool; the generated module and its snapshot entry only the kept ones", () => {
    const snapshot = JSON.parse(readFileSync(path.join(project, "out/mcp-snapshot.json"), "utf8"));
    expect(snapshot.servers.store.tools.map((entry: { name: string }) => entry.name)).toEqual(NAMES);
    expect(toolNamesIn(path.join(project, "out/store/index.ts"))).toEqual(["get_item", "get_list", "rename"]);
    const generatedEntry = readFileSync(path.join(project, "out/store/snapshot.ts"), "utf8");
    // snapshot.ts holds the entry as one JSON string.
    expect(generatedEntry).not.toContain('"name":"delete_');
    expect(generatedEntry).toContain('"toolFilter":{"exclude":["delete_*"]}');
    expect(readFileSync(path.join(project, "out/store/index.ts"), "utf8")).toMatch(/toolFilter: \{\s*exclude: \[\s*"delete_\*"\s*\]\s*\}/);
  });

  it("changing the filter makes generated files stale, not the snapshot, and is no drift", async () => {
    writeConfig(project, { exclude: ["delete_*", "rename"] });
    const stale = await runCli(["generate", "--check"], { cwd: project });
    expect(stale.status, stale.stderr).toBe(1);
    expect(stale.stderr).toContain("out/store/index.ts");
    expect(stale.stderr).toContain("out/store/snapshot.ts");
    expect(stale.stderr).not.toContain("mcp-snapshot.json");

    const check = await runCli(["check", "--format", "json"], { cwd: project });
    expect(check.status, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout).changes).toEqual([]);

    writeConfig(project, { include: ["get_*"] });
    const included = await runCli(["generate", "--quiet"], { cwd: project });
    expect(included.status, included.stderr).toBe(0);
    expect(toolNamesIn(path.join(project, "out/store/index.ts"))).toEqual(["get_item", "get_list"]);
    expect((await runCli(["check"], { cwd: project })).status).toBe(0);
  });

  it("check: a left-out tool removed or changed is no drift; a kept tool removed is", async () => {
    writeConfig(project, { include: ["get_*"] });
    writeListing(project, [tool("delete_one", "Changed."), tool("get_item"), tool("get_list"), tool("rename", "Changed too.")]);
    const quiet = await runCli(["check", "--format", "json"], { cwd: project });
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(JSON.parse(quiet.stdout).changes).toEqual([]);

    writeListing(project, [tool("get_item")]);
    const removed = await runCli(["check", "--format", "json"], { cwd: project });
    expect(removed.status).toBe(1);
    const changes = JSON.parse(removed.stdout).changes as { ruleId: string; entity: { name: string } }[];
    expect(changes.map((change) => [change.ruleId, change.entity.name])).toEqual([["tool-removed", "get_list"]]);
  });
});

describe("include / exclude in the runtime drift guard", () => {
  it("takes the fast path with a filter: left-out tools neither fail it nor load the snapshot", async () => {
    const project = tempProject("filter-guard");
    writeListing(project, NAMES.map((name) => tool(name)));
    writeConfig(project, { exclude: ["delete_*"] });
    const result = await runCli(["generate", "--quiet"], { cwd: project });
    expect(result.status, result.stderr).toBe(0);
    // Without its snapshot module the guard can only answer from the fingerprints (the fast path).
    rmSync(path.join(project, "out/store/snapshot.ts"));
    writeListing(project, [...NAMES.map((name) => tool(name)), tool("delete_later"), tool("delete_one", "Changed.")]);
    const { createClient } = (await import(path.join(project, "out/index.ts"))) as {
      createClient(options: Record<string, unknown>): { store: Record<string, (args: unknown) => Promise<{ text: string }>>; close(): Promise<void> };
    };
    const reports: unknown[] = [];
    const mcp = createClient({ driftGuard: "error", callbacks: { onDrift: (report: unknown) => reports.push(report) } });
    try {
      expect((await mcp.store["getItem"]?.({ id: "7" }))?.text).toBe('{"id":"7"}');
      expect(reports).toEqual([]);
    } finally {
      await mcp.close();
    }
  });
});
