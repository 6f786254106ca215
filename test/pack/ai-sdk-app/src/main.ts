/**
 * The AI SDK consumer of `npm run test:pack` (test/pack/targets.ts): an app with `ai` and no
 * LangChain. A `generateText` loop with a scripted mock model calls the generated, typed tools
 * against real stdio servers: math's read-only `add` runs; server-everything's `echo` is named by
 * the approval policy (codegen.config.ts), so it pauses. One line per step;
 * a failure prints `<error name>: <message>` and exits 1.
 */
import { generateText, isStepCount } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { aiSdkToolApproval } from "@mcp-codegen/runtime/ai-sdk";
import { createClient } from "../generated/index.js";

const USAGE = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

/** A model that asks for one tool call, then answers with text. */
function callsThenSays(toolName: string, input: unknown, text: string): MockLanguageModelV3 {
  let turn = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      turn++;
      if (turn > 1) return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: undefined }, usage: USAGE, warnings: [] };
      return {
        content: [{ type: "tool-call", toolCallId: `call-${turn}`, toolName, input: JSON.stringify(input) }],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}

async function main(): Promise<void> {
  const mcp = createClient();
  try {
    const tools = await mcp.getAiSdkTools();
    const toolApproval = aiSdkToolApproval(tools);
    console.log(`approval add=${toolApproval["add"]} echo=${toolApproval["echo"]}`);

    const run = await generateText({ model: callsThenSays("add", { a: 3, b: 5 }, "the sum is in"), tools, toolApproval, prompt: "add 3 and 5", stopWhen: isStepCount(3) });
    const [result] = run.steps[0]?.toolResults ?? [];
    // A ToolSet's loop results are a union over every tool's output; the tool itself is typed (below).
    const output = result?.output as { structuredContent?: unknown } | undefined;
    console.log(`generateText ${result?.toolName} ${JSON.stringify(output?.structuredContent)} then "${run.text}"`);

    // The tools are typed: `execute` takes the tool's input and returns its typed result.
    const execute = tools.add.execute;
    if (execute === undefined) throw new Error("add has no execute");
    const direct = await execute({ a: 20, b: 22 }, { toolCallId: "direct", messages: [], context: {} });
    if (Symbol.asyncIterator in direct) throw new Error("add streamed its result");
    const total: number = direct.structuredContent.result;
    console.log(`add.execute ${total}`);
    // @ts-expect-error a string is not a number
    void (() => execute({ a: "3", b: 5 }, { toolCallId: "x", messages: [], context: {} }));
    // @ts-expect-error an unknown tool is not in the ToolSet
    void tools.notATool;

    const paused = await generateText({ model: callsThenSays("echo", { message: "hi" }, "unused"), tools, toolApproval, prompt: "echo", stopWhen: isStepCount(3) });
    const asked = paused.content.filter((part) => part.type === "tool-approval-request").length;
    console.log(`echo paused for approval: ${asked} request, ${paused.toolResults.length} results`);
  } finally {
    await mcp.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.exitCode = 1;
});
