/**
 * The conformance suite's client (test/conformance/auth-client.ts) in its own process, against
 * the test authorization server, for the scenario kinds it distinguishes.
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, test } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { DEFAULT_REDIRECT_URL } from "../../runtime/src/connection/oauth/types.js";
import { startOAuthServer, type OAuthServerOptions, type OAuthTestServer } from "../servers/oauth.js";

const CLIENT = path.join(repoRoot, "test/conformance/auth-client.ts");
let server: OAuthTestServer | undefined;
afterEach(async () => server?.close());

async function run(options: OAuthServerOptions, scenario: string, context: Record<string, string> = {}): Promise<OAuthTestServer> {
  server = await startOAuthServer(options);
  const env = { ...process.env, MCP_CONFORMANCE_SCENARIO: scenario, MCP_CONFORMANCE_CONTEXT: JSON.stringify(context) };
  await promisify(execFile)(process.execPath, ["--import", "jiti/register", CLIENT, server.url], { cwd: repoRoot, env });
  return server;
}

test("auth/metadata-default: discovery, registration, authorization, token, then tools/list and tools/call", async () => {
  const done = await run({}, "auth/metadata-default");
  expect(done.eventsOf("register")).toHaveLength(1);
  expect(done.eventsOf("mcp").filter((event) => event.status === 200).map((event) => event.method)).toEqual(["initialize", "tools/list", "tools/call"]);
});

test("auth/pre-registration: the context's client, its secret through a placeholder", async () => {
  const done = await run(
    { registration: false, tokenAuthMethods: ["client_secret_basic"], preRegistered: [{ client_id: "pre", client_secret: "pre-secret", redirect_uris: [DEFAULT_REDIRECT_URL] }] },
    "auth/pre-registration",
    { client_id: "pre", client_secret: "pre-secret" },
  );
  expect(done.eventsOf("token")).toMatchObject([{ authMethod: "client_secret_basic", clientId: "pre" }]);
});

test("auth/client-credentials-jwt: a private key JWT signed with the context's key", async () => {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const done = await run(
    {
      tokenAuthMethods: ["private_key_jwt"],
      publicKeys: { cc: publicKey.export({ type: "spki", format: "pem" }).toString() },
      preRegistered: [{ client_id: "cc", redirect_uris: [], grant_types: ["client_credentials"] }],
    },
    "auth/client-credentials-jwt",
    { client_id: "cc", private_key_pem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), signing_algorithm: "ES256" },
  );
  expect(done.eventsOf("token")).toMatchObject([{ grantType: "client_credentials", authMethod: "private_key_jwt" }]);
});
