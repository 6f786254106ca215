/**
 * Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`: the counts, then a table of
 * findings per server. Server text is sanitized and escaped (drift's `escapeMarkdown`): no
 * markdown, no HTML, no table breakout, no @-mentions.
 */
import { cleanText } from "@mcp-codegen/runtime/internal";
import { escapeMarkdown } from "../../drift/report/markdown.js";
import type { AuditLevel, AuditReport } from "../types.js";
import { auditLine, byServer, cleanFinding } from "./shared.js";

const HEADING = "## MCP tool-text audit";
const LEVEL_BADGES: Record<AuditLevel, string> = { error: "🔴 error", warning: "🟠 warning", note: "🔵 note" };

export function renderAuditMarkdown(report: AuditReport): string {
  const { error, warning, note, allowed } = report.summary;
  const lines = [HEADING, "", escapeMarkdown(auditLine(report))];
  if (report.findings.length === 0) return `${lines.join("\n")}\n`;
  lines.push("", "| Level | Findings |", "| --- | ---: |", `| ${LEVEL_BADGES.error} | ${error} |`, `| ${LEVEL_BADGES.warning} | ${warning} |`, `| ${LEVEL_BADGES.note} | ${note} |`, `| ✅ acknowledged | ${allowed} |`);
  for (const [server, findings] of byServer(report.findings)) {
    lines.push("", `### Server ${escapeMarkdown(cleanText(server))}`, "", "| Level | Rule | Entity | Location | Finding | Text |", "| --- | --- | --- | --- | --- | --- |");
    for (const finding of findings) {
      const fields = cleanFinding(finding);
      const level = finding.allowed === undefined ? LEVEL_BADGES[finding.level] : `✅ ${finding.level} (acknowledged)`;
      const line = finding.region && report.snapshotFile ? ` (line ${finding.region.startLine})` : "";
      const message = escapeMarkdown(fields.message) + (finding.stripped ? "<br>Stripped from generated code." : "") + (fields.allowed === undefined ? "" : `<br>Acknowledged: ${escapeMarkdown(fields.allowed)}`);
      lines.push(`| ${level} | \`${finding.ruleId}\` | ${escapeMarkdown(fields.entity)} | ${escapeMarkdown(fields.pointer)}${line} | ${message} | ${escapeMarkdown(fields.excerpt)} |`);
    }
  }
  return `${lines.join("\n")}\n`;
}
