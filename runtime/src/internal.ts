/**
 * `@mcp-codegen/runtime/internal`: the core the generator (`mcp-codegen`) shares with the runtime —
 * snapshot format, canonical JSON, hashing, placeholders, server configs and drift classification.
 * Light on purpose (no MCP SDK): the CLI's `--help` and offline runs load it. What connects to
 * servers is in `@mcp-codegen/runtime/internal/connect`. Not a public API: it may change with any
 * release of the two packages.
 */
export * from "./shared/canonical-json.js";
export * from "./shared/own-property.js";
export * from "./shared/lists.js";
export { CodegenError, errorMessage, oneLine, type CodegenErrorKind, type CodegenErrorOptions } from "./shared/errors.js";
export * from "./shared/hash.js";
export { pointerToken, unescapeToken } from "./shared/json-pointer.js";
export * from "./shared/listing-snapshot.js";
export * from "./shared/output-handling.js";
export * from "./shared/peer-retry.js";
export * from "./shared/placeholders.js";
export { isSecretName as isSecretFieldName, looksLikeSecret, secretArguments, urlParameters } from "./shared/secret-names.js";
export { withoutCredentials } from "./shared/secret-registry.js";
export * from "./shared/server-config.js";
export * from "./shared/snapshot.js";
export * from "./shared/skills.js";
export * from "./shared/protocol.js";
export * from "./shared/x-mcp-header.js";
export { diffSnapshots } from "./drift/diff.js";
export { failsAt, validateDriftOptions } from "./drift/policy.js";
export { canonicalizeSchema, canonicalSchemaText } from "./drift/canonicalize.js";
export { RULES, RULE_IDS, LEVELS, isRuleId, type Level, type RuleId, type RuleDefinition, type Side } from "./drift/rules.js";
export { cleanText, MAX_TEXT_LENGTH } from "./drift/text.js";
export type * from "./drift/types.js";
export { templateVariables } from "./drift/uri-template.js";
export { findProjectRoot } from "./shared/project-root.js";
export { projectSchema, type Projection, type ProjectionProblem } from "./shared/model-schema/project.js";
export { mapBack } from "./shared/model-schema/map-back.js";
export { MODEL_SCHEMA_MODES, PROVIDER_RULES, ANNOTATIONS, type ModelSchemaMode, type ProjectedMode, type ProviderRules } from "./shared/model-schema/rules.js";
export { planUniqueNames, providerToolName, serverToolNames } from "./adapters/tool-names.js";
