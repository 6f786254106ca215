/**
 * No secret value reaches `util.inspect` of an error the runtime or the CLI produces, at any
 * depth of `cause`: placeholder values (resolved from the environment), OAuth client secrets,
 * and whatever the SDK, Node or a URL parser kept of them in their own errors. Real failures
 * first (a URL, a command, a refused connection, a token endpoint), then every error kind
 * made with a cause chain that holds the secret every way an error can hold it.
 */
import { createServer } from "node:net";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { inspect } from "node:util";
import { afterEach, describe, expect, test } from "vitest";
import { AuthorizationError, ConfigError, ConnectionError, createRuntime, DriftError, InterceptorError, LoginRequiredError, TaskCancelledError, TaskFailedError, TaskNotFoundError, type Runtime } from "../../runtime/src/index.js";
import { CancelledError, CodegenError, McpRuntimeError, OutputValidationError, ProtocolError, RuntimeClosedError, TaskError, TimeoutError, ToolCallError, ValidationError } from "../../runtime/src/shared/errors.js";
import { resolveServer } from "../../runtime/src/connection/resolve-config.js";
import { startOAuthServer } from "../servers/oauth.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { fetchAuthorize } from "../oauth/helpers.js";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function runtimeOf(options: Parameters<typeof createRuntime>[0]): Runtime {
  const runtime = createRuntime({ reconnect: { retries: 0 }, ...options });
  open.push(runtime);
  return runtime;
}

/** Everything an error shows when a logger prints it: own properties, hidden ones, every cause. */
function shown(error: unknown): string {
  return inspect(error, { depth: Infinity, showHidden: true, maxStringLength: null, maxArrayLength: null });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("real failures with secrets in play", () => {
  test("a URL that does not parse: the URL error keeps its input, the cause shown does not", async () => {
    const secret = "url-SECRET-4f1d9a";
    const runtime = runtimeOf({ servers: { s: { transport: "http", url: "${API_URL}" } }, env: { API_URL: `not a url?token=${secret}` } });
    const failure = await runtime.callTool("s", "x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).cause).toBeInstanceOf(TypeError);
    expect(shown(failure)).not.toContain(secret);
  });

  test("a command that cannot start: the spawn error's path and spawnargs are scrubbed", async () => {
    const secret = "cmd-SECRET-88c2e0";
    const runtime = runtimeOf({ servers: { s: { transport: "stdio", command: "${CMD}", args: ["--key", "${KEY}"] } }, env: { CMD: `/nonexistent/${secret}`, KEY: `arg-${secret}` } });
    const failure = await runtime.callTool("s", "x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    expect(shown(failure)).toMatch(/ENOENT/);
    expect(shown(failure)).not.toContain(secret);
  });

  test("a refused connection to a URL with a token in its query", async () => {
    const secret = "query-SECRET+/=7";
    const port = await closedPort();
    const runtime = runtimeOf({ servers: { s: { transport: "http", url: `http://127.0.0.1:${port}/mcp?key=\${KEY}`, headers: { "X-Api-Key": "${KEY}" } } }, env: { KEY: secret } });
    const failure = await runtime.callTool("s", "x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    expect(shown(failure)).not.toContain(secret);
    expect(shown(failure)).not.toContain(encodeURIComponent(secret));
  });

  test("a refused connection to a URL with a token written in its fragment, as OAuth's implicit flow puts it", async () => {
    const secret = "fragment-SECRET-5e1f";
    const port = await closedPort();
    const runtime = runtimeOf({ servers: { s: { transport: "http", url: `http://127.0.0.1:${port}/mcp#access_token=${secret}&token_type=bearer` } } });
    const failure = await runtime.callTool("s", "x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    expect(shown(failure)).toContain(`127.0.0.1:${port}`);
    expect(shown(failure)).not.toContain(secret);
  });

  test("a client secret the token endpoint refused", async () => {
    const server = await startOAuthServer({
      tokenAuthMethods: ["client_secret_post"],
      preRegistered: [{ client_id: "machine", client_secret: "the-right-secret", redirect_uris: [], grant_types: ["client_credentials"] }],
    });
    open.push(server);
    const secret = "wrong-SECRET-d41e";
    const runtime = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "client_credentials", clientId: "machine", clientSecret: "${SECRET}" } } }, env: { SECRET: secret } });
    const failure = await runtime.callTool("s", "whoami").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthorizationError);
    expect(shown(failure)).not.toContain(secret);
  });

  test("after a login: no code, token, verifier or client secret the authorization server issued shows in an error", async () => {
    const server = await startOAuthServer({});
    open.push(server);
    const runtime = runtimeOf({ servers: { s: { transport: "http", url: server.url, auth: { type: "oauth" } } }, oauth: { authorize: fetchAuthorize } });
    await runtime.callTool("s", "whoami");
    const issued = [...server.provider.issued];
    expect(issued.length).toBeGreaterThanOrEqual(3); // code, access token, refresh token (and the registered client's secret)
    const cause = new Error(`server said: ${issued.join(" ")}`, { cause: { body: issued, form: issued.map((value) => `code=${encodeURIComponent(value)}`).join("&") } });
    for (const error of [new ConnectionError("s", "failed", { cause }), new CodegenError("server", "failed", { cause })]) {
      for (const value of issued) expect(shown(error)).not.toContain(value);
    }
  });

  test("a placeholder default in a secret-bearing field is refused without repeating it", async () => {
    const secret = "sk-live-DEFAULT-0a9b";
    const fields = [
      { transport: "http" as const, url: "http://127.0.0.1:9/mcp", headers: { Authorization: `Bearer \${TOKEN:-${secret}}` } },
      { transport: "stdio" as const, command: "node", env: { GITHUB_TOKEN: `\${T:-${secret}}` } },
      { transport: "http" as const, url: "http://127.0.0.1:9/mcp", auth: { type: "bearer" as const, token: `\${T:-${secret}}` } },
    ];
    for (const [index, config] of fields.entries()) {
      const failure = (() => {
        try {
          return resolveServer(`s${index}`, config, {});
        } catch (error) {
          return error;
        }
      })();
      expect(failure).toBeInstanceOf(ConfigError);
      expect(String(failure)).toMatch(/a placeholder default \(\$\{VAR:-…\}\) is not allowed in a secret-bearing field/);
      expect(shown(failure)).not.toContain(secret);
    }
    // Elsewhere a default stays allowed (a region, a port).
    expect(resolveServer("ok", { transport: "stdio", command: "node", env: { REGION: "${REGION:-eu}" } }, {})).toMatchObject({ env: { REGION: "eu" } });
  });

  test("the CLI: a server URL with a token from the environment, unreachable", async () => {
    const secret = "cli-SECRET-5e6f7a";
    const project = tempProject("redaction");
    const port = await closedPort();
    const config = { servers: { remote: { transport: "http", url: `http://127.0.0.1:${port}/mcp?token=\${REMOTE_TOKEN}` } }, outDir: "generated" };
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
    const result = await runCli(["generate"], { cwd: project, env: { REMOTE_TOKEN: secret } });
    expect(result.status).toBe(2);
    expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
  });
});

describe("every error kind, its cause chain holding the secret every way", () => {
  const secret = "chain-SECRET-9d8c7b6a";
  // Secrets come into play the way the runtime takes them: resolved from a server's placeholders.
  resolveServer("s", { transport: "http", url: "http://127.0.0.1:9/mcp", headers: { Authorization: "Bearer ${TOKEN}" } }, { TOKEN: secret });

  function leakyCause(): Error {
    const inner = new Error(`token=${secret}`);
    Object.assign(inner, { config: { headers: { authorization: `Bearer ${secret}` } }, url: new URL(`https://h.example/?t=${encodeURIComponent(secret)}`), list: [secret] });
    const middle = new TypeError("fetch failed", { cause: inner });
    return new Error(`request to https://h.example/?code=${secret} failed`, { cause: middle });
  }
  const content = [{ type: "text" as const, text: `echo ${secret}` }];
  const issues = [{ path: ["key"], message: `expected not ${secret}` }];
  const change = { ruleId: "tool-removed", level: "breaking", message: "gone", kind: "tool", name: "t" } as unknown as ConstructorParameters<typeof DriftError>[2];
  const kinds: [string, () => Error][] = [
    ["McpRuntimeError", () => new McpRuntimeError("s", "failed", { cause: leakyCause() })],
    ["ConnectionError", () => new ConnectionError("s", "failed", { cause: leakyCause() })],
    ["RuntimeClosedError", () => new RuntimeClosedError("s", "closed", { cause: leakyCause() })],
    ["ConfigError", () => new ConfigError("s", "bad", { cause: leakyCause() })],
    ["ProtocolError", () => new ProtocolError("s", "server error", { cause: leakyCause(), code: -32602 })],
    ["TimeoutError", () => new TimeoutError("s", "timed out", { cause: leakyCause(), timeout: 1 })],
    ["CancelledError", () => new CancelledError("s", "cancelled", { cause: leakyCause() })],
    ["ToolCallError", () => new ToolCallError("s", "t", content)],
    ["ValidationError", () => new ValidationError("s", "t", issues, leakyCause())],
    ["OutputValidationError", () => new OutputValidationError("s", "t", issues, leakyCause())],
    ["AuthorizationError", () => new AuthorizationError("s", `failed: ${secret}`, { cause: leakyCause() })],
    ["LoginRequiredError", () => new LoginRequiredError("s", "login required", { cause: leakyCause() })],
    ["InterceptorError", () => new InterceptorError("s", "bad", { cause: leakyCause() })],
    ["TaskError", () => new TaskError("s", "task-1", "lost", { cause: leakyCause() })],
    ["TaskFailedError", () => new TaskFailedError("s", "task-1", content, undefined, { cause: leakyCause() })],
    ["TaskCancelledError", () => new TaskCancelledError("s", "task-1", "cancelled", { cause: leakyCause() })],
    ["TaskNotFoundError", () => new TaskNotFoundError("s", "task-1", "unknown", { cause: leakyCause() })],
    ["DriftError", () => new DriftError("s", "t", change)],
    ["CodegenError", () => new CodegenError("server", `cannot capture: ${secret}`, { subject: 'server "s"', cause: leakyCause() })],
  ];

  test.each(kinds)("%s", (_name, make) => {
    const error = make();
    expect(shown(error)).not.toContain(secret);
    expect(shown(error)).not.toContain(encodeURIComponent(secret));
  });

  test("the scrubbed cause keeps its class, message shape and chain", () => {
    const error = new ConnectionError("s", "failed", { cause: leakyCause() });
    const cause = error.cause as Error;
    expect(cause).toBeInstanceOf(Error);
    expect(cause.message).toBe("request to https://h.example/?code=*** failed");
    expect(cause.cause).toBeInstanceOf(TypeError);
    expect(((cause.cause as Error).cause as Error).message).toBe("token=***");
  });

  test("a cause without secrets is kept as it is", () => {
    const cause = new Error("plain failure");
    expect(new ConnectionError("s", "failed", { cause }).cause).toBe(cause);
  });
});
