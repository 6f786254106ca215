/**
 * Typed tool calls for generated modules: validate arguments with the tool's Zod input schema,
 * call the raw MCP name, turn `isError` into `ToolCallError`, parse `structuredContent` with
 * the output schema. Only Zod parsing is added over a plain SDK call.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { joinText, OutputValidationError, ToolCallError, ValidationError } from "./errors.js";
import type { Runtime } from "./runtime.js";
import type { CallOptions, ToolDescriptor, ToolResult } from "./types.js";

export async function callTypedTool<I, O>(
  runtime: Runtime,
  server: string,
  tool: ToolDescriptor<I, O>,
  args: I,
  options?: CallOptions,
): Promise<ToolResult<O>> {
  // A tool whose input has no required property may be called with no argument.
  const parsed = tool.input.safeParse(args === undefined ? {} : args);
  if (!parsed.success) throw new ValidationError(server, tool.name, parsed.error.issues, parsed.error);
  const result = await runtime.callTool(server, tool.name, parsed.data as Record<string, unknown>, options);
  if (result.isError) throw new ToolCallError(server, tool.name, result.content);
  return toToolResult(server, tool, result);
}

export function toToolResult<O>(server: string, tool: ToolDescriptor<unknown, O>, result: CallToolResult): ToolResult<O> {
  const structuredContent = parseStructured(server, tool, result);
  return result._meta === undefined
    ? { content: result.content, structuredContent, text: joinText(result.content) }
    : { content: result.content, structuredContent, text: joinText(result.content), _meta: result._meta };
}

/**
 * With an output schema, `structuredContent` must be present and match it (MCP requires it of
 * the server). Without one it is passed through untyped, as `undefined` when absent.
 */
export function parseStructured<O>(server: string, tool: ToolDescriptor<unknown, O>, result: CallToolResult): O {
  const output = tool.output;
  if (!output) return result.structuredContent as O;
  if (result.structuredContent === undefined) {
    throw new OutputValidationError(server, tool.name, [{ path: [], message: "the tool has an output schema but returned no structuredContent" }]);
  }
  const parsed = output.safeParse(result.structuredContent);
  if (!parsed.success) throw new OutputValidationError(server, tool.name, parsed.error.issues, parsed.error);
  return parsed.data;
}
