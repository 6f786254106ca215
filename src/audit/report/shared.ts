/** What every audit report format shares: entity labels, sanitized fields, the summary sentence. */
import { cleanText } from "@mcp-codegen/runtime/internal";
import type { AuditEntityKind, AuditReport, AuditSummary, Finding } from "../types.js";

const KIND_LABELS: Record<AuditEntityKind, string> = {
  server: "server instructions",
  tool: "tool",
  prompt: "prompt",
  resource: "resource",
  resourceTemplate: "resource template",
  skill: "skill",
};

/** `tool "read_file"`; for the server's own text, `server instructions`. */
export function entityLabel(finding: Finding): string {
  return finding.entity.kind === "server" ? KIND_LABELS.server : `${KIND_LABELS[finding.entity.kind]} "${cleanText(finding.entity.name)}"`;
}

/** `server/tool`, the logical location of a finding. */
export function logicalName(finding: Finding): string {
  return finding.entity.kind === "server" ? finding.server : `${finding.server}/${finding.entity.name}`;
}

/** Sanitized fields of a finding, ready for any format's own escaping (the excerpt already shows invisible characters as escapes). */
export function cleanFinding(finding: Finding): { server: string; entity: string; pointer: string; message: string; excerpt: string; allowed: string | undefined } {
  return {
    server: cleanText(finding.server),
    entity: entityLabel(finding),
    pointer: cleanText(finding.pointer),
    message: cleanText(finding.message, 240),
    excerpt: cleanText(finding.excerpt, 200),
    allowed: finding.allowed === undefined ? undefined : cleanText(finding.allowed),
  };
}

export function byServer(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) groups.set(finding.server, [...(groups.get(finding.server) ?? []), finding]);
  return groups;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function summaryLine(summary: AuditSummary): string {
  return `${plural(summary.error, "error")}, ${plural(summary.warning, "warning")}, ${plural(summary.note, "note")}, ${summary.allowed} acknowledged`;
}

/** How many findings had their characters stripped from generated code. */
export function strippedCount(report: AuditReport): number {
  return report.findings.filter((finding) => finding.stripped).length;
}

/** The one line `generate` prints and every format ends with. */
export function auditLine(report: AuditReport): string {
  const stripped = strippedCount(report);
  const strip = stripped === 0 ? "" : `; hidden characters of ${plural(stripped, "finding")} stripped from generated code`;
  return `audit: ${summaryLine(report.summary)} in ${plural(report.strings, "string")} of ${plural(report.servers.length, "server")}${strip}`;
}
