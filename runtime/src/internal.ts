/**
 * `@mcp-codegen/runtime/internal`: the core the generator (`mcp-codegen`) shares with the runtime —
 * snapshot format, canonical JSON, hashing, placeholders, server configs, transports, listing and
 * drift classification. Not a public API: it may change with any release of the two packages.
 */
export * from "./shared/canonical-json.js";
export * from "./shared/errors.js";
export * from "./shared/hash.js";
export * from "./shared/listing-snapshot.js";
export * from "./shared/placeholders.js";
export * from "./shared/server-config.js";
export * from "./shared/snapshot.js";
export { McpRuntimeError } from "./errors.js";
export { collectPages } from "./listing.js";
export { resolveServer, type ResolvedServer } from "./server-config.js";
export { openClient, OpenFailure, type OpenedClient } from "./transports.js";
export { diffSnapshots } from "./drift/diff.js";
export { failsAt, validateDriftOptions } from "./drift/policy.js";
export { canonicalizeSchema, canonicalSchemaText } from "./drift/canonicalize.js";
export { RULES, RULE_IDS, LEVELS, isRuleId, type Level, type RuleId, type RuleDefinition, type Side } from "./drift/rules.js";
export { cleanText, MAX_TEXT_LENGTH } from "./drift/text.js";
export type * from "./drift/types.js";
export { OAuthSession } from "./oauth/session.js";
export { clientLabel } from "./oauth/provider.js";
export { oauthSessionFor, withOAuthSession } from "./oauth/attach.js";
export { fileOAuthStore, type FileOAuthStore } from "./oauth/file-store.js";
export { AuthorizationError, LoginRequiredError } from "./oauth/errors.js";
export type { AuthorizeFunction, OAuthStore, OAuthStoreKey } from "./oauth/types.js";
export type { ResolvedHttp } from "./server-config.js";
