/** Report formats: a table of format → renderer. */
import type { DriftReport } from "@mcp-codegen/runtime/internal";
import { renderGithub } from "./github.js";
import { renderJson } from "./json.js";
import { renderMarkdown } from "./markdown.js";
import { renderText } from "./text.js";
import type { RenderOptions, Renderer } from "./types.js";

export type { RenderOptions, ReportFailure } from "./types.js";

export const RENDERERS = {
  text: renderText,
  json: renderJson,
  markdown: renderMarkdown,
  github: renderGithub,
} as const satisfies Record<string, Renderer>;

export type ReportFormat = keyof typeof RENDERERS;

export const REPORT_FORMATS = Object.keys(RENDERERS) as ReportFormat[];

/** The report as text in `format`; always ends with a newline. */
export function renderReport(report: DriftReport, format: ReportFormat, options: RenderOptions = {}): string {
  return RENDERERS[format](report, options);
}
