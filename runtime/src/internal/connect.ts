/**
 * `@mcp-codegen/runtime/internal/connect`: what the generator needs to reach servers — resolved
 * connections, transports, paged listing, OAuth sessions and stores. Loads the MCP SDK, so only the
 * commands that connect import it. Not a public API.
 */
export { McpRuntimeError } from "../errors.js";
export { collectPages } from "../listing.js";
export { resolveServer, type ResolvedServer } from "../server-config.js";
export { openClient, OpenFailure, type OpenedClient } from "../transports.js";
export { OAuthSession } from "../oauth/session.js";
export { clientLabel } from "../oauth/provider.js";
export { oauthSessionFor, withOAuthSession } from "../oauth/attach.js";
export { fileOAuthStore, type FileOAuthStore } from "../oauth/file-store.js";
export { AuthorizationError, LoginRequiredError } from "../oauth/errors.js";
export type { AuthorizeFunction, OAuthStore, OAuthStoreKey } from "../oauth/types.js";
export type { ResolvedHttp } from "../server-config.js";
