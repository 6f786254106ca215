/**
 * `npm run bench:codegen`: wall time of the real CLI (`dist/cli/bin.js`, a new process per
 * run, as a user runs it) for snapshots of 10, 100 and 1,000 tools built from realistic
 * schemas: every tool of server-everything and of the example servers, varied per copy so no
 * two schemas are the same. Prints medians and how time grows with size.
 *
 *   cold      generate --offline --no-cache into an empty outDir: a first run on a new machine,
 *             everything emitted and formatted
 *   cached    generate --offline into an empty outDir with the render cache of earlier runs
 *             (node_modules/.cache/mcp-codegen): every later run, after a clean or a checkout
 *   current   generate --offline over up-to-date output (nothing to emit)
 *   --check   generate --offline --check over up-to-date output (what CI runs)
 *   --help    mcp-codegen --help
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { canonicalFileText } from "../../runtime/src/shared/canonical-json.js";
import { repoRoot } from "../helpers/servers.js";
import { realisticTools, snapshotOf, vary, type BaseTool } from "./realistic.js";
import { median } from "./stats.js";

const SIZES = [10, 100, 1_000];
const RUNS = Number(process.env["BENCH_RUNS"] ?? 5);
const CLI = path.join(repoRoot, "dist/cli/bin.js");
const TARGETS = { offline1000: 3_000, check1000: 1_500, help: 300 };

function timeCli(args: string[], cwd: string): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8" });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

const base = await realisticTools();
console.log(`mcp-codegen generate benchmark: ${base.length} distinct base tools, ${RUNS} runs per figure, median wall time (ms)\n`);
const rows: { tools: number; cold: number; cached: number; current: number; check: number }[] = [];
for (const size of SIZES) {
  const project = path.join(repoRoot, ".tmp", `bench-codegen-${size}`);
  rmSync(project, { recursive: true, force: true });
  mkdirSync(path.join(project, "out"), { recursive: true });
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { bench: { transport: "stdio", command: "node" } }, outDir: "out" }));
  const tools = Array.from({ length: size }, (_, index) => vary(base[index % base.length] as BaseTool, index));
  writeFileSync(path.join(project, "out/mcp-snapshot.json"), canonicalFileText(snapshotOf(tools)));
  const emptyOut = () => {
    rmSync(path.join(project, "out/bench"), { recursive: true, force: true });
    rmSync(path.join(project, "out/index.ts"), { force: true });
  };
  const cold = Array.from({ length: RUNS }, () => (emptyOut(), timeCli(["generate", "--offline", "--quiet", "--no-cache"], project)));
  const cached = Array.from({ length: RUNS }, () => (emptyOut(), timeCli(["generate", "--offline", "--quiet"], project)));
  const current = Array.from({ length: RUNS }, () => timeCli(["generate", "--offline", "--quiet"], project));
  const check = Array.from({ length: RUNS }, () => timeCli(["generate", "--offline", "--check", "--quiet"], project));
  rows.push({ tools: size, cold: median(cold), cached: median(cached), current: median(current), check: median(check) });
}
const help = median(Array.from({ length: RUNS * 2 }, () => timeCli(["--help"], repoRoot)));

const column = (value: number, width: number) => value.toFixed(0).padStart(width);
console.log("tools    cold   cached   current   --check");
for (const row of rows) {
  console.log(`${String(row.tools).padStart(5)}  ${column(row.cold, 6)}   ${column(row.cached, 6)}   ${column(row.current, 7)}   ${column(row.check, 7)}`);
}
const [small, , large] = rows;
if (small && large) {
  const growth = (pick: (row: (typeof rows)[number]) => number) => ((pick(large) - pick(small)) / (large.tools - small.tools)).toFixed(2);
  console.log(`\ngrowth per extra tool (10 → 1,000): cold ${growth((r) => r.cold)} ms, cached ${growth((r) => r.cached)} ms, current ${growth((r) => r.current)} ms, check ${growth((r) => r.check)} ms`);
  console.log(`targets (1,000 tools): --offline <= ${TARGETS.offline1000} ms: cold ${column(large.cold, 0)}, cached ${column(large.cached, 0)}, current ${column(large.current, 0)}; --check <= ${TARGETS.check1000} ms: ${column(large.check, 0)}`);
}
console.log(`mcp-codegen --help: ${column(help, 0)} ms (target <= ${TARGETS.help} ms)`);
