/**
 * `--format json`: the `DriftReport` itself (see its doc comment in ../types.ts), raw server text
 * JSON-escaped; `failures` (servers that could not be checked) only when there are some.
 */
import type { DriftReport } from "@mcp-codegen/runtime/internal";
import type { RenderOptions } from "./types.js";

export function renderJson(report: DriftReport, options: RenderOptions = {}): string {
  const failures = options.failures ?? [];
  return `${JSON.stringify(failures.length === 0 ? report : { ...report, failures }, null, 2)}\n`;
}
