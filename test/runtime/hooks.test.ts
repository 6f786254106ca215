/**
 * `createRuntime({ beforeToolCall, afterToolCall })`: the peer's hooks as the outermost
 * interceptor of every tool call (dynamic, typed and LangChain), against the math server.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { childPids, MATH_STDIO } from "../helpers/servers.js";
import { callTypedTool, createRuntime, type Runtime, type RuntimeOptions } from "../../runtime/src/index.js";
import { addTool } from "./fixtures.js";

const before = new Set(childPids());
const runtimes: Runtime[] = [];

function mathRuntime(options: Omit<RuntimeOptions, "servers">): Runtime {
  const runtime = createRuntime({ servers: { math: MATH_STDIO }, ...options });
  runtimes.push(runtime);
  return runtime;
}

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

describe("beforeToolCall / afterToolCall on createRuntime", () => {
  it("beforeToolCall merges its args over the call's, before every interceptor; afterToolCall replaces the result after them", async () => {
    const order: string[] = [];
    const runtime = mathRuntime({
      beforeToolCall: ({ serverName, name, args }) => {
        order.push(`before ${serverName}/${name} ${JSON.stringify(args)}`);
        return { args: { b: 5 } };
      },
      interceptors: [
        async (request, next) => {
          order.push(`interceptor ${JSON.stringify(request.args)}`);
          return next();
        },
      ],
      afterToolCall: ({ args, result }) => {
        order.push(`after ${JSON.stringify(args)} ${textOf(result)}`);
        return { result: `replaced: ${textOf(result)}` };
      },
    });
    const result = await runtime.callTool("math", "add", { a: 1, b: 2 });
    expect(result.content).toEqual([{ type: "text", text: 'replaced: {"result":6}' }]);
    expect(order).toEqual(['before math/add {"a":1,"b":2}', 'interceptor {"a":1,"b":5}', 'after {"a":1,"b":5} {"result":6}']);
  });

  it("hooks that return nothing change nothing; typed calls go through them too", async () => {
    const calls: string[] = [];
    const runtime = mathRuntime({
      beforeToolCall: ({ name }) => void calls.push(`before ${name}`),
      afterToolCall: ({ name }) => void calls.push(`after ${name}`),
    });
    const typed = await callTypedTool(runtime, "math", addTool, { a: 2, b: 3 });
    expect(typed.structuredContent).toEqual({ result: 5 });
    expect(calls).toEqual(["before add", "after add"]);
  });

  it("a LangChain tool's hooks see its RunnableConfig and an empty state outside LangGraph", async () => {
    const seen: unknown[] = [];
    const runtime = mathRuntime({
      beforeToolCall: (_call, state, config) => void seen.push({ state, user: config.configurable?.["user"] }),
      afterToolCall: ({ result }) => ({ result: { ...result, content: [{ type: "text", text: "from the hook" }] } }),
    });
    const add = (await runtime.getTools("math")).find((tool) => tool.name === "add")!;
    const content = await add.invoke({ a: 1, b: 1 }, { configurable: { user: "u1" } });
    expect(content).toEqual([{ type: "text", text: "from the hook" }]);
    expect(seen).toEqual([{ state: {}, user: "u1" }]);
  });
});
