/**
 * How many times a capture starts a stdio server whose era it must find out: once, probing
 * `server/discover` on the session's own process (the SDK alone would probe on a second,
 * disposable process first), for a 2025 server, a dual-era server and through `check`; twice
 * for a 2025 server that exits on any request before `initialize`, which is still captured as
 * a 2025 server. Real servers over stdio, counted by the process ids they log at start.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";
import { eraStdio } from "../era/servers.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");
const TOOLS = [{ name: "lookup", description: "Look a word up.", inputSchema: { type: "object", properties: { word: { type: "string" } } } }];

function project(name: string, server: Record<string, unknown>, listing: Record<string, unknown> = {}): { dir: string; starts: () => number } {
  const dir = tempProject(name);
  const log = path.join(dir, "starts.log");
  writeFileSync(log, "");
  writeFileSync(path.join(dir, "listing.json"), JSON.stringify({ capabilities: { tools: {} }, tools: TOOLS, ...listing }));
  const env = { LISTING_START_LOG: log, ERA_START_LOG: log };
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { probed: { ...server, env } }, outDir: "out" }));
  return { dir, starts: () => readFileSync(log, "utf8").split("\n").filter(Boolean).length };
}

const listing = { transport: "stdio", command: process.execPath, args: [LISTING_SERVER, "listing.json"] };

async function generate(dir: string): Promise<{ era: string; tools: string[] }> {
  const result = await runCli(["generate", "--quiet"], { cwd: dir });
  expect(result.status, result.stderr).toBe(0);
  const entry = JSON.parse(readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8")).servers.probed;
  return { era: entry.era, tools: entry.tools.map((tool: { name: string }) => tool.name) };
}

describe("a capture finds a stdio server's era", () => {
  it("starting a 2025 server once, for generate and again once for check", async () => {
    const { dir, starts } = project("probe-legacy", listing);
    expect(await generate(dir)).toEqual({ era: "legacy", tools: ["lookup"] });
    expect(starts()).toBe(1);
    const checked = await runCli(["check"], { cwd: dir });
    expect(checked.status, checked.stderr).toBe(0);
    expect(starts()).toBe(2);
  });

  it("starting a dual-era server once, and speaking 2026-07-28 to it", async () => {
    const { dir, starts } = project("probe-dual", eraStdio("dual"));
    const captured = await generate(dir);
    expect(captured.era).toBe("modern");
    expect(starts()).toBe(1);
  });

  it("starting a server that exits on a request before initialize twice, and capturing it as a 2025 server", async () => {
    const { dir, starts } = project("probe-exits", listing, { exitBeforeInitialize: true });
    expect(await generate(dir)).toEqual({ era: "legacy", tools: ["lookup"] });
    expect(starts()).toBe(2);
  });
});
