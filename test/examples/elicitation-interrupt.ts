/**
 * Human in the loop inside an agent: a server's request for input becomes a LangGraph
 * interrupt, the "user" answers, and the agent goes on — here across a simulated restart.
 *
 *   npm run build && node --import jiti/register test/examples/elicitation-interrupt.ts
 *
 * The server is server-everything over stdio (its `trigger-elicitation-request` tool asks for a
 * form); the model is scripted, so the example runs offline. See docs/elicitation-interrupt.md.
 */
import { createAgent } from "langchain";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createRuntime, type ElicitationInterrupt, type ElicitationResume } from "@mcp-codegen/runtime";
import { EVERYTHING_STDIO } from "../helpers/servers.js";

const TOOL = "trigger-elicitation-request";

/** One "process": a runtime whose agent tools interrupt on elicitation, and an agent on it. */
async function start(checkpointer: MemorySaver, model: ReturnType<typeof fakeModel>) {
  const runtime = createRuntime({ servers: { everything: EVERYTHING_STDIO }, elicitation: "interrupt" });
  const tools = (await runtime.getTools("everything")).filter((tool) => tool.name === TOOL);
  return { runtime, agent: createAgent({ model, tools, checkpointer }) };
}

async function main(): Promise<void> {
  // A real app keeps checkpoints in a persistent saver; a process restart keeps them.
  const checkpointer = new MemorySaver();
  const thread = { configurable: { thread_id: "example" } };

  const first = await start(checkpointer, fakeModel().respondWithTools([{ name: TOOL, args: {}, id: "call-1" }]));
  const stopped = await first.agent.invoke({ messages: [new HumanMessage("Fill in my profile")] }, thread);
  await first.runtime.close(); // the process "ends" while the user thinks

  const payload = stopped.__interrupt__?.[0]?.value as ElicitationInterrupt;
  console.log(`interrupted: ${payload.server}/${payload.tool} asks (${payload.mode}): ${payload.message}`);
  if (payload.mode === "form") console.log(`fields: ${Object.keys(payload.requestedSchema.properties).join(", ")}`);

  // ... later, in a new process: same checkpointer, new runtime and graph.
  const second = await start(checkpointer, fakeModel().respond(new AIMessage("Profile saved.")));
  try {
    const answer: ElicitationResume = { action: "accept", content: { name: "Ada", integer: 7 } };
    const done = await second.agent.invoke(new Command({ resume: answer }), thread);
    const tool = done.messages.find((message) => message.type === "tool");
    console.log(`server answered: ${tool?.text.split("\n")[0]}`);
    console.log(`agent: ${done.messages.at(-1)?.text}`);
  } finally {
    await second.runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
