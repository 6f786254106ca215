/**
 * Every call ends, with its cause (HTTP): real servers on 127.0.0.1 that hang at `initialize`,
 * die with response streams open, keep a stream open without answering, refuse with 503, and a
 * port nobody listens on. Bounds are acceptance checks with generous margins.
 */
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { ConnectionError, createRuntime, driftGuard, RuntimeClosedError, TimeoutError, CancelledError, type Runtime } from "../../runtime/src/index.js";
import { startEverythingHttp, type RunningServer } from "../helpers/servers.js";
import { allClosedWithin, settled, sleep, startFaultyHttp, startSilentServer, type SilentServer } from "./helpers.js";

const SLACK_MS = 1_000;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
process.on("unhandledRejection", onUnhandled);
const servers: RunningServer[] = [];

afterAll(async () => {
  process.removeListener("unhandledRejection", onUnhandled);
  await Promise.all(servers.map((server) => server.stop()));
  expect(unhandled).toEqual([]);
});

async function start(mode: string): Promise<RunningServer> {
  const server = await startFaultyHttp(mode);
  servers.push(server);
  return server;
}

async function openStreams(server: RunningServer): Promise<number> {
  const response = await fetch(server.url.replace(/\/mcp$/, "/streams"));
  return ((await response.json()) as { open: number }).open;
}

/** Polls the server until no `tools/call` stream is open; false if one still is after `ms`. */
async function streamsClosedWithin(server: RunningServer, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  while ((await openStreams(server)) > 0) {
    if (performance.now() > until) return false;
    await sleep(25);
  }
  return true;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("an HTTP server that never answers initialize", () => {
  it("the call's timeout bounds the connect, and close() resolves promptly", async () => {
    const server = await start("hang");
    const runtime = createRuntime({ servers: { hang: { transport: "http", url: server.url } } });
    const result = await settled(runtime.callTool("hang", "work", {}, { timeout: 400 }));
    expect(result.error).toBeInstanceOf(TimeoutError);
    expect((result.error as Error).message).toBe('server "hang" tool "work": request timed out after 400 ms (while connecting)');
    expect(result.ms).toBeLessThan(400 + SLACK_MS);

    const waiting = settled(runtime.callTool("hang", "work", {}));
    await sleep(50);
    const closed = await settled(runtime.close());
    expect(closed.ms).toBeLessThan(SLACK_MS);
    expect((await waiting).error).toBeInstanceOf(RuntimeClosedError);
  });
});

describe("an HTTP server that accepts the connection and never sends a byte", () => {
  const silent: SilentServer[] = [];
  afterAll(() => Promise.all(silent.map((server) => server.close())));

  /** A runtime as a generated client makes it: the drift guard's check comes before the first call. */
  async function generatedClient(serverTimeout?: number): Promise<{ runtime: Runtime; server: SilentServer }> {
    const server = await startSilentServer();
    silent.push(server);
    const connection = { transport: "http" as const, url: server.url, ...(serverTimeout === undefined ? {} : { timeout: serverTimeout }) };
    const runtime = createRuntime({ servers: { silent: connection } });
    const loadSnapshot = () => Promise.reject(new Error("not reached: the listing never arrives"));
    driftGuard(runtime, "silent", { serverFingerprint: "f", tools: [{ name: "work", fingerprint: "t" }], loadSnapshot });
    return { runtime, server };
  }

  it("the call's timeout, not the server's, ends the call", async () => {
    const { runtime } = await generatedClient(3_000);
    try {
      const result = await settled(runtime.callTool("silent", "work", {}, { timeout: 1_000 }));
      expect(result.error).toBeInstanceOf(TimeoutError);
      expect((result.error as TimeoutError).timeout).toBe(1_000);
      expect((result.error as Error).message).toBe('server "silent" tool "work": request timed out after 1000 ms (while connecting)');
    } finally {
      await runtime.close();
    }
  });

  it("the call's signal ends the call at once, and the connect nobody waits for is abandoned: the server sees its connection closed", async () => {
    const { runtime, server } = await generatedClient(); // the connect's own bound: the SDK's 60 s
    try {
      const controller = new AbortController();
      const call = settled(runtime.callTool("silent", "work", {}, { signal: controller.signal }));
      while (server.open() === 0) await sleep(5);
      const aborted = performance.now();
      controller.abort();
      const result = await call;
      expect(result.error).toBeInstanceOf(CancelledError);
      expect((result.error as Error).message).toBe('server "silent" tool "work": request cancelled');
      expect(performance.now() - aborted).toBeLessThan(SLACK_MS);
      // fetch (undici) lets go of an aborted request's socket after its 4 s keep-alive window, not at once.
      expect(await allClosedWithin(server.open, 8_000)).toBe(true);
    } finally {
      await runtime.close();
    }
  });
});

describe("an HTTP server that dies with response streams open", () => {
  it("fails every pending call at once with the broken stream as its reason", async () => {
    const server = await start("die");
    const runtime = createRuntime({ servers: { dying: { transport: "http", url: server.url } } });
    try {
      const calls = Array.from({ length: 8 }, () => settled(runtime.callTool("dying", "work", {}, { timeout: 60_000 })));
      const started = performance.now();
      const results = await Promise.all(calls);
      for (const result of results) {
        expect(result.error).toBeInstanceOf(ConnectionError);
        expect((result.error as Error).message).toMatch(/^server "dying" tool "work": the response stream (broke: .+|ended without a response)$/);
      }
      // Well before the calls' own 60 s timeout (the SDK alone leaves them pending until then).
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await runtime.close();
    }
  });
});

describe("a legacy SSE server that dies with calls pending", () => {
  it("fails the pending call at once: the SSE stream was lost", async () => {
    const server = await startEverythingHttp();
    servers.push(server);
    const runtime = createRuntime({ servers: { legacy: { transport: "sse", url: server.sseUrl, reconnect: { retries: 0 } } } });
    try {
      let progressed!: () => void;
      const working = new Promise<void>((resolve) => (progressed = resolve));
      const call = settled(
        runtime.callTool("legacy", "trigger-long-running-operation", { duration: 60, steps: 600 }, { timeout: 60_000, onProgress: () => progressed() }),
      );
      await working;
      process.kill(server.pid, "SIGKILL");
      const started = performance.now();
      const result = await call;
      expect(result.error).toBeInstanceOf(ConnectionError);
      expect((result.error as Error).message).toMatch(/^server "legacy" tool "trigger-long-running-operation": the SSE stream was lost: /);
      expect(performance.now() - started).toBeLessThan(10_000); // not the call's 60 s
    } finally {
      await runtime.close();
    }
  });
});

describe("an HTTP request the client gives up on", () => {
  it("a timed-out call releases its response stream (and socket)", async () => {
    const server = await start("slow");
    const runtime = createRuntime({ servers: { slow: { transport: "http", url: server.url } } });
    try {
      const result = await settled(runtime.callTool("slow", "work", {}, { timeout: 300 }));
      expect(result.error).toBeInstanceOf(TimeoutError);
      expect((result.error as Error).message).toBe('server "slow" tool "work": request timed out after 300 ms');
      expect(await streamsClosedWithin(server, 3_000)).toBe(true);
    } finally {
      await runtime.close();
    }
  });

  it("an aborted call releases its response stream (and socket)", async () => {
    const server = await start("slow");
    const runtime = createRuntime({ servers: { slow: { transport: "http", url: server.url } } });
    try {
      await runtime.listTools("slow"); // connected: the abort below hits the request itself
      const controller = new AbortController();
      const call = settled(runtime.callTool("slow", "work", {}, { signal: controller.signal }));
      while ((await openStreams(server)) === 0) await sleep(10);
      controller.abort();
      expect((await call).error).toBeInstanceOf(CancelledError);
      expect(await streamsClosedWithin(server, 3_000)).toBe(true);
    } finally {
      await runtime.close();
    }
  });
});

describe("an HTTP request the server answers with not a byte", () => {
  it("a timed-out call lets go of its request although the server takes neither it nor the cancellation", async () => {
    const server = await start("mute-call");
    const runtime = createRuntime({ servers: { mute: { transport: "http", url: server.url } } });
    try {
      await runtime.listTools("mute"); // connected: the timeout below hits the request itself
      const result = await settled(runtime.callTool("mute", "work", {}, { timeout: 300 }));
      expect(result.error).toBeInstanceOf(TimeoutError);
      // fetch (undici) lets go of an aborted request's socket after its 4 s keep-alive window, not at once.
      expect(await streamsClosedWithin(server, 8_000)).toBe(true);
    } finally {
      await runtime.close();
    }
  });
});

describe("a response stream with an event cut short", () => {
  it("the call reports the parse error, not the end of the stream", async () => {
    const server = await start("malformed");
    const runtime = createRuntime({ servers: { broken: { transport: "http", url: server.url } } });
    try {
      const result = await settled(runtime.callTool("broken", "work", {}, { timeout: 10_000 }));
      expect(result.error).toBeInstanceOf(ConnectionError);
      expect((result.error as Error).message).toMatch(/^server "broken" tool "work": the server sent a malformed message: .*JSON/);
    } finally {
      await runtime.close();
    }
  });
});

describe("close() with a call in flight", () => {
  it("rejects the call with the runtime-closed error, not a lost connection, and resolves promptly", async () => {
    const server = await start("slow");
    const runtime = createRuntime({ servers: { slow: { transport: "http", url: server.url } } });
    await runtime.listTools("slow");
    const call = settled(runtime.callTool("slow", "work", {}));
    while ((await openStreams(server)) === 0) await sleep(10);
    const closed = await settled(runtime.close());
    expect(closed.ms).toBeLessThan(SLACK_MS);
    const result = await call;
    expect(result.error).toBeInstanceOf(RuntimeClosedError);
    expect((result.error as Error).message).toBe('server "slow" tool "work": runtime closed during the call');
    expect(await streamsClosedWithin(server, 3_000)).toBe(true);
  });
});

describe("HTTP failures name their cause", () => {
  it("a refused connection says ECONNREFUSED, not a bare fetch failed", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/mcp`;
    const runtime = createRuntime({ servers: { gone: { transport: "http", url } } });
    try {
      const result = await settled(runtime.callTool("gone", "work", {}));
      expect(result.error).toBeInstanceOf(ConnectionError);
      expect((result.error as Error).message).toMatch(/^server "gone": could not connect over http: fetch failed \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
    } finally {
      await runtime.close();
    }
  });

  it("an HTTP refusal says its status", async () => {
    const server = await start("refuse-503");
    const runtime = createRuntime({ servers: { busy: { transport: "http", url: server.url } } });
    try {
      const result = await settled(runtime.callTool("busy", "work", {}));
      expect(result.error).toBeInstanceOf(ConnectionError);
      expect((result.error as Error).message).toMatch(/^server "busy": could not connect over http: .*\bHTTP 503\b/);
    } finally {
      await runtime.close();
    }
  });
});
