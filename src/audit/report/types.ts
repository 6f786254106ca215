import type { AuditReport } from "../types.js";

export interface AuditRenderOptions {
  /** ANSI colours (text format). */
  color?: boolean;
}

export type AuditRenderer = (report: AuditReport, options?: AuditRenderOptions) => string;
