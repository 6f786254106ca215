/**
 * The OpenAI Agents SDK consumer of `npm run test:pack` (test/pack/targets.ts): an app with
 * `@openai/agents` and no LangChain. `Runner.run()` with a scripted model provider calls the
 * generated function tools against real stdio servers: math's read-only `add` runs;
 * server-everything's `echo`, named by the approval policy, interrupts the run for approval. Tracing is off. One line per step; a failure prints `<error name>: <message>` and exits 1.
 */
import { Agent, Runner, Usage, setTracingDisabled, type Model, type ModelProvider, type ModelResponse } from "@openai/agents";
import { createClient } from "../generated/index.js";

setTracingDisabled(true);

/** A provider whose model asks for one tool call, then answers with text. */
function callsThenSays(name: string, args: unknown, text: string): ModelProvider {
  let turn = 0;
  const model: Model = {
    async getResponse(): Promise<ModelResponse> {
      turn++;
      const output =
        turn > 1
          ? [{ type: "message" as const, role: "assistant" as const, status: "completed" as const, content: [{ type: "output_text" as const, text }] }]
          : [{ type: "function_call" as const, callId: `call-${turn}`, name, arguments: JSON.stringify(args), status: "completed" as const }];
      return { usage: new Usage(), output, responseId: `r${turn}` };
    },
    getStreamedResponse() {
      throw new Error("not streamed");
    },
  };
  return { getModel: () => model };
}

async function main(): Promise<void> {
  const mcp = createClient();
  try {
    const tools = await mcp.getAgentsTools();
    console.log(`tools ${tools.map((tool) => tool.name).includes("add") ? "with add" : "without add"}`);
    const agent = new Agent({ name: "calculator", instructions: "Use the tools.", tools });

    const done = await new Runner({ modelProvider: callsThenSays("add", { a: 3, b: 5 }, "the sum is 8") }).run(agent, "add 3 and 5");
    const called = done.newItems.filter((item) => item.type === "tool_call_output_item").length;
    console.log(`run add: ${called} tool output, final "${String(done.finalOutput)}"`);

    // The typed client beside the tools, target-independent.
    const sum = await mcp.math.add({ a: 20, b: 22 });
    const total: number = sum.structuredContent.result;
    console.log(`math.add ${total}`);
    // @ts-expect-error a string is not a number
    void (() => mcp.math.add({ a: "3", b: 5 }));

    const paused = await new Runner({ modelProvider: callsThenSays("echo", { message: "hi" }, "unused") }).run(agent, "echo hi");
    console.log(`run echo interrupted for approval: ${paused.interruptions.map((item) => item.name).join(",")}`);
  } finally {
    await mcp.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  process.exitCode = 1;
});
