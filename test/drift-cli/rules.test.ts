/**
 * One test per drift rule against a real server: generate a snapshot from the file-driven
 * listing server, mutate its listing, `check()` (the CLI's code path) and assert the rule id,
 * its level, and the outcome for each `--fail-on` value. Rules a live server cannot show
 * (server set changes, fields the snapshot never keeps) go through offline `diff` instead.
 * The CLI itself is exercised for a subset in cli.test.ts.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check, diffFiles } from "../../src/check.js";
import { failsAt } from "../../runtime/src/drift/policy.js";
import { LEVELS, RULES, RULE_IDS, type Level, type RuleId } from "../../runtime/src/drift/rules.js";
import type { DriftReport } from "../../runtime/src/drift/types.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { MUTATIONS, RULES_TESTED_ELSEWHERE, SERVER, SKILL_RULES, SNAPSHOT_ONLY_RULES, listingConfig, writeListing } from "./listing.js";

let project: string;
let snapshotFile: string;

beforeAll(async () => {
  project = tempProject("drift-rules");
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(listingConfig()));
  const base = writeListing(project, "base");
  const generated = await runCli(["generate", "--quiet"], { cwd: project, env: { LISTING_FILE: base } });
  expect(generated.status, generated.stderr).toBe(0);
  snapshotFile = path.join(project, "out/mcp-snapshot.json");
});
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** The exit code `check` gives for a report at a threshold (0 pass, 1 drift). */
const exitAt = (report: DriftReport, threshold: Level): number => (failsAt(report, threshold) ? 1 : 0);
const rank: Record<Level, number> = { breaking: 3, dangerous: 2, safe: 1 };

function expectRule(report: DriftReport, id: RuleId): void {
  const level = RULES[id].level;
  const found = report.changes.filter((change) => change.ruleId === id);
  expect(found.length, JSON.stringify(report.changes, null, 2)).toBeGreaterThan(0);
  expect(found.every((change) => change.level === level && (change.server === SERVER || id.startsWith("server-")))).toBe(true);
  // Nothing above the rule's own level may be reported: it would decide the exit code instead.
  expect(report.changes.every((change) => rank[change.level] <= rank[level]), JSON.stringify(report.changes)).toBe(true);
  for (const threshold of LEVELS) expect(exitAt(report, threshold), `--fail-on ${threshold}`).toBe(rank[level] >= rank[threshold] ? 1 : 0);
}

describe("every rule id has a live or offline case", () => {
  it("covers the whole rule table", () => {
    const covered = [...Object.keys(MUTATIONS), ...SNAPSHOT_ONLY_RULES, ...SKILL_RULES, ...RULES_TESTED_ELSEWHERE].sort();
    expect(covered).toEqual([...RULE_IDS].sort());
  });
});

describe("check against a mutated live server", () => {
  for (const [id, mutate] of Object.entries(MUTATIONS) as [RuleId, NonNullable<(typeof MUTATIONS)[RuleId]>][]) {
    it(`${id} (${RULES[id].level})`, async () => {
      const file = writeListing(project, id, mutate);
      const { report } = await check({ cwd: project, env: { LISTING_FILE: file } });
      expectRule(report, id);
    });
  }
});

describe("diff between snapshot files", () => {
  function variant(name: string, change: (snapshot: Record<string, any>) => void): string { // eslint-disable-line @typescript-eslint/no-explicit-any
    const snapshot = JSON.parse(readFileSync(snapshotFile, "utf8"));
    change(snapshot);
    const file = path.join(project, `${name}.snapshot.json`);
    writeFileSync(file, JSON.stringify(snapshot));
    return file;
  }

  it("server-removed (breaking)", async () => {
    const { report } = await diffFiles(snapshotFile, variant("no-server", (s) => delete s.servers[SERVER]));
    expectRule(report, "server-removed");
  });

  it("server-added (safe)", async () => {
    const { report } = await diffFiles(snapshotFile, variant("two-servers", (s) => (s.servers.second = s.servers[SERVER])));
    expectRule(report, "server-added");
  });

  it("protocol-era-changed (dangerous): the listing server (SDK 1.x) cannot switch eras, its snapshot can", async () => {
    const { report } = await diffFiles(snapshotFile, variant("modern", (s) => Object.assign(s.servers[SERVER], { era: "modern", protocolVersion: "2026-07-28", hash: "0000000000000000" })));
    expectRule(report, "protocol-era-changed");
    expect(report.changes.map((change) => change.ruleId).sort()).toEqual(["protocol-era-changed", "protocol-version-changed"]);
  });

  it("field-changed (dangerous): a field this generator does not know", async () => {
    const { report } = await diffFiles(snapshotFile, variant("new-field", (s) => {
      // Hand-edited: fingerprints changed too, as a newer generator would write them.
      Object.assign(s.servers[SERVER].tools[0], { somethingNew: 1, hash: "0000000000000000" });
      s.servers[SERVER].hash = "0000000000000000";
    }));
    expectRule(report, "field-changed");
  });
});
