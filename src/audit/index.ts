/**
 * The audit as the pipeline uses it: a snapshot (and, when read from a file, its text) + the
 * config → `AuditReport`. `audit` (run.ts) is the command; `generate` and `check` call
 * `auditSnapshot` on what they already hold.
 */
import { toolFilter, type Snapshot } from "@mcp-codegen/runtime/internal";
import type { ResolvedConfig } from "../config/load.js";
import { auditOptions } from "./options.js";
import { runAudit } from "./engine.js";
import { SnapshotLocator } from "./locate.js";
import type { AuditReport } from "./types.js";

export type { AuditReport, Finding, AuditLevel, AuditSummary } from "./types.js";
export { AUDIT_RULES, AUDIT_RULE_IDS } from "./rules.js";
export { auditFailsAt } from "./engine.js";
export { stripFindings } from "./strip.js";

export interface AuditInput {
  snapshot: Snapshot;
  source: AuditReport["source"];
  /** The snapshot file's text: findings are located at its lines. */
  fileText?: string;
  /** The snapshot file, relative to the config's folder. */
  snapshotFile?: string;
}

/** Audit the configured servers of `snapshot` (those in it), through the config's tool filters. */
export function auditSnapshot(config: ResolvedConfig, input: AuditInput): AuditReport {
  const options = auditOptions(config);
  const filters = new Map(config.servers.map((server) => [server.name, toolFilter(server.config)]));
  const configured = Object.fromEntries(Object.entries(input.snapshot.servers).filter(([name]) => filters.has(name)));
  const snapshot: Snapshot = { ...input.snapshot, servers: configured };
  const run = runAudit(snapshot, { ...options, keepTool: (server, tool) => filters.get(server)?.(tool) ?? true });
  // Parsing the file for positions costs more than the rules: only when there is something to locate.
  const locator = input.fileText === undefined || run.findings.length === 0 ? undefined : new SnapshotLocator(input.fileText);
  const strip = config.audit.stripHidden !== false;
  const findings = run.findings.map((finding) => {
    const { stripped, ...rest } = finding;
    const region = locator?.region(finding);
    return { ...rest, ...(stripped && strip ? { stripped } : {}), ...(region ? { region } : {}) };
  });
  return {
    version: 1,
    source: input.source,
    ...(input.snapshotFile === undefined ? {} : { snapshotFile: input.snapshotFile }),
    servers: Object.keys(configured).sort(),
    strings: run.strings,
    findings,
    summary: run.summary,
    stripHidden: strip,
  };
}
