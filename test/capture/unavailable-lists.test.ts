/**
 * Partial listings (issue 29.1): a list a server advertises but does not answer (-32601,
 * -32603, an invalid page, no answer in time) is recorded as unavailable with its code, warned
 * about once, and the rest is generated, for that server and the others. `check` ignores a list
 * that stays unavailable and reports one that becomes (un)available. A failing tools/list still
 * fails the server; `unavailableLists: "error"` fails on any. Real SDK 1.x servers over stdio
 * (test/servers/listing-server.ts, `fail`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject, type CliResult } from "../helpers/cli.js";
import { check } from "../../src/check.js";
import type { DriftReport } from "../../runtime/src/drift/types.js";

const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");

function listing(fail?: Record<string, number | string>): Record<string, unknown> {
  return {
    capabilities: { tools: {}, resources: {}, prompts: {} },
    tools: [{ name: "query", inputSchema: { type: "object", properties: { sql: { type: "string" } }, required: ["sql"] } }],
    resources: [{ uri: "r://one", name: "one", mimeType: "text/plain" }],
    resourceTemplates: [{ uriTemplate: "t://{id}", name: "item" }],
    prompts: [{ name: "explain", arguments: [] }],
    ...(fail ? { fail } : {}),
  };
}

const stdio = (file: string) => ({ transport: "stdio" as const, command: "node", args: [LISTING_SERVER, file] });

function project(name: string, listings: Record<string, Record<string, unknown>>, extra: Record<string, unknown> = {}): string {
  const dir = tempProject(name);
  const servers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(listings)) {
    writeFileSync(path.join(dir, `${key}.json`), JSON.stringify(value));
    servers[key] = stdio(`${key}.json`);
  }
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers, outDir: "out", ...extra }));
  return dir;
}

const snapshotOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8")).servers;
const warningLines = (result: CliResult) => result.stderr.split("\n").filter((line) => line.startsWith("warning"));

describe("lists a server advertises but does not answer", () => {
  let dir: string;
  let generated: CliResult;
  beforeAll(async () => {
    dir = project("partial", { pg: listing({ resources: -32601, resourceTemplates: -32603, prompts: "malformed" }), plain: listing() });
    generated = await runCli(["generate"], { cwd: dir });
  });

  it("generate succeeds for every server, one warning per unanswered list naming server, method and the server's error", () => {
    expect(generated.status, generated.stderr).toBe(0);
    const lines = warningLines(generated);
    expect(lines).toHaveLength(3);
    expect(lines.find((line) => line.includes("resources/list:"))).toMatch(/server "pg".*resources\/list.*-32601 \(Method not found\).*generated without resources.*unavailableLists: "error"/);
    expect(lines.find((line) => line.includes("resources/templates/list"))).toMatch(/server "pg".*-32603 \(Internal error\): resourceTemplates cannot be listed; generated without resource templates/);
    expect(lines.find((line) => line.includes("prompts/list"))).toMatch(/server "pg".*prompts\/list.*invalid result \(\/prompts: .*\); generated without prompts/);
  });

  it("the snapshot records each unavailable list with its code only, and everything else", () => {
    const servers = snapshotOf(dir);
    expect(servers.pg.unavailable).toEqual({
      prompts: { code: "invalid-result", method: "prompts/list" },
      resourceTemplates: { code: -32603, method: "resources/templates/list" },
      resources: { code: -32601, method: "resources/list" },
    });
    expect(servers.pg.tools.map((tool: { name: string }) => tool.name)).toEqual(["query"]);
    expect(servers.pg.resources).toEqual([]);
    expect(servers.plain.unavailable).toBeUndefined();
    expect(servers.plain.resources).toHaveLength(1);
    expect(readFileSync(path.join(dir, "out/pg/index.ts"), "utf8")).toContain('name: "query"');
    expect(readFileSync(path.join(dir, "out/plain/index.ts"), "utf8")).toContain('uri: "r://one"');
  });

  it("offline, the same warnings come from the snapshot's codes; the snapshot is stable across runs", async () => {
    const before = readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8");
    const offline = await runCli(["generate", "--offline", "--check"], { cwd: dir });
    expect(offline.status, offline.stderr).toBe(0);
    expect(warningLines(offline).join("\n")).toMatch(/server "pg".*resources\/list.*not answered at capture \(error -32601\)/);
    const again = await runCli(["generate", "--check"], { cwd: dir });
    expect(again.status, again.stderr).toBe(0);
    expect(readFileSync(path.join(dir, "out/mcp-snapshot.json"), "utf8")).toBe(before);
  });

  it("check: a list that stays unavailable is no change (even with another code)", async () => {
    writeFileSync(path.join(dir, "pg.json"), JSON.stringify(listing({ resources: -32603, resourceTemplates: -32603, prompts: "malformed" })));
    const result = await runCli(["check", "--format", "json", "--fail-on", "safe"], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).changes).toEqual([]);
  });

  it("check: a list answered again is safe (its entries added); a list no longer answered is dangerous, no removals", async () => {
    writeFileSync(path.join(dir, "pg.json"), JSON.stringify(listing({ resourceTemplates: -32603, prompts: "malformed" })));
    writeFileSync(path.join(dir, "plain.json"), JSON.stringify(listing({ prompts: -32601 })));
    const result = await runCli(["check", "--format", "json"], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    const changes = JSON.parse(result.stdout).changes as { ruleId: string; level: string; server: string; message: string }[];
    expect(changes.map((change) => [change.server, change.ruleId, change.level])).toEqual([
      ["pg", "list-became-available", "safe"],
      ["pg", "resource-added", "safe"],
      ["plain", "list-became-unavailable", "dangerous"],
    ]);
    expect(changes[2]?.message).toBe("List prompts/list is no longer answered (error -32601): its entries are not compared");
    const strict = await runCli(["check", "--fail-on", "dangerous"], { cwd: dir });
    expect(strict.status).toBe(1);
  });
});

describe("verify() at run time, as check", () => {
  it("a list that stays unanswered is no drift and no error; one answered again or no longer answered is the change check reports", async () => {
    const dir = project("partial-verify", { pg: listing({ resources: -32601, resourceTemplates: -32603, prompts: "malformed" }), plain: listing() });
    const generated = await runCli(["generate"], { cwd: dir });
    expect(generated.status, generated.stderr).toBe(0);
    const { createClient } = (await import(path.join(dir, "out/index.ts"))) as { createClient: (options?: Record<string, unknown>) => { verify(): Promise<DriftReport>; close(): Promise<void> } };
    const mcp = createClient({ driftGuard: "off" });
    try {
      writeFileSync(path.join(dir, "pg.json"), JSON.stringify(listing({ resources: -32603, resourceTemplates: -32603, prompts: "malformed" })));
      expect((await mcp.verify()).changes).toEqual([]);
      writeFileSync(path.join(dir, "pg.json"), JSON.stringify(listing({ resourceTemplates: -32603, prompts: "malformed" })));
      writeFileSync(path.join(dir, "plain.json"), JSON.stringify(listing({ prompts: -32601 })));
      const [verified, checked] = await Promise.all([mcp.verify(), check({ cwd: dir })]);
      expect(verified).toEqual(checked.report);
      expect(verified.changes.map((change) => [change.server, change.ruleId])).toEqual([
        ["pg", "list-became-available"],
        ["pg", "resource-added"],
        ["plain", "list-became-unavailable"],
      ]);
    } finally {
      await mcp.close();
    }
  });
});

describe("what still fails", () => {
  it("a list with no answer before the timeout is unavailable (code timeout); the tools are generated", async () => {
    const dir = project("hang", { slow: listing({ prompts: "hang" }) }, { timeout: 8000 });
    const result = await runCli(["generate"], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    expect(warningLines(result).join("\n")).toMatch(/server "slow".*prompts\/list: no answer within 8000 ms; generated without prompts/);
    expect(snapshotOf(dir).slow.unavailable).toEqual({ prompts: { code: "timeout", method: "prompts/list" } });
    expect(snapshotOf(dir).slow.resources).toHaveLength(1);
  });

  it("a failing tools/list fails the server (exit 2), naming it; the other server is not written either", async () => {
    const dir = project("tools-fail", { broken: listing({ tools: -32603 }), plain: listing() });
    const result = await runCli(["generate"], { cwd: dir });
    expect(result.status).toBe(2);
    // The server's error answer is told as its answer, not as this side's failure.
    expect(result.stderr).toMatch(/server "broken": cannot capture: the server answered error -32603 \(Internal error\).* during tools\/list \(page 1\)/);
  });

  it('unavailableLists: "error" fails the server on an unanswered list, naming the method and the option', async () => {
    const dir = project("strict", { pg: listing({ resources: -32601 }) }, { unavailableLists: "error" });
    const result = await runCli(["generate"], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/server "pg": cannot capture: the server answered error -32601 \(Method not found\).* during resources\/list \(page 1\).*unavailableLists: "error"/);
  });
});
