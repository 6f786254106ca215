import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { childPids, MATH_STDIO, startEverythingHttp, type RunningServer } from "../helpers/servers.js";
import {
  callTypedTool,
  createLangChainTools,
  createRuntime,
  InterceptorError,
  type Runtime,
  type ToolCallInterceptor,
  type ToolCallRequest,
} from "../../runtime/src/index.js";
import { addTool, divideTool } from "./fixtures.js";
import { startRecordingProxy, type RecordingProxy } from "./recording-proxy.js";

const before = new Set(childPids());
const runtimes: Runtime[] = [];
let everything: RunningServer;
let proxy: RecordingProxy;

/** A runtime over the math server with the given interceptors; closed in afterAll. */
function mathRuntime(global: ToolCallInterceptor[], server: ToolCallInterceptor[] = []): Runtime {
  const runtime = createRuntime({ servers: { math: { ...MATH_STDIO, interceptors: server } }, interceptors: global });
  runtimes.push(runtime);
  return runtime;
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

beforeAll(async () => {
  everything = await startEverythingHttp();
  proxy = await startRecordingProxy(everything.url);
});

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
  await proxy.close();
  await everything.stop();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

describe("interceptors", () => {
  it("run as an onion: global first (outermost), then the server's own", async () => {
    const log: string[] = [];
    const tracer =
      (label: string): ToolCallInterceptor =>
      async (request, next) => {
        log.push(`${label}>`);
        const result = await next(request);
        log.push(`<${label}`);
        return result;
      };
    const runtime = mathRuntime([tracer("A"), tracer("B")], [tracer("S")]);
    const result = await runtime.callTool("math", "add", { a: 2, b: 3 });
    expect(result.structuredContent).toEqual({ result: 5 });
    expect(log).toEqual(["A>", "B>", "S>", "<S", "<B", "<A"]);
  });

  it("override returns a new request and leaves the original untouched", async () => {
    const seen: ToolCallRequest[] = [];
    const runtime = mathRuntime([
      (request, next) => {
        seen.push(request);
        const changed = request.override({ name: "multiply", args: { ...request.args, b: 10 } });
        seen.push(changed);
        return next(changed);
      },
    ]);
    const result = await runtime.callTool("math", "add", { a: 4, b: 1 });
    expect(result.structuredContent).toEqual({ result: 40 });
    const [original, changed] = seen;
    expect(original).toMatchObject({ server: "math", name: "add", args: { a: 4, b: 1 }, headers: {}, context: undefined });
    expect(changed).toMatchObject({ server: "math", name: "multiply", args: { a: 4, b: 10 } });
    expect(Object.isFrozen(original)).toBe(true);
    expect(() => {
      (original as { name: string }).name = "divide";
    }).toThrow(TypeError);
  });

  it("can retry by calling next twice", async () => {
    let attempts = 0;
    const retryWithSafeDivisor: ToolCallInterceptor = async (request, next) => {
      const first = await next(request);
      attempts++;
      if (!("isError" in first) || !first.isError) return first;
      attempts++;
      return next(request.override({ args: { ...request.args, b: 1 } }));
    };
    const runtime = mathRuntime([retryWithSafeDivisor]);
    const result = await runtime.callTool("math", "divide", { a: 7, b: 0 });
    expect(attempts).toBe(2);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ result: 7 });
  });

  it("can short-circuit (a cache) without reaching the server", async () => {
    const cache = new Map<string, CallToolResult>();
    let reachedInner = 0;
    const caching: ToolCallInterceptor = async (request, next) => {
      const key = `${request.name}:${JSON.stringify(request.args)}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const result = await next();
      if ("content" in result) cache.set(key, result);
      return result;
    };
    const counting: ToolCallInterceptor = (request, next) => {
      reachedInner++;
      return next(request);
    };
    const runtime = mathRuntime([caching], [counting]);
    const first = await runtime.callTool("math", "add", { a: 1, b: 1 });
    const second = await runtime.callTool("math", "add", { a: 1, b: 1 });
    expect(second).toBe(first);
    expect(reachedInner).toBe(1);
    const other = await runtime.callTool("math", "add", { a: 1, b: 2 });
    expect(other.structuredContent).toEqual({ result: 3 });
    expect(reachedInner).toBe(2);
  });

  it("can modify the result, and applies to typed calls", async () => {
    const runtime = mathRuntime([
      async (request, next) => {
        const result = await next(request);
        if (!("content" in result)) return result;
        return { ...result, content: [...result.content, { type: "text", text: "checked" }], structuredContent: { result: 100 } };
      },
    ]);
    const typed = await callTypedTool(runtime, "math", addTool, { a: 1, b: 2 });
    expect(typed.structuredContent).toEqual({ result: 100 });
    expect(typed.text).toBe('{"result":3}\nchecked');
  });

  it("rejects a Command from a typed or dynamic call, and a result that is not one", async () => {
    const runtime = mathRuntime([async () => new Command({ update: { x: 1 } })]);
    await expect(runtime.callTool("math", "add", { a: 1, b: 2 })).rejects.toBeInstanceOf(InterceptorError);
    await expect(callTypedTool(runtime, "math", addTool, { a: 1, b: 2 })).rejects.toThrow(/only a LangChain tool can return/);
    const broken = mathRuntime([async () => ({ text: "no content array" }) as unknown as CallToolResult]);
    await expect(broken.callTool("math", "add", { a: 1, b: 2 })).rejects.toThrow(/returned an object without a content array instead of a CallToolResult/);
  });

  it("also run on the calls of an explicit session, global and per server", async () => {
    const log: string[] = [];
    const runtime = mathRuntime(
      [(request, next) => (log.push(`global:${request.name}`), next())],
      [(request, next) => (log.push(`server:${request.name}`), next())],
    );
    const session = runtime.session("math");
    const result = await session.callTool("multiply", { a: 3, b: 3 });
    await session.close();
    expect(result.structuredContent).toEqual({ result: 9 });
    expect(log).toEqual(["global:multiply", "server:multiply"]);
  });

  it("propagates an interceptor's own error", async () => {
    const runtime = mathRuntime([
      () => {
        throw new Error("denied by policy");
      },
    ]);
    await expect(runtime.callTool("math", "add", { a: 1, b: 2 })).rejects.toThrow("denied by policy");
  });
});

describe("interceptors in LangChain tools", () => {
  it("see the runtime context (config, tool call id) and can return a Command as is", async () => {
    const contexts: unknown[] = [];
    const runtime = mathRuntime([
      async (request, next) => {
        contexts.push(request.context);
        if (request.args["b"] === 0) return new Command({ update: { note: `refused ${request.context?.toolCallId}` } });
        return next(request);
      },
    ]);
    const [add, divide] = await createLangChainTools(runtime, "math", [addTool, divideTool]);
    const config = { configurable: { tenant: "acme" } };
    const message = (await add!.invoke({ type: "tool_call", id: "call-7", name: "add", args: { a: 2, b: 2 } }, config)) as ToolMessage;
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.artifact).toEqual({ structuredContent: { result: 4 } });
    expect(contexts[0]).toMatchObject({ toolCallId: "call-7", config: { configurable: { tenant: "acme" } } });

    const command = await divide!.invoke({ type: "tool_call", id: "call-8", name: "divide", args: { a: 1, b: 0 } });
    expect(command).toBeInstanceOf(Command);
    expect((command as Command).update).toEqual({ note: "refused call-8" });
  });
});

describe("interceptor headers over streamable HTTP", () => {
  it("merges override headers over the call's and the configured ones", async () => {
    const runtime = createRuntime({
      servers: { everything: { transport: "http", url: proxy.url(everything.url), headers: { "x-configured": "yes" } } },
      interceptors: [
        (request, next) => next(request.override({ headers: { "x-tenant": "t-1" } })),
        (request, next) => next(request.override({ headers: { "x-trace": "tr-9" } })),
      ],
    });
    runtimes.push(runtime);
    const result = await runtime.callTool("everything", "echo", { message: "hi" }, { headers: { "x-call": "c-1" } });
    expect(textOf(result)).toBe("Echo: hi");
    const call = proxy.requests.find((request) => request.headers["x-tenant"] === "t-1");
    expect(call?.headers).toMatchObject({ "x-configured": "yes", "x-call": "c-1", "x-tenant": "t-1", "x-trace": "tr-9" });
    // The listing and initialise requests did not get the call's headers.
    expect(proxy.requests.filter((request) => request.headers["x-tenant"] !== undefined)).toHaveLength(1);
  });
});
