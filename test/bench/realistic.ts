/**
 * Realistic tool listings for the benchmarks: every tool of server-everything (listed live over
 * stdio) and of the example servers' committed snapshot, copied and varied so no two schemas
 * are the same.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { hashJson } from "../../runtime/src/shared/hash.js";
import type { JsonObject, ServerSnapshot, Snapshot, ToolEntry } from "../../runtime/src/shared/snapshot.js";
import { EVERYTHING_STDIO, repoRoot } from "../helpers/servers.js";

export type BaseTool = Omit<ToolEntry, "hash">;

export async function realisticTools(): Promise<BaseTool[]> {
  const example = JSON.parse(readFileSync(path.join(repoRoot, "generated-example/mcp-snapshot.json"), "utf8")) as Snapshot;
  const fromExample = Object.values(example.servers).flatMap((server) => server.tools);
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(new StdioClientTransport({ command: EVERYTHING_STDIO.command, args: EVERYTHING_STDIO.args, stderr: "ignore" }));
  const everything = (await client.listTools()).tools;
  await client.close();
  return [...fromExample, ...everything].map((tool) => JSON.parse(JSON.stringify(tool)) as BaseTool);
}

/** Copy `base` as tool number `index`, with its own name, description and one extra property. */
export function vary(base: BaseTool, index: number): ToolEntry {
  const kinds: JsonObject[] = [
    { type: "string", maxLength: 10 + index },
    { type: "integer", minimum: index },
    { type: "array", items: { type: "string" } },
    { type: "boolean" },
    { enum: ["a", "b", `v${index}`] },
    { type: ["number", "null"] },
    { type: "object", properties: { x: { type: "number" } }, required: ["x"] },
  ];
  const input = structuredClone(base.inputSchema);
  const properties = (input["properties"] ?? {}) as JsonObject;
  properties[`extra${index}`] = { ...kinds[index % kinds.length], description: `Extra option ${index}` };
  input["properties"] = properties;
  const body: BaseTool = { ...base, name: `${base.name}_${index}`, description: `${base.description ?? ""} (copy ${index})`, inputSchema: input };
  return { ...body, hash: hashJson(body) };
}

export function snapshotOf(tools: ToolEntry[], server = "bench"): Snapshot {
  const body = { protocolVersion: "2025-11-25", serverInfo: { name: "bench", version: "1" }, capabilities: { tools: {} }, tools, resources: [], resourceTemplates: [], prompts: [] };
  return { format: 1, servers: { [server]: { ...body, hash: hashJson(body) } as ServerSnapshot } };
}

