/**
 * The runtime option `oauth` and the token store behind it.
 */
import type { OAuthClientInformationMixed, OAuthDiscoveryState, OAuthTokens } from "@modelcontextprotocol/client";

/** Which server a stored authorization belongs to: one entry per server URL and client. */
export interface OAuthStoreKey {
  /** The server's name in the config (informational: two names for one URL share tokens). */
  readonly server: string;
  /** The server URL the tokens are for. */
  readonly url: string;
  /** The client they were issued to: a client id, a client metadata URL, or "dynamic" (registered). */
  readonly client: string;
}

/** What is stored per server URL and client. Holds secrets: keep it out of logs and projects. */
export interface OAuthRecord {
  /** The current tokens; `tokens.issuer` names the authorization server that issued them. */
  tokens?: OAuthTokens & { issuer?: string };
  /** When the access token expires (ms since the epoch), from `expires_in`. */
  expiresAt?: number;
  /** The scopes last asked for, the base of a step-up. */
  scope?: string;
  /**
   * Client registrations by authorization server `issuer`: a dynamically registered client, a
   * client ID metadata document URL, or the binding of a configured client to the one issuer it
   * was issued by. A client of one authorization server is never presented to another.
   */
  clients?: Record<string, OAuthClientInformationMixed>;
  /** Discovery results, so later flows skip the metadata requests. */
  discovery?: OAuthDiscoveryState;
}

/** Where tokens live. `createRuntime` keeps them in memory unless another store is given. */
export interface OAuthStore {
  load(key: OAuthStoreKey): OAuthRecord | undefined | Promise<OAuthRecord | undefined>;
  save(key: OAuthStoreKey, record: OAuthRecord): void | Promise<void>;
  delete(key: OAuthStoreKey): void | Promise<void>;
  /**
   * Holds `key` for one flow (refresh, authorization) and resolves with its release: a second
   * holder, in this process or another, waits. Optional; without it, flows of different
   * runtimes or processes sharing the store may race (a rotated refresh token is then lost).
   */
  lock?(key: OAuthStoreKey): Promise<() => Promise<void>>;
}

export interface AuthorizeContext {
  /** The server (config name) that asks for authorization. */
  readonly server: string;
}

/**
 * Sends the user to `authorizationUrl` and resolves with the URL the authorization server
 * redirected back to (it carries `code` and `state`, or `error`).
 */
export type AuthorizeFunction = (authorizationUrl: URL, context: AuthorizeContext) => Promise<URL | string>;

/** OAuth settings of a runtime (servers whose config has `auth: { type: "oauth" | "client_credentials" }`). */
export interface OAuthOptions {
  /**
   * Runs the interactive part of a login. Without it, a server that needs a (new) login fails
   * with `LoginRequiredError` instead of waiting.
   */
  authorize?: AuthorizeFunction;
  /** Token store; default: in memory, per runtime. `fileOAuthStore()` reads what `mcp-codegen login` stored. */
  store?: OAuthStore;
  /** Redirect URL for servers whose `auth` names none. Default `http://127.0.0.1/oauth/callback`. */
  redirectUrl?: string;
  /** `client_name` of a dynamically registered client. Default "mcp-codegen". */
  clientName?: string;
}

export const DEFAULT_REDIRECT_URL = "http://127.0.0.1/oauth/callback";
export const DEFAULT_CLIENT_NAME = "mcp-codegen";
