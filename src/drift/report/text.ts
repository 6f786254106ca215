/** Terminal report: grouped by server, one line per change; ANSI colour when asked. */
import { type Level, cleanText, type DriftReport } from "@mcp-codegen/runtime/internal";
import { byServer, cleanFields, summaryLine } from "./shared.js";
import type { RenderOptions } from "./types.js";

const LEVEL_COLOURS: Record<Level, string> = { breaking: "31", dangerous: "33", safe: "32" };

export function renderText(report: DriftReport, options: RenderOptions = {}): string {
  // The failures themselves go to stderr, one line each (the CLI prints them in every format).
  const failed = options.failures?.length ?? 0;
  if (report.changes.length === 0 && options.servers === 0) return `${nothingCompared(failed)}\n`;
  if (report.changes.length === 0 && failed > 0) return `${noDrift(options.servers)} ${failed} could not be checked.\n`;
  if (report.changes.length === 0) return `${noDrift(options.servers)}\n`;
  const paint = (code: string, text: string): string => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines: string[] = [];
  for (const [server, changes] of byServer(report.changes)) {
    lines.push(paint("1", `server "${cleanText(server)}"`));
    for (const change of changes) {
      const fields = cleanFields(change);
      const level = paint(change.accepted === undefined ? LEVEL_COLOURS[change.level] : "2", change.level.padEnd(9));
      const where = fields.pointer ? ` ${fields.pointer}` : "";
      const accepted = fields.accepted === undefined ? "" : ` (accepted: ${fields.accepted})`;
      lines.push(`  ${level} ${change.ruleId.padEnd(38)} ${fields.entity}${where}: ${fields.message}${accepted}`);
    }
  }
  lines.push("", summaryLine(report.summary));
  return `${lines.join("\n")}\n`;
}

/** No server was compared (all failed, or none to compare): "No drift" would claim a comparison that never happened. */
export function nothingCompared(failed: number): string {
  return failed > 0 ? `Nothing compared: no server could be checked (${failed} failed).` : "Nothing compared: no server to check.";
}

function noDrift(servers: number | undefined): string {
  if (servers === undefined) return "No drift.";
  return `No drift: ${servers} ${servers === 1 ? "server matches" : "servers match"} the snapshot.`;
}
