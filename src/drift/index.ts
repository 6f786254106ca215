/** Drift: compare two snapshots, classify each change by the rule table, render reports. */
export { diffSnapshots } from "@mcp-codegen/runtime/internal";
export { failsAt, validateDriftOptions } from "@mcp-codegen/runtime/internal";
export { canonicalizeSchema, canonicalSchemaText } from "@mcp-codegen/runtime/internal";
export { RULES, RULE_IDS, LEVELS, isRuleId, type Level, type RuleId, type RuleDefinition, type Side } from "@mcp-codegen/runtime/internal";
export { renderReport, REPORT_FORMATS, type ReportFormat, type RenderOptions, type ReportFailure } from "./report/index.js";
export type { Change, DriftAcceptance, DriftEntityKind, DriftOptions, DriftOverride, DriftReport, DriftSummary, FailThreshold, RuleSetting } from "@mcp-codegen/runtime/internal";
