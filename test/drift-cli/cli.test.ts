/**
 * `mcp-codegen check` and `diff` through the built CLI against the file-driven listing server:
 * exit codes for every `--fail-on`, formats, config re-levelling and acceptance, `--server`,
 * unreachable servers, and hostile server text. (Every rule id is covered in rules.test.ts.)
 */
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DriftReport } from "../../runtime/src/drift/types.js";
import { runCli, tempProject, type CliResult } from "../helpers/cli.js";
import { MUTATIONS, SERVER, listingConfig, writeListing } from "./listing.js";

let project: string;
let env: Record<string, string>;

beforeAll(async () => {
  project = tempProject("drift-cli");
  // Two servers: "steady" never changes, so `--server` and the server count can be checked.
  const config = listingConfig();
  config["servers"].steady = { ...config["servers"][SERVER], args: [config["servers"][SERVER].args[0], "${STEADY_FILE}"] };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
  const base = writeListing(project, "base");
  env = { LISTING_FILE: base, STEADY_FILE: base };
  const generated = await runCli(["generate", "--quiet"], { cwd: project, env });
  expect(generated.status, generated.stderr).toBe(0);
});
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

function checkWith(file: string, args: string[]): Promise<CliResult> {
  return runCli(["check", ...args], { cwd: project, env: { ...env, LISTING_FILE: file } });
}

function json(result: CliResult): DriftReport {
  return JSON.parse(result.stdout) as DriftReport;
}

describe("check", () => {
  it("prints that nothing drifted and exits 0 on an unchanged server", async () => {
    const result = await runCli(["check"], { cwd: project, env });
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("No drift: 2 servers match the snapshot.\n");
    expect(result.status).toBe(0);
  });

  // One rule per level, each with every --fail-on value (and the default, breaking).
  const CASES = [
    { rule: "tool-removed", level: "breaking", exits: { default: 1, breaking: 1, dangerous: 1, safe: 1 } },
    { rule: "description-changed", level: "dangerous", exits: { default: 0, breaking: 0, dangerous: 1, safe: 1 } },
    { rule: "tool-added", level: "safe", exits: { default: 0, breaking: 0, dangerous: 0, safe: 1 } },
  ] as const;
  for (const { rule, level, exits } of CASES) {
    it(`${rule} is ${level}: exit codes ${JSON.stringify(exits)}`, async () => {
      const file = writeListing(project, `cli-${rule}`, MUTATIONS[rule]);
      const runs = await Promise.all(
        (Object.keys(exits) as (keyof typeof exits)[]).map(async (failOn) => {
          const args = ["--format", "json", ...(failOn === "default" ? [] : ["--fail-on", failOn])];
          return { failOn, result: await checkWith(file, args) };
        }),
      );
      for (const { failOn, result } of runs) {
        expect(result.status, `--fail-on ${failOn}: ${result.stderr}`).toBe(exits[failOn]);
        const report = json(result);
        expect(report.version).toBe(1);
        expect(report.changes.map((change) => [change.ruleId, change.level, change.server])).toEqual([[rule, level, SERVER]]);
        expect(report.summary[level]).toBe(1);
      }
    });
  }

  it("exits 2, never 1, when a server cannot be reached, and still writes its report in every format", async () => {
    const missing = path.join(project, "missing.json");
    const [text, markdown, report, github] = await Promise.all(
      ["text", "markdown", "json", "github"].map((format) => checkWith(missing, ["--format", format])),
    );
    for (const result of [text, markdown, report, github]) {
      expect(result!.status).toBe(2);
      expect(result!.stderr).toMatch(/^mcp-codegen: server "listing": cannot capture: /);
    }
    // The reachable server is still compared; the failing one is named in the report itself.
    expect(text!.stdout).toBe("No drift: 1 server matches the snapshot. 1 could not be checked.\n");
    expect(markdown!.stdout).toMatch(/^## MCP schema drift\n\n\*\*❌ Could not check:\*\*\n\n- server "listing": cannot capture: /);
    expect(markdown!.stdout).toMatch(/No drift in the servers checked\.\n$/);
    expect(JSON.parse(report!.stdout)).toMatchObject({ version: 1, changes: [], failures: [{ server: "listing", message: expect.stringMatching(/^server "listing": cannot capture: /) }] });
    expect(github!.stdout).toMatch(/^::error file=[^,]*mcp-snapshot\.json,title=MCP drift%3A could not check::server "listing": cannot capture: /);
  });

  it("check --format markdown names an unreachable HTTP server and its network cause (exit 2)", async () => {
    const dir = tempProject("drift-unreachable");
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify(listingConfig()));
    const generated = await runCli(["generate", "--quiet"], { cwd: dir, env: { LISTING_FILE: writeListing(dir, "base") } });
    expect(generated.status, generated.stderr).toBe(0);
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ ...listingConfig(), servers: { [SERVER]: { url: `http://127.0.0.1:${port}/mcp` } } }));
    const result = await runCli(["check", "--format", "markdown"], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stdout).toContain(`- server "${SERVER}": cannot capture: connection refused 127.0.0.1:${port}`);
  });

  it("a check that cannot start at all (no snapshot) still writes a report naming why", async () => {
    const dir = tempProject("drift-nosnapshot");
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify(listingConfig()));
    const result = await runCli(["check", "--format", "json"], { cwd: dir });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ version: 1, changes: [], failures: [{ message: expect.stringMatching(/snapshot not found/) }] });
  });

  it("--server checks only the named servers", async () => {
    const file = writeListing(project, "cli-server-filter", MUTATIONS["tool-removed"]);
    const [only, all] = await Promise.all([checkWith(file, ["--server", "steady"]), checkWith(file, ["--format", "json"])]);
    expect(only.stdout).toBe("No drift: 1 server matches the snapshot.\n");
    expect(only.status).toBe(0);
    expect(all.status).toBe(1);
    expect(json(all).changes.map((change) => change.server)).toEqual([SERVER]);
  });

  it("drift.rules re-levels a rule and drift.accept with a reason stops a failure", async () => {
    const file = writeListing(project, "cli-config", MUTATIONS["tool-removed"]);
    const relevel = listingConfig({ drift: { rules: { "tool-removed": "dangerous" } } });
    const accept = listingConfig({ drift: { accept: [{ server: SERVER, tool: "other", ruleId: "tool-removed", reason: "retired in v2" }] } });
    writeFileSync(path.join(project, "relevel.config.json"), JSON.stringify(relevel));
    writeFileSync(path.join(project, "accept.config.json"), JSON.stringify(accept));
    const [relevelled, relevelledStrict, accepted] = await Promise.all([
      checkWith(file, ["-c", "relevel.config.json", "--format", "json"]),
      checkWith(file, ["-c", "relevel.config.json", "--format", "json", "--fail-on", "dangerous"]),
      checkWith(file, ["-c", "accept.config.json", "--format", "json", "--fail-on", "safe"]),
    ]);
    expect(relevelled.status, relevelled.stderr).toBe(0);
    expect(json(relevelled).changes[0]).toMatchObject({ ruleId: "tool-removed", level: "dangerous" });
    expect(relevelledStrict.status).toBe(1);
    expect(accepted.status, accepted.stderr).toBe(0);
    expect(json(accepted).changes[0]).toMatchObject({ ruleId: "tool-removed", accepted: "retired in v2" });
    expect(json(accepted).summary).toEqual({ breaking: 0, dangerous: 0, safe: 0, accepted: 1 });
  });

  it("an accepted change without a reason is a config error (exit 2)", async () => {
    const bad = listingConfig({ drift: { accept: [{ server: SERVER, ruleId: "tool-removed", reason: " " }] } });
    writeFileSync(path.join(project, "bad.config.json"), JSON.stringify(bad));
    const result = await checkWith(writeListing(project, "cli-bad"), ["-c", "bad.config.json"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/reason/);
  });
});

describe("formats and hostile server text", () => {
  const HOSTILE = `Adds.\u001b[31m RED \u202eevil\u2066 ${"x".repeat(5000)}\nline two`;
  let file: string;
  beforeAll(() => {
    file = writeListing(project, "cli-hostile", (listing) => (listing["tools"][0]["description"] = HOSTILE));
  });

  // The bidi controls the new text brings are also an audit finding (error): one breaking change.
  it("text: grouped lines, control and bidi characters removed, length capped", async () => {
    const result = await checkWith(file, ["--fail-on", "dangerous"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("description-changed");
    expect(result.stdout).toMatch(/breaking +audit-finding-introduced +tool "t" \/description: Introduces audit finding hidden-bidi-controls \(error\)/);
    expect(result.stdout).toContain('tool "t"');
    expect(result.stdout).toContain("1 breaking, 1 dangerous, 0 safe, 0 accepted");
    expect(result.stdout).not.toMatch(/[\u001b\u202e\u2066]/);
    expect(Math.max(...result.stdout.split("\n").map((line) => line.length))).toBeLessThan(700);
  });

  it("markdown: a summary table and an escaped change row", async () => {
    const result = await checkWith(file, ["--format", "markdown"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^## MCP schema drift\n/);
    expect(result.stdout).toContain("| 🔴 breaking | 1 |");
    expect(result.stdout).toContain("| 🟠 dangerous | 1 |");
    expect(result.stdout).toContain("`description-changed`");
    expect(result.stdout).not.toMatch(/[\u001b\u202e\u2066]/);
    expect(result.stdout.length).toBeLessThan(2000);
  });

  it("github: a warning annotation and the audit's error annotation, pointing at the snapshot file", async () => {
    const result = await checkWith(file, ["--format", "github"]);
    expect(result.status).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^::warning file=out\/mcp-snapshot\.json,title=MCP drift%3A description-changed \(dangerous\)::\[listing\] tool "t"/);
    expect(lines[1]).toMatch(/^::error file=out\/mcp-snapshot\.json,title=MCP drift%3A audit-finding-introduced \(breaking\)::\[listing\] tool "t"/);
    expect(result.stdout).not.toMatch(/[\u001b\u202e\u2066]/);
  });
});

describe("diff <old> <new>", () => {
  it("classifies two snapshot files offline", async () => {
    const before = path.join(project, "out/mcp-snapshot.json");
    const after = path.join(project, "after.snapshot.json");
    copyFileSync(before, after);
    const snapshot = JSON.parse(readFileSync(after, "utf8"));
    delete snapshot.servers.steady;
    writeFileSync(after, JSON.stringify(snapshot));
    // No server runs: the listing file does not even exist.
    const result = await runCli(["diff", before, after, "--format", "json"], { cwd: project, env: { LISTING_FILE: "/nonexistent" } });
    expect(result.status).toBe(1);
    expect(json(result).changes.map((change) => [change.ruleId, change.server])).toEqual([["server-removed", "steady"]]);
    const same = await runCli(["diff", before, before], { cwd: project });
    expect(same.status).toBe(0);
    expect(same.stdout).toBe("No drift: 2 servers match the snapshot.\n");
  });
});
