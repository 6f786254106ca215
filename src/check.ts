/**
 * `check` and `diff`: the drift half of the pipeline.
 *
 *   check: config → capture → snapshot (live) ┐
 *                   committed snapshot file ───┴→ drift: diff + classify → DriftReport
 */
import path from "node:path";
import { loadConfig, type ResolvedConfig } from "./config/load.js";
import { selectServers } from "./config/select.js";
import { captureServers, type RawCapture } from "./capture/capture.js";
import { ServersFailedError } from "./capture/servers-failed.js";
import { buildSnapshot } from "./snapshot/build.js";
import { readSnapshot } from "./snapshot/file.js";
import { configFilters, filterSnapshot } from "./snapshot/filter.js";
import { diffSnapshots, type DriftReport, type ReportFailure } from "./drift/index.js";
import { driftOptions } from "./drift/options.js";
import { CodegenError, type Environment, type Snapshot } from "@mcp-codegen/runtime/internal";
import { auditSnapshot } from "./audit/index.js";
import { auditOptions } from "./audit/options.js";
import { introducedFindings, withAuditChanges } from "./audit/drift.js";
import { stdoutNoiseWarnings } from "./capture/noise-warnings.js";
import { applyWarningSettings } from "./warnings/apply.js";
import type { EmitWarning } from "./emit/server-module.js";

export interface CheckOptions {
  configPath?: string;
  cwd?: string;
  /** Only these servers (default: all configured). */
  servers?: readonly string[];
  env?: Environment;
}

export interface CheckResult {
  report: DriftReport;
  /** The servers compared. */
  servers: string[];
  /** The snapshot file (relative to the config's folder) when the check read one: annotations point at it. */
  snapshotFile?: string;
  /** The failure threshold from the config (`drift.failOn`), if any. */
  failOn: "breaking" | "dangerous" | "safe" | undefined;
  /** Servers that could not be captured (the report covers the others); `check` then exits 2. */
  failures: CheckFailure[];
  /** What capture noticed that is not drift (a server writing other text on stdout), less those the config acknowledges. */
  warnings?: EmitWarning[];
}

/** A server that could not be checked, or (without `server`) why nothing could be. */
export type CheckFailure = ReportFailure;

/** Capture the live servers exactly as `generate` does and classify their drift from the snapshot. */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const config = await loadConfig(options);
  const drift = driftOptions(config); // before anything else: a config error is reported first
  auditOptions(config);
  const only = selectServers(config, options.servers);
  const committed = await readSnapshot(config.snapshotPath);
  for (const name of only) {
    if (!committed.servers[name]) {
      throw new CodegenError("input", "not in the snapshot (run `mcp-codegen generate` first)", { subject: `server "${name}"` });
    }
  }
  const { capture, failures } = await captureSurvivors(config, only, options.env);
  const compared = only.filter((name) => capture.servers[name] !== undefined);
  const live = buildSnapshot(capture);
  // include / exclude are config, not the server: both sides are compared through them.
  const filters = configFilters(config);
  const before = pick(committed, compared);
  const after = pick(live, compared);
  // The audit rules on the live text: a change that brings a finding is reported with its rule id.
  const introduced = introducedFindings(auditSnapshot(config, { snapshot: before, source: "snapshot" }), auditSnapshot(config, { snapshot: after, source: "live" }));
  return {
    report: withAuditChanges(diffSnapshots(filterSnapshot(before, filters), filterSnapshot(after, filters), drift), introduced),
    servers: compared,
    snapshotFile: path.relative(config.rootDir, config.snapshotPath).split(path.sep).join("/"),
    failOn: config.drift.failOn,
    failures,
    warnings: applyWarningSettings(stdoutNoiseWarnings(capture), config.warnings).shown,
  };
}

/** Capture every server; those that fail are named, the others still compared. */
async function captureSurvivors(config: ResolvedConfig, only: string[], env: Environment | undefined): Promise<{ capture: RawCapture; failures: CheckFailure[] }> {
  try {
    return { capture: await captureServers(config, { only, ...(env ? { env } : {}) }), failures: [] };
  } catch (error) {
    if (!(error instanceof ServersFailedError) || error.captured === undefined) throw error;
    const failures = error.failures.map((failure, index) => {
      const server = error.failedServers[index];
      return { ...(server === undefined ? {} : { server }), message: failure.toLine() };
    });
    return { capture: error.captured as RawCapture, failures };
  }
}

/** Classify the changes between two snapshots, offline. */
export async function diffFiles(before: string, after: string, options: { configPath?: string; cwd?: string } = {}): Promise<CheckResult> {
  const config = options.configPath ? await loadConfig(options) : undefined;
  const [old, current] = await Promise.all([readSnapshot(before, "argument"), readSnapshot(after, "argument")]);
  const servers = [...new Set([...Object.keys(old.servers), ...Object.keys(current.servers)])].sort();
  if (!config) return { report: diffSnapshots(old, current, {}), servers, failOn: undefined, failures: [] };
  const filters = configFilters(config);
  return { report: diffSnapshots(filterSnapshot(old, filters), filterSnapshot(current, filters), driftOptions(config)), servers, failOn: config.drift.failOn, failures: [] };
}

function pick(snapshot: Snapshot, servers: readonly string[]): Snapshot {
  return { ...snapshot, servers: Object.fromEntries(servers.flatMap((name) => (snapshot.servers[name] ? [[name, snapshot.servers[name]]] : []))) };
}
