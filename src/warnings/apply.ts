/**
 * What a run does with its warnings: each gets its rule id (rules.ts), those the config
 * acknowledges (`warnings: { "<rule id>" | "<server>.<tool glob>": "off" }`) are counted instead
 * of shown, and the rest are grouped for output: the same rule on the same server is one line
 * with a count and the first occurrence.
 */
import { CodegenError, globMatcher } from "@mcp-codegen/runtime/internal";
import type { EmitWarning } from "../emit/server-module.js";
import { didYouMean } from "../config/suggest.js";
import { OTHER_WARNING_RULE, WARNING_RULE_IDS, WARNING_RULES } from "./rules.js";

/** The config's `warnings`: key → "off". */
export type WarningSettings = Readonly<Record<string, "off">>;

export interface WarningGroup {
  rule: string;
  /** The server the warnings are about (none for a package warning). */
  server: string | undefined;
  count: number;
  /** The first of them, in the run's order (server, tool, JSON pointer). */
  first: EmitWarning;
}

export function ruleOf(warning: EmitWarning): string {
  return warning.rule ?? WARNING_RULES.find((rule) => rule.match.test(warning.message))?.id ?? OTHER_WARNING_RULE;
}

/** `tool "s/t"` → server s, tool t; `server "s"` → server s; anything else (a package) → neither. */
export function warningTarget(warning: EmitWarning): { server?: string; tool?: string } {
  const tool = /^tool "([^/"]*)\/(.*)"$/s.exec(warning.subject);
  if (tool) return { server: tool[1] as string, tool: tool[2] as string };
  const server = /^server "(.*)"$/s.exec(warning.subject);
  return server ? { server: server[1] as string } : {};
}

/** A key without a dot must be a rule id; one with a dot is a `server.tool` glob. Throws a config error naming the key. */
export function validateWarningSettings(settings: WarningSettings): void {
  for (const key of Object.keys(settings)) {
    if (key.includes(".") || WARNING_RULE_IDS.includes(key)) continue;
    const guess = didYouMean(key, WARNING_RULE_IDS);
    const hint = guess ? `did you mean "${guess}"? ` : "";
    throw new CodegenError("config", `unknown warning rule id (${hint}a key is a rule id from docs/cli.md#warnings or a "server.tool" glob)`, { subject: `warnings.${JSON.stringify(key)}` });
  }
}

/** Rule ids set; those the settings turn off removed and counted. */
export function applyWarningSettings(warnings: readonly EmitWarning[], settings: WarningSettings = {}): { shown: EmitWarning[]; silenced: number } {
  const keys = Object.keys(settings);
  const rules = new Set(keys.filter((key) => !key.includes(".")));
  const targets = keys.filter((key) => key.includes("."));
  const matchesTarget = targets.length === 0 ? () => false : globMatcher(targets);
  const shown: EmitWarning[] = [];
  let silenced = 0;
  for (const warning of warnings) {
    const rule = ruleOf(warning);
    const { server, tool } = warningTarget(warning);
    const off = rules.has(rule) || (server !== undefined && matchesTarget(`${server}.${tool ?? ""}`));
    if (off) silenced++;
    else shown.push({ rule, ...warning });
  }
  return { shown, silenced };
}

const UNGROUPED_RULES: ReadonlySet<string> = new Set(["list-unavailable", "skill-refused"]);

/** One group per rule and server, in the order their first warnings came. */
export function groupWarnings(warnings: readonly EmitWarning[]): WarningGroup[] {
  const groups = new Map<string, WarningGroup>();
  for (const warning of warnings) {
    const rule = ruleOf(warning);
    const { server } = warningTarget(warning);
    // A package warning names no server, and each unanswered list or refused skill is its own
    // news (its method and error, its skill and reason): those stay one line each.
    const key = server === undefined || UNGROUPED_RULES.has(rule) ? `\u0000${groups.size}` : JSON.stringify([rule, server]);
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { rule, server, count: 1, first: warning });
  }
  return [...groups.values()];
}
