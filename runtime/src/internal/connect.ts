/**
 * `@mcp-codegen/runtime/internal/connect`: what the generator needs to reach servers — resolved
 * connections, transports, paged listing, OAuth sessions and stores. The MCP SDK loads when the
 * first connection opens (or `loadSchemaSdk` is called). Not a public API.
 */
export { McpRuntimeError } from "../errors.js";
export { collectPages } from "../listing.js";
export { resolveServer, type ResolvedServer } from "../server-config.js";
export { httpStatusOf, openClient, OpenFailure, type OpenedClient } from "../transports.js";
export { loadSchemaSdk } from "../sdk.js";
export { OAuthSession } from "../oauth/session.js";
export { clientLabel, currentClientId } from "../oauth/provider.js";
export { oauthSessionFor, withOAuthSession } from "../oauth/attach.js";
export { fileOAuthStore, type FileOAuthStore } from "../oauth/file-store.js";
export { AuthorizationError, LoginRequiredError } from "../oauth/errors.js";
export type { AuthorizeFunction, OAuthStore, OAuthStoreKey } from "../oauth/types.js";
export type { ResolvedHttp } from "../server-config.js";
