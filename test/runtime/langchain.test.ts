import { afterAll, describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { childPids, EVERYTHING_STDIO, MATH_STDIO } from "../helpers/servers.js";
import { createLangChainTools, createRuntime, ToolCallError } from "../../runtime/src/index.js";
import { addTool, divideTool } from "./fixtures.js";

const before = new Set(childPids());
const runtime = createRuntime({ servers: { math: MATH_STDIO, everything: EVERYTHING_STDIO } });
const strict = createRuntime({ servers: { math: MATH_STDIO }, handleToolErrors: false });

afterAll(async () => {
  await Promise.all([runtime.close(), strict.close()]);
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

function toolCall(name: string, args: Record<string, unknown>, id = "call-1") {
  return { type: "tool_call" as const, id, name, args };
}

describe("LangChain tools", () => {
  it("returns a ToolMessage with standard content blocks and the parsed artifact", async () => {
    const [add] = await createLangChainTools(runtime, "math", [addTool]);
    expect(add?.name).toBe("add");
    const message = (await add!.invoke(toolCall("add", { a: 4, b: 5 }))) as ToolMessage;
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.status).toBe("success");
    expect(message.tool_call_id).toBe("call-1");
    expect(message.content).toEqual([{ type: "text", text: '{"result":9}' }]);
    expect(message.artifact).toEqual({ structuredContent: { result: 9 } });
  });

  it("gives the model an error ToolMessage for isError instead of throwing", async () => {
    const [divide] = await createLangChainTools(runtime, "math", [divideTool], { prefix: true });
    expect(divide?.name).toBe("math__divide");
    const message = (await divide!.invoke(toolCall("math__divide", { a: 1, b: 0 }, "call-2"))) as ToolMessage;
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.status).toBe("error");
    expect(message.tool_call_id).toBe("call-2");
    expect(message.name).toBe("math__divide");
    expect(message.content).toEqual([{ type: "text", text: "Division by zero" }]);
  });

  it("throws ToolCallError for isError when handleToolErrors is false", async () => {
    const [divide] = await createLangChainTools(strict, "math", [divideTool]);
    await expect(divide!.invoke(toolCall("divide", { a: 1, b: 0 }))).rejects.toBeInstanceOf(ToolCallError);
  });

  it("rejects input that breaks the Zod schema before calling", async () => {
    const [add] = await createLangChainTools(runtime, "math", [addTool]);
    await expect(add!.invoke(toolCall("add", { a: "x", b: 1 }))).rejects.toThrow(/did not match expected schema/);
  });

  it("builds tools from the live listing and converts images", async () => {
    const tools = await runtime.getTools("everything");
    const names = tools.map((t) => t.name);
    expect(names).toContain("echo");
    expect(names).toContain("get-tiny-image");
    const image = tools.find((t) => t.name === "get-tiny-image")!;
    const message = (await image.invoke(toolCall("get-tiny-image", {}))) as ToolMessage;
    const blocks = message.content as { type: string; mimeType?: string; data?: string }[];
    expect(blocks.map((b) => b.type)).toEqual(["text", "image", "text"]);
    expect(blocks[1]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(blocks[1]?.data).toMatch(/^iVBOR/);
  });

  it("converts resource links and passes structured content through as the artifact", async () => {
    const tools = await runtime.getTools("everything");
    const links = tools.find((t) => t.name === "get-resource-links")!;
    const linkMessage = (await links.invoke(toolCall("get-resource-links", { count: 2 }))) as ToolMessage;
    const fileBlocks = (linkMessage.content as { type: string; url?: string }[]).filter((b) => b.type === "file");
    expect(fileBlocks).toHaveLength(2);
    expect(fileBlocks[0]?.url).toMatch(/^demo:\/\/resource\//);

    const structured = tools.find((t) => t.name === "get-structured-content")!;
    const message = (await structured.invoke(toolCall("get-structured-content", { location: "Chicago" }))) as ToolMessage;
    expect(message.artifact).toEqual({ structuredContent: { temperature: 36, conditions: "Light rain / drizzle", humidity: 82 } });
  });
});
