/**
 * The user's say over the rule table: re-level rules (globally or per server / entity glob),
 * turn them off, and accept reviewed changes. Then the summary and the fail decision.
 */
import { CodegenError } from "../shared/errors.js";
import { globMatcher } from "../shared/listing-snapshot.js";
import { LEVEL_RANK, LEVELS, isRuleId, type Level } from "./rules.js";
import type { Change, DriftAcceptance, DriftOptions, DriftOverride, DriftReport, DriftSummary, FailThreshold, RuleSetting } from "./types.js";

/** Throws a `config` CodegenError naming the first unknown rule id or level. */
export function validateDriftOptions(options: DriftOptions): void {
  checkRules(options.rules, "drift.rules");
  options.overrides?.forEach((override, index) => checkRules(override.rules, `drift.overrides[${index}].rules`));
  options.accept?.forEach((acceptance, index) => {
    const at = `drift.accept[${index}]`;
    if (!isRuleId(acceptance.ruleId)) throw unknownRule(acceptance.ruleId, `${at}.ruleId`);
    if (typeof acceptance.reason !== "string" || acceptance.reason.trim() === "") {
      throw new CodegenError("config", "an accepted change needs a non-empty reason", { subject: `${at}.reason` });
    }
  });
}

function checkRules(rules: Partial<Record<string, RuleSetting>> | undefined, at: string): void {
  for (const [id, setting] of Object.entries(rules ?? {})) {
    if (!isRuleId(id)) throw unknownRule(id, `${at}.${id}`);
    if (setting !== "off" && !(LEVELS as readonly string[]).includes(String(setting))) {
      throw new CodegenError("config", `"${String(setting)}" is not a level (breaking, dangerous, safe, off)`, { subject: `${at}.${id}` });
    }
  }
}

function unknownRule(id: string, at: string): CodegenError {
  return new CodegenError("config", `unknown drift rule id "${id}"`, { subject: at });
}

/** Re-level, drop `off` rules, mark accepted changes, and count. */
export function applyPolicy(changes: readonly Change[], options: DriftOptions): DriftReport {
  const kept: Change[] = [];
  for (const change of changes) {
    const setting = settingFor(change, options);
    if (setting === "off") continue;
    const acceptance = options.accept?.find((candidate) => accepts(candidate, change));
    kept.push({ ...change, level: setting, ...(acceptance ? { accepted: acceptance.reason } : {}) });
  }
  return { version: 1, changes: kept, summary: summarize(kept) };
}

function settingFor(change: Change, options: DriftOptions): RuleSetting {
  let setting: RuleSetting = options.rules?.[change.ruleId] ?? change.level;
  for (const override of options.overrides ?? []) {
    const overridden = override.rules[change.ruleId];
    if (overridden !== undefined && overrideMatches(override, change)) setting = overridden;
  }
  return setting;
}

function overrideMatches(override: DriftOverride, change: Change): boolean {
  if (override.server !== undefined && !globMatches(override.server, change.server)) return false;
  if (override.tool === undefined) return true;
  return change.entity.kind !== "server" && globMatches(override.tool, change.entity.name);
}

function accepts(acceptance: DriftAcceptance, change: Change): boolean {
  if (acceptance.server !== change.server || acceptance.ruleId !== change.ruleId) return false;
  if (acceptance.tool !== undefined && (change.entity.kind === "server" || !globMatches(acceptance.tool, change.entity.name))) return false;
  return acceptance.pointer === undefined || acceptance.pointer === change.pointer;
}

/** `*` matches any run of characters; everything else is literal (the config's one glob syntax). */
export function globMatches(pattern: string, name: string): boolean {
  return globMatcher([pattern])(name);
}

export function summarize(changes: readonly Change[]): DriftSummary {
  const summary: DriftSummary = { breaking: 0, dangerous: 0, safe: 0, accepted: 0 };
  for (const change of changes) {
    if (change.accepted !== undefined) summary.accepted += 1;
    else summary[change.level] += 1;
  }
  return summary;
}

/** True when a change that is not accepted is at or above `threshold` (`safe` = any change). */
export function failsAt(report: DriftReport, threshold: FailThreshold): boolean {
  const floor = LEVEL_RANK[threshold];
  return report.changes.some((change) => change.accepted === undefined && LEVEL_RANK[change.level] >= floor);
}

export function isLevel(value: string): value is Level {
  return (LEVELS as readonly string[]).includes(value);
}
