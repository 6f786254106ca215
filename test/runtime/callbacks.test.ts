/**
 * Callbacks (sampling, elicitation, roots, logging, progress, list-changed) and timeout
 * precedence, against server-everything over stdio and over streamable HTTP on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING_STDIO, startEverythingHttp } from "../helpers/servers.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import {
  createRuntime,
  TimeoutError,
  type CallbackSource,
  type ElicitationRequest,
  type ElicitationResponse,
  type ListChangedKind,
  type LoggingMessage,
  type ProgressUpdate,
  type RuntimeServerConfig,
  type SamplingRequest,
} from "../../runtime/src/index.js";

const stops: (() => Promise<void>)[] = [];
const transports: Record<string, () => Promise<RuntimeServerConfig>> = {
  stdio: async () => EVERYTHING_STDIO,
  http: async () => {
    const server = await startEverythingHttp();
    stops.push(server.stop);
    return { transport: "http", url: server.url };
  },
};

afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
});

/** A promise plus the function that settles it: waits for a callback without any clock. */
function signal<T>(): { promise: Promise<T>; fire: (value: T) => void } {
  let fire!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (fire = resolve));
  return { promise, fire };
}

function textOf(result: { content: unknown }): string {
  return (result.content as { type: string; text?: string }[]).map((block) => block.text ?? "").join("\n");
}

function rawElicitResult(result: { content: unknown }): ElicitationResponse {
  const text = textOf(result);
  return JSON.parse(text.slice(text.indexOf("Raw result: ") + "Raw result: ".length)) as ElicitationResponse;
}

describe.each(Object.keys(transports))("callbacks over %s", (kind) => {
  let config: RuntimeServerConfig;
  const sampled: SamplingRequest[] = [];
  const elicited: ElicitationRequest[] = [];
  const logs: LoggingMessage[] = [];
  const runtimeLogs: LoggingMessage[] = [];
  const listChanged: [ListChangedKind, CallbackSource][] = [];
  const progress: [ProgressUpdate, CallbackSource][] = [];
  let elicitAnswer: ElicitationResponse = { action: "cancel" };
  let onLog: ((message: LoggingMessage) => void) | undefined;
  const toolsChanged = signal<void>();
  let runtime: ReturnType<typeof createRuntime>;

  beforeAll(async () => {
    config = await transports[kind]!();
    runtime = createRuntime({
      servers: {
        everything: {
          ...config,
          roots: [{ uri: "file:///work/project-a", name: "project-a" }],
          loggingLevel: "debug",
          // Per server: wins over the runtime's onLoggingMessage.
          callbacks: {
            onLoggingMessage: (message) => {
              logs.push(message);
              onLog?.(message);
            },
          },
        },
        plain: config,
      },
      callbacks: {
        onSampling: (request) => {
          sampled.push(request);
          return { role: "assistant", content: { type: "text", text: "sampled by the test" }, model: "scripted" };
        },
        onElicitation: (request) => {
          elicited.push(request);
          return elicitAnswer;
        },
        onLoggingMessage: (message) => runtimeLogs.push(message),
        onListChanged: (listKind, source) => {
          listChanged.push([listKind, source]);
          if (listKind === "tools") toolsChanged.fire();
        },
        onProgress: (update, source) => progress.push([update, source]),
      },
    });
  });

  afterAll(async () => {
    await runtime.close();
  });

  it("declares sampling, elicitation and roots only when supplied", async () => {
    const names = (await runtime.listTools("everything")).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["trigger-sampling-request", "trigger-elicitation-request", "trigger-url-elicitation", "get-roots-list"]));
    const bare = createRuntime({ servers: { everything: config } });
    try {
      const bareNames = (await bare.listTools("everything")).map((t) => t.name);
      expect(bareNames).toContain("echo");
      expect(bareNames).not.toContain("trigger-sampling-request");
      expect(bareNames).not.toContain("trigger-elicitation-request");
      expect(bareNames).not.toContain("get-roots-list");
    } finally {
      await bare.close();
    }
  });

  // Over HTTP the server sends this one before the client's GET stream is open: stdio only.
  // (The counter server's test covers the three list kinds over HTTP.)
  it.runIf(kind === "stdio")("reports a tools list change", async () => {
    // server-everything registers its capability-dependent tools after initialize.
    await runtime.listTools("everything");
    await toolsChanged.promise;
    expect(listChanged.some(([listKind, source]) => listKind === "tools" && source.server === "everything")).toBe(true);
  });

  it("answers a sampling request with the handler's message", async () => {
    const result = await runtime.callTool("everything", "trigger-sampling-request", { prompt: "two plus two", maxTokens: 7 });
    expect(textOf(result)).toContain("sampled by the test");
    const request = sampled.at(-1)!;
    expect(request.maxTokens).toBe(7);
    expect(JSON.stringify(request.messages)).toContain("two plus two");
  });

  it("answers a form elicitation, filling the schema's defaults into a partial accept", async () => {
    elicitAnswer = { action: "accept", content: { name: "Ada", integer: 7 } };
    const result = await runtime.callTool("everything", "trigger-elicitation-request");
    expect(elicited.at(-1)).toMatchObject({ message: "Please provide inputs for the following fields:" });
    expect(rawElicitResult(result)).toEqual({
      action: "accept",
      content: {
        name: "Ada",
        integer: 7,
        firstLine: "It was a dark and stormy night.",
        number: 3.14,
        untitledSingleSelectEnum: "Monica",
        untitledMultipleSelectEnum: ["Guitar"],
        titledSingleSelectEnum: "hero-1",
        titledMultipleSelectEnum: ["fish-1"],
        legacyTitledEnum: "pet-1",
      },
    });
  });

  it("passes decline and cancel through", async () => {
    elicitAnswer = { action: "decline" };
    expect(textOf(await runtime.callTool("everything", "trigger-elicitation-request"))).toContain("User declined");
    elicitAnswer = { action: "cancel" };
    expect(textOf(await runtime.callTool("everything", "trigger-elicitation-request"))).toContain("User cancelled");
  });

  it("answers a URL-mode elicitation", async () => {
    elicitAnswer = { action: "accept" };
    const url = "https://example.invalid/authorize?state=1";
    const result = await runtime.callTool("everything", "trigger-url-elicitation", { url, elicitationId: "el-1" });
    expect(elicited.at(-1)).toMatchObject({ mode: "url", url, elicitationId: "el-1" });
    expect(textOf(result)).toContain("User completed the URL elicitation flow");
  });

  it("offers roots, and announces a new list", async () => {
    const first = await runtime.callTool("everything", "get-roots-list");
    expect(textOf(first)).toContain("file:///work/project-a");
    const refreshed = signal<void>();
    onLog = (message) => {
      if (String(message.data).includes("2 root(s)")) refreshed.fire();
    };
    await runtime.setRoots([{ uri: "file:///work/project-a" }, { uri: "file:///work/project-b", name: "b" }], "everything");
    await refreshed.promise; // the server re-read our roots after the list_changed notification
    const second = textOf(await runtime.callTool("everything", "get-roots-list"));
    expect(second).toContain("(2 total)");
    expect(second).toContain("file:///work/project-b");
  });

  it("delivers log messages to the server's own callback at the level set", async () => {
    const received = signal<LoggingMessage>();
    onLog = (message) => received.fire(message);
    const started = await runtime.callTool("everything", "toggle-simulated-logging");
    expect(textOf(started)).toContain("Started simulated");
    const message = await received.promise;
    expect(message.level).toMatch(/^(debug|info|notice|warning|error|critical|alert|emergency)$/);
    await runtime.callTool("everything", "toggle-simulated-logging");
    expect(logs.length).toBeGreaterThan(0);
    expect(runtimeLogs).toEqual([]); // the per-server callback won
    await expect(runtime.setLoggingLevel("everything", "error")).resolves.toBeUndefined();
  });

  it("reports progress (token on the wire) to the call's callback, else to the runtime's", async () => {
    // The SDK handles a notification one microtask late: the last progress may arrive with the
    // response in one read and be dropped. Every update seen must be in order, the first one always.
    const own: ProgressUpdate[] = [];
    await runtime.callTool("everything", "trigger-long-running-operation", { duration: 0.3, steps: 3 }, { onProgress: (u) => own.push(u) });
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(own).toEqual([1, 2, 3].slice(0, own.length).map((step) => ({ progress: step, total: 3 })));
    expect(progress).toEqual([]);
    await runtime.callTool("plain", "trigger-long-running-operation", { duration: 0.3, steps: 3 });
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.map(([update]) => update.progress)).toEqual([1, 2, 3].slice(0, progress.length));
    expect(progress[0]?.[1]).toEqual({ server: "plain", name: "trigger-long-running-operation" });
  });
});

describe.each(Object.keys(transports))("timeout precedence over %s: call > tool > server > runtime", (kind) => {
  const slow = { duration: 3, steps: 1 };
  const SLOW_TOOL = "trigger-long-running-operation";

  async function timeoutOf(run: () => Promise<unknown>): Promise<number | undefined> {
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    return (error as TimeoutError).timeout;
  }

  it("applies each level and lets the higher one win", async () => {
    const everything = await transports[kind]!();
    const runtime = createRuntime({
      timeout: 300,
      servers: {
        global: everything,
        server: { ...everything, timeout: 350 },
        // A sampling answer that never comes makes trigger-sampling-request a second slow tool.
        tool: { ...everything, timeout: 350, toolTimeouts: { [SLOW_TOOL]: 400 }, callbacks: { onSampling: () => new Promise(() => undefined) } },
      },
    });
    try {
      // Connected first: a call's timeout also bounds its connect, and server-everything starts slowly.
      await Promise.all(["global", "server", "tool"].map((server) => runtimeInternals(runtime)!.connection(server).connect()));
      expect(await timeoutOf(() => runtime.callTool("global", SLOW_TOOL, slow))).toBe(300);
      expect(await timeoutOf(() => runtime.callTool("server", SLOW_TOOL, slow))).toBe(350);
      expect(await timeoutOf(() => runtime.callTool("tool", SLOW_TOOL, slow))).toBe(400);
      expect(await timeoutOf(() => runtime.callTool("tool", SLOW_TOOL, slow, { timeout: 450 }))).toBe(450);
      // The tool level is for that tool only; the others keep the server's.
      expect(await timeoutOf(() => runtime.callTool("tool", "trigger-sampling-request", { prompt: "never answered" }))).toBe(350);
      // A generous call timeout beats every lower level.
      const done = await runtime.callTool("global", SLOW_TOOL, { duration: 0.5, steps: 1 }, { timeout: 30_000 });
      expect(textOf(done)).toContain("Long running operation completed");
    } finally {
      await runtime.close();
    }
  });
});
