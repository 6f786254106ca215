/**
 * `mcp-codegen login` then `generate` and `check` against the test authorization server, end
 * to end: the CLI in its own process, the browser replaced by fetching the authorization URL.
 * Without a login, `generate` fails at once with the hint. Tokens land in the per-user store
 * (0600), never in the project.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CLI, runCli, tempProject } from "../helpers/cli.js";
import { startOAuthServer, type OAuthTestServer } from "../servers/oauth.js";
import { fetchAuthorize } from "./helpers.js";

let server: OAuthTestServer;
let project: string;
let configHome: string;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startOAuthServer({ requiredScopes: ["mcp:tools"], scopesSupported: ["mcp:tools", "mcp:admin"] });
  project = tempProject("oauth");
  configHome = mkdtempSync(path.join(os.tmpdir(), "mcp-codegen-config-"));
  env = { XDG_CONFIG_HOME: configHome, CI: "true" };
  const config = { servers: { remote: { transport: "http", url: server.url, auth: { type: "oauth" } } }, outDir: "generated" };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config, null, 2));
});

afterAll(async () => {
  await server.close();
  rmSync(configHome, { recursive: true, force: true });
});

/** Runs `login --no-open`, and plays the browser with the URL it prints. */
function loginThroughFetch(cwd = project, childEnv = env): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "login", "--no-open", "--timeout", "30"], { cwd, env: { ...process.env, ...childEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let visited = false;
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /^\s+(http\S+)$/m.exec(stderr)?.[1];
      if (url === undefined || visited) return;
      visited = true;
      void (async () => {
        const back = await fetchAuthorize(new URL(url), { server: "remote" });
        const page = await fetch(back);
        expect(await page.text()).toMatch(/Authorization received/);
      })().catch(reject);
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

function projectFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile());
}

test("generate in CI without a login exits 2 with one line naming the server and the command", async () => {
  const result = await runCli(["generate"], { cwd: project, env });
  expect(result.status).toBe(2);
  expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^mcp-codegen: server "remote": login required: run `mcp-codegen login remote`/)]);
  expect(server.eventsOf("register")).toEqual([]);
});

test("login, then generate and check with the stored tokens; no secret anywhere in the project", async () => {
  const login = await loginThroughFetch();
  expect(login.stderr).toMatch(/To log in to "remote", open this URL in a browser:/);
  expect(login.status).toBe(0);
  expect(login.stdout).toMatch(new RegExp(`^Logged in to "remote" at ${server.url} \\(protected 1\\.0\\.0\\) as client \\S+, scope "mcp:tools", token valid for \\d+ min\\. Tokens are kept in ${path.join(configHome, "mcp-codegen", "oauth")}\\.\\n$`));
  expect(server.eventsOf("authorize")[0]?.scope).toBe("mcp:tools");

  const stored = readdirSync(path.join(configHome, "mcp-codegen", "oauth"));
  expect(stored).toHaveLength(1);
  const storeFile = path.join(configHome, "mcp-codegen", "oauth", stored[0] ?? "");
  expect(statSync(storeFile).mode & 0o777).toBe(0o600);
  expect(statSync(path.dirname(storeFile)).mode & 0o777).toBe(0o700);

  const generate = await runCli(["generate"], { cwd: project, env });
  expect(generate.stderr).toBe("");
  expect(generate.status).toBe(0);
  const module = readFileSync(path.join(project, "generated/remote/index.ts"), "utf8");
  expect(module).toMatch(/whoami/);
  expect(module).toMatch(/"auth": \{ "type": "oauth" \}|auth: \{ type: "oauth" \}/);

  server.provider.expireAccessTokens();
  const check = await runCli(["check"], { cwd: project, env });
  expect(check.status).toBe(0);
  expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code", "refresh_token"]);

  const issued = [...server.provider.issued];
  expect(issued.length).toBeGreaterThanOrEqual(4); // code, client secret, access and refresh tokens
  const storeText = readFileSync(storeFile, "utf8");
  expect(issued.some((value) => storeText.includes(value))).toBe(true);
  const outputs = [login.stdout, login.stderr, generate.stdout, check.stdout, check.stderr].join("\n");
  for (const value of issued) expect(outputs.includes(value), "a secret in the CLI output").toBe(false);
  for (const file of projectFiles(project)) {
    const text = readFileSync(file, "utf8");
    for (const value of issued) expect(text.includes(value), `a secret in ${path.relative(project, file)}`).toBe(false);
  }
});

test("logout forgets the tokens: generate needs a login again", async () => {
  const logout = await runCli(["logout"], { cwd: project, env });
  expect(logout.status).toBe(0);
  expect(logout.stdout).toBe(`Logged out of "remote" (${server.url}).\n`);
  expect(readdirSync(path.join(configHome, "mcp-codegen", "oauth"))).toEqual([]);
  const generate = await runCli(["generate"], { cwd: project, env });
  expect(generate.status).toBe(2);
  expect(generate.stderr).toMatch(/login required: run `mcp-codegen login remote`/);
});

test("client credentials and bearer servers: generate runs unattended, secrets from the environment stay out of every file", async () => {
  const clientSecret = "cc-secret-from-the-environment";
  const machine = await startOAuthServer({
    tokenAuthMethods: ["client_secret_post"],
    preRegistered: [{ client_id: "ci", client_secret: clientSecret, redirect_uris: [], grant_types: ["client_credentials"] }],
  });
  try {
    const own = tempProject("oauth-cc");
    const config = {
      servers: {
        machine: { transport: "http", url: machine.url, auth: { type: "client_credentials", clientId: "ci", clientSecret: "${CC_SECRET}" } },
        fixed: { transport: "http", url: machine.url, auth: { type: "bearer", token: "${FIXED_TOKEN}" } },
      },
      outDir: "generated",
    };
    writeFileSync(path.join(own, "codegen.config.json"), JSON.stringify(config));
    const fixedToken = machine.provider.issueTokens("ci", [], machine.url, false).access_token;
    const result = await runCli(["generate"], { cwd: own, env: { ...env, CC_SECRET: clientSecret, FIXED_TOKEN: fixedToken } });
    // Nothing but the naming notes (both servers have a tool "whoami": each gets a prefixed model-facing name).
    expect(result.stderr.split("\n").filter((line) => line !== "" && !/^note: tool "(fixed|machine)\/whoami": model-facing name /.test(line))).toEqual([]);
    expect(result.status).toBe(0);
    expect(machine.eventsOf("token")).toMatchObject([{ grantType: "client_credentials", authMethod: "client_secret_post" }]);
    const module = readFileSync(path.join(own, "generated/machine/index.ts"), "utf8");
    expect(module).toContain("${CC_SECRET}");
    expect(readFileSync(path.join(own, "generated/fixed/index.ts"), "utf8")).toContain("${FIXED_TOKEN}");
    expect(machine.eventsOf("mcp").filter((event) => event.method === "initialize" && event.status === 200)).toHaveLength(2);
    const secrets = [clientSecret, ...machine.provider.issued];
    for (const file of projectFiles(own)) {
      const text = readFileSync(file, "utf8");
      for (const value of secrets) expect(text.includes(value), `a secret in ${path.relative(own, file)}`).toBe(false);
    }
    for (const value of secrets) expect(result.stdout.includes(value)).toBe(false);
  } finally {
    await machine.close();
  }
});

test("a 2026-07-28-only server: login negotiates as capture does (no 2025 initialize), then generate records the revision", async () => {
  const modern = await startOAuthServer({ protocol: "2026-07-28", requiredScopes: ["mcp:tools"] });
  const own = tempProject("oauth-modern");
  const home = mkdtempSync(path.join(os.tmpdir(), "mcp-codegen-config-"));
  const ownEnv = { XDG_CONFIG_HOME: home, CI: "true" };
  try {
    writeFileSync(path.join(own, "codegen.config.json"), JSON.stringify({ servers: { remote: { transport: "http", url: modern.url, auth: { type: "oauth" } } }, outDir: "generated" }));
    const login = await loginThroughFetch(own, ownEnv);
    expect(login.stderr).toMatch(/To log in to "remote", open this URL in a browser:/);
    expect(login.status).toBe(0);
    expect(login.stdout).toMatch(/^Logged in to "remote" at \S+ \(protected 1\.0\.0\) as client \S+, scope "mcp:tools"/);
    // The challenge came from the 2026-07-28 probe itself: the scope it named was asked for.
    expect(modern.eventsOf("authorize")[0]?.scope).toBe("mcp:tools");
    const methods = modern.eventsOf("mcp").map((event) => event.method);
    expect(methods).not.toContain("initialize");
    expect(methods).toContain("server/discover");

    const generate = await runCli(["generate"], { cwd: own, env: ownEnv });
    expect(generate.stderr).toBe("");
    expect(generate.status).toBe(0);
    const snapshot = JSON.parse(readFileSync(path.join(own, "generated/mcp-snapshot.json"), "utf8"));
    expect(snapshot.servers.remote).toMatchObject({ protocolVersion: "2026-07-28", era: "modern" });
    expect(readFileSync(path.join(own, "generated/remote/index.ts"), "utf8")).toMatch(/whoami/);
  } finally {
    await modern.close();
    rmSync(home, { recursive: true, force: true });
  }
});

test("login of a server without OAuth is a usage error naming it", async () => {
  const result = await runCli(["login", "nope"], { cwd: project, env });
  expect(result.status).toBe(2);
  expect(result.stderr).toMatch(/no server "nope"/);
});
