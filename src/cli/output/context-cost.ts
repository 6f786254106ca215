/**
 * The context-cost report in words: one line by default (the total per turn and the heaviest
 * tools), a table per server, per tool and per target with `--context-cost`.
 */
import type { ContextCostReport, ServerCost, TargetCost, ToolCost } from "../../context-cost/report.js";
import type { Colors } from "./colors.js";
import { maxOf } from "@mcp-codegen/runtime/internal";

const SHOWN_IN_LINE = 3;

export function contextCostLine(report: ContextCostReport, c: Colors): string {
  const heaviest = report.heaviest.slice(0, SHOWN_IN_LINE).map((tool) => `${tool.server}/${tool.tool} ${tokens(tool.tokens)}`);
  const heavy = heaviest.length === 0 ? "" : `; heaviest: ${heaviest.join(", ")}`;
  return `  ${c.dim("tool context:")} ${targetWords(report.total)} tokens per model turn (${report.encoding})${heavy} ${c.dim("(--context-cost for the table)")}`;
}

export function contextCostTable(report: ContextCostReport, c: Colors): string[] {
  const heads = report.total.map(targetName);
  const lines = [
    `Tool context: tokens of the tool definitions sent to the model on every turn (${report.encoding}; exact for ${report.exactFor}).`,
    ...table(["server", "tools", ...heads], [...report.servers.map(serverRow), ["total", String(report.tools.length), ...report.total.map((target) => tokens(target.tokens))]]),
    "",
    c.dim("Per tool, heaviest first:"),
    ...table(["tool", ...heads], report.tools.map(toolRow)),
  ];
  const suggestions = report.servers.filter((server) => server.suggestion !== undefined);
  if (suggestions.length > 0) lines.push("", c.dim("Cut the most with the fewest tools (the server's `exclude` in codegen.config):"));
  for (const server of suggestions) {
    const suggestion = server.suggestion!;
    lines.push(`  ${server.server}: exclude ${JSON.stringify(suggestion.exclude)} saves ${tokens(suggestion.saves)} tokens (${Math.round(suggestion.share * 100)}% of ${server.server}, ${suggestion.target})`);
  }
  return lines;
}

function serverRow(server: ServerCost): string[] {
  return [server.server, String(server.tools), ...server.targets.map((target) => tokens(target.tokens))];
}

function toolRow(tool: ToolCost): string[] {
  return [`${tool.server}/${tool.tool}`, ...tool.targets.map((target) => tokens(target.tokens))];
}

/** `1,234 (langchain, ai-sdk), 1,100 (openai-agents openai-strict)`: targets with equal counts together. */
function targetWords(total: readonly TargetCost[]): string {
  const groups = new Map<number, string[]>();
  for (const target of total) groups.set(target.tokens, [...(groups.get(target.tokens) ?? []), targetName(target)]);
  if (groups.size === 0) return "0";
  return [...groups].map(([count, names]) => `${tokens(count)} (${names.join(", ")})`).join(", ");
}

function targetName(target: Omit<TargetCost, "tokens">): string {
  return target.modelSchema === "exact" ? target.target : `${target.target} ${target.modelSchema}`;
}

function tokens(n: number): string {
  return groupThousands(n);
}

/**
 * `12345` → `12,345`, as `toLocaleString("en-US")` prints a whole number. Not that call itself:
 * its first use loads ICU's number formatting, 20 to 30 ms of every `generate` that prints.
 */
export function groupThousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(?:\d{3})+$)/g, ",");
}

/** Left-aligned first column, right-aligned figures, two spaces apart. */
function table(head: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = head.map((cell, index) => maxOf(rows.map((row) => (row[index] ?? "").length), cell.length));
  const line = (row: readonly string[]): string =>
    `  ${row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join("  ")}`.trimEnd();
  return [line(head), ...rows.map(line)];
}
