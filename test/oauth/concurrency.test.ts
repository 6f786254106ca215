/**
 * One authorization at a time, against the real test authorization server: concurrent
 * requests share one refresh or one authorization flow, each attempt with its own state and
 * verifier, and two processes sharing the file token store never lose its rotated refresh
 * token (real child processes).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, test } from "vitest";
import { createRuntime, fileOAuthStore, memoryOAuthStore, type Runtime } from "../../runtime/src/index.js";
import { OAuthSession } from "../../runtime/src/connection/oauth/authorization.js";
import { repoRoot } from "../helpers/servers.js";
import { startOAuthServer, type OAuthServerOptions, type OAuthTestServer } from "../servers/oauth.js";
import { countingAuthorize, fetchAuthorize } from "./helpers.js";

const CHILD = path.join(repoRoot, "test/oauth/fixtures/refresh-child.mjs");
const open: { close(): Promise<void> }[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function serve(options: OAuthServerOptions): Promise<OAuthTestServer> {
  const server = await startOAuthServer(options);
  open.push(server);
  return server;
}

function runtimeOf(options: Parameters<typeof createRuntime>[0]): Runtime {
  const runtime = createRuntime({ reconnect: { retries: 0 }, ...options });
  open.push(runtime);
  return runtime;
}

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sixteen = Array.from({ length: 16 }, (_, index) => index);

test("16 concurrent calls inside the refresh margin send exactly one refresh", async () => {
  // Lifetime 2 s: the margin is 1 s, so after 1.1 s every request finds the token expiring.
  const server = await serve({ accessTokenTtl: 2 });
  const authorize = countingAuthorize();
  const runtime = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "oauth" } } }, oauth: { authorize } });
  await runtime.callTool("s", "whoami");
  await sleep(1_100);
  const results = await Promise.all(sixteen.map(() => runtime.callTool("s", "whoami")));
  expect(results.map(text)).toEqual(sixteen.map(() => expect.stringMatching(/^\S+ $/)));
  expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code", "refresh_token"]);
  expect(authorize.calls).toHaveLength(1);
});

test("16 concurrent calls needing authorization open the browser once, and all succeed", async () => {
  const server = await serve({});
  const authorize = countingAuthorize();
  // Stateless: every call opens its own connection, so 16 requests meet a 401 at the same time.
  const runtime = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "oauth" }, stateless: true } }, oauth: { authorize } });
  const results = await Promise.all(sixteen.map(() => runtime.callTool("s", "whoami")));
  expect(results.map(text)).toEqual(sixteen.map(() => expect.stringMatching(/^\S+ $/)));
  expect(authorize.calls).toHaveLength(1);
  expect(server.eventsOf("authorize")).toHaveLength(1);
  expect(server.eventsOf("register")).toHaveLength(1);
  expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code"]);
});

test("16 concurrent calls from explicit sessions (a connection and an OAuth session each) share one authorization through the store", async () => {
  const server = await serve({});
  const authorize = countingAuthorize();
  const store = memoryOAuthStore();
  const runtime = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "oauth" } } }, oauth: { authorize, store } });
  const sessions = sixteen.map(() => runtime.session("s"));
  for (const session of sessions) open.push(session);
  const results = await Promise.all(sessions.map((session) => session.callTool("whoami")));
  expect(results.map(text)).toEqual(sessions.map(() => expect.stringMatching(/^\S+ $/)));
  expect(authorize.calls).toHaveLength(1);
  expect(server.eventsOf("token")).toHaveLength(1);
});

test("two processes refreshing the same stored token: one refresh, both calls succeed, the login survives", async () => {
  const server = await serve({ accessTokenTtl: 6 });
  const directory = mkdtempSync(path.join(os.tmpdir(), "mcp-codegen-lock-"));
  folders.push(directory);
  const config = { servers: { s: { transport: "http" as const, url: server.url, auth: { type: "oauth" as const } } } };
  await runtimeOf({ ...config, oauth: { authorize: fetchAuthorize, store: fileOAuthStore(directory) } }).callTool("s", "whoami");
  // Both children call at the same moment, inside the 3 s margin of the 6 s token.
  const at = String(Date.now() + 3_500);
  const run = () => promisify(execFile)(process.execPath, [CHILD, server.url, directory, at], { cwd: repoRoot, timeout: 30_000 });
  const [first, second] = await Promise.all([run(), run()]);
  expect([first.stdout, second.stdout]).toEqual([expect.stringMatching(/^\S+ \n$/), expect.stringMatching(/^\S+ \n$/)]);
  expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code", "refresh_token"]);
  // The stored refresh token is the live one: a third process refreshes with it, no login.
  server.provider.expireAccessTokens();
  const third = await promisify(execFile)(process.execPath, [CHILD, server.url, directory, "0"], { cwd: repoRoot, timeout: 30_000 });
  expect(third.stdout).toMatch(/^\S+ \n$/);
  expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code", "refresh_token", "refresh_token"]);
});


test("a request whose signal aborts stops waiting for the flow in progress; the flow goes on for the others", async () => {
  const server = await serve({});
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const authorize = countingAuthorize();
  const session = new OAuthSession({ server: "s", url: new URL(server.url), auth: { type: "oauth" }, store: memoryOAuthStore(), authorize: async (url, context) => (await held, authorize(url, context)) });
  const send = session.wrap(fetch);
  const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
  const init = { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(initialize) };
  const patient = send(server.url, init);
  const controller = new AbortController();
  const impatient = send(server.url, { ...init, signal: controller.signal });
  await sleep(300);
  const started = Date.now();
  controller.abort(new Error("the caller gave up"));
  await expect(impatient).rejects.toThrow("the caller gave up");
  expect(Date.now() - started).toBeLessThan(200);
  release();
  const response = await patient;
  expect(response.status).toBe(200);
  await response.body?.cancel();
  expect(authorize.calls).toHaveLength(1);
});
