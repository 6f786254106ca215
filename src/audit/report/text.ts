/** Terminal report: grouped by server, a line per finding and a line for its excerpt; ANSI colour when asked. */
import { cleanText } from "@mcp-codegen/runtime/internal";
import type { AuditLevel, AuditReport } from "../types.js";
import { auditLine, byServer, cleanFinding } from "./shared.js";
import type { AuditRenderOptions } from "./types.js";

const LEVEL_COLOURS: Record<AuditLevel, string> = { error: "31", warning: "33", note: "36" };

export function renderAuditText(report: AuditReport, options: AuditRenderOptions = {}): string {
  const paint = (code: string, text: string): string => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines: string[] = [];
  for (const [server, findings] of byServer(report.findings)) {
    lines.push(paint("1", `server "${cleanText(server)}"`));
    for (const finding of findings) {
      const fields = cleanFinding(finding);
      const level = paint(finding.allowed === undefined ? LEVEL_COLOURS[finding.level] : "2", finding.level.padEnd(7));
      const at = finding.region && report.snapshotFile ? ` (${report.snapshotFile}:${finding.region.startLine}:${finding.region.startColumn})` : "";
      lines.push(`  ${level} ${finding.ruleId.padEnd(26)} ${fields.entity} ${fields.pointer}: ${fields.message}${at}`);
      const notes = [`text hash ${finding.textHash}`, ...(finding.stripped ? ["stripped from generated code"] : []), ...(fields.allowed === undefined ? [] : [`acknowledged: ${fields.allowed}`])];
      lines.push(`          ${paint("2", `${fields.excerpt}  [${notes.join("; ")}]`)}`);
    }
  }
  if (lines.length > 0) lines.push("");
  lines.push(auditLine(report));
  return `${lines.join("\n")}\n`;
}
