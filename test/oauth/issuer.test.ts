/**
 * Authorization-server identity, against the real test authorization server: the redirect's
 * `iss` (RFC 9207) checked against the issuer recorded before the redirect, client
 * registrations kept per issuer, re-registration when the server's authorization server
 * changes, `application_type` in registration, client ID metadata documents where offered.
 */
import { afterEach, expect, test } from "vitest";
import { AuthorizationError } from "../../runtime/src/shared/errors.js";
import { memoryOAuthStore } from "../../runtime/src/connection/oauth/memory-store.js";
import { DEFAULT_REDIRECT_URL } from "../../runtime/src/connection/oauth/types.js";
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

async function failureOf(client: ProtectedClient): Promise<unknown> {
  return client.whoami().catch((error: unknown) => error);
}

test("iss advertised and right: the code is redeemed", async () => {
  const server = await serve({ issParameterSupported: true, issInRedirect: "correct" });
  expect(await connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize }).whoami()).toMatch(/^\S+ $/);
  expect(server.eventsOf("token")).toHaveLength(1);
});

test("iss naming another issuer: one line naming both, and no code is redeemed", async () => {
  const server = await serve({ issParameterSupported: true, issInRedirect: "wrong" });
  const failure = await failureOf(connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize }));
  expect(failure).toBeInstanceOf(AuthorizationError);
  expect(String(failure)).toBe(
    `AuthorizationError: server "s": the authorization response names issuer "https://mix-up.example/evil", but this authorization was started with issuer "${server.issuer}" (RFC 9207 mix-up defence); no code was redeemed`,
  );
  expect(server.eventsOf("token")).toEqual([]);
});

test("iss unexpected (not advertised) and wrong: refused as well", async () => {
  const server = await serve({ issInRedirect: "wrong" });
  const failure = await failureOf(connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize }));
  expect(String(failure)).toMatch(/names issuer "https:\/\/mix-up\.example\/evil", but this authorization was started with issuer "http:\/\/127\.0\.0\.1:\d+"/);
  expect(server.eventsOf("token")).toEqual([]);
});

test("a wrong iss is reported before the response's error text (the attacker's) is read", async () => {
  const server = await serve({ issParameterSupported: true });
  const authorize = async (url: URL) => `${DEFAULT_REDIRECT_URL}?error=access_denied&iss=https%3A%2F%2Fmix-up.example&state=${url.searchParams.get("state")}`;
  const failure = await failureOf(connect(server.url, { type: "oauth" }, { authorize }));
  expect(String(failure)).toMatch(/names issuer "https:\/\/mix-up\.example"/);
  expect(String(failure)).not.toMatch(/access_denied/);
});

test("iss absent where the issuer advertises it: refused, naming the issuer", async () => {
  const server = await serve({ issParameterSupported: true, issInRedirect: "omit" });
  const failure = await failureOf(connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize }));
  expect(String(failure)).toBe(
    `AuthorizationError: server "s": the authorization response carries no iss, but issuer "${server.issuer}" advertises authorization_response_iss_parameter_supported; no code was redeemed`,
  );
  expect(server.eventsOf("token")).toEqual([]);
});

test("iss absent and not advertised: the code is redeemed", async () => {
  const server = await serve({ issInRedirect: "omit" });
  expect(await connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize }).whoami()).toMatch(/^\S+ $/);
});

test("the authorization server changed: the client re-registers there and never presents the old client", async () => {
  const server = await serve({});
  const store = memoryOAuthStore();
  const authorize = countingAuthorize();
  const client = connect(server.url, { type: "oauth" }, { authorize, store });
  const before = await client.whoami();
  const oldClient = before.split(" ")[0];
  const moved = await server.migrate();
  const after = await client.whoami();
  expect(moved.eventsOf("register")).toHaveLength(1);
  expect(moved.eventsOf("authorize").map((event) => event.clientId)).not.toContain(oldClient);
  expect(moved.eventsOf("token").map((event) => event.clientId)).not.toContain(oldClient);
  expect(after.split(" ")[0]).not.toBe(oldClient);
  expect(authorize.calls).toHaveLength(2);
  // Both registrations are kept, each under its issuer.
  const record = await store.load({ server: "s", url: server.url, client: "dynamic" });
  expect(Object.keys(record?.clients ?? {}).sort()).toEqual([server.issuer, moved.issuer].sort());
  expect(record?.tokens?.issuer).toBe(moved.issuer);
});

test("a configured client whose authorization server changed: one line naming both issuers", async () => {
  const preRegistered = [{ client_id: "pre", client_secret: "pre-secret", redirect_uris: [DEFAULT_REDIRECT_URL] }];
  const server = await serve({ registration: false, preRegistered });
  const client = connect(server.url, { type: "oauth", clientId: "pre", clientSecret: "pre-secret" }, { authorize: fetchAuthorize });
  await client.whoami();
  const moved = await server.migrate();
  const failure = await failureOf(client);
  expect(String(failure)).toBe(
    `AuthorizationError: server "s": auth.clientId "pre" was issued by authorization server "${server.issuer}", but the server now names "${moved.issuer}": configure a client of the new authorization server (or remove auth.clientId to register one)`,
  );
  expect(moved.eventsOf("authorize")).toEqual([]);
});

test("dynamic registration names application_type native for the loopback redirect", async () => {
  const server = await serve({});
  await connect(server.url, { type: "oauth" }, { authorize: fetchAuthorize }).whoami();
  expect(server.eventsOf("register")).toMatchObject([{ applicationType: "native" }]);
});

test("a client metadata document URL is used where the server supports it, registration where it does not", async () => {
  const documentUrl = "https://client.example/mcp-codegen.json";
  const supporting = await serve({ clientIdMetadataDocuments: { [documentUrl]: { redirect_uris: [DEFAULT_REDIRECT_URL] } } });
  expect(await connect(supporting.url, { type: "oauth", clientMetadataUrl: documentUrl }, { authorize: fetchAuthorize }).whoami()).toMatch(new RegExp(`^${documentUrl} `));
  expect(supporting.eventsOf("register")).toEqual([]);
  const other = await serve({});
  expect(await connect(other.url, { type: "oauth", clientMetadataUrl: documentUrl }, { authorize: fetchAuthorize }).whoami()).not.toMatch(new RegExp(`^${documentUrl}`));
  expect(other.eventsOf("register")).toHaveLength(1);
});
