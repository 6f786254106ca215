/** Drift: compare two snapshots, classify each change by the rule table, render reports. */
export { diffSnapshots } from "./diff.js";
export { failsAt, validateDriftOptions } from "./policy.js";
export { canonicalizeSchema, canonicalSchemaText } from "./canonicalize.js";
export { RULES, RULE_IDS, LEVELS, isRuleId, type Level, type RuleId, type RuleDefinition, type Side } from "./rules.js";
export { renderReport, REPORT_FORMATS, type ReportFormat, type RenderOptions } from "./report/index.js";
export type {
  Change,
  DriftAcceptance,
  DriftEntityKind,
  DriftOptions,
  DriftOverride,
  DriftReport,
  DriftSummary,
  FailThreshold,
  RuleSetting,
} from "./types.js";
