/** `--format json`: the `DriftReport` itself (see its doc comment in ../types.ts), raw server text JSON-escaped. */
import type { DriftReport } from "@mcp-codegen/runtime/internal";

export function renderJson(report: DriftReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
