/** What `generate()` reports: per server, per file, and the run's warnings, audit and timings. */
import type { AuditReport } from "./audit/index.js";
import type { ContextCostReport } from "./context-cost/report.js";
import type { EmitWarning } from "./emit/server-module.js";
import type { NamingNote } from "./normalize/normalize.js";
import type { AheadOutcome } from "./render-ahead.js";
import type { StageTiming } from "./stages.js";
import type { FileReport } from "./write/write.js";

/** What one server contributed to the run. */
export interface ServerSummary {
  name: string;
  /** "live": captured in this run; "snapshot": taken from the committed snapshot. */
  source: "live" | "snapshot";
  tools: number;
  resources: number;
  resourceTemplates: number;
  prompts: number;
  /** Capture time (connect, initialise, list) of a live server, in ms. */
  ms?: number;
  /** Warnings of this server's generated code. */
  warnings: number;
}

export interface GenerateReport {
  mode: "online" | "offline";
  check: boolean;
  outDir: string;
  /** The snapshot file, relative to the config's folder. */
  snapshot: FileReport;
  /** Generated files, paths relative to the config's folder. */
  files: FileReport[];
  /** Each with its rule id; those the config's `warnings` turns off are left out and counted in `silencedWarnings`. */
  warnings: EmitWarning[];
  /** Warnings acknowledged by the config's `warnings` (not in `warnings`). */
  silencedWarnings: number;
  notes: NamingNote[];
  /** With `check`: whether anything differs from disk. */
  stale: boolean;
  /** Per server, in name order. */
  servers: ServerSummary[];
  /** Wall time of the whole run, in ms. */
  elapsedMs: number;
  /** Tokens of the emitted tools per server, tool and target (unless `contextCost: false`). */
  contextCost?: ContextCostReport;
  /** Wall time per stage, every stage in pipeline order. */
  stages: StageTiming[];
  /** The audit of the snapshot the code was generated from (docs/security.md). */
  audit: AuditReport;
  /**
   * Online, when the output was prepared ahead from the committed snapshot while the servers
   * started (render-ahead.ts): `used` when the listings were the committed ones, else `dropped`.
   */
  renderedAhead?: AheadOutcome;
}
