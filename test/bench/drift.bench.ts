/**
 * Drift benchmark: diff two 1,000-tool snapshots with 100 changes spread across them.
 * Target (issue 4): median <= 200 ms. Plain node script, run:
 *   node --import jiti/register test/bench/drift.bench.ts
 * Prints the median (and min / max) over 20 runs after a warm-up.
 */
import { diffSnapshots } from "../../runtime/src/drift/diff.js";
import { hashJson } from "../../runtime/src/shared/hash.js";
import type { JsonObject, ServerSnapshot, Snapshot, ToolEntry } from "../../runtime/src/shared/snapshot.js";

const TOOLS = 1_000;
const CHANGES = 100;
const RUNS = 20;

function inputSchema(index: number): JsonObject {
  return {
    type: "object",
    $defs: { Address: { type: "object", properties: { street: { type: "string" }, city: { type: "string", minLength: 1 } }, required: ["city"] } },
    properties: {
      id: { type: "integer", minimum: 0, description: `identifier ${index}` },
      name: { type: "string", maxLength: 200 },
      mode: { enum: ["fast", "slow", "auto"], default: "auto" },
      tags: { type: "array", items: { type: "string" }, maxItems: 10 },
      address: { $ref: "#/$defs/Address" },
      note: { anyOf: [{ type: "string" }, { type: "null" }] },
      options: { type: "object", properties: { verbose: { type: "boolean" }, depth: { type: "integer", maximum: 5 } }, additionalProperties: false },
    },
    required: ["id", "name"],
  };
}

function outputSchema(): JsonObject {
  return {
    type: "object",
    properties: { ok: { type: "boolean" }, items: { type: "array", items: { type: "object", properties: { key: { type: "string" }, value: { type: "number" } }, required: ["key"] } } },
    required: ["ok"],
  };
}

function makeTool(index: number, mutate?: (tool: Omit<ToolEntry, "hash">) => void): ToolEntry {
  const body: Omit<ToolEntry, "hash"> = {
    name: `tool_${String(index).padStart(4, "0")}`,
    description: `Does thing number ${index}.`,
    inputSchema: inputSchema(index),
    outputSchema: outputSchema(),
    annotations: { readOnlyHint: index % 2 === 0 },
  };
  mutate?.(body);
  return { ...body, hash: hashJson(body) };
}

/** Ten kinds of change, applied in turn to every tenth tool. */
const MUTATIONS: ((tool: Omit<ToolEntry, "hash">) => void)[] = [
  (tool) => { tool.description = `${tool.description ?? ""} Now better.`; },
  (tool) => { (tool.inputSchema["required"] as string[]).push("mode"); },
  (tool) => { delete (tool.inputSchema["properties"] as JsonObject)["tags"]; },
  (tool) => { ((tool.inputSchema["properties"] as JsonObject)["mode"] as JsonObject)["enum"] = ["fast", "auto"]; },
  (tool) => { ((tool.inputSchema["properties"] as JsonObject)["name"] as JsonObject)["maxLength"] = 50; },
  (tool) => { (tool.outputSchema!["required"] as string[]).length = 0; },
  (tool) => { tool.annotations = { readOnlyHint: true, destructiveHint: false }; },
  (tool) => { (tool.inputSchema["properties"] as JsonObject)["extra"] = { type: "string" }; },
  (tool) => { delete tool.outputSchema; },
  // A pure refactor: inline the $ref. Must report nothing but still costs a canonical compare.
  (tool) => { (tool.inputSchema["properties"] as JsonObject)["address"] = (tool.inputSchema["$defs"] as JsonObject)["Address"] as JsonObject; },
];

function server(tools: ToolEntry[]): ServerSnapshot {
  const body = { protocolVersion: "2025-06-18", serverInfo: { name: "bench", version: "1" }, capabilities: { tools: {} }, tools, resources: [], resourceTemplates: [], prompts: [] };
  return { ...body, hash: hashJson(body) };
}

function snapshots(): { before: Snapshot; after: Snapshot } {
  const beforeTools: ToolEntry[] = [];
  const afterTools: ToolEntry[] = [];
  const step = TOOLS / CHANGES;
  for (let index = 0; index < TOOLS; index += 1) {
    beforeTools.push(makeTool(index));
    const changeIndex = index % step === 0 ? index / step : -1;
    afterTools.push(changeIndex >= 0 ? makeTool(index, MUTATIONS[changeIndex % MUTATIONS.length]) : makeTool(index));
  }
  return { before: { format: 1, servers: { bench: server(beforeTools) } }, after: { format: 1, servers: { bench: server(afterTools) } } };
}

const { before, after } = snapshots();
// The runs parse the snapshots as `check` does (a committed file on one side), so each starts cold.
const beforeText = JSON.stringify(before);
const afterText = JSON.stringify(after);
let changes = 0;
const timings: number[] = [];
for (let run = 0; run < RUNS + 2; run += 1) {
  const left = JSON.parse(beforeText) as Snapshot;
  const right = JSON.parse(afterText) as Snapshot;
  const start = performance.now();
  const report = diffSnapshots(left, right);
  const elapsed = performance.now() - start;
  changes = report.changes.length;
  if (run >= 2) timings.push(elapsed); // two warm-up runs
}
timings.sort((a, b) => a - b);
const median = ((timings[RUNS / 2 - 1] ?? 0) + (timings[RUNS / 2] ?? 0)) / 2;
console.log(`drift diff: ${TOOLS} tools, ${CHANGES} changed tools → ${changes} changes reported`);
console.log(`median ${median.toFixed(2)} ms over ${RUNS} runs (min ${timings[0]?.toFixed(2)} ms, max ${timings.at(-1)?.toFixed(2)} ms); target <= 200 ms`);
