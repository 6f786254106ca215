/**
 * OpenTelemetry spans and the duration metric of the runtime, against real servers over real
 * stdio pipes and HTTP sockets, with the OpenTelemetry SDK registered globally (in-memory
 * exporters). The trace-echo server (test/servers/trace-echo.ts) answers the trace context its
 * requests carried in `params._meta`, so the tests see what actually went over the wire.
 */
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { createRuntime, memoryOAuthStore, type Runtime, type RuntimeServerConfig } from "../../runtime/src/index.js";
import { startOAuthServer } from "../servers/oauth.js";
import { countingAuthorize } from "../oauth/helpers.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import { installOtel, type InstalledOtel } from "../helpers/otel.js";
import { childPids, repoRoot, startServerScript, startWeatherServer, type RunningServer } from "../helpers/servers.js";

const TRACE_ECHO = resolve(repoRoot, "test/servers/dist/trace-echo.js");
const ECHO_STDIO: RuntimeServerConfig = { transport: "stdio", command: process.execPath, args: [TRACE_ECHO] };
const SECRET = "s3cret-token-value";

const before = new Set(childPids());
let otel: InstalledOtel;
let echoHttp: RunningServer;
let weather: RunningServer;
const runtimes: Runtime[] = [];

beforeAll(async () => {
  otel = installOtel();
  [echoHttp, weather] = await Promise.all([startServerScript(TRACE_ECHO, ["--http", "--port", "0"]), startWeatherServer()]);
});

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
  await Promise.all([echoHttp?.stop(), weather?.stop()]);
  await otel.uninstall();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

function runtimeWith(servers: Record<string, RuntimeServerConfig>, options: Partial<Parameters<typeof createRuntime>[0]> = {}): Runtime {
  const runtime = createRuntime({
    servers,
    env: { TOKEN: SECRET },
    callbacks: { onElicitation: () => ({ action: "accept", content: { ok: true } }) },
    ...options,
  });
  runtimes.push(runtime);
  return runtime;
}

const tracer = trace.getTracer("test");

/** Runs `body` in a fresh root span; the spans recorded under it, the root first. */
async function traced(body: () => Promise<unknown>): Promise<{ root: ReadableSpan; spans: ReadableSpan[]; value: unknown }> {
  let rootId = "";
  const value = await tracer.startActiveSpan("step", async (span) => {
    rootId = span.spanContext().spanId;
    try {
      return await body();
    } finally {
      span.end();
    }
  });
  const all = await otel.spans();
  const root = all.find((span) => span.spanContext().spanId === rootId)!;
  const traceId = root.spanContext().traceId;
  return { root, spans: all.filter((span) => span.spanContext().traceId === traceId && span !== root), value };
}

function named(spans: readonly ReadableSpan[], name: string): ReadableSpan[] {
  return spans.filter((span) => span.name === name);
}

function only(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = named(spans, name);
  expect(found.map((span) => span.name)).toEqual([name]);
  return found[0]!;
}

function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

/** What trace-echo says it received, for a tool result / resource / prompt text. */
function received(text: string): { traceparent: string | null; tracestate: string | null } {
  return JSON.parse(text) as { traceparent: string | null; tracestate: string | null };
}

function traceparentOf(span: ReadableSpan): string {
  const { traceId, spanId } = span.spanContext();
  return `00-${traceId}-${spanId}-01`;
}

describe.each([
  { era: "2026-07-28", protocol: "2026-07-28" as const, opening: "server/discover" },
  { era: "2025", protocol: "legacy" as const, opening: "initialize" },
])("over stdio, MCP $era", ({ protocol, opening }) => {
  let runtime: Runtime;
  beforeAll(() => {
    runtime = runtimeWith({ echo: { ...ECHO_STDIO, protocol } });
  });

  it("records one CLIENT span per request under the active span, and the server reads its context from params._meta", async () => {
    const { root, spans, value } = await traced(async () => {
      const tool = await runtime.callTool("echo", "echo_trace", { note: "hi" });
      const [resource] = await runtime.readResource("echo", "trace://context");
      const prompt = await runtime.getPrompt("echo", "greet");
      await runtime.listTools("echo");
      return { tool, resource, prompt };
    });
    const { tool, resource, prompt } = value as { tool: { structuredContent: unknown }; resource: { text: string }; prompt: { messages: { content: { text: string } }[] } };

    const opened = named(spans, opening);
    if (protocol === "legacy") expect(opened).toHaveLength(1);
    for (const span of spans) {
      expect(span.kind).toBe(SpanKind.CLIENT);
      expect(parentOf(span)).toBe(root.spanContext().spanId);
      expect(span.attributes["network.transport"]).toBe("pipe");
      expect(span.attributes["server.address"]).toBeUndefined();
      expect(span.attributes["jsonrpc.request.id"]).toMatch(/^\d+$/);
    }

    const call = only(spans, "tools/call echo_trace");
    expect(call.attributes).toMatchObject({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "echo_trace", "gen_ai.operation.name": "execute_tool" });
    expect(call.status.code).not.toBe(SpanStatusCode.ERROR);
    expect(tool.structuredContent).toEqual({ traceparent: traceparentOf(call), tracestate: null });

    const read = only(spans, "resources/read");
    expect(read.attributes).toMatchObject({ "mcp.method.name": "resources/read", "mcp.resource.uri": "trace://context" });
    expect(received(resource.text).traceparent).toBe(traceparentOf(read));

    const get = only(spans, "prompts/get greet");
    expect(get.attributes).toMatchObject({ "mcp.method.name": "prompts/get", "gen_ai.prompt.name": "greet" });
    expect(received(prompt.messages[0]!.content.text).traceparent).toBe(traceparentOf(get));

    expect(only(spans, "tools/list").attributes["mcp.method.name"]).toBe("tools/list");
    const version = protocol === "legacy" ? expect.stringMatching(/^2025-/) : "2026-07-28";
    for (const span of [call, read, get]) expect(span.attributes["mcp.protocol.version"]).toEqual(version);
  });

  it("records a tool error as error.type tool_error and a JSON-RPC error by its code", async () => {
    const { spans } = await traced(async () => {
      await runtime.callTool("echo", "fail", {});
      await runtime.readResource("echo", "trace://missing").catch(() => undefined);
    });
    const failed = only(spans, "tools/call fail");
    expect(failed.attributes["error.type"]).toBe("tool_error");
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    const missing = only(spans, "resources/read");
    expect(missing.attributes["error.type"]).toMatch(/^-32\d{3}$/);
    expect(missing.attributes["rpc.response.status_code"]).toBe(missing.attributes["error.type"]);
    expect(missing.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("shows the input rounds of a call", async () => {
    const { spans } = await traced(() => runtime.callTool("echo", "confirm", {}));
    const calls = named(spans, "tools/call confirm");
    if (protocol === "2026-07-28") {
      // Round one asks (input_required), round two answers: each its own request and span.
      expect(calls).toHaveLength(2);
      expect(calls[0]!.events.map((event) => event.name)).toEqual(["mcp.input_required"]);
      expect(calls[0]!.events[0]!.attributes).toEqual({ "mcp.input_request.keys": ["ok"] });
      expect(calls[1]!.events.map((event) => event.name)).toEqual(["mcp.input_responses"]);
    } else {
      // The 2025 server sends elicitation/create during the call: a SERVER span under the call's.
      expect(calls).toHaveLength(1);
      const elicit = only(spans, "elicitation/create");
      expect(elicit.kind).toBe(SpanKind.SERVER);
      expect(parentOf(elicit)).toBe(calls[0]!.spanContext().spanId);
    }
  });

  it("ends a timed-out call's span as cancelled, with an error status", async () => {
    const { spans } = await traced(() => runtime.callTool("echo", "slow", {}, { timeout: 200 }).catch((error: unknown) => error));
    const slow = only(spans, "tools/call slow");
    expect(slow.attributes["error.type"]).toBe("cancelled");
    expect(slow.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("records the duration metric per operation, without the per-request attributes", async () => {
    const points = await otel.histogram("mcp.client.operation.duration");
    const call = points.find((point) => point.attributes["gen_ai.tool.name"] === "echo_trace" && point.attributes["network.transport"] === "pipe");
    expect(call?.count).toBeGreaterThanOrEqual(1);
    expect(call?.sum).toBeGreaterThan(0);
    expect(call?.sum).toBeLessThan(60 * (call?.count ?? 0)); // seconds, not milliseconds
    for (const point of points) {
      expect(point.attributes["jsonrpc.request.id"]).toBeUndefined();
      expect(point.attributes["mcp.session.id"]).toBeUndefined();
      expect(point.attributes["mcp.resource.uri"]).toBeUndefined();
    }
    expect(points.some((point) => point.attributes["error.type"] === "tool_error")).toBe(true);
  });
});

describe("over streamable HTTP", () => {
  it("records the server's address and port and propagates the context (2026-07-28 and 2025)", async () => {
    const url = new URL(echoHttp.url);
    for (const protocol of ["2026-07-28", "legacy"] as const) {
      const runtime = runtimeWith({ echo: { transport: "http", url: echoHttp.url, protocol, headers: { Authorization: "Bearer ${TOKEN}" } } });
      const { spans, value } = await traced(() => runtime.callTool("echo", "echo_trace", {}));
      const call = only(spans, "tools/call echo_trace");
      expect(call.attributes).toMatchObject({ "network.transport": "tcp", "network.protocol.name": "http", "server.address": "127.0.0.1", "server.port": Number(url.port) });
      expect((value as { structuredContent: unknown }).structuredContent).toEqual({ traceparent: traceparentOf(call), tracestate: null });
    }
  });

  it("records the MCP session id of a 2025 streamable HTTP session (an SDK 1.x server)", async () => {
    const runtime = runtimeWith({ weather: { transport: "http", url: weather.url } });
    const { spans } = await traced(() => runtime.callTool("weather", "get_weather", { city: "Paris" }));
    const session = runtimeInternals(runtime)!.connection("weather").sessionId;
    expect(session).toMatch(/.+/);
    expect(only(spans, "tools/call get_weather").attributes["mcp.session.id"]).toBe(session);
    expect(only(spans, "initialize").attributes["mcp.protocol.version"]).toMatch(/^2025-/);
  });
});

describe("options", () => {
  it("telemetry: false records nothing and sends no trace context", async () => {
    const runtime = runtimeWith({ echo: ECHO_STDIO }, { telemetry: false });
    const { spans, value } = await traced(() => runtime.callTool("echo", "echo_trace", {}));
    expect(spans).toEqual([]);
    expect((value as { structuredContent: unknown }).structuredContent).toEqual({ traceparent: null, tracestate: null });
  });

  it("a server's own telemetry: false wins over the runtime's", async () => {
    const runtime = runtimeWith({ quiet: { ...ECHO_STDIO, telemetry: false }, loud: ECHO_STDIO }, { telemetry: true });
    const { spans } = await traced(async () => {
      await runtime.callTool("quiet", "echo_trace", {});
      await runtime.callTool("loud", "echo_trace", {});
    });
    expect(named(spans, "tools/call echo_trace")).toHaveLength(1);
  });

  it("records arguments and results only when recordContent asks, and never a header or environment value", async () => {
    const servers = { echo: { transport: "http", url: `${echoHttp.url}?key=\${TOKEN}`, headers: { Authorization: "Bearer ${TOKEN}" } } } as const;
    const plain = runtimeWith(servers);
    const recording = runtimeWith(servers, { telemetry: { recordContent: { arguments: true, results: true } } });
    const { spans: plainSpans } = await traced(() => plain.callTool("echo", "echo_trace", { note: "personal" }));
    const { spans: recorded } = await traced(() => recording.callTool("echo", "echo_trace", { note: "personal" }));
    const withoutContent = only(plainSpans, "tools/call echo_trace");
    expect(withoutContent.attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
    expect(withoutContent.attributes["gen_ai.tool.call.result"]).toBeUndefined();
    const withContent = only(recorded, "tools/call echo_trace");
    expect(JSON.parse(String(withContent.attributes["gen_ai.tool.call.arguments"]))).toEqual({ note: "personal" });
    expect(JSON.parse(String(withContent.attributes["gen_ai.tool.call.result"]))).toMatchObject({ structuredContent: { traceparent: traceparentOf(withContent) } });
    const everything = JSON.stringify([...plainSpans, ...recorded].map((span) => [span.name, span.attributes, span.events, span.status]));
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain("Bearer");
  });

  it("a reconnect after the stdio server died shows as a new opening under the call that reconnected", async () => {
    // The 2025 handshake: a 2026-07-28 reconnect starts from what it learned, without a round trip.
    const runtime = runtimeWith({ echo: { ...ECHO_STDIO, protocol: "legacy", reconnect: { retries: 2, initialDelayMs: 10 } } });
    await runtime.callTool("echo", "echo_trace", {});
    const pid = runtimeInternals(runtime)!.connection("echo").pid!;
    const gone = new Promise<void>((done) => {
      const poll = setInterval(() => {
        if (runtimeInternals(runtime)!.connection("echo").pid === undefined) {
          clearInterval(poll);
          done();
        }
      }, 5);
    });
    process.kill(pid, "SIGKILL");
    await gone;
    const { root, spans } = await traced(() => runtime.callTool("echo", "echo_trace", {}));
    for (const span of [only(spans, "initialize"), only(spans, "tools/call echo_trace")]) expect(parentOf(span)).toBe(root.spanContext().spanId);
  });

  it("a call whose token expired is one span across the OAuth refresh, with no token in it", async () => {
    const server = await startOAuthServer({});
    try {
      const store = memoryOAuthStore();
      const runtime = runtimeWith({ s: { transport: "http", url: server.url, auth: { type: "oauth" } } }, { oauth: { authorize: countingAuthorize(), store } });
      await runtime.callTool("s", "whoami");
      const before = (await store.load({ server: "s", url: server.url, client: "dynamic" }))?.tokens as { access_token: string; refresh_token?: string };
      expect(before.access_token).toMatch(/.+/);
      server.provider.expireAccessTokens();
      const { root, spans } = await traced(() => runtime.callTool("s", "whoami"));
      expect(server.eventsOf("token").map((event) => event.grantType)).toEqual(["authorization_code", "refresh_token"]);
      const call = only(spans, "tools/call whoami");
      expect(parentOf(call)).toBe(root.spanContext().spanId);
      expect(call.status.code).not.toBe(SpanStatusCode.ERROR);
      const after = (await store.load({ server: "s", url: server.url, client: "dynamic" }))?.tokens as { access_token: string };
      const recorded = JSON.stringify(spans.map((span) => [span.attributes, span.events, span.status]));
      for (const token of [before.access_token, before.refresh_token, after.access_token]) if (token) expect(recorded).not.toContain(token);
    } finally {
      await server.close();
    }
  });
});
