/** Audit report formats: a table of format → renderer (the drift report's formats, plus SARIF). */
import type { AuditReport } from "../types.js";
import { renderAuditGithub } from "./github.js";
import { renderAuditJson } from "./json.js";
import { renderAuditMarkdown } from "./markdown.js";
import { renderAuditSarif } from "./sarif.js";
import { renderAuditText } from "./text.js";
import type { AuditRenderOptions, AuditRenderer } from "./types.js";

export type { AuditRenderOptions } from "./types.js";
export { auditLine, summaryLine } from "./shared.js";

export const AUDIT_RENDERERS = {
  text: renderAuditText,
  json: renderAuditJson,
  markdown: renderAuditMarkdown,
  github: renderAuditGithub,
  sarif: renderAuditSarif,
} as const satisfies Record<string, AuditRenderer>;

export type AuditFormat = keyof typeof AUDIT_RENDERERS;

export const AUDIT_FORMATS = Object.keys(AUDIT_RENDERERS) as AuditFormat[];

/** The report as text in `format`; always ends with a newline. */
export function renderAudit(report: AuditReport, format: AuditFormat, options: AuditRenderOptions = {}): string {
  return AUDIT_RENDERERS[format](report, options);
}
