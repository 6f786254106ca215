/**
 * Drives MCP authorization for one server: a fetch wrapper for the HTTP transports that sends
 * the stored access token, refreshes it before it expires, and on a `401` (or a `403`
 * `insufficient_scope`) runs the SDK's `auth()` — discovery, registration or client metadata
 * document, PKCE, token exchange or refresh — asks `oauth.authorize` for the interactive part,
 * checks the state, and sends the request once more. Concurrent requests share one flow.
 */
import { loadClientSdk } from "../../wire/sdk.js";
import type { FetchLike } from "@modelcontextprotocol/client";
import { redact } from "../../shared/placeholders.js";
import { messageOf } from "../../wire/failures.js";
import { McpRuntimeError } from "../../shared/runtime-errors.js";
import { AuthorizationError, LoginRequiredError } from "./errors.js";
import { StoreOAuthProvider, clientLabel, type FlowAuth } from "./provider.js";
import { codeFromRedirect } from "./redirect.js";
import { unionScopes } from "./scopes.js";
import { DEFAULT_CLIENT_NAME, DEFAULT_REDIRECT_URL, type AuthorizeFunction, type OAuthRecord, type OAuthStore, type OAuthStoreKey } from "./types.js";

/** A token this close to its expiry is refreshed before it is sent. */
const EXPIRY_MARGIN_MS = 60_000;

export interface OAuthSessionSettings {
  server: string;
  url: URL;
  auth: FlowAuth;
  store: OAuthStore;
  authorize?: AuthorizeFunction | undefined;
  /** Runtime-wide default; the server's `auth.redirectUrl` wins. */
  redirectUrl?: string | undefined;
  clientName?: string | undefined;
  /** Resolved secrets of the server: redacted from every message. */
  secrets?: readonly string[];
  /** For the authorization server's endpoints (default: global fetch). */
  fetch?: FetchLike;
  now?: () => number;
}

interface Challenge {
  resourceMetadataUrl?: URL | undefined;
  scope?: string | undefined;
}

export class OAuthSession {
  readonly key: OAuthStoreKey;
  readonly provider: StoreOAuthProvider;
  readonly #settings: OAuthSessionSettings;
  readonly #now: () => number;
  #flow: Promise<void> | undefined;

  constructor(settings: OAuthSessionSettings) {
    this.#settings = settings;
    this.#now = settings.now ?? Date.now;
    const { server, url, auth, store } = settings;
    this.key = { server, url: url.href, client: clientLabel(auth) };
    const redirectUrl = (auth.type === "oauth" ? auth.redirectUrl : undefined) ?? settings.redirectUrl ?? DEFAULT_REDIRECT_URL;
    const clientName = settings.clientName ?? DEFAULT_CLIENT_NAME;
    this.provider = new StoreOAuthProvider({ server, key: this.key, store, auth, redirectUrl, clientName, now: this.#now });
  }

  /** The fetch for the server's transport: authorization added, flows run, the request sent again once. */
  wrap(next: FetchLike): FetchLike {
    return async (input, init) => {
      await this.#refreshIfExpiring();
      let reauthorized = false;
      let steppedUp = false;
      for (;;) {
        const sent = await this.#send(next, input, init);
        const status = sent.response.status;
        if (status !== 401 && status !== 403) return sent.response;
        const { extractWWWAuthenticateParams } = await loadClientSdk();
        const { resourceMetadataUrl, scope, error } = extractWWWAuthenticateParams(sent.response);
        if (status === 403 && error !== "insufficient_scope") return sent.response;
        await sent.response.body?.cancel().catch(() => undefined);
        const challenge = { resourceMetadataUrl, scope };
        if (status === 401) {
          if (reauthorized) throw new AuthorizationError(this.#settings.server, "the server still answers 401 Unauthorized after a new authorization");
          reauthorized = true;
          await this.#shared(sent.token, () => this.#authorize(challenge, false));
        } else {
          if (steppedUp) throw new AuthorizationError(this.#settings.server, `the server still asks for more scope (${scope ?? "unnamed"}) after a step-up authorization`);
          steppedUp = true;
          await this.#shared(sent.token, () => this.#authorize(challenge, true));
        }
      }
    };
  }

  /** An interactive login now (`mcp-codegen login`), with what the server's challenge names. */
  login(challenge: Challenge = {}): Promise<void> {
    return this.#shared(undefined, () => this.#authorize(challenge, true), true);
  }

  record(): Promise<OAuthRecord | undefined> {
    return this.provider.record();
  }

  async #send(next: FetchLike, input: string | URL, init: RequestInit | undefined): Promise<{ response: Response; token: string | undefined }> {
    const token = (await this.record())?.tokens?.access_token;
    if (token === undefined) return { response: await next(input, init), token };
    const headers = new Headers(init?.headers);
    headers.set("authorization", `Bearer ${token}`);
    return { response: await next(input, { ...init, headers }), token };
  }

  /** Refresh (or, for client credentials, a new token) shortly before the stored one expires. */
  async #refreshIfExpiring(): Promise<void> {
    const record = await this.record();
    const tokens = record?.tokens;
    if (tokens === undefined || record?.expiresAt === undefined) return;
    if (record.expiresAt - this.#now() > EXPIRY_MARGIN_MS) return;
    // Without a refresh token an interactive client cannot renew silently: the 401 path asks for a login.
    if (this.provider.interactive && tokens.refresh_token === undefined) return;
    await this.#shared(tokens.access_token, () => this.#authorize({}, false));
  }

  /**
   * One flow at a time. A request whose token was replaced meanwhile (by the flow it waited
   * for, or one that finished before) only retries; `force` (a login) always runs its own.
   */
  async #shared(sentToken: string | undefined, run: () => Promise<void>, force = false): Promise<void> {
    if (this.#flow !== undefined) await this.#flow.catch(() => undefined);
    if (!force && (await this.record())?.tokens?.access_token !== sentToken) return;
    const flow = run().finally(() => {
      if (this.#flow === flow) this.#flow = undefined;
    });
    this.#flow = flow;
    await flow;
  }

  /**
   * The scope asked for is the union of what was asked before, the configured scopes and the
   * challenge's. `fresh` = a new authorization even when a refresh token is stored (step-up,
   * login); otherwise `auth()` refreshes when it can.
   */
  async #authorize(challenge: Challenge, fresh: boolean): Promise<void> {
    const { server, auth: config } = this.#settings;
    const record = await this.record();
    const prior = record?.tokens?.scope ?? record?.scope;
    const scope = unionScopes(prior, config.scopes, challenge.scope);
    const provider = this.provider;
    if (provider.interactive && this.#settings.authorize === undefined && (fresh || record?.tokens?.refresh_token === undefined)) {
      throw this.#loginRequired(fresh && record?.tokens !== undefined);
    }
    provider.begin(scope, { hideTokens: fresh });
    try {
      const options = {
        serverUrl: this.#settings.url,
        fetchFn: this.#settings.fetch ?? fetch,
        ...(challenge.resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl: challenge.resourceMetadataUrl }),
        ...(scope === undefined ? {} : { scope }),
      };
      const { auth } = await loadClientSdk();
      let result = await auth(provider, options);
      if (result === "REDIRECT") result = await auth(provider, { ...options, authorizationCode: await this.#interact() });
      if (result !== "AUTHORIZED") throw new AuthorizationError(server, "the authorization did not complete");
    } catch (error) {
      throw this.#failure(error);
    } finally {
      provider.end();
    }
  }

  /** The interactive step: the user agent goes to the authorization URL and comes back with a code. */
  async #interact(): Promise<string> {
    const { server, authorize } = this.#settings;
    const authorizationUrl = this.provider.takeAuthorizationUrl();
    if (authorize === undefined) throw this.#loginRequired(true);
    if (authorizationUrl === undefined) throw new AuthorizationError(server, "the authorization flow produced no authorization URL");
    const state = this.provider.takeState();
    const redirect = await authorize(authorizationUrl, { server });
    return codeFromRedirect(server, redirect, state);
  }

  #loginRequired(expired: boolean): LoginRequiredError {
    const why = expired ? "the stored authorization is expired, revoked or lacks scope" : "no authorization is stored";
    return new LoginRequiredError(this.#settings.server, `login required: ${why}, and no oauth.authorize callback was given`);
  }

  #failure(error: unknown): McpRuntimeError {
    if (error instanceof McpRuntimeError) return error;
    const detail = redact(messageOf(error), this.#settings.secrets ?? []);
    return new AuthorizationError(this.#settings.server, `authorization failed: ${detail}`, { cause: error });
  }
}
