import { getMaxListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEverythingHttp, startWeatherServer, type RunningServer } from "../helpers/servers.js";
import { ConnectionError, createRuntime, type Runtime } from "../../runtime/src/index.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import { startRecordingProxy, type RecordingProxy } from "./recording-proxy.js";

let weather: RunningServer;
let everything: RunningServer & { sseUrl: string };
let proxy: RecordingProxy;
let runtime: Runtime;

beforeAll(async () => {
  [weather, everything] = await Promise.all([startWeatherServer(), startEverythingHttp()]);
  proxy = await startRecordingProxy(everything.url);
  runtime = createRuntime({
    servers: {
      weather: { transport: "streamable_http", url: weather.url },
      everythingHttp: { transport: "http", url: proxy.url(everything.url), headers: { authorization: "Bearer ${API_TOKEN}" } },
      everythingSse: { transport: "sse", url: proxy.url(everything.sseUrl), headers: { "x-client": "sse-${API_TOKEN}" } },
      // An SSE-only endpoint configured as streamable HTTP: the POST gets a 404, then SSE is used.
      fallback: { transport: "http", url: everything.sseUrl },
      unreachable: { transport: "http", url: "http://127.0.0.1:9/mcp" },
    },
    env: { API_TOKEN: "tok-123" },
  });
});

afterAll(async () => {
  await runtime.close();
  await proxy.close();
  await Promise.all([weather.stop(), everything.stop()]);
});

describe("runtime over streamable HTTP and SSE", () => {
  it("calls a tool over streamable HTTP", async () => {
    const result = await runtime.callTool("weather", "get_weather", { city: "Paris" });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ city: "Paris", units: "metric" });
    expect(runtimeInternals(runtime)?.connection("weather").transportKind).toBe("http");
  });

  it("answers 200 concurrent calls on one HTTP session with their own results", async () => {
    const calls = Array.from({ length: 200 }, (_, i) => runtime.callTool("everythingHttp", "echo", { message: `m${i}` }));
    const results = await Promise.all(calls);
    expect(results.map((r) => r.content)).toEqual(Array.from({ length: 200 }, (_, i) => [{ type: "text", text: `Echo: m${i}` }]));
    const sessions = new Set(proxy.requests.filter((r) => r.method === "POST").map((r) => r.headers["mcp-session-id"]));
    // The initialize POST has no session id yet; every later request carries the one session.
    expect([...sessions].filter((s) => s !== undefined)).toHaveLength(1);
  });

  it("sends configured headers with placeholders resolved over streamable HTTP", () => {
    const posts = proxy.requests.filter((r) => r.path === "/mcp" && r.method === "POST");
    expect(posts.length).toBeGreaterThan(200);
    expect(posts.every((r) => r.headers.authorization === "Bearer tok-123")).toBe(true);
  });

  it("calls a tool over SSE, sending the configured headers", async () => {
    const result = await runtime.callTool("everythingSse", "echo", { message: "over sse" });
    expect(result.content).toEqual([{ type: "text", text: "Echo: over sse" }]);
    expect(runtimeInternals(runtime)?.connection("everythingSse").transportKind).toBe("sse");
    const sse = proxy.requests.filter((r) => r.path.startsWith("/sse") || r.path.startsWith("/messages"));
    expect(sse.some((r) => r.method === "GET")).toBe(true);
    expect(sse.some((r) => r.method === "POST")).toBe(true);
    expect(sse.every((r) => r.headers["x-client"] === "sse-tok-123")).toBe(true);
  });

  it("falls back from streamable HTTP to SSE when the endpoint answers 4xx", async () => {
    const result = await runtime.callTool("fallback", "echo", { message: "fell back" });
    expect(result.content).toEqual([{ type: "text", text: "Echo: fell back" }]);
    expect(runtimeInternals(runtime)?.connection("fallback").transportKind).toBe("sse");
  });

  it("gives fetch signals whose listener limit Node can read (Node 20 throws for a limit of 0, on every request)", async () => {
    const signals: AbortSignal[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (init?.signal) signals.push(init.signal);
      return realFetch(input, init);
    };
    try {
      for (let i = 0; i < 3; i++) await runtime.callTool("weather", "get_weather", { city: `City ${i}` });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(signals.length).toBeGreaterThanOrEqual(3);
    for (const signal of signals) expect(getMaxListeners(signal)).toBeGreaterThan(1500);
  });

  it("reports an unreachable server as a ConnectionError", async () => {
    const error = await runtime.listTools("unreachable").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toMatch(/^server "unreachable": could not connect over http: /);
  });
});
