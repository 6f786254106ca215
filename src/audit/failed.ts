/** `generate` refused to write because of audit findings (`audit.failOn`). */
import { CodegenError } from "@mcp-codegen/runtime/internal";
import { cleanFinding } from "./report/shared.js";
import { auditLine } from "./report/shared.js";
import type { AuditLevel, AuditReport } from "./types.js";
import { AUDIT_LEVEL_RANK } from "./types.js";

export class AuditFailedError extends CodegenError {
  constructor(
    readonly report: AuditReport,
    readonly failOn: AuditLevel,
  ) {
    super("input", `${auditLine(report)}: findings at audit.failOn "${failOn}" or above, nothing written (mcp-codegen audit lists them)`);
  }

  /** The summary, then one line per failing finding. */
  lines(): string[] {
    const failing = this.report.findings.filter((finding) => finding.allowed === undefined && AUDIT_LEVEL_RANK[finding.level] >= AUDIT_LEVEL_RANK[this.failOn]);
    return [
      this.message,
      ...failing.map((finding) => {
        const fields = cleanFinding(finding);
        return `${finding.level} ${finding.ruleId}: server "${fields.server}" ${fields.entity} ${fields.pointer}: ${fields.message} — ${fields.excerpt} (text hash ${finding.textHash})`;
      }),
    ];
  }
}
