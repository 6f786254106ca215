/**
 * The AI SDK target as the AI SDK is used: `generateText` with a scripted mock model
 * (`MockLanguageModelV3` from `ai/test`) calls generated tools against the real notes server
 * over stdio, gets the typed result, and pauses for approval where codegen.config says so
 * (approved once, denied once).
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { generateText, isStepCount, type ModelMessage, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { childPids, NOTES_STDIO } from "../helpers/servers.js";
import { generateNotes } from "./generated.js";
import { aiSdkToolApproval } from "../../runtime/src/ai-sdk.js";
import type { ToolResult } from "../../runtime/src/index.js";

type Step = { toolName: string; input: unknown } | { text: string };

const USAGE = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** A model that plays `steps` in order: a tool call, or a final text. */
function scripted(steps: Step[]): MockLanguageModelV3 {
  let turn = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const step = steps[Math.min(turn, steps.length - 1)]!;
      turn++;
      if ("text" in step) return { content: [{ type: "text", text: step.text }], finishReason: { unified: "stop", raw: undefined }, usage: USAGE, warnings: [] };
      return {
        content: [{ type: "tool-call", toolCallId: `call-${turn}`, toolName: step.toolName, input: JSON.stringify(step.input) }],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}

const before = new Set(childPids());
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let generated: any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let mcp: any;

beforeAll(async () => {
  const dir = await generateNotes("ai-sdk", { targets: ["ai-sdk"], approval: { destructive: true }, modelSchema: { "ai-sdk": "openai-strict" } });
  generated = await import(`${dir}/index.ts`);
  mcp = generated.createClient({ servers: { notes: NOTES_STDIO } });
});

afterAll(async () => {
  await mcp?.close();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

describe("AI SDK target", () => {
  it("runs a generateText loop whose tool calls reach the real server and come back typed", async () => {
    const tools: ToolSet = await mcp.getAiSdkTools();
    expect(Object.keys(tools).sort()).toEqual(["delete_note", "read_note", "snapshot_note", "write_note"]);
    const model = scripted([{ toolName: "read_note", input: { title: "welcome" } }, { text: "done" }]);
    const result = await generateText({ model, tools, prompt: "read the welcome note", stopWhen: isStepCount(3) });
    const toolResult = result.steps[0]!.toolResults[0]!;
    const output = toolResult.output as ToolResult<{ title: string; text: string; words: number }>;
    expect(output.structuredContent).toEqual({ title: "welcome", text: "Hello from the notes server.", words: 5 });
    expect(result.text).toBe("done");
    // The model saw the blocks through toModelOutput.
    const sent = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(sent).toContain("Hello from the notes server.");
  });

  it("maps a strict projection's nulls back before validating and sending", async () => {
    const tools: ToolSet = await mcp.getAiSdkTools();
    const model = scripted([{ toolName: "write_note", input: { title: "t", text: "x", tags: null } }, { text: "ok" }]);
    const result = await generateText({ model, tools, toolApproval: aiSdkToolApproval(tools), prompt: "write", stopWhen: isStepCount(3) });
    // write_note has no annotations: destructive by the spec, so it waits for approval.
    expect(result.content.some((part) => part.type === "tool-approval-request")).toBe(true);
    const approval = result.content.find((part) => part.type === "tool-approval-request")!;
    const messages: ModelMessage[] = [
      { role: "user", content: "write" },
      ...result.response.messages,
      { role: "tool", content: [{ type: "tool-approval-response", approvalId: approval.approvalId, approved: true }] },
    ];
    const resumed = await generateText({ model, tools, toolApproval: aiSdkToolApproval(tools), messages, stopWhen: isStepCount(3) });
    expect(resumed.text).toBe("ok");
    // Approved, it ran: the model got its result, and the server has the note (`tags: null` was removed, not sent).
    expect(JSON.stringify(model.doGenerateCalls.at(-1)!.prompt)).toContain("saved t");
    expect((await mcp.notes.readNote({ title: "t" })).structuredContent.text).toBe("x");
  });

  it("denied: the destructive tool never runs; a read-only one runs without asking", async () => {
    const tools: ToolSet = await mcp.getAiSdkTools();
    expect(aiSdkToolApproval(tools)).toEqual({ delete_note: "user-approval", read_note: "not-applicable", snapshot_note: "not-applicable", write_note: "user-approval" });
    const model = scripted([{ toolName: "delete_note", input: { title: "welcome" } }, { text: "denied" }]);
    const result = await generateText({ model, tools, toolApproval: aiSdkToolApproval(tools), prompt: "delete", stopWhen: isStepCount(3) });
    const approval = result.content.find((part) => part.type === "tool-approval-request")!;
    expect(approval).toBeDefined();
    const messages: ModelMessage[] = [
      { role: "user", content: "delete" },
      ...result.response.messages,
      { role: "tool", content: [{ type: "tool-approval-response", approvalId: approval.approvalId, approved: false, reason: "no" }] },
    ];
    await generateText({ model, tools, toolApproval: aiSdkToolApproval(tools), messages, stopWhen: isStepCount(3) });
    // The note is still there.
    const read = await mcp.notes.readNote({ title: "welcome" });
    expect(read.structuredContent.text).toBe("Hello from the notes server.");
  });

  it("maps image blocks to files for the model, passes the abort signal, and reports tool errors to the model", async () => {
    const tools: ToolSet = await mcp.getAiSdkTools();
    const model = scripted([{ toolName: "snapshot_note", input: { title: "welcome" } }, { toolName: "read_note", input: { title: "missing" } }, { text: "end" }]);
    const controller = new AbortController();
    const result = await generateText({ model, tools, prompt: "picture", stopWhen: isStepCount(4), abortSignal: controller.signal });
    const picture = JSON.stringify(model.doGenerateCalls[1]!.prompt);
    expect(picture).toContain("image/png");
    const failed = result.steps[1]!.content.find((part) => part.type === "tool-error");
    expect(String((failed as { error: unknown }).error)).toContain('no note titled "missing"');
    controller.abort();
    await expect(tools["read_note"]!.execute!({ title: "welcome" }, { toolCallId: "x", messages: [], abortSignal: controller.signal, context: {} } as never)).rejects.toThrow();
  });

  it("types each tool: input and the typed result", () => {
    type Tools = Awaited<ReturnType<typeof generated.createNotesAiSdkTools>>;
    expectTypeOf<Tools>().not.toBeNever();
  });
});
