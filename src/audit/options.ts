/** The config's `audit` settings as `AuditOptions`, validated: an unknown rule id is a config error naming its key path. */
import path from "node:path";
import { CodegenError } from "@mcp-codegen/runtime/internal";
import type { ResolvedConfig } from "../config/load.js";
import { didYouMean } from "../config/suggest.js";
import { AUDIT_RULE_IDS } from "./rules.js";
import type { AuditOptions } from "./engine.js";

export function auditOptions(config: ResolvedConfig): AuditOptions {
  const { rules, allow } = config.audit;
  const at = (key: string) => `${path.basename(config.configPath)}: ${key}`;
  for (const id of Object.keys(rules ?? {})) checkRuleId(id, at(`audit.rules.${id}`));
  allow?.forEach((entry, index) => checkRuleId(entry.rule, at(`audit.allow[${index}].rule`)));
  return { ...(rules ? { rules } : {}), ...(allow ? { allow } : {}) };
}

function checkRuleId(id: string, subject: string): void {
  if (AUDIT_RULE_IDS.includes(id)) return;
  const guess = didYouMean(id, AUDIT_RULE_IDS);
  const hint = guess ? ` (did you mean "${guess}"?)` : " (the rule ids are listed in docs/security.md)";
  throw new CodegenError("config", `unknown audit rule id "${id}"${hint}`, { subject });
}
