/**
 * A LangChain agent (`createAgent`) driven by a scripted fake chat model calls the GENERATED
 * tools of generated-example (math over stdio, weather over streamable HTTP).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "langchain";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command } from "@langchain/langgraph";
import { childPids, MATH_STDIO, startWeatherServer, type RunningServer } from "../helpers/servers.js";
import type { ToolCallContext } from "../../runtime/src/index.js";

const { createClient } = await import("../../generated-example/index.js");

const before = new Set(childPids());
let weather: RunningServer;
let mcp: ReturnType<typeof createClient>;
const contexts: (ToolCallContext | undefined)[] = [];

beforeAll(async () => {
  weather = await startWeatherServer();
  mcp = createClient({
    servers: { math: MATH_STDIO, weather: { transport: "http", url: weather.url } },
    prefixToolNames: true,
    interceptors: [
      async (request, next) => {
        contexts.push(request.context);
        // Answer the current weather from the agent's side, as a LangGraph Command.
        if (request.name === "get_weather") {
          const message = new ToolMessage({ content: "sunny (from the interceptor)", tool_call_id: request.context?.toolCallId ?? "", name: "weather__get_weather" });
          return new Command({ update: { messages: [message] } });
        }
        return next(request);
      },
    ],
  });
});

afterAll(async () => {
  await mcp.close();
  await weather.stop();
  expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
});

function toolMessage(messages: BaseMessage[], id: string): ToolMessage {
  const found = messages.find((message): message is ToolMessage => ToolMessage.isInstance(message) && message.tool_call_id === id);
  if (!found) throw new Error(`no ToolMessage for ${id}`);
  return found;
}

describe("createAgent with generated tools", () => {
  it("runs tool calls, returns tool errors to the model and shows interceptors the run's context", async () => {
    const tools = await mcp.getTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "math__add",
      "math__divide",
      "math__multiply",
      "math__random",
      "weather__get_forecast",
      "weather__get_weather",
    ]);
    const model = fakeModel()
      .respondWithTools([
        { name: "math__add", args: { a: 20, b: 22 }, id: "call-add" },
        { name: "weather__get_forecast", args: { city: "Paris", days: 2 }, id: "call-forecast" },
      ])
      .respondWithTools([{ name: "math__divide", args: { a: 1, b: 0 }, id: "call-divide" }])
      .respondWithTools([{ name: "weather__get_weather", args: { city: "Oslo" }, id: "call-weather" }])
      .respond(new AIMessage("All done."));
    const agent = createAgent({ model, tools });

    const result = await agent.invoke({ messages: [new HumanMessage("add, forecast, divide, weather")] }, { configurable: { user: "u-42" } });
    const messages = result.messages as BaseMessage[];

    // Arguments reached the servers: the structured results reflect them.
    const add = toolMessage(messages, "call-add");
    expect(add.status).toBe("success");
    expect(add.name).toBe("math__add");
    expect(add.content).toEqual([{ type: "text", text: '{"result":42}' }]);
    expect(add.artifact).toEqual({ structuredContent: { result: 42 } });
    const forecast = toolMessage(messages, "call-forecast");
    expect(forecast.content).toEqual([{ type: "text", text: "2-day forecast for Paris" }]);
    const forecastData = (forecast.artifact as { structuredContent: { city: string; days: unknown[] } }).structuredContent;
    expect(forecastData.city).toBe("Paris");
    expect(forecastData.days).toHaveLength(2);

    // The tool error went back to the model as a failed ToolMessage; the run went on.
    const divide = toolMessage(messages, "call-divide");
    expect(divide.status).toBe("error");
    expect(divide.content).toEqual([{ type: "text", text: "Division by zero" }]);
    const thirdCall = model.calls[2]!.messages;
    expect(thirdCall.some((message) => ToolMessage.isInstance(message) && message.tool_call_id === "call-divide" && message.status === "error")).toBe(true);

    // The Command from the interceptor updated the agent state as is.
    expect(toolMessage(messages, "call-weather").content).toBe("sunny (from the interceptor)");
    expect(messages.at(-1)?.content).toBe("All done.");
    expect(model.callCount).toBe(4);

    // Interceptors saw the LangChain runtime context of each call.
    expect(contexts.map((context) => context?.toolCallId).sort()).toEqual(["call-add", "call-divide", "call-forecast", "call-weather"]);
    for (const context of contexts) {
      expect(context?.config.configurable?.["user"]).toBe("u-42");
      const state = context?.state as { messages?: BaseMessage[] } | undefined;
      expect(state?.messages?.[0]?.content).toBe("add, forecast, divide, weather");
    }
  });
});
