/**
 * What a framework sends the model for one tool: the function definition of OpenAI's tool
 * format, `{"type":"function","function":{"name","description","parameters"}}`, with the
 * parameters each target sends: the exact input schema for LangChain (its tools carry the Zod
 * schema, converted back to this JSON Schema by the chat model), the `modelSchema` projection for
 * the AI SDK and OpenAI Agents targets.
 */
import { projectSchema, type JsonObject, type ModelSchemaMode, type ToolEntry } from "@mcp-codegen/runtime/internal";
import type { TargetName, TargetSettings } from "../config/targets.js";

/** The schema mode a target sends its tools with ("exact" for LangChain). */
export function modeOf(target: TargetName, settings: TargetSettings): ModelSchemaMode {
  return target === "langchain" ? "exact" : settings.modelSchema[target];
}

export function modelToolJson(tool: ToolEntry, mode: ModelSchemaMode): string {
  const parameters = projectSchema(tool.inputSchema as JsonObject, mode).schema;
  return JSON.stringify({ type: "function", function: { name: tool.name, description: tool.description ?? "", parameters } });
}
