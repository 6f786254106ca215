/**
 * GitHub Actions workflow commands: one annotation per finding at its line and column of the
 * snapshot file (`::error` / `::warning` / `::notice`; acknowledged ones as notices). Escaped as
 * the runner requires (drift's escaping), so server text can neither end the command nor start
 * another. The CLI also appends the markdown report to `$GITHUB_STEP_SUMMARY`.
 */
import { escapeData, escapeProperty } from "../../drift/report/github.js";
import type { AuditLevel, AuditReport, Finding } from "../types.js";
import { auditLine, cleanFinding } from "./shared.js";

const COMMANDS: Record<AuditLevel, string> = { error: "error", warning: "warning", note: "notice" };

export function renderAuditGithub(report: AuditReport): string {
  const summary = `::notice title=${escapeProperty("MCP audit")}::${escapeData(auditLine(report))}\n`;
  return report.findings.map((finding) => annotation(report, finding)).join("") + summary;
}

function annotation(report: AuditReport, finding: Finding): string {
  const fields = cleanFinding(finding);
  const command = finding.allowed === undefined ? COMMANDS[finding.level] : "notice";
  const properties: string[] = [];
  if (report.snapshotFile !== undefined) properties.push(`file=${escapeProperty(report.snapshotFile)}`);
  if (finding.region) {
    const { startLine, startColumn, endLine, endColumn } = finding.region;
    properties.push(`line=${startLine}`, `endLine=${endLine}`);
    // The runner takes columns only on one line.
    if (startLine === endLine) properties.push(`col=${startColumn}`, `endColumn=${endColumn}`);
  }
  properties.push(`title=${escapeProperty(`MCP audit: ${finding.ruleId} (${finding.level}${finding.allowed === undefined ? "" : ", acknowledged"})`)}`);
  const message = `[${fields.server}] ${fields.entity} ${fields.pointer}: ${fields.message} — ${fields.excerpt}${fields.allowed === undefined ? "" : ` (acknowledged: ${fields.allowed})`}`;
  return `::${command} ${properties.join(",")}::${escapeData(message)}\n`;
}
