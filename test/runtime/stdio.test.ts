import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPids, MATH_STDIO } from "../helpers/servers.js";
import {
  callTypedTool,
  ConfigError,
  ConnectionError,
  createRuntime,
  getPromptMessages,
  OutputValidationError,
  ProtocolError,
  readTypedResource,
  RuntimeClosedError,
  ToolCallError,
  ValidationError,
  type Runtime,
} from "../../runtime/src/index.js";
import { addTool, addWithWrongOutput, divideTool, randomTool } from "./fixtures.js";

describe("runtime over stdio (math server)", () => {
  let runtime: Runtime;
  const before = new Set(childPids());

  beforeAll(() => {
    runtime = createRuntime({ servers: { math: MATH_STDIO } });
  });

  afterAll(async () => {
    await runtime.close();
  });

  it("does not start the server before the first call", () => {
    expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
  });

  it("starts the server once for racing first callers, and warns of no listener leak", async () => {
    // Each caller waiting for the connection listens for its close: 20 at once are no leak, and
    // Node's MaxListenersExceededWarning would be printed in the app for nothing.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => runtime.callTool("math", "add", { a: i, b: 1 })));
      expect(results.map((r) => (r.structuredContent as { result: number }).result)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((warning) => warning.startsWith("MaxListenersExceededWarning"))).toEqual([]);
    const started = childPids().filter((pid) => !before.has(pid));
    // node math.js: one child (no shell in between), never two.
    expect(started).toHaveLength(1);
  });

  it("returns each of 200 concurrent calls its own result on one connection", async () => {
    const pidsBefore = childPids().filter((pid) => !before.has(pid));
    const calls = Array.from({ length: 200 }, (_, i) => callTypedTool(runtime, "math", addTool, { a: i, b: 1000 }));
    const results = await Promise.all(calls);
    expect(results.map((r) => r.structuredContent.result)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1000));
    expect(childPids().filter((pid) => !before.has(pid))).toEqual(pidsBefore);
  });

  it("lists tools, resources, templates and prompts", async () => {
    expect((await runtime.listTools("math")).map((t) => t.name).sort()).toEqual(["add", "divide", "multiply", "random"]);
    expect((await runtime.listResources("math")).map((r) => r.uri)).toContain("resource://handbook");
    expect((await runtime.listResourceTemplates("math")).map((t) => t.uriTemplate)).toEqual(["resource://constants/{name}"]);
    expect((await runtime.listPrompts("math")).map((p) => p.name)).toEqual(["summarize"]);
  });

  it("parses structured output and joins text", async () => {
    const result = await callTypedTool(runtime, "math", addTool, { a: 2, b: 3 });
    expect(result.structuredContent).toEqual({ result: 5 });
    expect(result.text).toBe(JSON.stringify({ result: 5 }));
    expect(result.content).toEqual([{ type: "text", text: '{"result":5}' }]);
  });

  it("calls a tool without required input with no argument", async () => {
    const result = await callTypedTool(runtime, "math", randomTool, undefined);
    expect(result.structuredContent).toEqual({ value: 0.5 });
  });

  it("rejects bad input before sending, naming server, tool and path", async () => {
    const error = await callTypedTool(runtime, "math", addTool, { a: 1, b: "2" } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ValidationError;
    expect(validation.server).toBe("math");
    expect(validation.tool).toBe("add");
    expect(validation.message).toMatch(/^server "math" tool "add": invalid input at b: /);
    expect(validation.issues[0]?.path).toEqual(["b"]);
  });

  it("turns isError into ToolCallError carrying content and text", async () => {
    const error = await callTypedTool(runtime, "math", divideTool, { a: 1, b: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    const toolError = error as ToolCallError;
    expect(toolError.text).toBe("Division by zero");
    expect(toolError.content).toEqual([{ type: "text", text: "Division by zero" }]);
    expect(toolError.message).toBe('server "math" tool "divide": tool returned an error: Division by zero');
  });

  it("reports structured output that breaks the output schema", async () => {
    const error = await callTypedTool(runtime, "math", addWithWrongOutput, { a: 1, b: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputValidationError);
    expect((error as OutputValidationError).message).toContain("at total:");
  });

  it("returns the raw result with isError from the dynamic callTool", async () => {
    const result = await runtime.callTool("math", "divide", { a: 1, b: 0 });
    expect(result.isError).toBe(true);
  });

  it("maps a JSON-RPC error to ProtocolError", async () => {
    const error = await runtime.readResource("math", "resource://nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).message).toMatch(/^server "math" resource "resource:\/\/nope": server error -?\d+/);
  });

  it("reads a text resource", async () => {
    const contents = await readTypedResource(runtime, "math", "resource://constants/pi");
    expect(contents).toEqual([{ uri: "resource://constants/pi", mimeType: "text/plain", text: String(Math.PI) }]);
  });

  it("turns a prompt into LangChain messages", async () => {
    const messages = await getPromptMessages(runtime, "math", "summarize", { topic: "primes", style: undefined });
    expect(messages).toHaveLength(1);
    expect(messages[0]?.getType()).toBe("human");
    expect(messages[0]?.content).toBe("Summarize primes.");
  });

  it("names an unknown server", async () => {
    const error = await runtime.callTool("nope", "add").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe('server "nope": unknown server (configured: math)');
  });

  it("close ends the child, is idempotent, and later calls fail with a typed error", async () => {
    const started = childPids().filter((pid) => !before.has(pid));
    expect(started.length).toBe(1);
    await runtime.close();
    await runtime.close();
    expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
    const error = await runtime.callTool("math", "add", { a: 1, b: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeClosedError);
    expect(error).toBeInstanceOf(ConnectionError);
  });
});

describe("runtime connection failures", () => {
  it("reports a server that cannot start, with its stderr", async () => {
    const runtime = createRuntime({
      servers: { broken: { transport: "stdio", command: process.execPath, args: ["-e", "console.error('Error: boom at startup'); process.exit(3)"] } },
    });
    try {
      const error = await runtime.listTools("broken").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).message).toContain('server "broken": could not start');
      expect((error as ConnectionError).message).toContain("Error: boom at startup");
    } finally {
      await runtime.close();
    }
  });

  it("reconnects on the next call after the stdio child dies", async () => {
    const runtime = createRuntime({ servers: { math: MATH_STDIO } });
    const before = new Set(childPids());
    try {
      await runtime.callTool("math", "add", { a: 1, b: 1 });
      const [first] = childPids().filter((pid) => !before.has(pid));
      expect(first).toBeDefined();
      await new Promise<void>((resolve) => {
        process.kill(first!, "SIGKILL");
        const poll = setInterval(() => {
          if (!childPids().includes(first!)) {
            clearInterval(poll);
            resolve();
          }
        }, 20);
      });
      // The SDK sees the close asynchronously; wait until the old client is forgotten.
      // A call racing the close notice may still fail with ConnectionError; a few tries suffice.
      let result: unknown;
      for (let attempt = 0; attempt < 50; attempt++) {
        result = await runtime.callTool("math", "add", { a: 2, b: 2 }).catch((e: unknown) => e);
        if (!(result instanceof ConnectionError)) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((result as { structuredContent: unknown }).structuredContent).toEqual({ result: 4 });
      const now = childPids().filter((pid) => !before.has(pid));
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(first);
    } finally {
      await runtime.close();
    }
    expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
  });
});

describe("runtime disposal", () => {
  it("Symbol.asyncDispose closes every connection", async () => {
    const before = new Set(childPids());
    const runtime = createRuntime({ servers: { a: MATH_STDIO, b: MATH_STDIO } });
    await Promise.all([runtime.callTool("a", "add", { a: 1, b: 2 }), runtime.callTool("b", "add", { a: 1, b: 2 })]);
    expect(childPids().filter((pid) => !before.has(pid))).toHaveLength(2);
    await runtime[Symbol.asyncDispose]();
    expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
    await expect(runtime.listTools("a")).rejects.toBeInstanceOf(RuntimeClosedError);
  });

  it("close during a first connect leaves no child", async () => {
    const before = new Set(childPids());
    const runtime = createRuntime({ servers: { math: MATH_STDIO } });
    const call = runtime.callTool("math", "add", { a: 1, b: 2 }).catch((e: unknown) => e);
    await runtime.close();
    expect(await call).toBeInstanceOf(RuntimeClosedError);
    expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
  });
});
