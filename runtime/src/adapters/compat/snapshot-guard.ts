/**
 * The drift guard for code that is not generated yet: the compat client reads the snapshot
 * file `mcp-codegen generate` wrote (or its parsed JSON) and guards each of its servers found
 * there exactly as a generated client would, tool fingerprints being the snapshot's hashes.
 */
import { readFileSync } from "node:fs";
import type { ServerSnapshot } from "../../shared/snapshot.js";
import { driftGuard } from "../../calls/drift-guard.js";
import { ConfigError } from "../../shared/errors.js";
import type { Runtime } from "../../calls/runtime-api.js";

export type SnapshotSource = string | { servers: Record<string, unknown> };

export function guardFromSnapshot(runtime: Runtime, source: SnapshotSource, servers: readonly string[]): void {
  const entries = readSnapshot(source);
  for (const server of servers) {
    const entry = entries[server] as ServerSnapshot | undefined;
    if (entry === undefined) continue;
    driftGuard(runtime, server, {
      serverFingerprint: entry.hash,
      tools: entry.tools.map((tool) => ({ name: tool.name, fingerprint: tool.hash })),
      // The snapshot lists every tool; the compat client offers every tool: no filter.
      loadSnapshot: () => Promise.resolve({ server: entry, toolFilter: {}, drift: {} }),
    });
  }
}

function readSnapshot(source: SnapshotSource): Record<string, unknown> {
  if (typeof source !== "string") return source.servers;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(source, "utf8"));
  } catch (error) {
    throw new ConfigError("MultiServerMCPClient", `cannot read the snapshot ${JSON.stringify(source)}: ${(error as Error).message}`);
  }
  const servers = (parsed as { servers?: unknown } | null)?.servers;
  if (typeof servers !== "object" || servers === null) throw new ConfigError("MultiServerMCPClient", `${JSON.stringify(source)} is not an mcp-codegen snapshot (no "servers")`);
  return servers as Record<string, unknown>;
}
