/**
 * A server that repeats the caller's OAuth access token in what it lists (its instructions, a
 * tool's description): the token is this server's credential like a configured one, so it never
 * reaches the snapshot, the generated code or the runtime's lists, and a new token is no drift.
 * Real authorization and MCP servers on 127.0.0.1 (servers/oauth.ts with `echoToken`).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { createRuntime, memoryOAuthStore, type Runtime } from "../../runtime/src/index.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { startOAuthServer, type OAuthTestServer } from "../servers/oauth.js";

const CLIENT = { client_id: "echo-ci", client_secret: "echo-client-secret-value", redirect_uris: [], grant_types: ["client_credentials"] };
const AUTH = { type: "client_credentials", clientId: CLIENT.client_id, clientSecret: "${ECHO_SECRET}" } as const;

let server: OAuthTestServer;
let configHome: string;
const open: Runtime[] = [];

beforeAll(async () => {
  server = await startOAuthServer({ echoToken: true, tokenAuthMethods: ["client_secret_post"], preRegistered: [CLIENT] });
  configHome = mkdtempSync(path.join(os.tmpdir(), "mcp-codegen-config-"));
});

afterEach(async () => {
  for (const runtime of open.splice(0)) await runtime.close();
});

afterAll(async () => {
  await server.close();
  rmSync(configHome, { recursive: true, force: true });
});

function issuedTokens(): string[] {
  return [...server.provider.issued];
}

function projectFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(folder, file))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`) && path.extname(file) !== "");
}

test("generate and check: the echoed token is *** in the snapshot and the code, and a new token is no drift", async () => {
  const project = tempProject("oauth-echo");
  const env = { XDG_CONFIG_HOME: configHome, CI: "true", ECHO_SECRET: CLIENT.client_secret };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { echo: { transport: "http", url: server.url, auth: AUTH } }, outDir: "generated" }));
  const generated = await runCli(["generate"], { cwd: project, env });
  expect(generated.stderr).toBe("");
  expect(generated.status).toBe(0);
  const snapshot = readFileSync(path.join(project, "generated/mcp-snapshot.json"), "utf8");
  expect(snapshot).toContain("Signed in with token ***.");
  const tokens = issuedTokens();
  expect(tokens.length).toBeGreaterThan(0);
  for (const file of projectFiles(project)) {
    const text = readFileSync(file, "utf8");
    for (const token of tokens) expect(text.includes(token), `a token in ${path.relative(project, file)}`).toBe(false);
  }
  for (const token of tokens) expect(`${generated.stdout}${generated.stderr}`).not.toContain(token);
  // The next run is sent another token: the server's text differs, its masked listing does not.
  server.provider.expireAccessTokens();
  const checked = await runCli(["check"], { cwd: project, env });
  expect(issuedTokens().length).toBeGreaterThan(tokens.length);
  expect(checked.stdout).toMatch(/No drift/);
  expect(checked.status).toBe(0);
  for (const token of issuedTokens()) expect(`${checked.stdout}${checked.stderr}`).not.toContain(token);
});

test("the runtime's lists mask the token its OAuth session sent", async () => {
  const runtime = createRuntime({ servers: { echo: { transport: "http", url: server.url, auth: AUTH } }, env: { ECHO_SECRET: CLIENT.client_secret }, oauth: { store: memoryOAuthStore() } });
  open.push(runtime);
  const [tool] = await runtime.listTools("echo");
  expect(tool?.description).toBe("The client and scopes of the caller's token. Signed in with token ***.");
});

test("and the token a user's own authProvider gave the transport", async () => {
  const tokens = server.provider.issueTokens(CLIENT.client_id, [], server.url, false);
  const provider: OAuthClientProvider = {
    redirectUrl: undefined,
    clientMetadata: { redirect_uris: [] },
    clientInformation: () => undefined,
    tokens: () => tokens,
    saveTokens: () => undefined,
    redirectToAuthorization: () => undefined,
    saveCodeVerifier: () => undefined,
    codeVerifier: () => "",
  };
  const runtime = createRuntime({ servers: { echo: { transport: "http", url: server.url, authProvider: provider } } });
  open.push(runtime);
  const [tool] = await runtime.listTools("echo");
  expect(tool?.description).toBe("The client and scopes of the caller's token. Signed in with token ***.");
  expect(JSON.stringify(await runtime.getTools("echo").then((tools) => tools.map((each) => each.description)))).not.toContain(tokens.access_token);
});
