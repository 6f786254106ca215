/**
 * How a remote server authenticates (`auth` of an HTTP or SSE server entry). Secrets (client
 * secrets, private keys, bearer tokens) are written as `${VAR}` placeholders: the config file and
 * the generated `defaultConnection` keep the placeholder, the runtime resolves it in memory.
 */

/** The interactive authorization code flow with PKCE (a user logs in in a browser). */
export interface OAuthAuthConfig {
  type: "oauth";
  /** Scopes to ask for, besides those the server's `WWW-Authenticate` challenge names. */
  scopes?: string[];
  /** A pre-registered client; without it the client registers itself (RFC 7591) or uses `clientMetadataUrl`. */
  clientId?: string;
  /** The pre-registered client's secret, as a `${VAR}` placeholder. */
  clientSecret?: string;
  /** HTTPS URL of this client's metadata document, used as client id where the server supports it. */
  clientMetadataUrl?: string;
  /** The redirect URL registered for the client (`mcp-codegen login` listens on it when it is a loopback URL). */
  redirectUrl?: string;
}

/** Machine-to-machine: the client credentials grant, with a client secret or a private key JWT. */
export interface ClientCredentialsAuthConfig {
  type: "client_credentials";
  clientId: string;
  /** `${VAR}` placeholder; sent with client_secret_basic or client_secret_post. */
  clientSecret?: string;
  /** PEM (PKCS#8) private key as a `${VAR}` placeholder; signs a private_key_jwt client assertion. */
  privateKey?: string;
  /** JWS algorithm of the assertion; default from the key (RS256 for RSA, ES256/384/512 for EC). */
  algorithm?: string;
  scopes?: string[];
}

/** A static token, sent as `Authorization: Bearer …` (a `${VAR}` placeholder). */
export interface BearerAuthConfig {
  type: "bearer";
  token: string;
}

export type AuthConfig = OAuthAuthConfig | ClientCredentialsAuthConfig | BearerAuthConfig;

/** The fields of each auth type that hold secrets: only placeholders are accepted there. */
export const SECRET_AUTH_FIELDS = ["clientSecret", "privateKey", "token"] as const;
