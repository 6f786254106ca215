/**
 * Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`: a summary table, then one
 * table of changes per server. Server text is sanitized, then escaped so it renders as plain
 * text: no markdown, no HTML, no table breakout, no @-mentions.
 */
import { type Level, cleanText, type DriftReport } from "@mcp-codegen/runtime/internal";
import { byServer, cleanFields } from "./shared.js";
import type { RenderOptions } from "./types.js";
import { nothingCompared } from "./text.js";

const HEADING = "## MCP schema drift";
const LEVEL_BADGES: Record<Level, string> = { breaking: "🔴 breaking", dangerous: "🟠 dangerous", safe: "🟢 safe" };

export function renderMarkdown(report: DriftReport, options: RenderOptions = {}): string {
  const failures = failureLines(options);
  if (report.changes.length === 0) {
    const verdict = options.servers === 0 ? nothingCompared(options.failures?.length ?? 0) : failures.length > 0 ? "No drift in the servers checked." : "No drift.";
    return `${[HEADING, "", ...failures, verdict].join("\n")}\n`;
  }
  const { breaking, dangerous, safe, accepted } = report.summary;
  const lines = [
    HEADING,
    "",
    ...failures,
    "| Level | Changes |",
    "| --- | ---: |",
    `| ${LEVEL_BADGES.breaking} | ${breaking} |`,
    `| ${LEVEL_BADGES.dangerous} | ${dangerous} |`,
    `| ${LEVEL_BADGES.safe} | ${safe} |`,
    `| ✅ accepted | ${accepted} |`,
  ];
  for (const [server, changes] of byServer(report.changes)) {
    lines.push("", `### Server ${escapeMarkdown(cleanText(server))}`, "");
    lines.push("| Level | Rule | Entity | Location | Change |", "| --- | --- | --- | --- | --- |");
    for (const change of changes) {
      const fields = cleanFields(change);
      const level = change.accepted === undefined ? LEVEL_BADGES[change.level] : `✅ ${change.level} (accepted)`;
      const message = escapeMarkdown(fields.message) + (fields.accepted === undefined ? "" : `<br>Accepted: ${escapeMarkdown(fields.accepted)}`);
      const location = fields.pointer ? escapeMarkdown(fields.pointer) : "";
      lines.push(`| ${level} | \`${change.ruleId}\` | ${escapeMarkdown(fields.entity)} | ${location} | ${message} |`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** "Could not check" with one item per failure, then a blank line; nothing when all were checked. */
function failureLines(options: RenderOptions): string[] {
  const failures = options.failures ?? [];
  if (failures.length === 0) return [];
  return ["**❌ Could not check:**", "", ...failures.map((failure) => `- ${escapeMarkdown(cleanText(failure.message))}`), ""];
}

/**
 * Plain text in markdown (also inside a table cell and a list item), escaped only where markdown
 * would read it: HTML-significant `<` `>` `&` become entities; the characters that open inline
 * markup (`\\`, `` ` ``, `*`, `_`, `[`, `]`, `~`) and the table's `|` are backslash-escaped; a
 * line-leading `#`, `-`, `+`, `=` or `1.` cannot start a block; a URL scheme (`https:`) and
 * `www.` are broken so GitHub does not turn them into links; `@` gets a zero-width space so it
 * cannot mention anyone. Quotes, slashes, parentheses and the rest stay as written.
 */
export function escapeMarkdown(text: string): string {
  let out = "";
  for (const char of text) {
    const entity = HTML_ENTITIES_MINIMAL[char];
    if (entity) out += entity;
    else if (char === "@") out += "@\u200b";
    else if (INLINE_MARKUP.has(char)) out += `\\${char}`;
    else out += char;
  }
  return out
    .replace(/^([#+=-]|\d+(?=[.)]))/, (lead: string) => (/^\d/.test(lead) ? `${lead}\\` : `\\${lead}`))
    .replace(/([a-z][a-z0-9+.-]*):(?=\/\/)/gi, "$1\\:")
    .replace(/\bwww\./gi, (www: string) => `${www.slice(0, 3)}\\.`);
}

/** What must not reach markdown as HTML. Quotes need nothing outside attributes. */
const HTML_ENTITIES_MINIMAL: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Characters that open inline markup or end a table cell. */
const INLINE_MARKUP: ReadonlySet<string> = new Set(["\\", "`", "*", "_", "[", "]", "~", "|"]);
