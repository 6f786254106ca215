/**
 * The in-memory OAuth side of the test authorization server: registered clients (dynamic,
 * pre-registered, client ID metadata documents), authorization codes, access and refresh
 * tokens. Implements the SDK's `OAuthServerProvider`; its authorize step redirects straight
 * back with a code (no login page), so tests need no browser. Every value it issues is kept in
 * `issued`, so tests can look for leaks.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Response } from "express";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import { InvalidGrantError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

export type OAuthEvent =
  | { type: "metadata"; path: string }
  | { type: "register"; clientName?: string; authMethod?: string; applicationType?: string }
  | { type: "authorize"; clientId: string; scope?: string; resource?: string; challengeMethod?: string; state?: string }
  | { type: "token"; grantType: string; authMethod: string; clientId?: string; scope?: string; resource?: string }
  | { type: "mcp"; method?: string; status: number };

interface CodeGrant {
  clientId: string;
  challenge: string;
  redirectUri: string;
  scopes: string[];
  resource?: string;
}

interface TokenGrant {
  clientId: string;
  scopes: string[];
  resource?: string;
  expiresAt: number;
}

export interface ProviderOptions {
  /** Lifetime of access tokens in seconds. */
  accessTokenTtl: number;
  /** Client ID metadata documents the server "fetched": URL → metadata. */
  metadataDocuments: Record<string, Pick<OAuthClientInformationFull, "redirect_uris"> & { client_name?: string }>;
  /** Register clients as public (no secret) whatever they ask: a server that only supports `none`. */
  publicClientsOnly: boolean;
  /** The `iss` the authorization redirect carries (RFC 9207), if any. */
  redirectIss?: () => string | undefined;
}

function secret(prefix: string): string {
  return `${prefix}-${randomBytes(18).toString("base64url")}`;
}

export class TestOAuthProvider implements OAuthServerProvider {
  readonly events: OAuthEvent[] = [];
  /** Every code, token and secret handed out. */
  readonly issued = new Set<string>();
  readonly clients = new Map<string, OAuthClientInformationFull>();
  /** The `application_type` of the registration request being handled (the SDK's schema strips it). */
  pendingApplicationType: string | undefined;
  readonly #codes = new Map<string, CodeGrant>();
  readonly #access = new Map<string, TokenGrant>();
  readonly #refresh = new Map<string, TokenGrant>();
  readonly #options: ProviderOptions;

  constructor(options: ProviderOptions) {
    this.#options = options;
  }

  get clientsStore(): OAuthRegisteredClientsStore {
    return {
      getClient: (clientId) => this.clients.get(clientId) ?? this.#fromMetadataDocument(clientId),
      registerClient: (client) => {
        const registered = { client_id: randomUUID(), ...client } as OAuthClientInformationFull;
        if (this.#options.publicClientsOnly) {
          delete registered.client_secret;
          delete registered.client_secret_expires_at;
          registered.token_endpoint_auth_method = "none";
        }
        if (registered.client_secret !== undefined) this.issued.add(registered.client_secret);
        this.clients.set(registered.client_id, registered);
        const applicationType = this.pendingApplicationType;
        this.events.push({ type: "register", ...(client.client_name ? { clientName: client.client_name } : {}), ...(applicationType === undefined ? {} : { applicationType }) });
        return registered;
      },
    };
  }

  #fromMetadataDocument(clientId: string): OAuthClientInformationFull | undefined {
    const document = this.#options.metadataDocuments[clientId];
    return document === undefined ? undefined : { client_id: clientId, token_endpoint_auth_method: "none", ...document };
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    const code = secret("code");
    this.issued.add(code);
    this.#codes.set(code, {
      clientId: client.client_id,
      challenge: params.codeChallenge,
      redirectUri: params.redirectUri,
      scopes: params.scopes ?? [],
      ...(params.resource ? { resource: params.resource.href } : {}),
    });
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    const iss = this.#options.redirectIss?.();
    if (iss !== undefined) target.searchParams.set("iss", iss);
    res.redirect(302, target.href);
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const grant = this.#codes.get(code);
    if (grant === undefined) throw new InvalidGrantError("unknown authorization code");
    return grant.challenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string, _verifier?: string, redirectUri?: string, resource?: URL): Promise<OAuthTokens> {
    const grant = this.#codes.get(code);
    this.#codes.delete(code); // one use
    if (grant === undefined || grant.clientId !== client.client_id) throw new InvalidGrantError("unknown authorization code");
    if (redirectUri !== undefined && redirectUri !== grant.redirectUri) throw new InvalidGrantError("redirect_uri differs from the authorization request");
    return this.issueTokens(client.client_id, grant.scopes, resource?.href ?? grant.resource, true);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    const grant = this.#refresh.get(refreshToken);
    if (grant === undefined || grant.clientId !== client.client_id) throw new InvalidGrantError("refresh token revoked or unknown");
    this.#refresh.delete(refreshToken); // rotated
    return this.issueTokens(client.client_id, scopes ?? grant.scopes, resource?.href ?? grant.resource, true);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const grant = this.#access.get(token);
    if (grant === undefined) throw new InvalidTokenError("unknown access token");
    if (grant.expiresAt <= Date.now()) throw new InvalidTokenError("access token expired");
    return {
      token,
      clientId: grant.clientId,
      scopes: grant.scopes,
      expiresAt: Math.floor(grant.expiresAt / 1000),
      ...(grant.resource ? { resource: new URL(grant.resource) } : {}),
    };
  }

  /** Access (and, for the code flow, refresh) tokens for a grant. */
  issueTokens(clientId: string, scopes: string[], resource: string | undefined, withRefresh: boolean): OAuthTokens {
    const grant = { clientId, scopes, expiresAt: Date.now() + this.#options.accessTokenTtl * 1000, ...(resource ? { resource } : {}) };
    const accessToken = secret("access");
    this.issued.add(accessToken);
    this.#access.set(accessToken, grant);
    const tokens: OAuthTokens = { access_token: accessToken, token_type: "Bearer", expires_in: this.#options.accessTokenTtl };
    if (scopes.length > 0) tokens.scope = scopes.join(" ");
    if (!withRefresh) return tokens;
    const refreshToken = secret("refresh");
    this.issued.add(refreshToken);
    this.#refresh.set(refreshToken, grant);
    return { ...tokens, refresh_token: refreshToken };
  }

  /** Every access token expires now (refresh tokens stay valid). */
  expireAccessTokens(): void {
    for (const grant of this.#access.values()) grant.expiresAt = 0;
  }

  /** Every refresh token is revoked (and every access token expires). */
  revokeRefreshTokens(): void {
    this.#refresh.clear();
    this.expireAccessTokens();
  }
}
