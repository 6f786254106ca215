/**
 * Part of `npm run bench:runtime`: per-call overhead on a 2026-07-28 server
 * (test/servers/era-modern.ts, its `add` tool), over stdio and streamable HTTP, one persistent
 * client each:
 *
 *   (a) SDK `Client.callTool`, pinned to 2026-07-28      (the baseline)
 *   (b) a generated typed call                           (`createEraClient(runtime).add(...)`)
 *   (c) SDK `Client.callTool` on the runtime's own client (what the runtime itself adds)
 *
 * The typed module is generated from the server by this repo's generator (into
 * .tmp/bench-modern/ when missing). Target (issue 18): typed ≤ 1.10x the SDK, as on 2025 servers,
 * judged on the median of REPS runs with fresh processes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { createJiti } from "jiti";
import { Client, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { repoRoot } from "../helpers/servers.js";
import { eraStdio, startEraHttp } from "../era/servers.js";
import { measureLatency, pairedRatio, quantile, type TimedVariant } from "./latency.js";

type RuntimeModule = typeof import("../../runtime/src/index.js");
type Runtime = ReturnType<RuntimeModule["createRuntime"]>;
interface GeneratedEra {
  createEraClient(runtime: unknown, server?: string): { add(args: { a: number; b: number }): Promise<unknown> };
}

const WORK_DIR = resolve(repoRoot, ".tmp/bench-modern");
const GENERATED = resolve(WORK_DIR, "generated/era/index.ts");
const ARGS = { a: 2, b: 3 };
const TARGET = 1.1;
const PLAN = { warmup: 150, rounds: 20, perRound: 20 };

type Key = "sdk" | "typed" | "sdkShared";

/**
 * Runs with fresh processes: over stdio each client has its own server process, and two
 * processes differ run to run (three identical SDK clients measured side by side spread up to
 * 1.13x on this bench's 2-core machine), so the verdict is the median of several runs.
 */
const REPS = 5;

const LABELS: Record<Key, string> = { sdk: "SDK Client.callTool (pinned)", typed: "generated typed call", sdkShared: "SDK callTool, runtime's client" };

interface Run {
  medians: Record<Key, number>;
  vsSdk: number;
  vsShared: number;
}

function ensureGenerated(): void {
  if (existsSync(GENERATED)) return;
  mkdirSync(WORK_DIR, { recursive: true });
  const config = { servers: { era: { transport: "stdio", command: "node", args: [resolve(repoRoot, "test/servers/dist/era-modern.js")] } }, outDir: "generated" };
  writeFileSync(resolve(WORK_DIR, "codegen.config.json"), JSON.stringify(config, null, 2));
  execFileSync(process.execPath, [resolve(repoRoot, "dist/cli/bin.js"), "generate", "-c", "codegen.config.json", "--quiet"], { cwd: WORK_DIR, stdio: "inherit" });
}

async function pinnedSdk(transport: Transport): Promise<Client> {
  const client = new Client({ name: "bench-sdk", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(transport);
  return client;
}

/** One run: fresh clients (over stdio, fresh server processes), measured side by side. */
async function measureOnce(
  runtimeModule: RuntimeModule,
  connectSdk: () => Promise<Client>,
  config: Record<string, unknown>,
  generated: GeneratedEra,
  internals: Parameters<typeof variantsOver>[3],
  scale: number,
): Promise<Run> {
  const sdk = await connectSdk();
  const runtime = runtimeModule.createRuntime({ servers: { era: config as never } });
  try {
    const latency = await measureLatency(await variantsOver(runtime, sdk, generated, internals), PLAN, scale);
    const median = (key: Key) => quantile(latency.samples.get(key)!, 0.5);
    return {
      medians: { sdk: median("sdk"), typed: median("typed"), sdkShared: median("sdkShared") },
      vsSdk: pairedRatio(latency, "typed", "sdk"),
      vsShared: pairedRatio(latency, "typed", "sdkShared"),
    };
  } finally {
    await Promise.all([sdk.close(), runtime.close()]);
  }
}

async function variantsOver(runtime: Runtime, sdk: Client, generated: GeneratedEra, internals: (runtime: Runtime) => { connection(server: string): { client: Client | undefined } } | undefined): Promise<TimedVariant<Key>[]> {
  const typed = generated.createEraClient(runtime, "era");
  await typed.add(ARGS); // connects
  const shared = internals(runtime)?.connection("era").client;
  if (!shared) throw new Error("the runtime is not connected");
  const variants: TimedVariant<Key>[] = [
    { key: "sdk", label: LABELS.sdk, call: () => sdk.callTool({ name: "add", arguments: ARGS }) },
    { key: "typed", label: LABELS.typed, call: () => typed.add(ARGS) },
    { key: "sdkShared", label: LABELS.sdkShared, call: () => shared.callTool({ name: "add", arguments: ARGS }) },
  ];
  // Every variant must really reach the server: 2 + 3.
  for (const variant of variants) if (!JSON.stringify(await variant.call()).includes("5")) throw new Error(`${variant.label}: no sum in the answer`);
  return variants;
}

export async function modernCalls(runtimeModule: RuntimeModule, scale: number): Promise<{ allMet: boolean }> {
  ensureGenerated();
  const jiti = createJiti(import.meta.url, { alias: { "@mcp-codegen/runtime": resolve(repoRoot, "runtime/src/index.ts") } });
  const generated = await jiti.import<GeneratedEra>(GENERATED);
  const { runtimeInternals } = await jiti.import<typeof import("../../runtime/src/calls/runtime-api.js")>(resolve(repoRoot, "runtime/src/calls/runtime-api.ts"));
  const internals = (runtime: Runtime) => runtimeInternals(runtime as never) as never;
  const http = await startEraHttp("modern");
  const lines: string[] = [];
  let allMet = true;
  try {
    const stdio = eraStdio("modern");
    const setups: [string, () => Promise<Client>, Record<string, unknown>][] = [
      ["stdio", () => pinnedSdk(new StdioClientTransport({ command: stdio.command, args: stdio.args, stderr: "ignore" })), { ...stdio, stderr: "ignore" }],
      ["http", () => pinnedSdk(new StreamableHTTPClientTransport(new URL(http.url))), { transport: "http", url: http.url }],
    ];
    for (const [transport, connectSdk, config] of setups) {
      const runs: Run[] = [];
      for (let rep = 0; rep < REPS; rep++) runs.push(await measureOnce(runtimeModule, connectSdk, config, generated, internals, scale));
      const ratios = runs.map((run) => run.vsSdk);
      const ratio = quantile(ratios, 0.5);
      const met = ratio <= TARGET;
      allMet &&= met;
      for (const key of ["sdk", "typed", "sdkShared"] as const) {
        lines.push(`${transport.padEnd(10)}${LABELS[key].padEnd(34)}${(quantile(runs.map((run) => run.medians[key]), 0.5) * 1000).toFixed(0).padStart(11)}`);
      }
      const each = ratios.map((value) => `${value.toFixed(2)}x`).join(", ");
      const own = quantile(runs.map((run) => run.vsShared), 0.5);
      lines.push(`${transport.padEnd(10)}typed vs SDK ${ratio.toFixed(2)}x (<= ${TARGET.toFixed(2)}x ${met ? "met" : "MISSED"}; runs ${each}); vs the runtime's own client ${own.toFixed(2)}x`);
    }
  } finally {
    await http.stop();
  }
  console.log(`\nMedian latency per call on a 2026-07-28 server (era-modern \`add\`, one persistent client each; ${REPS} runs, each with fresh clients and, over stdio, server processes; ratios: median of per-round ratios, then of the runs)\n`);
  console.log(`${"transport".padEnd(10)}${"variant".padEnd(34)}${"median µs".padStart(11)}`);
  for (const line of lines) console.log(line);
  return { allMet };
}
