/**
 * `npm run bench:install`: what `@mcp-codegen/runtime` costs an app in production.
 *
 * Packs the runtime (built by the npm script) and installs it, production-only, into fresh apps
 * under the OS temp dir (npm with --prefer-offline: from the machine's cache after the first run):
 *
 *   (a) runtime + zod + @langchain/core    the production install users get
 *   (b) zod + @langchain/core alone         what the peers bring by themselves
 *   (c) runtime alone (--legacy-peer-deps)  without the peers (zod still comes with the MCP SDK)
 *
 * Reports the disk usage of each node_modules (`du -sk`), the runtime's share (a − b; target
 * ≤ 15 MB) and its largest packages, the packages of (a), and the cold time of
 * `import("@mcp-codegen/runtime")` in (a): measured inside each of 10 fresh node processes, median
 * (target ≤ 150 ms), wall and CPU time, next to the same figures for the SDK client it loads on
 * first connect and for zod.
 *
 * Options (environment): BENCH_STRICT=1 exits 1 when a target is missed; MCP_CODEGEN_KEEP_APP=1 keeps the apps.
 */
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { diskKiB, ensureDir, humanSize, installedPackages, npm, packBoth, repoVersion, run, tempDir, writeManifest } from "../pack/app.js";
import { median } from "./stats.js";

const TARGETS = { runtimeShareMiB: 15, coldImportMs: 150 } as const;
const COLD_RUNS = 10;
const PEERS = { zod: `^${repoVersion("zod")}`, "@langchain/core": `^${repoVersion("@langchain/core")}` };
/** Modules timed cold: the runtime, and for comparison the SDK client it loads on first connect and zod (which generated code loads). */
const COLD_MODULES = ["@mcp-codegen/runtime", "@modelcontextprotocol/client", "zod"] as const;

/** One fresh process: wall and CPU milliseconds of `await import(name)`, boot excluded. */
function coldImport(app: string, name: string): { wall: number; cpu: number } {
  const script = `const cpu0 = process.cpuUsage(); const t0 = performance.now(); await import(${JSON.stringify(name)});
const cpu = process.cpuUsage(cpu0); process.stdout.write(JSON.stringify({ wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 }));`;
  return JSON.parse(run(process.execPath, ["--input-type=module", "-e", script], app).stdout) as { wall: number; cpu: number };
}

/** COLD_RUNS fresh processes per module, interleaved so that a shared machine's load hits all alike. */
function coldImports(app: string): Map<string, Array<{ wall: number; cpu: number }>> {
  const samples = new Map<string, Array<{ wall: number; cpu: number }>>(COLD_MODULES.map((name) => [name, []]));
  for (let round = 0; round < COLD_RUNS; round++) {
    for (const name of COLD_MODULES) samples.get(name)?.push(coldImport(app, name));
  }
  return samples;
}

function installApp(root: string, name: string, dependencies: Record<string, string>, extra: string[] = []): string {
  const app = ensureDir(join(root, name));
  writeManifest(app, { dependencies });
  npm(["install", "--omit=dev", ...extra], app);
  return app;
}

/** Disk usage of the packages (a) has and (b) has not: what the runtime brings, largest first. */
function runtimeShareByPackage(full: string, peers: string): Array<{ name: string; kib: number }> {
  const peerPackages = new Set(installedPackages(peers).map((entry) => `${entry.path}@${entry.version}`));
  return installedPackages(full)
    .filter((entry) => !peerPackages.has(`${entry.path}@${entry.version}`))
    .map((entry) => ({ name: entry.path.replace(/^node_modules\//, ""), kib: diskKiB(join(full, entry.path)) - nestedKiB(join(full, entry.path)) }))
    .sort((a, b) => b.kib - a.kib);
}

/** A package's own node_modules is counted with the nested packages, not with it. */
function nestedKiB(folder: string): number {
  return existsSync(join(folder, "node_modules")) ? diskKiB(join(folder, "node_modules")) : 0;
}

const mib = (kib: number): string => `${(kib / 1024).toFixed(1)} MB`;

const work = tempDir("bench-install");
let missed = false;
try {
  const tarballs = packBoth(ensureDir(join(work.path, "tarballs")));
  const runtime = `file:${tarballs.runtime}`;
  const full = installApp(work.path, "runtime-and-peers", { "@mcp-codegen/runtime": runtime, ...PEERS });
  const peers = installApp(work.path, "peers-only", PEERS);
  const bare = installApp(work.path, "runtime-only", { "@mcp-codegen/runtime": runtime }, ["--legacy-peer-deps"]);

  const sizes = { full: diskKiB(join(full, "node_modules")), peers: diskKiB(join(peers, "node_modules")), bare: diskKiB(join(bare, "node_modules")) };
  const share = sizes.full - sizes.peers;
  const packages = installedPackages(full);
  const byPackage = runtimeShareByPackage(full, peers);
  const samples = coldImports(full);
  const cold = median((samples.get("@mcp-codegen/runtime") ?? []).map((sample) => sample.wall));

  console.log(`production node_modules (du -sk), runtime ${repoVersion("@mcp-codegen/runtime")}, zod ${PEERS.zod}, @langchain/core ${PEERS["@langchain/core"]}:`);
  console.log(`  (a) runtime + zod + @langchain/core   ${mib(sizes.full).padStart(9)}   (du -sh: ${humanSize(join(full, "node_modules"))}, ${packages.length} packages)`);
  console.log(`  (b) zod + @langchain/core alone       ${mib(sizes.peers).padStart(9)}   (${installedPackages(peers).length} packages)`);
  console.log(`  (c) runtime without the peers         ${mib(sizes.bare).padStart(9)}   (${installedPackages(bare).length} packages)`);
  console.log(`  runtime's share (a − b)               ${mib(share).padStart(9)}   target ≤ ${TARGETS.runtimeShareMiB} MB`);
  const top = byPackage.slice(0, 8).map((entry) => `${entry.name} ${mib(entry.kib)}`);
  console.log(`  largest in the share: ${top.join(", ")}; ${byPackage.length} packages in all`);
  console.log(`cold import() in a fresh process (boot excluded), median of ${COLD_RUNS}; wall time, and CPU time (less sensitive to a loaded machine):`);
  for (const [name, runs] of samples) {
    const wall = median(runs.map((sample) => sample.wall)).toFixed(1);
    const cpu = median(runs.map((sample) => sample.cpu)).toFixed(1);
    const target = name === "@mcp-codegen/runtime" ? `   target ≤ ${TARGETS.coldImportMs} ms (wall)` : "";
    console.log(`  ${name.padEnd(42)} wall ${wall.padStart(7)} ms   cpu ${cpu.padStart(7)} ms${target}`);
  }
  console.log(`  load average at the end: ${loadavg().map((load) => load.toFixed(1)).join(" ")} on ${availableParallelism()} cores`);
  console.log(`packages in (a):`);
  for (const entry of packages) console.log(`  ${entry.path.replace(/^node_modules\//, "")}@${entry.version}`);

  missed = share / 1024 > TARGETS.runtimeShareMiB || cold > TARGETS.coldImportMs;
  if (missed) console.log("a target was missed");
} finally {
  work.cleanup();
}
if (missed && process.env["BENCH_STRICT"] === "1") process.exitCode = 1;
