/**
 * Sessions, stateless servers, HTTP session loss and reconnect, per-call headers and OAuth,
 * against the stateful counter server over streamable HTTP on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolve } from "node:path";
import * as z from "zod";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { repoRoot, startServerScript, type RunningServer } from "../helpers/servers.js";
import {
  callTypedTool,
  ConnectionError,
  createRuntime,
  RuntimeClosedError,
  type Runtime,
  type ToolDescriptor,
} from "../../runtime/src/index.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import { startRecordingProxy, type RecordingProxy } from "./recording-proxy.js";

const COUNTER = resolve(repoRoot, "test/servers/dist/counter.js");

const incrementTool: ToolDescriptor<{ by?: number | undefined }, { count: number }> = {
  name: "increment",
  description: "Add `by` to the counter.",
  fingerprint: "test",
  input: z.object({ by: z.number().optional() }),
  output: z.object({ count: z.number() }),
};

function countOf(result: { structuredContent?: unknown }): number {
  return (result.structuredContent as { count: number }).count;
}

function postsSince(proxy: RecordingProxy, start: number): RecordingProxy["requests"] {
  return proxy.requests.slice(start).filter((r) => r.method === "POST");
}

let counter: RunningServer;
let proxy: RecordingProxy;

beforeAll(async () => {
  counter = await startServerScript(COUNTER, ["--port", "0"]);
  proxy = await startRecordingProxy(counter.url);
});

afterAll(async () => {
  await proxy.close();
  await counter.stop();
});

describe("sessions and stateless servers", () => {
  let runtime: Runtime;

  beforeAll(() => {
    runtime = createRuntime({
      servers: {
        counter: { transport: "http", url: proxy.url(counter.url) },
        fresh: { transport: "http", url: proxy.url(counter.url), stateless: true },
      },
    });
  });

  afterAll(async () => {
    await runtime.close();
  });

  it("keeps state on the default shared connection", async () => {
    expect(countOf(await runtime.callTool("counter", "increment"))).toBe(1);
    expect(countOf(await runtime.callTool("counter", "increment"))).toBe(2);
  });

  it("keeps state inside one session, apart from the shared connection", async () => {
    const start = proxy.requests.length;
    const session = runtime.session("counter");
    try {
      expect(countOf(await session.callTool("increment"))).toBe(1);
      expect(countOf(await session.callTool("increment", { by: 2 }))).toBe(3);
      // Typed calls work through a session, whatever server key the caller passes.
      const typed = await callTypedTool(session, "counter", incrementTool, { by: 10 });
      expect(typed.structuredContent).toEqual({ count: 13 });
      expect(countOf(await session.callTool("get"))).toBe(13);
      // A generated client built on `session.runtime` uses the session too.
      expect(countOf(await session.runtime.callTool("counter", "get"))).toBe(13);
      expect(countOf(await runtime.callTool("counter", "get"))).toBe(2);
    } finally {
      await session.close();
    }
    const sessionIds = new Set(postsSince(proxy, start).map((r) => r.headers["mcp-session-id"]).filter((id) => id !== undefined));
    expect(sessionIds.size).toBe(2); // the session's own, and the shared one for the last `get`
    // Closing a session ends it on the server too (DELETE with its id).
    const deletes = proxy.requests.slice(start).filter((r) => r.method === "DELETE");
    expect(deletes).toHaveLength(1);
    expect(sessionIds.has(deletes[0]?.headers["mcp-session-id"] as string)).toBe(true);
    await expect(session.callTool("get")).rejects.toBeInstanceOf(RuntimeClosedError);
  });

  it("gives each call of a stateless server a fresh session, ended afterwards", async () => {
    const start = proxy.requests.length;
    expect(countOf(await runtime.callTool("fresh", "increment"))).toBe(1);
    expect(countOf(await runtime.callTool("fresh", "increment", { by: 5 }))).toBe(5);
    expect(countOf(await runtime.callTool("fresh", "get"))).toBe(0);
    expect((await runtime.listTools("fresh")).map((t) => t.name).sort()).toEqual(["announce_list_changes", "expire_other_sessions", "get", "increment"]);
    const initializes = postsSince(proxy, start).filter((r) => r.headers["mcp-session-id"] === undefined);
    expect(initializes).toHaveLength(4);
    expect(runtimeInternals(runtime)?.connection("fresh").client).toBeUndefined();
  });

  it("closing the runtime closes its open sessions", async () => {
    const local = createRuntime({ servers: { counter: { transport: "http", url: proxy.url(counter.url) } } });
    const session = local.session("counter");
    await session.callTool("increment");
    await local.close();
    await expect(session.callTool("get")).rejects.toBeInstanceOf(RuntimeClosedError);
  });
});

describe("HTTP session loss and reconnect", () => {
  it("re-initializes when the server reports the session gone, and retries the call", async () => {
    const runtime = createRuntime({ servers: { counter: { transport: "http", url: proxy.url(counter.url) } } });
    const other = runtime.session("counter");
    try {
      expect(countOf(await runtime.callTool("counter", "increment", { by: 4 }))).toBe(4);
      const before = runtimeInternals(runtime)?.connection("counter").sessionId;
      expect(before).toBeDefined();
      // The server ends our session; our next request carries its id and gets a 404.
      expect(countOf(await other.callTool("expire_other_sessions"))).toBeGreaterThanOrEqual(1);
      const start = proxy.requests.length;
      expect(countOf(await runtime.callTool("counter", "get"))).toBe(0);
      const after = runtimeInternals(runtime)?.connection("counter").sessionId;
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      const posts = postsSince(proxy, start);
      expect(posts[0]?.headers["mcp-session-id"]).toBe(before); // refused with 404
      expect(posts.some((r) => r.headers["mcp-session-id"] === undefined)).toBe(true); // initialize again
    } finally {
      await runtime.close();
    }
  });

  it("reconnects with bounded retries after the server went away, and earlier tools keep working", async () => {
    let server = await startServerScript(COUNTER, ["--port", "0"]);
    const serverPort = new URL(server.url).port;
    const front = await startRecordingProxy(server.url);
    const runtime = createRuntime({
      servers: { counter: { transport: "http", url: front.url(server.url), reconnect: { retries: 2, initialDelayMs: 5, maxDelayMs: 20 } } },
    });
    try {
      const [tool] = (await runtime.getTools("counter")).filter((t) => t.name === "increment");
      expect(countOf(await runtime.callTool("counter", "increment"))).toBe(1);
      await server.stop();

      const lost = await runtime.callTool("counter", "get").catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(ConnectionError);
      expect((lost as ConnectionError).message).toMatch(/^server "counter" tool "get": /);

      const start = front.requests.length;
      const gaveUp = await runtime.callTool("counter", "get").catch((e: unknown) => e);
      expect(gaveUp).toBeInstanceOf(ConnectionError);
      expect((gaveUp as ConnectionError).message).toMatch(/^server "counter": reconnect failed after 3 attempts: could not connect over http/);
      expect(postsSince(front, start).filter((r) => r.headers["mcp-session-id"] === undefined)).toHaveLength(3);

      server = await startServerScript(COUNTER, ["--port", serverPort]);
      expect(countOf(await runtime.callTool("counter", "increment", { by: 3 }))).toBe(3);
      // The LangChain tool was built before the restart: it calls through the new connection.
      const output = (await tool!.invoke({ by: 2 })) as unknown;
      expect(JSON.stringify(output)).toContain("5");
    } finally {
      await runtime.close();
      await front.close();
      await server.stop();
    }
  });
});

describe("list-changed notifications over streamable HTTP", () => {
  it("reports tools, resources and prompts list changes to the callback", async () => {
    const seen: string[] = [];
    let all!: () => void;
    const done = new Promise<void>((resolve) => (all = resolve));
    const runtime = createRuntime({
      servers: { counter: { transport: "http", url: counter.url } },
      callbacks: {
        onListChanged: (kind, source) => {
          seen.push(`${source.server}:${kind}`);
          if (seen.length === 3) all();
        },
      },
    });
    try {
      await runtime.callTool("counter", "announce_list_changes");
      await done;
      expect(seen.sort()).toEqual(["counter:prompts", "counter:resources", "counter:tools"]);
    } finally {
      await runtime.close();
    }
  });
});

describe("per-call headers and OAuth", () => {
  it("merges a call's headers over the configured ones, never replacing them", async () => {
    const runtime = createRuntime({
      servers: { counter: { transport: "http", url: proxy.url(counter.url), headers: { "x-team": "blue", authorization: "Bearer configured" } } },
    });
    try {
      await runtime.callTool("counter", "get");
      const sessionId = runtimeInternals(runtime)?.connection("counter").sessionId;

      let start = proxy.requests.length;
      await runtime.callTool("counter", "increment", {}, { headers: { "x-trace": "t-1" } });
      let [post] = postsSince(proxy, start);
      expect(post?.headers).toMatchObject({ "x-team": "blue", authorization: "Bearer configured", "x-trace": "t-1", "mcp-session-id": sessionId });

      start = proxy.requests.length;
      await runtime.callTool("counter", "increment", {}, { headers: { Authorization: "Bearer per-call", "mcp-session-id": "forged" } });
      [post] = postsSince(proxy, start);
      expect(post?.headers).toMatchObject({ "x-team": "blue", authorization: "Bearer per-call", "mcp-session-id": sessionId });

      start = proxy.requests.length;
      await runtime.callTool("counter", "get");
      [post] = postsSince(proxy, start);
      expect(post?.headers["x-trace"]).toBeUndefined();
      expect(post?.headers.authorization).toBe("Bearer configured");
    } finally {
      await runtime.close();
    }
  });

  it("sends the OAuth provider's access token", async () => {
    let tokenReads = 0;
    const authProvider: OAuthClientProvider = {
      get redirectUrl() {
        return "http://127.0.0.1/callback";
      },
      get clientMetadata() {
        return { redirect_uris: ["http://127.0.0.1/callback"], client_name: "test" };
      },
      clientInformation: () => ({ client_id: "test-client" }),
      tokens: () => {
        tokenReads++;
        return { access_token: "oauth-token-1", token_type: "Bearer" };
      },
      saveTokens: () => undefined,
      redirectToAuthorization: () => undefined,
      saveCodeVerifier: () => undefined,
      codeVerifier: () => "verifier",
    };
    const runtime = createRuntime({ servers: { counter: { transport: "http", url: proxy.url(counter.url), authProvider } } });
    try {
      const start = proxy.requests.length;
      expect(countOf(await runtime.callTool("counter", "increment"))).toBe(1);
      const posts = postsSince(proxy, start);
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.every((r) => r.headers.authorization === "Bearer oauth-token-1")).toBe(true);
      expect(tokenReads).toBeGreaterThan(0);
    } finally {
      await runtime.close();
    }
  });
});
