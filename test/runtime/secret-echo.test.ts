/**
 * Servers that repeat the credentials they were sent (test/servers/echo-credentials.ts, real
 * HTTP on 127.0.0.1): whatever the product shows of their answers (CLI output, runtime errors,
 * the model's tool message) holds no secret, however the secret was given: a placeholder in
 * `auth`, a header written as a value, a call's own header, a URL's user info and query; and what
 * it logs to the app's `onLoggingMessage`, its progress messages and its tasks' status messages.
 * Then the masks themselves: every form a secret takes in text, the longest first.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { ToolMessage } from "@langchain/core/messages";
import { createRuntime, ProtocolError, type ProgressUpdate, type Runtime } from "../../runtime/src/index.js";
import { ToolCallError } from "../../runtime/src/shared/errors.js";
import { z } from "zod";
import { createLangChainTools, type ToolDescriptor } from "../../runtime/src/index.js";
import { hasPlaceholder, redact, secretValues } from "../../runtime/src/shared/placeholders.js";
import { resolveServer } from "../../runtime/src/connection/resolve-config.js";
import { redactKnown, rememberSecrets } from "../../runtime/src/shared/secret-registry.js";
import { StderrTail } from "../../runtime/src/wire/stderr-tail.js";
import { maskSdkWarnings } from "../../runtime/src/connection/oauth/sdk-warnings.js";
import { secretsOf } from "../../runtime/src/connection/oauth/provider.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { installOtel } from "../helpers/otel.js";
import { startEchoServer, type EchoServer } from "../servers/echo-credentials.js";

let echo: EchoServer;
const closing: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  echo = await startEchoServer();
});

afterAll(async () => {
  for (const item of closing.reverse()) await item.close();
  await echo.close();
});

function shown(error: unknown): string {
  return inspect(error, { depth: Infinity, showHidden: true, maxStringLength: null, maxArrayLength: null });
}

function runtimeOf(options: Parameters<typeof createRuntime>[0]): Runtime {
  const runtime = createRuntime({ reconnect: { retries: 0 }, ...options });
  closing.push(runtime);
  return runtime;
}

describe("a server that echoes what it was sent", () => {
  test("the CLI masks an auth.token placeholder and a header placeholder", async () => {
    const token = "SEKRIT-bearer-60a1";
    const key = "SEKRIT-xkey-61b2";
    const project = tempProject("secret-echo");
    const config = { servers: { search: { transport: "http", url: `${echo.origin}/mcp/reject`, auth: { type: "bearer", token: "${SEARCH_TOKEN}" }, headers: { "X-Api-Key": "${XKEY}" } } }, outDir: "generated" };
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
    const result = await runCli(["generate"], { cwd: project, env: { SEARCH_TOKEN: token, XKEY: key } });
    const output = `${result.stdout}${result.stderr}`;
    expect(result.status).toBe(2);
    expect(output).toMatch(/rejected url=\/mcp\/reject/); // the server's words are shown…
    expect(output).toContain("authorization=Bearer ***");
    expect(output).not.toContain(token); // …without its echo of the secrets
    expect(output).not.toContain(key);
  });

  test("the runtime masks headers written as values, a call's own headers, and a URL's user info and query", async () => {
    const values = { bearer: "lit-SEKRIT-20c3", header: "lit-SEKRIT-21d4", call: "call-SEKRIT-22e5", password: "pw-SEKRIT-23f6", query: "q-SEKRIT-24a7" };
    const runtime = runtimeOf({
      servers: { s: { transport: "http", url: `${echo.origin}/mcp/error`, headers: { Authorization: `Bearer ${values.bearer}`, "X-Api-Key": values.header } } },
    });
    const failure = await runtime.callTool("s", "whoami", {}, { headers: { "X-Call-Token": values.call } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProtocolError);
    expect(String(failure)).toMatch(/rejected url=\/mcp\/error/);
    for (const value of [values.bearer, values.header, values.call]) expect(shown(failure)).not.toContain(value);

    const withCredentials = runtimeOf({ servers: { u: { transport: "http", url: `http://user:${values.password}@127.0.0.1:9/mcp?api_key=${values.query}` } } });
    const refused = await withCredentials.callTool("u", "whoami").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    for (const value of [values.password, values.query]) expect(shown(refused)).not.toContain(value);
  });

  test("a log message that repeats the credentials reaches onLoggingMessage masked", async () => {
    const values = { bearer: "log-SEKRIT-26c9", header: "log-SEKRIT-27da" };
    const logs: unknown[] = [];
    const runtime = runtimeOf({
      servers: { s: { transport: "http", url: `${echo.origin}/mcp/log`, headers: { Authorization: `Bearer ${values.bearer}`, "X-Api-Key": values.header } } },
      callbacks: { onLoggingMessage: (message) => logs.push(message) },
    });
    await runtime.callTool("s", "whoami");
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs[0])).toMatch(/serving url=\/mcp\/log .*authorization=\*\*\* x-api-key=\*\*\*/);
    for (const value of Object.values(values)) expect(JSON.stringify(logs)).not.toContain(value);
  });

  test("a progress message that repeats the credentials reaches onProgress masked, the runtime's and a call's own", async () => {
    const secret = "progress-SEKRIT-29fc";
    const updates: ProgressUpdate[] = [];
    const runtime = runtimeOf({
      servers: { s: { transport: "http", url: `${echo.origin}/mcp/progress`, headers: { Authorization: `Bearer ${secret}` } } },
      callbacks: { onProgress: (update) => updates.push(update) },
    });
    await runtime.callTool("s", "whoami");
    await runtime.callTool("s", "whoami", {}, { onProgress: (update) => updates.push(update) });
    expect(updates).toHaveLength(2);
    for (const update of updates) expect(update.message).toMatch(/^working for url=\/mcp\/progress .*authorization=\*\*\*/);
    expect(JSON.stringify(updates)).not.toContain(secret);
  });

  test("a task's status messages reach the app masked, however they come: created, polled, notified, listed, cancelled", async () => {
    const secret = "task-SEKRIT-28eb";
    const heard: unknown[] = [];
    const runtime = runtimeOf({
      servers: { s: { transport: "http", url: `${echo.origin}/mcp/task`, headers: { Authorization: `Bearer ${secret}` } } },
      callbacks: { onTaskStatus: (status) => heard.push(status), onProgress: (update) => heard.push(update) },
    });
    const cancelled = await (await runtime.startTask("s", "whoami")).cancel();
    const task = await runtime.startTask("s", "whoami");
    const seen: unknown[] = [cancelled, task.lastStatus];
    await task.result();
    seen.push(...heard, ...(await runtime.listTasks("s")));
    const said = JSON.stringify(seen);
    for (const phrase of ["cancelled", "started", "notified", "done", "listed"]) expect(said).toMatch(new RegExp(`${phrase} for url=/mcp/task .*?authorization=\\*\\*\\*`));
    expect(said).not.toContain(secret);
  });

  test("a LangChain tool's error message for the model is masked as the typed call's error is", async () => {
    const secret = "lc-SEKRIT-25b8";
    const runtime = runtimeOf({ servers: { s: { transport: "http", url: `${echo.origin}/mcp`, headers: { Authorization: `Bearer ${secret}` } } } });
    const whoami: ToolDescriptor<Record<string, never>, unknown> = { name: "whoami", description: "Tells who is calling.", fingerprint: "test", input: z.object({}) };
    const [tool] = await createLangChainTools(runtime, "s", [whoami]);
    const message = (await tool!.invoke({ type: "tool_call", id: "call-1", name: tool!.name, args: {} })) as ToolMessage;
    expect(JSON.stringify(message.content)).toMatch(/denied for url=\/mcp/);
    expect(JSON.stringify(message.content)).not.toContain(secret);
  });
});

describe("an OpenTelemetry span of a call the server refused with the credentials in its words", () => {
  test("has a status message without them", async () => {
    const otel = installOtel();
    const secret = "otel-SEKRIT-26c9";
    try {
      const runtime = runtimeOf({ servers: { s: { transport: "http", url: `${echo.origin}/mcp/error`, headers: { Authorization: `Bearer ${secret}` } } } });
      await expect(runtime.callTool("s", "whoami")).rejects.toBeInstanceOf(ProtocolError);
      const span = (await otel.spans()).find((item) => item.name === "tools/call whoami");
      expect(span?.status.message).toMatch(/rejected url=\/mcp\/error/);
      expect(JSON.stringify({ status: span?.status, attributes: span?.attributes, events: span?.events })).not.toContain(secret);
    } finally {
      await otel.uninstall();
    }
  });
});

describe("a server that echoes a credential into its listing", () => {
  test("snapshot and generated code hold `***`; check, verify() and the call-time guard agree with the live server", async () => {
    const token = "reflect-SEKRIT-70c9";
    const project = tempProject("secret-reflect");
    // `X-Auth-Mode: pat` is a setting in a secret-named place: a short word is no credential, and "path" stays "path".
    const config = { servers: { r: { transport: "http", url: `${echo.origin}/mcp/reflect`, headers: { Authorization: "Bearer ${REFLECT_TOKEN}", "X-Auth-Mode": "pat" } } }, outDir: "out" };
    writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
    const env = { REFLECT_TOKEN: token };
    const generated = await runCli(["generate"], { cwd: project, env });
    expect(generated.status, generated.stderr).toBe(0);
    const files = readdirSync(path.join(project, "out"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts") || file.endsWith(".json"));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) expect(readFileSync(path.join(project, "out", file), "utf8"), file).not.toContain(token);
    const snapshot = readFileSync(path.join(project, "out/mcp-snapshot.json"), "utf8");
    expect(snapshot.match(/Signed in as[^"]*/)?.[0]).toBe("Signed in as ***.");
    expect(snapshot).toContain("Tells who is calling (now: ***). Its path and patterns stay.");
    expect(generated.stderr).not.toContain("literal-secret");

    const checked = await runCli(["check"], { cwd: project, env });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(`${checked.stdout}${checked.stderr}`).not.toContain(token);

    const { createClient } = (await import(path.join(project, "out/index.ts"))) as {
      createClient: (options?: Record<string, unknown>) => { verify(): Promise<{ changes: unknown[] }>; r: { whoami(args: Record<string, unknown>): Promise<unknown> }; close(): Promise<void> };
    };
    const mcp = createClient({ env, driftGuard: "error" });
    try {
      expect((await mcp.verify()).changes).toEqual([]);
      // The guard compares the live tool with the snapshot's before the call: no drift, so the call is sent (its tool error comes back).
      await expect(mcp.r.whoami({})).rejects.toBeInstanceOf(ToolCallError);
    } finally {
      await mcp.close();
    }
  });
});

describe("the masks", () => {
  test("what init replaces, the runtime masks: word-named secrets are this server's credentials, and ordinary names are not", () => {
    const env = { GPG_PASSPHRASE: "correct horse battery", SENTRY_DSN: "https://k3y@o1.ingest.example/2", AccountKey: "storage-account-key", SECRETKEY: "plain-words-here", PW_DEBUG: "verbose-please", KEYBOARD: "us-international" };
    const resolved = resolveServer("s", { transport: "stdio", command: "node", env }, {});
    expect(resolved.credentials).toEqual(expect.arrayContaining(["correct horse battery", "https://k3y@o1.ingest.example/2", "plain-words-here", "storage-account-key"]));
    expect(resolved.credentials).not.toContain("verbose-please");
    expect(resolved.credentials).not.toContain("us-international");
  });

  test("a URL's written credentials are this server's: user info, and secret-named query and fragment parameters", () => {
    const url = "http://user:pw-SEKRIT-31a1@127.0.0.1:9/mcp?api_key=q-SEKRIT-32b2&page=2#access_token=f-SEKRIT-33c3&token_type=bearer&section=intro";
    const resolved = resolveServer("s", { transport: "http", url }, {});
    expect(resolved.credentials).toEqual(expect.arrayContaining(["pw-SEKRIT-31a1", "q-SEKRIT-32b2", "f-SEKRIT-33c3"]));
    for (const plain of ["2", "bearer", "intro"]) expect(resolved.credentials).not.toContain(plain);
  });

  test("a placeholder check leaves nothing behind for the next reader of the same text", () => {
    const template = "${TOKEN_A}";
    expect(hasPlaceholder(template)).toBe(true);
    expect(secretValues({ auth: { token: template } }, { TOKEN_A: "after-a-check" })).toEqual(["after-a-check"]);
  });

  test("each form a secret takes in text, and a secret that holds another masked whole", () => {
    const secret = "Sp ace$x@y+z/SEKRIT-multi\nsecond-line-SEKRIT";
    rememberSecrets([secret, "acme"]);
    const url = new URL("http://host/");
    url.password = secret.split("\n")[0]!;
    url.searchParams.set("k", secret);
    const texts = [
      `raw ${secret}`,
      `query ${encodeURIComponent(secret)}`,
      `form ${url.search}`,
      `json ${JSON.stringify({ key: secret })}`,
      `one line of it: ${secret.split("\n")[1]}`,
    ];
    for (const text of texts) {
      const masked = redactKnown(text);
      expect(masked).toContain("***");
      expect(masked).not.toMatch(/SEKRIT/);
    }
    rememberSecrets(["acme-SEKRIT-15-rest"]);
    expect(redactKnown("API_TOKEN=acme-SEKRIT-15-rest")).toBe("API_TOKEN=***");
  });

  test("a stderr tail cut inside a secret does not keep the secret's end", async () => {
    const secret = "tail-SEKRIT-0123456789abcdef";
    rememberSecrets([secret]);
    const stream = new PassThrough();
    const tail = new StderrTail(stream);
    // 2,029 characters: the tail keeps the last 2,000, so its cut falls 10 characters into the secret.
    stream.write(`Error: failed with ${secret} ${"z".repeat(1_980)}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(redactKnown(tail.lastLines(1))).not.toMatch(/0123456789abcdef/);
    stream.write(`Error: failed again with ${secret}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    const said = redactKnown(`${tail.lastLines()} ${tail.summary()}`);
    expect(said).toContain("Error: failed again with ***");
    expect(said).not.toMatch(/0123456789abcdef/);
  });

  test("a short placeholder value in a field whose name says nothing is not masked in words; a credential of any length is", () => {
    const resolved = resolveServer("words", { transport: "stdio", command: "node", env: { LOG_LEVEL: "${LEVEL}", PORT: "${PORT}", DB_PASS: "${PW}" } }, { LEVEL: "error", PORT: "8080", PW: "abc" });
    expect(redact("Internal error on port 8080 (pass abc)", resolved.secrets)).toBe("Internal error on port 8080 (pass ***)");
    expect(redactKnown("the server answered error -32603 (Internal error)")).toBe("the server answered error -32603 (Internal error)");
  });

  test("a client secret sent as HTTP Basic credentials is masked in that form too", () => {
    const secrets = secretsOf({ clients: { "https://as.example": { client_id: "ci", client_secret: "basic-SEKRIT-54" } } } as never);
    rememberSecrets(secrets);
    expect(redactKnown(`authorization=Basic ${btoa("ci:basic-SEKRIT-54")}`)).toBe("authorization=Basic ***");
  });

  test("the SDK's own OAuth warnings on the console are masked; other warnings are left as they are", () => {
    const secret = "sdk-SEKRIT-warn-55";
    rememberSecrets([secret]);
    const original = console.warn;
    const printed = vi.fn();
    console.warn = printed;
    try {
      maskSdkWarnings();
      maskSdkWarnings(); // once is enough: not wrapped twice
      console.warn(`[mcp-sdk] OAuth "invalid_client" — retrying. Cause: "client_secret=${secret}"`);
      console.warn(`app: ${secret}`, 1);
    } finally {
      console.warn = original;
    }
    expect(printed.mock.calls).toEqual([[`[mcp-sdk] OAuth "invalid_client" — retrying. Cause: "client_secret=***"`], [`app: ${secret}`, 1]]);
  });
});
