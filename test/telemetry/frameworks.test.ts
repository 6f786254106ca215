/**
 * MCP spans under the agent framework's current span, for each target: a LangChain agent
 * (`createAgent`, scripted model) calling the generated tools of two servers (math over stdio,
 * weather over streamable HTTP), the AI SDK's `generateText` with its own OpenTelemetry spans
 * (`@ai-sdk/otel`), and an OpenAI Agents `Runner.run`; real servers throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SpanKind, trace } from "@opentelemetry/api";
import { createAgent } from "langchain";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { generateText, isStepCount, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { OpenTelemetry } from "@ai-sdk/otel";
import { Agent, Runner, Usage, setTracingDisabled, type Model, type ModelResponse } from "@openai/agents";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { installOtel, spanTree, type InstalledOtel } from "../helpers/otel.js";
import { childPids, MATH_STDIO, NOTES_STDIO, startWeatherServer, type RunningServer } from "../helpers/servers.js";
import { generateNotes } from "../targets/generated.js";

setTracingDisabled(true);

const { createClient } = await import("../../generated-example/index.js");

const before = new Set(childPids());
let otel: InstalledOtel;
let weather: RunningServer;
let example: ReturnType<typeof createClient>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let notes: any;

beforeAll(async () => {
  otel = installOtel();
  const [server, dir] = await Promise.all([startWeatherServer(), generateNotes("otel-targets", { targets: ["ai-sdk", "openai-agents"] })]);
  weather = server;
  example = createClient({ servers: { math: MATH_STDIO, weather: { transport: "http", url: weather.url } }, prefixToolNames: true });
  notes = (await import(`${dir}/index.ts`)).createClient({ servers: { notes: NOTES_STDIO } });
});

afterAll(async () => {
  await Promise.all([example?.close(), notes?.close()]);
  await weather?.stop();
  await otel.uninstall();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

const tracer = trace.getTracer("app");

function byName(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((span) => span.name === name);
  expect(found.map((span) => span.name)).toEqual([name]);
  return found[0]!;
}

function isAncestor(spans: readonly ReadableSpan[], ancestor: ReadableSpan, span: ReadableSpan): boolean {
  const byId = new Map(spans.map((each) => [each.spanContext().spanId, each]));
  for (let parent = span.parentSpanContext?.spanId; parent !== undefined; parent = byId.get(parent)?.parentSpanContext?.spanId) {
    if (parent === ancestor.spanContext().spanId) return true;
  }
  return false;
}

/** Attributes worth reading in a printed tree. */
function shown(span: ReadableSpan): string {
  const keys = ["mcp.method.name", "gen_ai.tool.name", "network.transport", "server.address", "server.port", "mcp.protocol.version", "mcp.session.id", "error.type"];
  return keys.flatMap((key) => (span.attributes[key] === undefined ? [] : [`${key}=${String(span.attributes[key])}`])).join(" ");
}

describe("MCP spans under the framework's span", () => {
  it("LangChain: an agent step calling two servers", async () => {
    const tools = await example.getTools();
    const model = fakeModel()
      .respondWithTools([
        { name: "math__add", args: { a: 20, b: 22 }, id: "call-add" },
        { name: "weather__get_weather", args: { city: "Oslo" }, id: "call-weather" },
      ])
      .respond(new AIMessage("42, and the weather."));
    const agent = createAgent({ model, tools });
    await tracer.startActiveSpan("agent step", async (span) => {
      await agent.invoke({ messages: [new HumanMessage("add and weather")] });
      span.end();
    });
    const spans = await otel.spans();
    const step = byName(spans, "agent step");
    const traceId = step.spanContext().traceId;
    const mine = spans.filter((span) => span.spanContext().traceId === traceId);
    const add = byName(mine, "tools/call add");
    const weatherCall = byName(mine, "tools/call get_weather");
    for (const call of [add, weatherCall]) {
      expect(call.kind).toBe(SpanKind.CLIENT);
      expect(isAncestor(mine, step, call)).toBe(true);
    }
    expect(add.attributes["network.transport"]).toBe("pipe");
    expect(weatherCall.attributes).toMatchObject({ "network.transport": "tcp", "server.address": "127.0.0.1" });
    // The connections opened inside the step: their handshakes are in the trace too.
    expect(mine.filter((span) => span.name === "initialize" || span.name === "server/discover").length).toBeGreaterThanOrEqual(2);
    // The tree, for docs/observability.md (printed with --reporter=verbose).
    console.log(spanTree(mine, shown));
  });

  it("AI SDK: under the execute_tool span of generateText's OpenTelemetry integration", async () => {
    const tools: ToolSet = await notes.getAiSdkTools();
    let turn = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        turn++;
        const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
        if (turn > 1) return { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
        return { content: [{ type: "tool-call", toolCallId: "c1", toolName: "read_note", input: JSON.stringify({ title: "welcome" }) }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] };
      },
    });
    await generateText({ model, tools, prompt: "read", stopWhen: isStepCount(3), telemetry: { integrations: [new OpenTelemetry()] } });
    const spans = await otel.spans();
    const call = byName(spans, "tools/call read_note");
    // @ai-sdk/otel's span around the tool's execution (named as the GenAI conventions say).
    const toolSpan = spans.find((span) => span.name === "execute_tool read_note" && span.spanContext().traceId === call.spanContext().traceId);
    expect(toolSpan).toBeDefined();
    expect(call.parentSpanContext?.spanId).toBe(toolSpan!.spanContext().spanId);
  });

  it("OpenAI Agents: under the span current when the runner calls the tool", async () => {
    const tools = await notes.getAgentsTools();
    let turn = 0;
    const model: Model = {
      async getResponse(): Promise<ModelResponse> {
        turn++;
        const output =
          turn > 1
            ? [{ type: "message" as const, role: "assistant" as const, status: "completed" as const, content: [{ type: "output_text" as const, text: "done" }] }]
            : [{ type: "function_call" as const, callId: "c1", name: "snapshot_note", arguments: JSON.stringify({ title: "welcome" }), status: "completed" as const }];
        return { usage: new Usage(), output, responseId: `r${turn}` };
      },
      getStreamedResponse() {
        throw new Error("not streamed");
      },
    };
    const agent = new Agent({ name: "notes", tools, model });
    let runId = "";
    await tracer.startActiveSpan("agents run", async (span) => {
      runId = span.spanContext().spanId;
      await new Runner({ tracingDisabled: true }).run(agent, "snapshot");
      span.end();
    });
    const spans = await otel.spans();
    const call = byName(spans, "tools/call snapshot_note");
    const run = spans.find((span) => span.spanContext().spanId === runId)!;
    expect(isAncestor(spans, run, call)).toBe(true);
  });
});
