/**
 * `@mcp-codegen/runtime/internal/connect`: what the generator needs to reach servers — resolved
 * connections, transports, paged listing, OAuth sessions and stores. The MCP SDK loads when the
 * first connection opens (or `loadSchemaSdk` is called). Not a public API.
 */
export { McpRuntimeError } from "../shared/errors.js";
export { AS_SENT, collectPages } from "../connection/listing.js";
export { entityLabel, InvalidPage } from "../connection/invalid-page.js";
export { LIST_METHODS, LISTS, type ListMethod } from "../wire/lists.js";
export { resolveServer, type ResolvedServer } from "../connection/resolve-config.js";
export { closeTransport, endClient, httpStatusOf, openClient, OpenFailure, type OpenedClient } from "../wire/transports.js";
export { StdoutNoise, STDOUT_NOISE_HINT } from "../wire/stdout-noise.js";
export type { StderrTailSlot } from "../wire/stderr-tail.js";
export { EarlyChild } from "../wire/early-child.js";
export { loadClientSdk, loadSchemaSdk } from "../wire/sdk.js";
export { loadPageSchema } from "../wire/page-schemas.js";
export { captureAttempts, eraAttempts, type EraAttempt } from "../wire/negotiation.js";
export { describeHttpRpcError, httpBodyTextOf, httpRpcErrorOf, type HttpRpcError } from "../wire/http-errors.js";
export { listenForListChanges } from "../wire/era-2026.js";
export { OAuthSession } from "../connection/oauth/authorization.js";
export { clientLabel, currentClientId } from "../connection/oauth/provider.js";
export { oauthSessionFor, withOAuthSession } from "../connection/oauth/attach.js";
export { fileOAuthStore, type FileOAuthStore } from "../connection/oauth/file-store.js";
export { AuthorizationError, LoginRequiredError } from "../shared/errors.js";
export type { AuthorizeFunction, OAuthStore, OAuthStoreKey } from "../connection/oauth/types.js";
export type { ResolvedHttp } from "../connection/resolve-config.js";
export { listSkillEntries, type ListedSkills, type RefusedSkill } from "../wire/skills.js";
