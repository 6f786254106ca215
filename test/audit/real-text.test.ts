/**
 * Precision on real servers' text: server-everything (listed live over stdio by `audit --live`)
 * and the example servers' committed snapshot give no finding at all.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAudit } from "../../src/audit/engine.js";
import type { Snapshot } from "../../runtime/src/shared/snapshot.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { EVERYTHING_STDIO, repoRoot } from "../helpers/servers.js";

describe("audit on real servers' text", () => {
  it("the example servers' committed snapshot: no finding", () => {
    const snapshot = JSON.parse(readFileSync(path.join(repoRoot, "generated-example/mcp-snapshot.json"), "utf8")) as Snapshot;
    const run = runAudit(snapshot);
    expect(run.strings).toBeGreaterThan(50);
    expect(run.findings).toEqual([]);
  });

  it("server-everything, live: no finding, exit 0", async () => {
    const project = tempProject("audit-everything");
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { everything: EVERYTHING_STDIO } }));
    const result = await runCli(["audit", "--live", "--format", "json"], { cwd: project });
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.strings).toBeGreaterThan(100);
    expect(report.findings).toEqual([]);
  });
});
