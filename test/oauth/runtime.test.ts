/**
 * OAuth inside the runtime's other features: LangChain tools, explicit sessions, concurrent
 * calls, a user's own SDK provider, secrets from the environment.
 */
import { afterEach, expect, test } from "vitest";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import type { OAuthTokens } from "@modelcontextprotocol/client";
import { createRuntime, memoryOAuthStore, type Runtime } from "../../runtime/src/index.js";
import { startOAuthServer, type OAuthTestServer } from "../servers/oauth.js";
import { countingAuthorize, fetchAuthorize } from "./helpers.js";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function serve(): Promise<OAuthTestServer> {
  const server = await startOAuthServer({});
  open.push(server);
  return server;
}

function runtimeOf(options: Parameters<typeof createRuntime>[0]): Runtime {
  const runtime = createRuntime(options);
  open.push(runtime);
  return runtime;
}

test("a LangChain tool call runs the login transparently and returns the tool's answer", async () => {
  const server = await serve();
  const authorize = countingAuthorize();
  const runtime = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "oauth" } } }, oauth: { authorize } });
  const [whoami] = await runtime.getTools("s");
  const answer = await whoami!.invoke({});
  expect(JSON.stringify(answer)).toMatch(/"text":"[\w-]+ "/);
  expect(authorize.calls).toHaveLength(1);
});

test("concurrent calls on an expired token share one refresh; a session shares the runtime's tokens", async () => {
  const server = await serve();
  const authorize = countingAuthorize();
  const runtime = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "oauth" } } }, oauth: { authorize } });
  await runtime.callTool("s", "whoami");
  server.provider.expireAccessTokens();
  await Promise.all([1, 2, 3, 4].map(() => runtime.callTool("s", "whoami")));
  expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code", "refresh_token"]);
  const session = runtime.session("s");
  await session.callTool("whoami");
  await session.close();
  expect(authorize.calls).toHaveLength(1);
});

test("a user's own SDK authProvider wins over auth", async () => {
  const server = await serve();
  const store = memoryOAuthStore();
  const first = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "oauth" } } }, oauth: { authorize: fetchAuthorize, store } });
  await first.callTool("s", "whoami");
  const tokens = (await store.load({ server: "s", url: server.url, client: "dynamic" }))?.tokens as OAuthTokens;
  let asked = 0;
  const provider: OAuthClientProvider = {
    redirectUrl: undefined,
    clientMetadata: { redirect_uris: [] },
    clientInformation: () => undefined,
    tokens: () => {
      asked++;
      return tokens;
    },
    saveTokens: () => undefined,
    redirectToAuthorization: () => undefined,
    saveCodeVerifier: () => undefined,
    codeVerifier: () => "",
  };
  const authorize = countingAuthorize();
  const runtime = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "oauth" }, authProvider: provider } }, oauth: { authorize } });
  await runtime.callTool("s", "whoami");
  expect(asked).toBeGreaterThan(0);
  expect(authorize.calls).toEqual([]);
});

test("a client secret from the environment never appears in an error", async () => {
  const server = await startOAuthServer({
    tokenAuthMethods: ["client_secret_post"],
    preRegistered: [{ client_id: "machine", client_secret: "the-right-secret", redirect_uris: [], grant_types: ["client_credentials"] }],
  });
  open.push(server);
  const secret = "a-wrong-secret-value";
  const runtime = runtimeOf({
    servers: { s: { transport: "http", url: server.url, auth: { type: "client_credentials", clientId: "machine", clientSecret: "${MACHINE_SECRET}" } } },
    env: { MACHINE_SECRET: secret },
  });
  const failure = await runtime.callTool("s", "whoami").catch((error: unknown) => error);
  expect(String(failure)).toMatch(/^AuthorizationError: server "s": authorization failed/);
  expect(String(failure)).not.toContain(secret);
  // The SDK's auth() tries once more after invalid_client; both with the configured secret.
  expect(new Set(server.eventsOf("token").map((event) => `${event.grantType} ${event.authMethod}`))).toEqual(new Set(["client_credentials client_secret_post"]));
});
