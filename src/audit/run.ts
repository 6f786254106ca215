/**
 * `mcp-codegen audit`: the committed snapshot (default, no server contacted) or the live servers
 * (`live`) → `AuditReport`.
 *
 *   snapshot file ──────────────────────────┐
 *   --live: config → capture → snapshot ────┴→ text sources → rules → findings (located in the file)
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CodegenError, type Environment, type Snapshot } from "@mcp-codegen/runtime/internal";
import { loadConfig } from "../config/load.js";
import { selectServers } from "../config/select.js";
import { readSnapshot } from "../snapshot/file.js";
import { auditOptions } from "./options.js";
import { auditSnapshot } from "./index.js";
import type { AuditReport } from "./types.js";

export interface AuditCommandOptions {
  configPath?: string;
  cwd?: string;
  /** Capture the servers now instead of reading the snapshot. */
  live?: boolean;
  /** Only these servers (default: all configured). */
  servers?: readonly string[];
  env?: Environment;
}

export async function audit(options: AuditCommandOptions = {}): Promise<AuditReport> {
  const config = await loadConfig(options);
  auditOptions(config); // a misspelt rule id is reported before any server starts
  const only = selectServers(config, options.servers);
  const snapshotFile = path.relative(config.rootDir, config.snapshotPath).split(path.sep).join("/");
  if (options.live) {
    const { captureServers } = await import("../capture/capture.js");
    const { buildSnapshot } = await import("../snapshot/build.js");
    const live = buildSnapshot(await captureServers(config, { only, ...(options.env ? { env: options.env } : {}) }));
    return auditSnapshot(config, { snapshot: pick(live, only), source: "live" });
  }
  const snapshot = await readSnapshot(config.snapshotPath);
  for (const name of only) {
    if (!snapshot.servers[name]) throw new CodegenError("input", "not in the snapshot (run `mcp-codegen generate` first)", { subject: `server "${name}"` });
  }
  const fileText = await readFile(config.snapshotPath, "utf8");
  return auditSnapshot(config, { snapshot: pick(snapshot, only), source: "snapshot", fileText, snapshotFile });
}

function pick(snapshot: Snapshot, servers: readonly string[]): Snapshot {
  return { ...snapshot, servers: Object.fromEntries(servers.flatMap((name) => (Object.hasOwn(snapshot.servers, name) ? [[name, snapshot.servers[name]!]] : []))) };
}
