/**
 * Type-level tests of the generated API (compiled, never run): argument and result types,
 * and the mistakes the compiler must reject. Checked by test/types/typecheck.test.ts with
 * the strictest flags.
 */
import { expectTypeOf } from "vitest";
import type { BaseMessage, ContentBlock, ToolMessage } from "@langchain/core/messages";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import { fileOAuthStore, toolArtifact, type ResourceContent, type ToolArtifact, type ToolResult } from "@mcp-codegen/runtime";
import { createClient } from "../../generated-example/index.js";
import { tools as mathTools, type AddInput, type AddOutput, type MathClient } from "../../generated-example/math/index.js";
import type { GetWeatherInput, GetWeatherOutput } from "../../generated-example/weather/index.js";

export async function consumer(): Promise<void> {
  const mcp = createClient();
  expectTypeOf(mcp.math).toEqualTypeOf<MathClient>();

  // Arguments are typed from the input schema.
  expectTypeOf(mcp.math.add).parameter(0).toEqualTypeOf<AddInput>();
  expectTypeOf<AddInput["a"]>().toEqualTypeOf<number>();
  expectTypeOf<AddInput["b"]>().toEqualTypeOf<number>();
  expectTypeOf(mcp.weather.getWeather).parameter(0).toEqualTypeOf<GetWeatherInput>();
  expectTypeOf<GetWeatherInput["units"]>().toEqualTypeOf<"metric" | "imperial" | undefined>();

  // Results carry the typed structured output.
  const sum = await mcp.math.add({ a: 1, b: 2 });
  expectTypeOf(sum).toEqualTypeOf<ToolResult<AddOutput>>();
  expectTypeOf(sum.structuredContent.result).toBeNumber();
  const weather = await mcp.weather.getWeather({ city: "Oslo" });
  expectTypeOf(weather.structuredContent).toEqualTypeOf<GetWeatherOutput>();
  expectTypeOf(weather.structuredContent.conditions).toEqualTypeOf<"sunny" | "cloudy" | "rain" | "snow">();

  // A tool without required input can be called with no argument.
  await mcp.math.random();

  // Resources, templates and prompts.
  expectTypeOf(await mcp.math.resources.handbook()).toEqualTypeOf<ResourceContent[]>();
  await mcp.math.resources.constant({ name: "pi" });
  expectTypeOf(await mcp.math.prompts.summarize({ topic: "x" })).toEqualTypeOf<BaseMessage[]>();
  expectTypeOf(await mcp.getTools()).toEqualTypeOf<DynamicStructuredTool[]>();

  // @ts-expect-error: wrong argument type
  await mcp.math.add({ a: "3", b: 5 });
  // @ts-expect-error: missing required argument
  await mcp.math.add({ a: 3 });
  // @ts-expect-error: unknown tool
  await mcp.math.subtract({ a: 3, b: 1 });
  // @ts-expect-error: value outside the enum
  await mcp.weather.getWeather({ city: "Oslo", units: "kelvin" });
  // @ts-expect-error: a prompt's required argument is required
  await mcp.math.prompts.summarize({});
  // Input types are closed: a misspelt key is an error, at the top and inside nested objects.
  await mcp.weather.getForecast({ city: "Oslo", days: 2, options: { startDay: 2 } });
  // @ts-expect-error: misspelt optional argument (`units`)
  await mcp.weather.getWeather({ city: "Oslo", unit: "metric" });
  // @ts-expect-error: unknown argument next to the required ones
  await mcp.math.add({ a: 1, b: 2, haed: 3 });
  // @ts-expect-error: misspelt key of a nested argument (`startDay`)
  await mcp.weather.getForecast({ city: "Oslo", days: 2, options: { startDya: 2 } });
  // @ts-expect-error: misspelt optional argument of a tool without required ones (`max`)
  await mcp.math.random({ mxa: 3 });
  // @ts-expect-error: unknown server
  mcp.calendar;

  await mcp.close();
}

/** OAuth options pass through `createClient`; a server's connection may carry `auth`. */
export function oauthConsumer(): void {
  const mcp = createClient({
    oauth: { authorize: async (url) => url, store: fileOAuthStore() },
    servers: { weather: { transport: "http", url: "https://weather.example/mcp", auth: { type: "oauth", scopes: ["read"] } } },
  });
  void mcp.close();
  // @ts-expect-error: authorize resolves with the redirect URL
  createClient({ oauth: { authorize: async () => 42 } });
  // @ts-expect-error: unknown auth type
  createClient({ servers: { weather: { transport: "http", url: "https://x.example/mcp", auth: { type: "password" } } } });
}

/**
 * `outputHandling`: a ToolMessage's artifact stays typed by the generated tool whatever the routes
 * (routed blocks are `artifact.content`); the option is typed at run time (config-consumer.ts: in
 * codegen.config).
 */
export function outputHandlingConsumer(message: ToolMessage): void {
  const artifact = toolArtifact(mathTools.add, message);
  expectTypeOf(artifact).toEqualTypeOf<ToolArtifact<AddOutput> | undefined>();
  expectTypeOf(artifact?.structuredContent?.result).toEqualTypeOf<number | undefined>();
  expectTypeOf(artifact?.content).toEqualTypeOf<ContentBlock[] | undefined>();
  // @ts-expect-error: not a key of AddOutput
  void artifact?.structuredContent?.sum;

  void createClient({ outputHandling: "artifact", servers: { math: { transport: "stdio", command: "node", outputHandling: { image: "artifact" } } } });
  // @ts-expect-error: the targets are "content" and "artifact"
  void createClient({ outputHandling: "model" });
  // @ts-expect-error: misspelt block type
  void createClient({ outputHandling: { imgae: "artifact" } });
}
