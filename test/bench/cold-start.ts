/**
 * Part of `npm run bench:runtime`: time from creating a client to its first result on a stdio
 * server (spawn + negotiate + call), median of 20 interleaved samples per variant, on a legacy
 * server (test/servers/math.ts) and on one serving only 2026-07-28 (test/servers/era-modern.ts).
 *
 * - "snapshot knows the era": the runtime with the `captured` setting generated connections carry
 *   (legacy: no probe; modern: the discover result from the snapshot, no round trip)
 * - "legacy only (before)": `protocol: "legacy"`, the plain 2025 handshake the runtime always did
 * - "negotiating": no captured era (`auto`: the SDK's probe, a sibling process on stdio)
 * - "bare SDK, pinned": the SDK client alone, pinned to the server's era
 *
 * Targets (issue 18): known era ≤ 1.05x legacy-only on the legacy server; known era ≤ 1.10x the
 * bare pinned SDK client on both.
 */
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { MATH_STDIO, repoRoot } from "../helpers/servers.js";

type RuntimeModule = typeof import("../../runtime/src/index.js");

const SAMPLES = 20;
const MODERN_STDIO = { transport: "stdio" as const, command: process.execPath, args: [resolve(repoRoot, "test/servers/dist/era-modern.js")] };

interface ColdVariant {
  label: string;
  run(): Promise<unknown>;
}

export interface ColdRow {
  server: string;
  label: string;
  median: number;
}

export interface ColdResult {
  rows: ColdRow[];
  allMet: boolean;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function runtimeVariant(runtime: RuntimeModule, label: string, config: Record<string, unknown>, tool: string, args: Record<string, unknown>): ColdVariant {
  return {
    label,
    run: async () => {
      const client = runtime.createRuntime({ servers: { s: { stderr: "ignore", ...config } as never } });
      try {
        return await client.callTool("s", tool, args);
      } finally {
        await client.close();
      }
    },
  };
}

function sdkVariant(label: string, config: { command: string; args: string[] }, mode: "legacy" | { pin: string }, tool: string, args: Record<string, unknown>): ColdVariant {
  return {
    label,
    run: async () => {
      const client = new Client({ name: "bench", version: "1.0.0" }, { versionNegotiation: { mode } });
      try {
        await client.connect(new StdioClientTransport({ command: config.command, args: config.args, stderr: "ignore" }));
        return await client.callTool({ name: tool, arguments: args });
      } finally {
        await client.close();
      }
    },
  };
}

/** Interleaved: each round runs every variant once, in a rotating order. Only the run is timed (close included, as a user pays it). */
async function measure(variants: ColdVariant[]): Promise<number[]> {
  const samples = variants.map(() => [] as number[]);
  for (const variant of variants) await variant.run(); // warm the module caches
  for (let round = 0; round < SAMPLES; round++) {
    for (let i = 0; i < variants.length; i++) {
      const index = (round + i) % variants.length;
      const start = performance.now();
      await variants[index]!.run();
      samples[index]!.push(performance.now() - start);
    }
  }
  return samples.map(median);
}

export async function coldStart(runtime: RuntimeModule): Promise<ColdResult> {
  const add = { a: 1, b: 2 };
  const legacy = [
    runtimeVariant(runtime, "snapshot knows the era (legacy)", { ...MATH_STDIO, captured: { era: "legacy", revision: "2025-11-25" } }, "add", add),
    runtimeVariant(runtime, "legacy only (before)", { ...MATH_STDIO, protocol: "legacy" }, "add", add),
    runtimeVariant(runtime, "negotiating (auto, no snapshot)", MATH_STDIO, "add", add),
    sdkVariant("bare SDK, legacy", MATH_STDIO, "legacy", "add", add),
  ];
  const captured = { era: "modern", revision: "2026-07-28", capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } }, serverInfo: { name: "era", version: "1.0.0" } };
  const modern = [
    runtimeVariant(runtime, "snapshot knows the era (modern)", { ...MODERN_STDIO, captured }, "add", add),
    runtimeVariant(runtime, "negotiating (auto, no snapshot)", MODERN_STDIO, "add", add),
    sdkVariant("bare SDK, pinned 2026-07-28", MODERN_STDIO, { pin: "2026-07-28" }, "add", add),
  ];
  const [legacyMedians, modernMedians] = [await measure(legacy), await measure(modern)];
  const rows: ColdRow[] = [
    ...legacy.map((variant, index) => ({ server: "legacy (math)", label: variant.label, median: legacyMedians[index]! })),
    ...modern.map((variant, index) => ({ server: "modern (era-modern)", label: variant.label, median: modernMedians[index]! })),
  ];
  const [knownLegacy, before, , sdkLegacy] = legacyMedians as [number, number, number, number];
  const [knownModern, , sdkModern] = modernMedians as [number, number, number];
  const checks = [
    { what: "legacy: known era vs legacy only (before)", ratio: knownLegacy / before, target: 1.05 },
    { what: "legacy: known era vs bare SDK pinned", ratio: knownLegacy / sdkLegacy, target: 1.1 },
    { what: "modern: known era vs bare SDK pinned", ratio: knownModern / sdkModern, target: 1.1 },
  ];
  console.log("\nTime from createClient() to the first result on a stdio server (spawn + negotiate + call + close), median of 20\n");
  for (const row of rows) console.log(`${row.server.padEnd(22)}${row.label.padEnd(36)}${row.median.toFixed(1).padStart(9)} ms`);
  console.log("");
  let allMet = true;
  for (const check of checks) {
    const met = check.ratio <= check.target;
    allMet &&= met;
    console.log(`${check.what.padEnd(48)}${check.ratio.toFixed(2).padStart(6)}x  <= ${check.target.toFixed(2)}x ${met ? "met" : "MISSED"}`);
  }
  return { rows, allMet };
}
