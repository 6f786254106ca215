/**
 * The end of a `generate` run: problems (warnings, notes, stale files) for stderr, and for
 * stdout a line per server, the changed files and the totals with the elapsed time.
 */
import type { GenerateReport, ServerSummary } from "../../pipeline.js";
import type { Colors } from "./colors.js";
import { count, duration, listingWords } from "./words.js";
import { contextCostLine, contextCostTable } from "./context-cost.js";
import { auditLine, renderAudit } from "../../audit/report/index.js";
import { groupWarnings, type WarningGroup } from "../../warnings/apply.js";
import { pushAll } from "@mcp-codegen/runtime/internal";

export interface SummaryLines {
  out: string[];
  err: string[];
}

export function summaryLines(
  report: GenerateReport,
  colors: { out: Colors; err: Colors },
  options: { quiet: boolean; capturedShown: boolean; contextCostTable?: boolean; verbose?: boolean },
): SummaryLines {
  // --quiet: failures only (stale files with --check); warnings and notes are left out.
  const err = [...problemLines(report, colors.err, options.quiet), ...auditProblemLines(report, colors.err, options)];
  const c = colors.out;
  if (options.quiet) return { out: [], err };
  const out: string[] = [auditSummaryLine(report, c)];
  // Servers already shown by the progress lines are not listed again (their warnings are
  // counted in the totals and printed one per line on stderr).
  for (const server of report.servers) {
    if (!options.capturedShown || server.source === "snapshot") out.push(serverLine(server, c));
  }
  const all = [report.snapshot, ...report.files];
  if (report.contextCost) pushAll(out, options.contextCostTable ? contextCostTable(report.contextCost, c) : [contextCostLine(report.contextCost, c)]);
  if (report.check) {
    if (!report.stale) out.push(`${c.green("✔")} Generated files are up to date (${count(report.files.length, "file")}, ${report.mode}) in ${duration(report.elapsedMs)}.`);
    return { out, err };
  }
  const changed = all.filter((file) => file.status !== "unchanged");
  for (const file of changed) out.push(`  ${c.dim(file.status)} ${file.path}`);
  const totals = report.servers.reduce(
    (sum, server) => ({
      tools: sum.tools + server.tools,
      resources: sum.resources + server.resources,
      resourceTemplates: sum.resourceTemplates + server.resourceTemplates,
      prompts: sum.prompts + server.prompts,
    }),
    { tools: 0, resources: 0, resourceTemplates: 0, prompts: 0 },
  );
  const silenced = report.silencedWarnings > 0 ? `, ${count(report.silencedWarnings, "warning")} acknowledged in the config` : "";
  const warnings = (report.warnings.length > 0 ? `, ${c.yellow(count(report.warnings.length, "warning"))}` : "") + silenced;
  out.push(
    `${c.green("✔")} ${count(report.servers.length, "server")} (${listingWords(totals)}${warnings}) → ${report.outDir}/: ` +
      `${changed.length} changed, ${all.length - changed.length} unchanged, in ${duration(report.elapsedMs)} (${report.mode}).`,
  );
  return { out, err };
}

function serverLine(server: ServerSummary, c: Colors): string {
  const source = server.source === "snapshot" ? "from the snapshot" : duration(server.ms ?? 0);
  const warnings = server.warnings > 0 ? `, ${c.yellow(count(server.warnings, "warning"))}` : "";
  return `${c.green("✔")} ${server.name}: ${listingWords(server)}${warnings} (${source})`;
}

/** The audit's one line: a check mark when nothing needs a look, the counts either way. */
function auditSummaryLine(report: GenerateReport, c: Colors): string {
  const { error, warning } = report.audit.summary;
  const mark = error > 0 ? c.red("✖") : warning > 0 ? c.yellow("!") : c.green("✔");
  return `${mark} ${auditLine(report.audit)}${error + warning > 0 ? " (mcp-codegen audit or generate --verbose lists them)" : ""}`;
}

/** With `--verbose`, every finding (stderr); quiet, the audit line when it found errors or warnings. */
function auditProblemLines(report: GenerateReport, c: Colors, options: { quiet: boolean; verbose?: boolean }): string[] {
  if (options.verbose && report.audit.findings.length > 0) return renderAudit(report.audit, "text", { color: c.isColorSupported }).trimEnd().split("\n");
  const { error, warning } = report.audit.summary;
  return options.quiet && error + warning > 0 ? [auditLine(report.audit)] : [];
}

function problemLines(report: GenerateReport, c: Colors, quiet: boolean): string[] {
  const err: string[] = [];
  if (!quiet) {
    for (const group of groupWarnings(report.warnings)) err.push(warningLine(group, c));
    for (const note of report.notes) err.push(`${c.cyan("note")}: ${note.subject}: ${note.message}`);
  }
  if (report.check && report.stale) {
    err.push(`Stale generated files (run \`mcp-codegen generate${report.mode === "offline" ? " --offline" : ""}\`):`);
    for (const file of [report.snapshot, ...report.files]) {
      if (file.status === "stale" || file.status === "extra") err.push(`  ${file.status === "extra" ? "not generated any more" : "differs"}: ${file.path}`);
    }
  }
  return err;
}

/**
 * `warning: <subject> <pointer>: <message> [rule-id]`; when the same rule fired more than once on
 * the server, the first occurrence and `[rule-id: N on server "x", the first shown]`.
 */
export function warningLine(group: WarningGroup, c: Colors): string {
  const { first } = group;
  const where = group.count > 1 && group.server !== undefined ? `: ${group.count} on server ${JSON.stringify(group.server)}, the first shown` : "";
  return `${c.yellow("warning")}: ${first.subject} ${first.pointer}: ${first.message} ${c.dim(`[${group.rule}${where}]`)}`;
}

/** `--json`: the whole run as one document (version 1; only grows by optional fields). */
export function jsonReport(report: GenerateReport): string {
  return `${JSON.stringify(
    {
      version: 1,
      ok: true,
      mode: report.mode,
      check: report.check,
      stale: report.stale,
      outDir: report.outDir,
      elapsedMs: report.elapsedMs,
      servers: report.servers,
      files: [report.snapshot, ...report.files],
      warnings: report.warnings,
      silencedWarnings: report.silencedWarnings,
      notes: report.notes,
      ...(report.contextCost ? { contextCost: report.contextCost } : {}),
      stages: report.stages,
      ...(report.renderedAhead ? { renderedAhead: report.renderedAhead } : {}),
      audit: report.audit,
    },
    null,
    2,
  )}\n`;
}

/** `--json` when the run failed: every failure, one entry each. */
export function jsonFailure(lines: readonly string[]): string {
  return `${JSON.stringify({ version: 1, ok: false, errors: lines.map((message) => ({ message })) }, null, 2)}\n`;
}
