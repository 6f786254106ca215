/**
 * Approvals hold for every name (issue 28 point 2): the hostile-names server's tools are all
 * destructive and named `__proto__`, `constructor`, `prototype`, `toString`, `hasOwnProperty`,
 * `valueOf`, `__defineGetter__` (`names` mode: a plain `path` argument, which a model can send
 * through every framework); codegen.config asks approval for destructive tools. For each
 * framework a scripted agent calls each tool by its model-facing name: the run stops for
 * approval before the server sees the call (its own call log stays empty); rejected, the tool
 * never runs; approved once, it runs under its raw name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { AIMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import { generateText, isStepCount, type ModelMessage } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { Agent, Runner, Usage, setTracingDisabled, type Model, type ModelProvider, type ModelRequest, type ModelResponse } from "@openai/agents";
import { HOSTILE_NAMES } from "../servers/hostile-vocabulary.js";
import { childPids } from "../helpers/servers.js";
import { interruptOn } from "../../runtime/src/index.js";
import { aiSdkToolApproval } from "../../runtime/src/ai-sdk.js";
import { callLog, calls, expectPrototypeUnchanged, generateHostile, hostileServer, modelName, prototypeState } from "./generated.js";

setTracingDisabled(true);

const before = new Set(childPids());
const prototypeBefore = prototypeState();
const log = callLog();
const args = { path: "/tmp/x" };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let mcp: any;

beforeAll(async () => {
  const { dir } = await generateHostile("hostile-approvals", { hostile: hostileServer("names", "hostile") }, { approval: { destructive: true } });
  const index = await import(`${dir}/index.ts`);
  mcp = index.createClient({ servers: { hostile: hostileServer("names", "hostile", log) }, onWarning: () => {} });
});

afterAll(async () => {
  await mcp?.close();
  expectPrototypeUnchanged(prototypeBefore);
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

const ranTools = () => calls(log).map((call) => call.tool);

describe("LangChain: humanInTheLoopMiddleware with interruptOn(tools)", () => {
  it("has an own `true` entry for every name, on an object no name can reach past", async () => {
    const entries = interruptOn(await mcp.getTools());
    expect(Object.getPrototypeOf(entries)).toBeNull();
    expect(Object.keys(entries).sort()).toEqual(HOSTILE_NAMES.map(modelName).sort());
    for (const name of HOSTILE_NAMES) expect(entries[modelName(name)], name).toBe(true);
  });

  it.each(HOSTILE_NAMES)("pauses a call of %s before the server sees it; rejected, it never runs", async (name) => {
    const tools = await mcp.getTools();
    const model = fakeModel()
      .respondWithTools([{ name: modelName(name), args, id: `call-${name}` }])
      .respond(new AIMessage("done"));
    // langchain's middleware types do not compile under exactOptionalPropertyTypes: the agent is used untyped here.
    const hitl = (humanInTheLoopMiddleware as (options: unknown) => never)({ interruptOn: interruptOn(tools) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const agent: any = createAgent({ model, tools, middleware: [hitl], checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: `lc-${name}` } };
    const paused = await agent.invoke({ messages: [{ role: "user", content: `run ${name}` }] }, config);
    const requests = (paused.__interrupt__ ?? []).flatMap((item: { value: { actionRequests: { name: string }[] } }) => item.value.actionRequests.map((request) => request.name));
    expect(requests).toEqual([modelName(name)]);
    expect(ranTools()).not.toContain(name);
    await agent.invoke(new Command({ resume: { decisions: [{ type: "reject", message: "no" }] } }), config);
    expect(ranTools()).not.toContain(name);
  });
});

type AiStep = { toolName: string; input: unknown } | { text: string };
const USAGE = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

function aiModel(steps: AiStep[]): MockLanguageModelV3 {
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

describe("AI SDK: needsApproval and aiSdkToolApproval(tools)", () => {
  it("asks approval for every name, as an own key of a null-prototype object", async () => {
    const tools = await mcp.getAiSdkTools();
    const approval = aiSdkToolApproval(tools);
    expect(Object.getPrototypeOf(approval)).toBeNull();
    expect(Object.keys(approval).sort()).toEqual(HOSTILE_NAMES.map(modelName).sort());
    for (const name of HOSTILE_NAMES) {
      expect(approval[modelName(name)], name).toBe("user-approval");
      expect(tools[modelName(name)].needsApproval, name).toBe(true);
    }
  });

  it.each(HOSTILE_NAMES)("a generateText call of %s stops at an approval request; denied, it never runs", async (name) => {
    const tools = await mcp.getAiSdkTools();
    const model = aiModel([{ toolName: modelName(name), input: args }, { text: "done" }]);
    const result = await generateText({ model, tools, toolApproval: aiSdkToolApproval(tools), prompt: `run ${name}`, stopWhen: isStepCount(3) });
    const request = result.content.find((part) => part.type === "tool-approval-request");
    expect(request?.toolCall.toolName).toBe(modelName(name));
    expect(ranTools()).not.toContain(name);
    const messages: ModelMessage[] = [
      { role: "user", content: `run ${name}` },
      ...result.response.messages,
      { role: "tool", content: [{ type: "tool-approval-response", approvalId: request!.approvalId, approved: false, reason: "no" }] },
    ];
    await generateText({ model, tools, toolApproval: aiSdkToolApproval(tools), messages, stopWhen: isStepCount(3) });
    expect(ranTools()).not.toContain(name);
  });
});

type AgentStep = { name: string; args: unknown } | { text: string };

function agentsProvider(steps: AgentStep[]): ModelProvider {
  let turn = 0;
  const model: Model = {
    async getResponse(_request: ModelRequest): Promise<ModelResponse> {
      const step = steps[Math.min(turn++, steps.length - 1)]!;
      const output =
        "text" in step
          ? [{ type: "message" as const, role: "assistant" as const, status: "completed" as const, content: [{ type: "output_text" as const, text: step.text }] }]
          : [{ type: "function_call" as const, callId: `call-${turn}`, name: step.name, arguments: JSON.stringify(step.args), status: "completed" as const }];
      return { usage: new Usage(), output, responseId: `r${turn}` };
    },
    getStreamedResponse() {
      throw new Error("not streamed");
    },
  };
  return { getModel: () => model };
}

describe("OpenAI Agents: needsApproval", () => {
  it.each(HOSTILE_NAMES)("a run calling %s is interrupted before the server sees it; rejected, it never runs", async (name) => {
    const tools = await mcp.getAgentsTools();
    const agent = new Agent({ name: "hostile", tools, model: "fake" });
    const runner = new Runner({ modelProvider: agentsProvider([{ name: modelName(name), args }, { text: "kept" }]), tracingDisabled: true });
    const asked = await runner.run(agent, `run ${name}`);
    expect(asked.interruptions.map((item) => item.name)).toEqual([modelName(name)]);
    expect(ranTools()).not.toContain(name);
    asked.state.reject(asked.interruptions[0]!);
    const rejected = await runner.run(agent, asked.state);
    expect(rejected.finalOutput).toBe("kept");
    expect(ranTools()).not.toContain(name);
  });

  it("approved, the interrupted call runs on the server under its own name", async () => {
    const tools = await mcp.getAgentsTools();
    const agent = new Agent({ name: "hostile", tools, model: "fake" });
    const runner = new Runner({ modelProvider: agentsProvider([{ name: modelName("__proto__"), args }, { text: "ran" }]), tracingDisabled: true });
    const asked = await runner.run(agent, "run __proto__");
    expect(asked.interruptions.map((item) => item.name)).toEqual([modelName("__proto__")]);
    asked.state.approve(asked.interruptions[0]!);
    expect((await runner.run(agent, asked.state)).finalOutput).toBe("ran");
    expect(ranTools()).toEqual(["__proto__"]);
  });
});
