/**
 * The SDK's `OAuthClientProvider` for one attempt of a flow, over a token store: what `auth()`
 * reads and saves (client registrations per issuer, tokens, discovery) goes to the store; what
 * belongs to this attempt alone (scope, state, PKCE verifier, the recorded issuer, the
 * authorization URL) lives on this object, so concurrent or successive attempts never read
 * each other's. It never redirects anybody itself: the session drives the flow (session.ts).
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
import { rememberSecrets } from "../../shared/secret-registry.js";
import type { ClientCredentialsAuthConfig, OAuthAuthConfig } from "../../shared/auth-config.js";
import { AuthorizationError } from "../../shared/errors.js";
import { newState, quoted, type RecordedIssuer } from "./redirect.js";
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
  /** private_key_jwt client authentication, built once per session. */
  addClientAuthentication?: AddClientAuthentication | undefined;
}

export interface AttemptOptions {
  /** The scope this attempt asks for (client credentials send it from `clientMetadata`). */
  scope: string | undefined;
  /** During a step-up or login the stored tokens are not offered: `auth()` would refresh them, scope unchanged. */
  hideTokens: boolean;
}

/** Which client a store entry belongs to (see `OAuthStoreKey.client`). */
export function clientLabel(auth: FlowAuth): string {
  if (auth.type === "client_credentials") return `${auth.clientId} (client_credentials)`;
  return auth.clientId ?? auth.clientMetadataUrl ?? "dynamic";
}

export function isInteractive(auth: FlowAuth): boolean {
  return auth.type === "oauth";
}

/** The client id the current tokens were issued to, for reports. */
export function currentClientId(record: OAuthRecord | undefined): string | undefined {
  const issuer = record?.tokens?.issuer;
  return issuer === undefined ? undefined : record?.clients?.[issuer]?.client_id;
}

/** Every secret value a record holds, for redaction. */
export function secretsOf(record: OAuthRecord | undefined): string[] {
  const values = [record?.tokens?.access_token, record?.tokens?.refresh_token, record?.tokens?.id_token];
  for (const client of Object.values(record?.clients ?? {})) values.push(client.client_secret, basicCredentials(client));
  return values.filter((value): value is string => typeof value === "string");
}

/** What `client_secret_basic` sends (RFC 6749 §2.3.1, as the SDK encodes it): a server that echoes the header shows this form. */
function basicCredentials(client: OAuthClientInformationMixed): string | undefined {
  if (typeof client.client_secret !== "string") return undefined;
  try {
    return btoa(`${client.client_id}:${client.client_secret}`);
  } catch {
    return undefined; // characters outside Latin-1: the SDK cannot send it this way either
  }
}

export class StoreOAuthProvider implements OAuthClientProvider {
  readonly #settings: ProviderSettings;
  readonly #attempt: AttemptOptions;
  declare readonly clientMetadataUrl?: string;
  declare readonly addClientAuthentication?: AddClientAuthentication;
  #state: string | undefined;
  #verifier: string | undefined;
  #authorizationUrl: URL | undefined;
  /** The authorization server this attempt talks to, as `auth()` names it. */
  #issuer: string | undefined;
  /** Discovery as this attempt saw it: the callback leg is checked against it, not against the store. */
  #discovery: OAuthDiscoveryState | undefined;

  constructor(settings: ProviderSettings, attempt: AttemptOptions) {
    this.#settings = settings;
    this.#attempt = attempt;
    const auth = settings.auth;
    if (auth.type === "oauth" && auth.clientMetadataUrl !== undefined) this.clientMetadataUrl = auth.clientMetadataUrl;
    if (settings.addClientAuthentication !== undefined) this.addClientAuthentication = settings.addClientAuthentication;
  }

  get interactive(): boolean {
    return isInteractive(this.#settings.auth);
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

  /** The issuer recorded before the redirect (RFC 9207), from the metadata `auth()` validated. */
  recordedIssuer(): RecordedIssuer {
    const metadata = this.#discovery?.authorizationServerMetadata;
    return { issuer: metadata?.issuer ?? this.#issuer, issSupported: metadata?.authorization_response_iss_parameter_supported === true };
  }

  get redirectUrl(): string | undefined {
    return this.interactive ? this.#settings.redirectUrl : undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    const interactive = this.interactive;
    const scope = this.#attempt.scope;
    return {
      client_name: this.#settings.clientName,
      redirect_uris: interactive ? [this.#settings.redirectUrl] : [],
      grant_types: interactive ? ["authorization_code", "refresh_token"] : ["client_credentials"],
      response_types: interactive ? ["code"] : [],
      // MCP 2026-07-28: registration names the application type; a loopback or custom-scheme redirect is a native client.
      ...(interactive ? { application_type: applicationTypeOf(this.#settings.redirectUrl) } : {}),
      ...(scope === undefined ? {} : { scope }),
    };
  }

  state(): string {
    this.#state = newState();
    rememberSecrets([this.#state]);
    return this.#state;
  }

  async clientInformation(context?: OAuthClientInformationContext): Promise<OAuthClientInformationMixed | undefined> {
    const issuer = context?.issuer ?? this.#issuer;
    if (context !== undefined) this.#issuer = context.issuer;
    const clients = (await this.record())?.clients ?? {};
    const configured = this.#configuredClient();
    if (configured === undefined) return issuer === undefined ? undefined : clients[issuer];
    if (issuer === undefined) return configured;
    // A configured client was issued by one authorization server: bind it on first use and
    // refuse to present it to another (the spec asks for an error rather than a silent retry).
    const bound = Object.entries(clients).find(([, client]) => client.client_id === configured.client_id)?.[0];
    if (bound !== undefined && bound !== issuer) {
      throw new AuthorizationError(
        this.#settings.server,
        `auth.clientId ${JSON.stringify(configured.client_id)} was issued by authorization server ${quoted(bound)}, but the server now names ${quoted(issuer)}: configure a client of the new authorization server (or remove auth.clientId to register one)`,
      );
    }
    if (bound === undefined) await this.#update((record) => ({ ...record, clients: { ...record.clients, [issuer]: { client_id: configured.client_id, issuer } } }));
    return { ...configured, issuer };
  }

  async saveClientInformation(information: OAuthClientInformationMixed, context?: OAuthClientInformationContext): Promise<void> {
    const issuer = context?.issuer ?? information.issuer ?? this.#issuer;
    if (issuer === undefined) return;
    // A configured client's secret comes from the config, never from the store.
    const kept = this.#configuredClient() === undefined ? information : { client_id: information.client_id, issuer };
    rememberSecrets(secretsOf({ clients: { [issuer]: kept } }));
    await this.#update((record) => ({ ...record, clients: { ...record.clients, [issuer]: { ...kept, issuer } } }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    if (this.#attempt.hideTokens) return undefined;
    return (await this.record())?.tokens;
  }

  async saveTokens(tokens: OAuthTokens & { issuer?: string }): Promise<void> {
    rememberSecrets(secretsOf({ tokens }));
    const expiresAt = tokens.expires_in === undefined ? undefined : this.#settings.now() + tokens.expires_in * 1000;
    await this.#update((record) => {
      const { expiresAt: _old, ...rest } = record;
      const scope = this.#attempt.scope ?? record.scope;
      return { ...rest, tokens, ...(expiresAt === undefined ? {} : { expiresAt }), ...(scope === undefined ? {} : { scope }) };
    });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.#authorizationUrl = authorizationUrl;
  }

  saveCodeVerifier(codeVerifier: string): void {
    rememberSecrets([codeVerifier]);
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
    if (scope === "discovery") this.#discovery = undefined;
    const issuer = this.#issuer;
    await this.#update((record) => {
      if (scope === "all") return {};
      if (scope === "client") return issuer === undefined ? withoutKeys(record, ["clients"]) : { ...record, clients: withoutKey(record.clients ?? {}, issuer) };
      if (scope === "tokens") return withoutKeys(record, ["tokens", "expiresAt"]);
      return withoutKeys(record, ["discovery"]);
    });
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    this.#discovery = state;
    await this.#update((record) => ({ ...record, discovery: state }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    if (this.#discovery !== undefined) return this.#discovery;
    this.#discovery = (await this.record())?.discovery;
    return this.#discovery;
  }

  async record(): Promise<OAuthRecord | undefined> {
    const record = await this.#settings.store.load(this.#settings.key);
    rememberSecrets(secretsOf(record));
    return record;
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
    const client = { client_id: clientId, ...(secret === undefined ? {} : { client_secret: secret }) };
    rememberSecrets([basicCredentials(client)]);
    return client;
  }
}

/** RFC 8252 / OIDC registration: loopback hosts and custom URI schemes are native applications. */
function applicationTypeOf(redirectUrl: string): "native" | "web" {
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return "native";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "native";
  return ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname) ? "native" : "web";
}

function withoutKeys(record: OAuthRecord, keys: readonly (keyof OAuthRecord)[]): OAuthRecord {
  const out: OAuthRecord = { ...record };
  for (const key of keys) delete out[key];
  return out;
}

function withoutKey<T>(map: Record<string, T>, key: string): Record<string, T> {
  const out = { ...map };
  delete out[key];
  return out;
}

/** The client authentication a `client_credentials` config with a private key asks for. */
export function clientAuthenticationFor(server: string, auth: FlowAuth): AddClientAuthentication | undefined {
  if (auth.type !== "client_credentials" || auth.privateKey === undefined) return undefined;
  return privateKeyJwt(server, auth.clientId, auth.privateKey, auth.algorithm);
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
