/**
 * `check`'s use of the audit: findings on the live text that the committed text did not have
 * become drift changes (`audit-finding-introduced`), so a rug pull is reported with what the new
 * text does, not only that it changed. Error-level findings are breaking, warnings dangerous,
 * notes safe; acknowledged findings (`audit.allow`) are reported as accepted.
 */
import { cleanText, type Change, type DriftEntityKind, type DriftReport, type Level } from "@mcp-codegen/runtime/internal";
import type { AuditEntityKind, AuditLevel, AuditReport, Finding } from "./types.js";

const DRIFT_LEVELS: Record<AuditLevel, Level> = { error: "breaking", warning: "dangerous", note: "safe" };
const DRIFT_KINDS: Record<AuditEntityKind, DriftEntityKind> = { server: "server", tool: "tool", prompt: "prompt", resource: "resource", resourceTemplate: "resourceTemplate", skill: "skill" };

/** The findings of `live` that `committed` does not have (by fingerprint), one per rule and string. */
export function introducedFindings(committed: Pick<AuditReport, "findings">, live: Pick<AuditReport, "findings">): Finding[] {
  const known = new Set(committed.findings.map((finding) => finding.fingerprint));
  const reported = new Set<string>();
  return live.findings.filter((finding) => {
    const key = `${finding.ruleId}\u0000${finding.snapshotPointer}`;
    if (known.has(finding.fingerprint) || reported.has(key)) return false;
    reported.add(key);
    return true;
  });
}

/** `report` with a change per introduced finding, counted in its summary. */
export function withAuditChanges(report: DriftReport, introduced: readonly Finding[]): DriftReport {
  if (introduced.length === 0) return report;
  const changes = [...report.changes, ...introduced.map(toChange)];
  const summary = { breaking: 0, dangerous: 0, safe: 0, accepted: 0 };
  for (const change of changes) {
    if (change.accepted !== undefined) summary.accepted += 1;
    else summary[change.level] += 1;
  }
  return { ...report, changes, summary };
}

function toChange(finding: Finding): Change {
  const subject = `${finding.ruleId} (${finding.level})`;
  return {
    ruleId: "audit-finding-introduced",
    level: DRIFT_LEVELS[finding.level],
    server: finding.server,
    entity: { kind: DRIFT_KINDS[finding.entity.kind], name: finding.entity.name },
    pointer: finding.pointer,
    message: `Introduces audit finding ${subject}: ${cleanText(finding.message, 160)}: ${finding.excerpt}`,
    after: finding.excerpt,
    ...(finding.allowed === undefined ? {} : { accepted: `audit.allow: ${finding.allowed}` }),
  };
}
