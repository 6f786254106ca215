import { afterAll, describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { childPids, EVERYTHING_STDIO, MATH_STDIO } from "../helpers/servers.js";
import {
  callTypedTool,
  createLangChainTools,
  createRuntime,
  OutputValidationError,
  uniqueToolNames,
  type Runtime,
} from "../../runtime/src/index.js";
import { runtimeInternals } from "../../runtime/src/calls/runtime-api.js";
import { addTool, addWithWrongOutput, divideTool } from "./fixtures.js";

const before = new Set(childPids());
const runtimes: Runtime[] = [];

function track(runtime: Runtime): Runtime {
  runtimes.push(runtime);
  return runtime;
}

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.close()));
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

function toolCall(name: string, args: Record<string, unknown>, id = "call-1") {
  return { type: "tool_call" as const, id, name, args };
}

describe("tool names", () => {
  it("prefixes every tool with its server when the runtime says so; a factory's prefix wins", async () => {
    const runtime = track(createRuntime({ servers: { math: MATH_STDIO }, prefixToolNames: true }));
    const listed = await runtime.getTools("math");
    expect(listed.map((tool) => tool.name).sort()).toEqual(["math__add", "math__divide", "math__multiply", "math__random"]);
    const [generated] = await createLangChainTools(runtime, "math", [addTool]);
    expect(generated?.name).toBe("math__add");
    const [unprefixed] = await createLangChainTools(runtime, "math", [addTool], { prefix: false });
    expect(unprefixed?.name).toBe("add");
  });

  it("prefixes the tools whose names collide across servers, warns, and still calls the right one", async () => {
    const warnings: string[] = [];
    const runtime = track(
      createRuntime({ servers: { left: MATH_STDIO, right: MATH_STDIO }, onWarning: (message) => warnings.push(message) }),
    );
    const tools = await runtime.getTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain("left__add");
    expect(names).toContain("right__add");
    expect(new Set(names).size).toBe(names.length);
    expect(warnings).toContain('LangChain tool "add" renamed to "right__add": servers left, right all have a tool named "add"');
    const rightAdd = tools.find((tool) => tool.name === "right__add")!;
    const message = (await rightAdd.invoke(toolCall("right__add", { a: 1, b: 2 }))) as ToolMessage;
    expect(message.name).toBe("right__add");
    expect(message.artifact).toEqual({ structuredContent: { result: 3 } });
    const pidOf = (server: string) => runtimeInternals(runtime)?.connection(server).pid;
    expect(pidOf("right")).toBeGreaterThan(0);
    expect(pidOf("right")).not.toBe(pidOf("left"));
  });

  it("uniqueToolNames resolves collisions among generated tools of several servers", async () => {
    const warnings: string[] = [];
    const runtime = track(
      createRuntime({ servers: { left: MATH_STDIO, right: MATH_STDIO }, onWarning: (message) => warnings.push(message) }),
    );
    const left = await createLangChainTools(runtime, "left", [addTool, divideTool]);
    const right = await createLangChainTools(runtime, "right", [addTool]);
    const tools = uniqueToolNames([...left, ...right]);
    expect(tools.map((tool) => tool.name)).toEqual(["left__add", "divide", "right__add"]);
    expect(warnings).toHaveLength(2);
    const message = (await tools[2]!.invoke(toolCall("right__add", { a: 5, b: 5 }))) as ToolMessage;
    expect(message.artifact).toEqual({ structuredContent: { result: 10 } });
  });

  it("gives names equal after sanitising a numeric suffix, deterministically", async () => {
    const warnings: string[] = [];
    const runtime = track(createRuntime({ servers: { math: MATH_STDIO }, onWarning: (message) => warnings.push(message) }));
    const dotted = { ...addTool, name: "add.v2" };
    const underscored = { ...addTool, name: "add_v2" };
    const tools = await createLangChainTools(runtime, "math", [dotted, underscored, addTool]);
    // A name that is already valid keeps it; the one that had to be sanitised takes the suffix.
    expect(tools.map((tool) => tool.name)).toEqual(["add_v2_2", "add_v2", "add"]);
    // Generated code builds its tools with these names; `generate` reported the rename once, so no run-time warning repeats it.
    expect(warnings).toEqual([]);
  });
});

describe("onOutputMismatch", () => {
  it("throws OutputValidationError by default, from typed calls and LangChain tools", async () => {
    const runtime = track(createRuntime({ servers: { math: MATH_STDIO } }));
    await expect(callTypedTool(runtime, "math", addWithWrongOutput, { a: 1, b: 2 })).rejects.toBeInstanceOf(OutputValidationError);
    const [tool] = await createLangChainTools(runtime, "math", [addWithWrongOutput]);
    await expect(tool!.invoke(toolCall("add", { a: 1, b: 2 }))).rejects.toThrow(/structured output does not match the output schema at total/);
  });

  it('"warn" reports the mismatch and passes the raw value on', async () => {
    const warnings: string[] = [];
    const runtime = track(
      createRuntime({ servers: { math: MATH_STDIO }, onOutputMismatch: "warn", onWarning: (message) => warnings.push(message) }),
    );
    const typed = await callTypedTool(runtime, "math", addWithWrongOutput, { a: 1, b: 2 });
    expect(typed.structuredContent).toEqual({ result: 3 });
    const [tool] = await createLangChainTools(runtime, "math", [addWithWrongOutput]);
    const message = (await tool!.invoke(toolCall("add", { a: 2, b: 2 }))) as ToolMessage;
    expect(message.artifact).toEqual({ structuredContent: { result: 4 } });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^server "math" tool "add": structured output does not match the output schema at total: .*\(passing the raw value on\)$/);
  });
});

describe("content conversion", () => {
  it("turns embedded text and blob resources into text-plain and file blocks", async () => {
    const runtime = track(createRuntime({ servers: { everything: EVERYTHING_STDIO } }));
    const tools = await runtime.getTools("everything");
    const reference = tools.find((tool) => tool.name === "get-resource-reference")!;
    const text = (await reference.invoke(toolCall("get-resource-reference", { resourceType: "Text", resourceId: 1 }))) as ToolMessage;
    const textBlock = (text.content as { type: string }[]).find((block) => block.type !== "text");
    expect(textBlock).toMatchObject({ type: "text-plain", mimeType: "text/plain", metadata: { uri: expect.stringMatching(/1$/) } });
    const blob = (await reference.invoke(toolCall("get-resource-reference", { resourceType: "Blob", resourceId: 2 }))) as ToolMessage;
    const fileBlock = (blob.content as { type: string; data?: string }[]).find((block) => block.type === "file");
    expect(fileBlock).toMatchObject({ type: "file", metadata: { uri: expect.stringMatching(/2$/) } });
    expect(fileBlock?.data).toMatch(/^[A-Za-z0-9+/=]+$/);
  });
});

