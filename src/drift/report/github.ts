/**
 * GitHub Actions workflow commands: one `::error` (breaking), `::warning` (dangerous) or
 * `::notice` (safe, accepted) annotation per change. Data and property values are escaped as
 * the runner requires, so server text can neither end the command nor start another one.
 */
import { cleanText, type Level, type Change, type DriftReport } from "@mcp-codegen/runtime/internal";
import { cleanFields } from "./shared.js";
import type { RenderOptions } from "./types.js";
import { nothingCompared } from "./text.js";

const COMMANDS: Record<Level, string> = { breaking: "error", dangerous: "warning", safe: "notice" };

export function renderGithub(report: DriftReport, options: RenderOptions = {}): string {
  const failures = (options.failures ?? []).map((failure) => `::error ${properties(options, "MCP drift: could not check")}::${escapeData(cleanText(failure.message))}\n`);
  if (report.changes.length === 0 && failures.length === 0) return `::notice ${properties(options, "MCP drift")}::${options.servers === 0 ? nothingCompared(0) : "No drift."}\n`;
  return [...failures, ...report.changes.map((change) => annotation(change, options))].join("");
}

function annotation(change: Change, options: RenderOptions): string {
  const fields = cleanFields(change);
  const command = change.accepted === undefined ? COMMANDS[change.level] : "notice";
  const title = `MCP drift: ${change.ruleId} (${change.level}${change.accepted === undefined ? "" : ", accepted"})`;
  const where = fields.pointer ? ` ${fields.pointer}` : "";
  const accepted = fields.accepted === undefined ? "" : ` (accepted: ${fields.accepted})`;
  const message = `[${fields.server}] ${fields.entity}${where}: ${fields.message}${accepted}`;
  return `::${command} ${properties(options, title)}::${escapeData(message)}\n`;
}

function properties(options: RenderOptions, title: string): string {
  const parts = options.file === undefined ? [] : [`file=${escapeProperty(options.file)}`];
  parts.push(`title=${escapeProperty(title)}`);
  return parts.join(",");
}

/** Message escaping of the Actions runner (`%`, CR, LF). */
export function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Property escaping: as data, plus `:` and `,` which delimit properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
