/**
 * The SDK's `OAuthClientProvider` over a token store: what `auth()` reads and saves (client
 * registration, tokens, discovery, PKCE verifier) goes to the store or lives for one attempt.
 * It never redirects anybody itself: it keeps the authorization URL for the session that
 * drives the flow (session.ts).
 */
import { createPrivateKey } from "node:crypto";
import type {
  AddClientAuthentication,
  OAuthClientInformationContext,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from "@modelcontextprotocol/client";
import { loadClientSdk } from "../../wire/sdk.js";
import type { ClientCredentialsAuthConfig, OAuthAuthConfig } from "../../shared/auth-config.js";
import { AuthorizationError } from "./errors.js";
import { newState } from "./redirect.js";
import type { OAuthRecord, OAuthStore, OAuthStoreKey } from "./types.js";

export type FlowAuth = OAuthAuthConfig | ClientCredentialsAuthConfig;

export interface ProviderSettings {
  server: string;
  key: OAuthStoreKey;
  store: OAuthStore;
  /** The server's `auth`, placeholders resolved. */
  auth: FlowAuth;
  redirectUrl: string;
  clientName: string;
  now: () => number;
}

/** Which client a store entry belongs to (see `OAuthStoreKey.client`). */
export function clientLabel(auth: FlowAuth): string {
  if (auth.type === "client_credentials") return `${auth.clientId} (client_credentials)`;
  return auth.clientId ?? auth.clientMetadataUrl ?? "dynamic";
}

export class StoreOAuthProvider implements OAuthClientProvider {
  readonly #settings: ProviderSettings;
  declare readonly clientMetadataUrl?: string;
  declare readonly addClientAuthentication?: AddClientAuthentication;
  /** The scope of the flow in progress (client credentials send it from `clientMetadata`). */
  #scope: string | undefined;
  /** During a step-up the stored tokens are not offered: `auth()` would refresh them, scope unchanged. */
  #hideTokens = false;
  #state: string | undefined;
  #verifier: string | undefined;
  #authorizationUrl: URL | undefined;

  constructor(settings: ProviderSettings) {
    this.#settings = settings;
    const auth = settings.auth;
    if (auth.type === "oauth" && auth.clientMetadataUrl !== undefined) this.clientMetadataUrl = auth.clientMetadataUrl;
    if (auth.type === "client_credentials" && auth.privateKey !== undefined) {
      this.addClientAuthentication = privateKeyJwt(settings.server, auth.clientId, auth.privateKey, auth.algorithm);
    }
  }

  get interactive(): boolean {
    return this.#settings.auth.type === "oauth";
  }

  /** Starts one attempt of the flow with `scope`. */
  begin(scope: string | undefined, options: { hideTokens: boolean }): void {
    this.#scope = scope;
    this.#hideTokens = options.hideTokens;
    this.#authorizationUrl = undefined;
  }

  end(): void {
    this.#hideTokens = false;
    this.#state = undefined;
    this.#verifier = undefined;
    this.#authorizationUrl = undefined;
  }

  /** The authorization URL `auth()` built, once. */
  takeAuthorizationUrl(): URL | undefined {
    const url = this.#authorizationUrl;
    this.#authorizationUrl = undefined;
    return url;
  }

  /** The state of this attempt, once: a second redirect cannot reuse it. */
  takeState(): string | undefined {
    const state = this.#state;
    this.#state = undefined;
    return state;
  }

  get redirectUrl(): string | undefined {
    return this.interactive ? this.#settings.redirectUrl : undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const interactive = this.interactive;
    return {
      client_name: this.#settings.clientName,
      redirect_uris: interactive ? [this.#settings.redirectUrl] : [],
      grant_types: interactive ? ["authorization_code", "refresh_token"] : ["client_credentials"],
      response_types: interactive ? ["code"] : [],
      ...(this.#scope === undefined ? {} : { scope: this.#scope }),
    };
  }

  state(): string {
    this.#state = newState();
    return this.#state;
  }

  async clientInformation(context?: OAuthClientInformationContext): Promise<OAuthClientInformationMixed | undefined> {
    const stored = (await this.record())?.clientInformation;
    const configured = this.#configuredClient();
    if (configured === undefined) return stored;
    // A configured client: its secret comes from the config, never from the store. The config names
    // it for this server, so before any use is stored it is bound to the authorization server asking.
    const issuer = stored?.client_id === configured.client_id && stored.issuer !== undefined ? stored.issuer : context?.issuer;
    return issuer === undefined ? configured : { ...configured, issuer };
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    const configured = this.#configuredClient();
    const kept = configured === undefined ? information : { client_id: information.client_id, ...(information.issuer === undefined ? {} : { issuer: information.issuer }) };
    await this.#update((record) => ({ ...record, clientInformation: kept }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    if (this.#hideTokens) return undefined;
    return (await this.record())?.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const expiresAt = tokens.expires_in === undefined ? undefined : this.#settings.now() + tokens.expires_in * 1000;
    await this.#update((record) => {
      const { expiresAt: _old, ...rest } = record;
      const scope = this.#scope ?? record.scope;
      return { ...rest, tokens, ...(expiresAt === undefined ? {} : { expiresAt }), ...(scope === undefined ? {} : { scope }) };
    });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.#authorizationUrl = authorizationUrl;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.#verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#verifier === undefined) throw new AuthorizationError(this.#settings.server, "no authorization in progress (PKCE verifier missing)");
    return this.#verifier;
  }

  /** Client credentials: the grant and the flow's scope; undefined = the SDK's authorization code request. */
  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (this.interactive) return undefined;
    return new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) });
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "verifier") {
      this.#verifier = undefined;
      return;
    }
    await this.#update((record) => {
      if (scope === "all") return {};
      if (scope === "client") return withoutKeys(record, ["clientInformation"]);
      if (scope === "tokens") return withoutKeys(record, ["tokens", "expiresAt"]);
      return withoutKeys(record, ["discovery"]);
    });
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.#update((record) => ({ ...record, discovery: state }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.record())?.discovery;
  }

  async record(): Promise<OAuthRecord | undefined> {
    return this.#settings.store.load(this.#settings.key);
  }

  async #update(change: (record: OAuthRecord) => OAuthRecord): Promise<void> {
    const next = change((await this.record()) ?? {});
    if (Object.keys(next).length === 0) await this.#settings.store.delete(this.#settings.key);
    else await this.#settings.store.save(this.#settings.key, next);
  }

  #configuredClient(): OAuthClientInformationMixed | undefined {
    const auth = this.#settings.auth;
    if (auth.type === "oauth" && auth.clientId === undefined) return undefined;
    const clientId = auth.clientId as string;
    // A private key JWT client authenticates with its assertion, not a secret.
    const secret = auth.type === "client_credentials" && auth.privateKey !== undefined ? undefined : auth.clientSecret;
    return { client_id: clientId, ...(secret === undefined ? {} : { client_secret: secret }) };
  }
}

function withoutKeys(record: OAuthRecord, keys: readonly (keyof OAuthRecord)[]): OAuthRecord {
  const out: OAuthRecord = { ...record };
  for (const key of keys) delete out[key];
  return out;
}

/** The SDK's private_key_jwt client authentication (RFC 7523), the algorithm read from the key when not given. */
function privateKeyJwt(server: string, clientId: string, privateKey: string, algorithm: string | undefined): AddClientAuthentication {
  const alg = algorithm ?? algorithmOf(server, privateKey);
  // The SDK loads on first use: this runs at token requests, long after the provider is made.
  let authenticate: AddClientAuthentication | undefined;
  return async (...args) => {
    authenticate ??= (await loadClientSdk()).createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey, alg });
    return authenticate(...args);
  };
}

const EC_ALGORITHMS: Readonly<Record<string, string>> = { prime256v1: "ES256", secp384r1: "ES384", secp521r1: "ES512" };

function algorithmOf(server: string, pem: string): string {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new AuthorizationError(server, "auth.privateKey is not a PEM private key");
  }
  if (key.asymmetricKeyType === "rsa") return "RS256";
  if (key.asymmetricKeyType === "ed25519") return "EdDSA";
  const curve = key.asymmetricKeyDetails?.namedCurve;
  const alg = curve === undefined ? undefined : EC_ALGORITHMS[curve];
  if (alg === undefined) throw new AuthorizationError(server, "auth.algorithm is needed for this kind of private key");
  return alg;
}
