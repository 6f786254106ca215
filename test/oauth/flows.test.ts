/**
 * The runtime completes MCP authorization against a real authorization server (test/servers/
 * oauth.ts), one test per behaviour the MCP conformance suite checks on clients: metadata
 * discovery layouts, registration, client ID metadata documents, token endpoint
 * authentication, scope selection, step-up and its limit, the 2025-03-26 fallbacks, refresh,
 * revocation and client credentials.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { DEFAULT_REDIRECT_URL } from "../../runtime/src/connection/oauth/types.js";
import { memoryOAuthStore } from "../../runtime/src/connection/oauth/memory-store.js";
import { AuthorizationError, LoginRequiredError } from "../../runtime/src/shared/errors.js";
import { startOAuthServer, type OAuthServerOptions, type OAuthTestServer } from "../servers/oauth.js";
import { connectProtected, type ProtectedClient } from "./connect.js";
import { countingAuthorize, fetchAuthorize } from "./helpers.js";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function serve(options: OAuthServerOptions): Promise<OAuthTestServer> {
  const server = await startOAuthServer(options);
  open.push(server);
  return server;
}

function connect(...args: Parameters<typeof connectProtected>): ProtectedClient {
  const client = connectProtected(...args);
  open.push(client);
  return client;
}

/** The paths of the metadata documents the client asked for, in order. */
function metadataPaths(server: OAuthTestServer): string[] {
  return server.eventsOf("metadata").map((event) => event.path);
}

describe("metadata discovery", () => {
  test("path-based protected resource metadata named in WWW-Authenticate, RFC 8414 metadata at the root", async () => {
    const server = await serve({});
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    expect(await client.whoami()).toMatch(/^\S+ $/);
    expect(metadataPaths(server)).toEqual(["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-authorization-server"]);
    expect(server.eventsOf("register")).toHaveLength(1);
    const [authorize] = server.eventsOf("authorize");
    expect(authorize).toMatchObject({ challengeMethod: "S256", resource: server.url });
    expect(authorize?.state).toMatch(/^[\w-]{43}$/);
    expect(server.eventsOf("token")).toMatchObject([{ grantType: "authorization_code", resource: server.url }]);
  });

  test("path-based metadata not in the challenge, OpenID configuration", async () => {
    const server = await serve({ prmInChallenge: false, metadataPath: "/.well-known/openid-configuration" });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    expect(metadataPaths(server)).toEqual(["/.well-known/oauth-protected-resource/mcp", "/.well-known/openid-configuration"]);
  });

  test("root protected resource metadata, authorization server with a path (RFC 8414 path insertion)", async () => {
    const server = await serve({
      prmPath: "/.well-known/oauth-protected-resource",
      prmInChallenge: false,
      issuerPath: "/tenant1",
      metadataPath: "/.well-known/oauth-authorization-server/tenant1",
    });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    // RFC 9728: the path-based location first, then the root.
    expect(metadataPaths(server)).toEqual([
      "/.well-known/oauth-protected-resource/mcp",
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-authorization-server/tenant1",
    ]);
  });

  test("custom metadata location from the challenge, OpenID configuration after the issuer path", async () => {
    const server = await serve({
      prmPath: "/custom/metadata/location.json",
      issuerPath: "/tenant1",
      metadataPath: "/tenant1/.well-known/openid-configuration",
    });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    const paths = metadataPaths(server);
    expect(paths[0]).toBe("/custom/metadata/location.json");
    expect(paths.at(-1)).toBe("/tenant1/.well-known/openid-configuration");
  });

  test("2025-03-26: no resource metadata, authorization server metadata at the server's root", async () => {
    const server = await serve({ prmPath: null, sameOrigin: true, endpointPrefix: "/oauth" });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    expect(metadataPaths(server)).toEqual(["/.well-known/oauth-authorization-server"]);
    expect(server.eventsOf("register")).toHaveLength(1);
    expect(server.eventsOf("token")).toHaveLength(1);
  });

  test("2025-03-26: no metadata at all, default endpoints at the server's root", async () => {
    const server = await serve({ prmPath: null, sameOrigin: true, metadataPath: null });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    expect(server.eventsOf("register")).toHaveLength(1);
    expect(server.eventsOf("authorize")).toHaveLength(1);
    expect(server.eventsOf("token")).toHaveLength(1);
  });
});

describe("clients", () => {
  test("client ID metadata document instead of registration", async () => {
    const documentUrl = "https://client.example/mcp-codegen.json";
    const server = await serve({ clientIdMetadataDocuments: { [documentUrl]: { redirect_uris: [DEFAULT_REDIRECT_URL] } } });
    const client = connect(server.url, { type: "oauth", clientMetadataUrl: documentUrl }, { authorize: fetchAuthorize });
    expect(await client.whoami()).toMatch(new RegExp(`^${documentUrl}`));
    expect(server.eventsOf("register")).toEqual([]);
    expect(server.eventsOf("authorize")[0]?.clientId).toBe(documentUrl);
  });

  test("pre-registered client where the server offers no registration", async () => {
    const server = await serve({
      registration: false,
      tokenAuthMethods: ["client_secret_basic"],
      preRegistered: [{ client_id: "pre-registered", client_secret: "pre-secret", redirect_uris: [DEFAULT_REDIRECT_URL] }],
    });
    const client = connect(server.url, { type: "oauth", clientId: "pre-registered", clientSecret: "pre-secret" }, { authorize: fetchAuthorize });
    expect(await client.whoami()).toMatch(/^pre-registered /);
    expect(server.eventsOf("token")).toMatchObject([{ authMethod: "client_secret_basic", clientId: "pre-registered" }]);
  });

  for (const method of ["client_secret_basic", "client_secret_post", "none"] as const) {
    test(`token endpoint authentication: ${method} when it is the only method offered`, async () => {
      const server = await serve({ tokenAuthMethods: [method] });
      const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
      await client.whoami();
      expect(server.eventsOf("token").map((event) => event.authMethod)).toEqual([method]);
    });
  }
});

describe("scopes", () => {
  test("the scope of the WWW-Authenticate challenge", async () => {
    const server = await serve({ requiredScopes: ["mcp:basic"], scopesSupported: ["mcp:basic", "mcp:other"] });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    expect(await client.whoami()).toMatch(/ mcp:basic$/);
    expect(server.eventsOf("authorize")[0]?.scope).toBe("mcp:basic");
  });

  test("all of scopes_supported when the challenge names none", async () => {
    const server = await serve({ scopesSupported: ["mcp:basic", "mcp:read", "mcp:write"] });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    expect(server.eventsOf("authorize")[0]?.scope).toBe("mcp:basic mcp:read mcp:write");
  });

  test("no scope parameter when nothing names one", async () => {
    const server = await serve({});
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    expect(server.eventsOf("authorize")[0]).not.toHaveProperty("scope");
  });

  test("configured scopes join the challenge's", async () => {
    const server = await serve({ requiredScopes: ["mcp:basic"] });
    const client = connect(server.url, { type: "oauth", scopes: ["profile"] }, { authorize: fetchAuthorize });
    await client.whoami();
    expect(server.eventsOf("authorize")[0]?.scope).toBe("profile mcp:basic");
  });

  test("step-up on insufficient_scope asks for the union of the scopes, and the call goes through", async () => {
    const server = await serve({ openInitialize: true, requiredScopes: ["mcp:basic"], stepUpScope: "mcp:write", scopesSupported: ["mcp:profile"] });
    const authorize = countingAuthorize();
    const client = connect(server.url, { type: "oauth" }, { authorize });
    expect(await client.whoami()).toMatch(/ mcp:basic,mcp:write$/);
    expect(server.eventsOf("authorize").map((event) => event.scope)).toEqual(["mcp:basic", "mcp:basic mcp:write"]);
    expect(authorize.calls).toHaveLength(2);
  });

  test("step-up happens at most once per call: a server that is never satisfied gets a clear error", async () => {
    const server = await serve({ openInitialize: true, scopesSupported: ["mcp:admin"], neverEnoughScope: "mcp:admin" });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    const failure = await client.whoami().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthorizationError);
    expect(String(failure)).toMatch(/still asks for more scope \(mcp:admin\) after a step-up/);
    expect(server.eventsOf("authorize").length).toBeLessThanOrEqual(3);
    expect(server.eventsOf("authorize")).toHaveLength(2);
  });
});

describe("tokens", () => {
  test("an expired access token is refreshed on the 401, without a new login", async () => {
    const server = await serve({});
    const authorize = countingAuthorize();
    const client = connect(server.url, { type: "oauth" }, { authorize });
    const first = await client.whoami();
    server.provider.expireAccessTokens();
    expect(await client.whoami()).toBe(first);
    expect(authorize.calls).toHaveLength(1);
    expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code", "refresh_token"]);
  });

  test("a token about to expire is refreshed before it is sent (within half the lifetime of a short-lived one)", async () => {
    const server = await serve({ accessTokenTtl: 2 });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    const refused = server.eventsOf("mcp").filter((event) => event.status === 401).length;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await client.whoami();
    expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code", "refresh_token"]);
    expect(server.eventsOf("mcp").filter((event) => event.status === 401).length).toBe(refused);
  });

  test("a token that lives less than the one-minute margin is not refreshed before every request", async () => {
    const server = await serve({ accessTokenTtl: 30 });
    const client = connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize });
    await client.whoami();
    await client.whoami();
    await client.whoami();
    expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code"]);
  });

  test("a revoked refresh token means a new login: a clear error without oauth.authorize, a new login with it", async () => {
    const server = await serve({});
    const store = memoryOAuthStore();
    await connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize, store }).whoami();
    server.provider.revokeRefreshTokens();
    const unattended = await connect(server.url, { type: "oauth" }, { store }).whoami().catch((error: unknown) => error);
    expect(unattended).toBeInstanceOf(LoginRequiredError);
    expect(String(unattended)).toMatch(/^LoginRequiredError: server "s": login required/);
    const authorize = countingAuthorize();
    await connect(server.url, { type: "oauth" }, { authorize, store }).whoami();
    expect(authorize.calls).toHaveLength(1);
  });

  test("nothing stored and no oauth.authorize: login required, before any registration", async () => {
    const server = await serve({});
    const failure = await connect(server.url, { type: "oauth" }).whoami().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoginRequiredError);
    expect(server.eventsOf("register")).toEqual([]);
  });

  test("a redirect with another state is refused and no code is exchanged", async () => {
    const server = await serve({});
    const forged = async (url: URL) => {
      const location = new URL(String(await fetchAuthorize(url, { server: "s" })));
      location.searchParams.set("state", "forged");
      return location;
    };
    const failure = await connect(server.url, { type: "oauth" }, { authorize: forged }).whoami().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthorizationError);
    expect(String(failure)).toMatch(/does not carry this attempt's state/);
    expect(server.eventsOf("token")).toEqual([]);
  });

  test("an authorization denied by the user is reported by its error code", async () => {
    const server = await serve({});
    const denied = async (url: URL) => `${DEFAULT_REDIRECT_URL}?error=access_denied&state=${url.searchParams.get("state")}`;
    const failure = await connect(server.url, { type: "oauth" }, { authorize: denied }).whoami().catch((error: unknown) => error);
    expect(String(failure)).toMatch(/the authorization server answered "access_denied"/);
  });
});

describe("client credentials", () => {
  test("client_secret_basic", async () => {
    const server = await serve({
      tokenAuthMethods: ["client_secret_basic"],
      preRegistered: [{ client_id: "machine", client_secret: "machine-secret", redirect_uris: [], grant_types: ["client_credentials"] }],
    });
    const client = connect(server.url, { type: "client_credentials", clientId: "machine", clientSecret: "machine-secret" });
    expect(await client.whoami()).toMatch(/^machine /);
    expect(server.eventsOf("token")).toMatchObject([{ grantType: "client_credentials", authMethod: "client_secret_basic" }]);
    expect(server.eventsOf("authorize")).toEqual([]);
  });

  test("private_key_jwt, the algorithm read from the key", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const server = await serve({
      tokenAuthMethods: ["private_key_jwt"],
      publicKeys: { machine: publicKey.export({ type: "spki", format: "pem" }).toString() },
      preRegistered: [{ client_id: "machine", redirect_uris: [], grant_types: ["client_credentials"] }],
    });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const client = connect(server.url, { type: "client_credentials", clientId: "machine", privateKey: pem });
    expect(await client.whoami()).toMatch(/^machine /);
    expect(server.eventsOf("token")).toMatchObject([{ grantType: "client_credentials", authMethod: "private_key_jwt" }]);
  });

  test("an expired client credentials token is replaced without a refresh token", async () => {
    const server = await serve({
      preRegistered: [{ client_id: "machine", client_secret: "machine-secret", redirect_uris: [], grant_types: ["client_credentials"] }],
    });
    const client = connect(server.url, { type: "client_credentials", clientId: "machine", clientSecret: "machine-secret" });
    await client.whoami();
    server.provider.expireAccessTokens();
    await client.whoami();
    expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["client_credentials", "client_credentials"]);
  });
});

test("legacy SSE transport: the same flow on the event stream and the message endpoint", async () => {
  // The resource is the whole origin, so that it covers /sse as well as /mcp.
  const server = await serve({ prmPath: "/.well-known/oauth-protected-resource" });
  const authorize = countingAuthorize();
  const client = connect(server.sseUrl, { type: "oauth" }, { authorize }, "sse");
  expect(await client.whoami()).toMatch(/^\S+ $/);
  expect(authorize.calls).toHaveLength(1);
  expect(server.eventsOf("token")).toHaveLength(1);
});
