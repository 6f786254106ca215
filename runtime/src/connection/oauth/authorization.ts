/**
 * Drives MCP authorization for one server: a fetch wrapper for the HTTP transports that sends
 * the stored access token, refreshes it before it expires, and on a `401` (or a `403`
 * `insufficient_scope`) runs the SDK's `auth()` — discovery, registration or client metadata
 * document, PKCE, token exchange or refresh — asks `oauth.authorize` for the interactive part,
 * checks state and `iss`, and sends the request once more.
 *
 * One flow at a time: concurrent requests that need a token join the flow in progress (it is
 * recorded before any `await`, so a request arriving in the same tick finds it); each flow
 * takes the store's lock, so sessions of other runtimes or processes on the same store wait
 * for it and then use its tokens. Each attempt has its own provider (state, verifier, issuer).
 */
import { loadClientSdk } from "../../wire/sdk.js";
import type { AddClientAuthentication, FetchLike } from "@modelcontextprotocol/client";
import { redact } from "../../shared/placeholders.js";
import { messageOf } from "../../wire/failures.js";
import { AuthorizationError, LoginRequiredError, McpRuntimeError } from "../../shared/errors.js";
import { StoreOAuthProvider, clientAuthenticationFor, clientLabel, isInteractive, type FlowAuth, type ProviderSettings } from "./provider.js";
import { quoted, readRedirect, type AuthorizationResponse } from "./redirect.js";
import { unionScopes } from "./scopes.js";
import { maskSdkWarnings } from "./sdk-warnings.js";
import { DEFAULT_CLIENT_NAME, DEFAULT_REDIRECT_URL, type AuthorizeFunction, type OAuthRecord, type OAuthStore, type OAuthStoreKey } from "./types.js";

/** A token this close to its expiry is refreshed before it is sent, at most. */
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

interface FlowRequest {
  challenge: Challenge;
  /** A new authorization even when a refresh token is stored (step-up, login). */
  fresh: boolean;
  /** The server refused a token it was sent: look up its authorization server again (it may have moved). */
  rediscover: boolean;
}

export class OAuthSession {
  readonly key: OAuthStoreKey;
  readonly #settings: OAuthSessionSettings;
  readonly #provider: ProviderSettings;
  readonly #now: () => number;
  #flow: Promise<void> | undefined;

  constructor(settings: OAuthSessionSettings) {
    maskSdkWarnings();
    this.#settings = settings;
    this.#now = settings.now ?? Date.now;
    const { server, url, auth, store } = settings;
    this.key = { server, url: url.href, client: clientLabel(auth) };
    const redirectUrl = (auth.type === "oauth" ? auth.redirectUrl : undefined) ?? settings.redirectUrl ?? DEFAULT_REDIRECT_URL;
    const clientName = settings.clientName ?? DEFAULT_CLIENT_NAME;
    const addClientAuthentication: AddClientAuthentication | undefined = clientAuthenticationFor(server, auth);
    this.#provider = { server, key: this.key, store, auth, redirectUrl, clientName, now: this.#now, addClientAuthentication };
  }

  /** The fetch for the server's transport: authorization added, flows run, the request sent again once. */
  wrap(next: FetchLike): FetchLike {
    return async (input, init) => {
      // A request that stops waiting (aborted, timed out) leaves the flow running for the others.
      const signal = init?.signal ?? undefined;
      await whileWaiting(this.#refreshIfExpiring(), signal);
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
        // A flow this request joined (another request's) counts as its one attempt too.
        if (status === 401) {
          if (reauthorized) throw new AuthorizationError(this.#settings.server, "the server still answers 401 Unauthorized after a new authorization");
          reauthorized = true;
          await whileWaiting(this.#shared(sent.token, { challenge, fresh: false, rediscover: sent.token !== undefined }), signal);
        } else {
          if (steppedUp) throw new AuthorizationError(this.#settings.server, `the server still asks for more scope (${scope ?? "unnamed"}) after a step-up authorization`);
          steppedUp = true;
          await whileWaiting(this.#shared(sent.token, { challenge, fresh: true, rediscover: false }), signal);
        }
      }
    };
  }

  /** An interactive login now (`mcp-codegen login`), with what the server's challenge names. */
  login(challenge: Challenge = {}): Promise<void> {
    return this.#shared(undefined, { challenge, fresh: true, rediscover: true }, true);
  }

  record(): Promise<OAuthRecord | undefined> {
    return Promise.resolve(this.#settings.store.load(this.key));
  }

  async #send(next: FetchLike, input: string | URL, init: RequestInit | undefined): Promise<{ response: Response; token: string | undefined }> {
    const token = (await this.record())?.tokens?.access_token;
    if (token === undefined) return { response: await next(input, init), token };
    const headers = new Headers(init?.headers);
    headers.set("authorization", `Bearer ${token}`);
    return { response: await next(input, { ...init, headers }), token };
  }

  /**
   * Refresh (or, for client credentials, a new token) shortly before the stored one expires:
   * within a minute of its expiry, or half its lifetime for a token that lives less than two.
   */
  async #refreshIfExpiring(): Promise<void> {
    const record = await this.record();
    const tokens = record?.tokens;
    if (tokens === undefined || record?.expiresAt === undefined) return;
    if (record.expiresAt - this.#now() > marginOf(tokens.expires_in)) return;
    // Without a refresh token an interactive client cannot renew silently: the 401 path asks for a login.
    if (isInteractive(this.#settings.auth) && tokens.refresh_token === undefined) return;
    await this.#shared(tokens.access_token, { challenge: {}, fresh: false, rediscover: false });
  }

  /**
   * One flow at a time, recorded synchronously: a request finding a flow in progress waits for
   * it and shares its outcome. A flow first takes the store's lock and skips the work when the
   * token it was asked to replace already was (by another runtime or process); `force` (a
   * login) runs after the flow in progress, always.
   */
  #shared(sentToken: string | undefined, request: FlowRequest, force = false): Promise<void> {
    const current = this.#flow;
    if (current !== undefined && !force) return current;
    const flow = (current ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.#locked(sentToken, request, force))
      .finally(() => {
        if (this.#flow === flow) this.#flow = undefined;
      });
    this.#flow = flow;
    return flow;
  }

  async #locked(sentToken: string | undefined, request: FlowRequest, force: boolean): Promise<void> {
    const release = await this.#lock();
    try {
      if (!force && (await this.record())?.tokens?.access_token !== sentToken) return;
      await this.#authorize(request);
    } finally {
      await release().catch(() => undefined);
    }
  }

  async #lock(): Promise<() => Promise<void>> {
    const { store, server } = this.#settings;
    if (store.lock === undefined) return async () => undefined;
    try {
      return await store.lock(this.key);
    } catch (error) {
      throw new AuthorizationError(server, `the token store stays locked by another flow (${messageOf(error)})`, { cause: error });
    }
  }

  /**
   * The scope asked for is the union of what was asked before, the configured scopes and the
   * challenge's. `fresh` = a new authorization even when a refresh token is stored (step-up,
   * login); otherwise `auth()` refreshes when it can.
   */
  async #authorize({ challenge, fresh, rediscover }: FlowRequest): Promise<void> {
    const { server, auth: config } = this.#settings;
    const record = await this.record();
    const prior = record?.tokens?.scope ?? record?.scope;
    const scope = unionScopes(prior, config.scopes, challenge.scope);
    if (isInteractive(config) && this.#settings.authorize === undefined && (fresh || record?.tokens?.refresh_token === undefined)) {
      throw this.#loginRequired(fresh && record?.tokens !== undefined);
    }
    const provider = new StoreOAuthProvider(this.#provider, { scope, hideTokens: fresh });
    try {
      if (rediscover) await provider.invalidateCredentials("discovery");
      const options = {
        serverUrl: this.#settings.url,
        fetchFn: this.#settings.fetch ?? fetch,
        ...(challenge.resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl: challenge.resourceMetadataUrl }),
        ...(scope === undefined ? {} : { scope }),
      };
      const { auth } = await loadClientSdk();
      let result = await auth(provider, options);
      if (result === "REDIRECT") {
        const response = await this.#interact(provider);
        result = await auth(provider, { ...options, authorizationCode: response.code, ...(response.iss === undefined ? {} : { iss: response.iss }) });
      }
      if (result !== "AUTHORIZED") throw new AuthorizationError(server, "the authorization did not complete");
    } catch (error) {
      throw await this.#failure(error);
    }
  }

  /** The interactive step: the user agent goes to the authorization URL and comes back with a code. */
  async #interact(provider: StoreOAuthProvider): Promise<AuthorizationResponse> {
    const { server, authorize } = this.#settings;
    const authorizationUrl = provider.takeAuthorizationUrl();
    if (authorize === undefined) throw this.#loginRequired(true);
    if (authorizationUrl === undefined) throw new AuthorizationError(server, "the authorization flow produced no authorization URL");
    const state = provider.takeState();
    const redirect = await authorize(authorizationUrl, { server });
    return readRedirect(server, redirect, state, provider.recordedIssuer());
  }

  #loginRequired(expired: boolean): LoginRequiredError {
    const why = expired ? "the stored authorization is expired, revoked or lacks scope" : "no authorization is stored";
    return new LoginRequiredError(this.#settings.server, `login required: ${why}, and no oauth.authorize callback was given`);
  }

  async #failure(error: unknown): Promise<McpRuntimeError> {
    if (error instanceof McpRuntimeError) return error;
    const { server, secrets = [] } = this.#settings;
    const sdk = await loadClientSdk();
    if (error instanceof sdk.IssuerMismatchError) return new AuthorizationError(server, issuerMismatch(error), { cause: error });
    if (error instanceof sdk.AuthorizationServerMismatchError) {
      return new AuthorizationError(server, `the authorization server changed from ${quoted(error.recordedIssuer)} to ${quoted(error.currentIssuer)} during the authorization; no code was redeemed`, { cause: error });
    }
    return new AuthorizationError(server, `authorization failed: ${redact(messageOf(error), secrets)}`, { cause: error });
  }
}

/** `work`, or the signal's reason as soon as it aborts. */
function whileWaiting<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  let stop: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener("abort", stop));
}

function marginOf(expiresIn: number | undefined): number {
  return expiresIn === undefined ? EXPIRY_MARGIN_MS : Math.min(EXPIRY_MARGIN_MS, (expiresIn * 1000) / 2);
}

function issuerMismatch(error: { kind: "metadata" | "authorization_response"; expected: string | undefined; received: string | undefined }): string {
  if (error.kind === "metadata") {
    return `the authorization server metadata names issuer ${quoted(error.received)}, not ${quoted(error.expected)} where it was looked up (RFC 8414 §3.3); it was not used`;
  }
  return `the authorization response names issuer ${quoted(error.received)}, but this authorization was started with issuer ${quoted(error.expected)} (RFC 9207 mix-up defence); no code was redeemed`;
}
