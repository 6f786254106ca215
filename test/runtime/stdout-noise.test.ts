/**
 * Stdout noise at run time (issue 29.5), over real stdio pipes to test/servers/noisy-stdout.ts:
 * a server that answers despite a banner works, with one `onWarning` per connection; one that
 * never answers times out with the noise named as the likely cause; a timeout with no noise
 * during the call stays a plain timeout. Then the line scanner on its own (chunk boundaries).
 */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { createRuntime, TimeoutError, type Runtime } from "../../runtime/src/index.js";
import { StdoutNoise } from "../../runtime/src/wire/stdout-noise.js";

const NOISY = path.join(repoRoot, "test/servers/dist/noisy-stdout.js");
const SECRET = "tok-51d0-never-printed";
const QUOTE = String.raw`"\u{1b}[32mServer started on stdio\u{1b}[0m token=***"`;
const LIKELY = "likely because it wrote text that is not JSON-RPC on stdout";

const runtimes: Runtime[] = [];
afterAll(() => Promise.all(runtimes.map((runtime) => runtime.close())));

function noisyRuntime(args: string[], timeout: number): { runtime: Runtime; warnings: string[] } {
  const warnings: string[] = [];
  const runtime = createRuntime({
    servers: { noisy: { transport: "stdio", command: "node", args: [NOISY, ...args], env: { NOISY_SECRET: "${NOISY_TOKEN}" }, timeout } },
    env: { NOISY_TOKEN: SECRET },
    onWarning: (message) => warnings.push(message),
  });
  runtimes.push(runtime);
  return { runtime, warnings };
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  if (!(error instanceof Error)) throw new Error("the call did not fail");
  return error;
}

describe("runtime: a stdio server that writes a banner on stdout", () => {
  it("answers, and the noise is one warning per connection", async () => {
    const { runtime, warnings } = noisyRuntime(["--on-call"], 30_000);
    const first = await runtime.callTool("noisy", "echo", { text: "one" });
    const second = await runtime.callTool("noisy", "echo", { text: "two" });
    expect([first.content, second.content]).toEqual([[{ type: "text", text: "one" }], [{ type: "text", text: "two" }]]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^server "noisy": wrote text that is not JSON-RPC on stdout \\(${escape(QUOTE)}\\), which the client skipped: a stdio server must write only JSON-RPC messages on stdout and log to stderr`));
    expect(warnings[0]).not.toContain(SECRET);
  });

  it("never answers: the timeout names the noise as the likely cause", async () => {
    // The banner must be out before the deadline: 3 s leaves room for a slow start of Node on a loaded machine.
    const { runtime } = noisyRuntime(["--mute"], 3_000);
    const error = await failureOf(runtime.callTool("noisy", "echo", { text: "x" }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain(`server "noisy" tool "echo": request timed out after 3000 ms (while connecting), ${LIKELY} (${QUOTE}): a stdio server must write only JSON-RPC messages on stdout and log to stderr`);
    expect(error.message).not.toContain(SECRET);
  });

  it("logs instead of answering a call: that call's timeout names the line", async () => {
    const { runtime } = noisyRuntime(["--on-call", "--hang-call"], 30_000);
    expect((await runtime.listTools("noisy")).map((tool) => tool.name)).toEqual(["echo"]); // connected: the banner is behind
    const error = await failureOf(runtime.callTool("noisy", "echo", { text: "x" }, { timeout: 1_000 }));
    expect(error).toBeInstanceOf(TimeoutError);
    // The line written during the call is the likeliest cause; the one quoted is the first of the connection.
    expect(error.message).toContain(`request timed out after 1000 ms, ${LIKELY} (${QUOTE}): a stdio server must write only JSON-RPC messages on stdout and log to stderr`);
    expect(error.message).toMatch(/; if it is only slow, raise it with the call's \{ timeout \}/);
  });

  it("a timeout with no noise since the call began stays a plain timeout", async () => {
    const { runtime, warnings } = noisyRuntime(["--hang-call"], 30_000);
    expect((await runtime.listTools("noisy")).map((tool) => tool.name)).toEqual(["echo"]); // connected: the banner is behind
    const error = await failureOf(runtime.callTool("noisy", "echo", { text: "x" }, { timeout: 1_000 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain("request timed out after 1000 ms");
    expect(error.message).not.toContain("JSON-RPC");
    expect(warnings).toHaveLength(1);
  });
});

describe("StdoutNoise line scanner", () => {
  const scanned = (...chunks: string[]): StdoutNoise => {
    const noise = new StdoutNoise();
    for (const chunk of chunks) noise.scan(Buffer.from(chunk));
    return noise;
  };

  it("lets JSON lines, blank lines and CRLF ends pass", () => {
    const noise = scanned('{"jsonrpc":"2.0","id":1,"result":{}}\r\n', "\n  \n", '  {"jsonrpc":"2.0",', '"method":"x"}\n');
    expect([noise.seen, noise.lines]).toEqual([false, 0]);
  });

  it("keeps the first offending line across chunks, and counts every one", () => {
    const noise = scanned('{"jsonrpc":"2.0","id":1,"result":{}}\nServer ', "started\n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}\nanother log line\n");
    expect(noise.lines).toBe(2);
    expect(noise.quote([])).toBe('text that is not JSON-RPC on stdout ("Server started")');
  });

  it("escapes control and bidi characters, masks secrets before shortening, cuts long lines", () => {
    const secret = "s".repeat(70);
    const noise = scanned(`\u202e\u0007bell ${secret} ${"x".repeat(200)}\n`);
    expect(noise.quote([secret])).toBe(String.raw`text that is not JSON-RPC on stdout ("\u{202e}\u{7}bell *** ` + "x".repeat(68) + '…")');
  });

  it("counts a JSON logger's line, but no JSON-RPC message, however it is cut", () => {
    const message = JSON.stringify({ jsonrpc: "2.0", id: 7, result: { tools: [] } });
    const noise = scanned(message.slice(0, 10), `${message.slice(10)}\n`, '{"level":30,"msg":"list', 'ed tools"}\n', "{not json at all\n");
    expect(noise.lines).toBe(2);
    expect(noise.quote([])).toBe('text that is not JSON-RPC on stdout ("{"level":30,"msg":"listed tools"}")');
  });

  it("leaves a long JSON line (a listing) to the SDK", () => {
    const noise = scanned(`{"padding":"${"x".repeat(10_000)}"}\n`);
    expect(noise.seen).toBe(false);
  });

  it("calls onFirst once, with the text of the chunk", () => {
    const noise = new StdoutNoise();
    const seen: string[] = [];
    noise.onFirst = () => seen.push(noise.quote([]));
    noise.scan(Buffer.from("banner\nmore\n"));
    noise.scan(Buffer.from("again\n"));
    expect(seen).toEqual(['text that is not JSON-RPC on stdout ("banner")']);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
