/** `--format json`: the `AuditReport` itself (see ../types.ts), raw server text JSON-escaped. */
import type { AuditReport } from "../types.js";

export function renderAuditJson(report: AuditReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
