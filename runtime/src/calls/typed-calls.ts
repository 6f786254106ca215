/**
 * Typed tool calls for generated modules: validate arguments with the tool's Zod input schema,
 * call the raw MCP name, turn `isError` into `ToolCallError`, parse `structuredContent` with
 * the output schema. Only Zod parsing is added over a plain SDK call.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { joinText, OutputValidationError, ToolCallError, ValidationError } from "../shared/runtime-errors.js";
import { expectToolResult } from "./interceptors.js";
import { runtimeInternals, type Runtime } from "./runtime-api.js";
import { withoutUndefinedKeys } from "../shared/json-args.js";
import { runtimeOf, type Session } from "./session.js";
import type { CallOptions, OutputPolicy, ToolDescriptor, ToolResult } from "../shared/call-types.js";

import type { TaskCallOptions } from "./tasks/types.js";

export async function callTypedTool<I, O>(
  target: Runtime | Session,
  server: string,
  tool: ToolDescriptor<I, O>,
  args: I,
  options?: CallOptions | TaskCallOptions,
): Promise<ToolResult<O>> {
  const runtime = runtimeOf(target);
  // A session answers for its own server, whatever key the generated client was made with.
  if (target !== runtime) server = (target as Session).server;
  const input = checkedArguments(server, tool, args);
  const known = runtimeInternals(runtime);
  // Its header parameters, without listing the tools first.
  known?.knowTool(server, tool as ToolDescriptor<unknown, unknown>);
  // A task-required tool only runs as a task: start it and wait for its result.
  const internals = tool.taskSupport === "required" ? known : undefined;
  const result = internals
    ? expectToolResult(await internals.callToolAsTask(server, tool.name, input, options), server, tool.name)
    : await runtime.callTool(server, tool.name, input, options);
  if (result.isError) throw new ToolCallError(server, tool.name, result.content);
  return toToolResult(server, tool, result, tool.output && runtimeInternals(runtime)?.outputPolicy);
}


/**
 * The arguments as given, once the input schema accepts them. A tool whose input has no required
 * property may be called with no argument; `undefined` keys are dropped first, as JSON would
 * drop them. What is sent is the value itself, not Zod's output: the generated schemas only
 * check (no defaults, no transforms), and Zod's output leaves out an own `__proto__` key, an
 * ordinary property name in JSON.
 */
export function checkedArguments(server: string, tool: ToolDescriptor<unknown, unknown>, args: unknown): Record<string, unknown> {
  const input = (args === undefined ? {} : withoutUndefinedKeys(args)) as Record<string, unknown>;
  const parsed = tool.input.safeParse(input);
  if (!parsed.success) throw new ValidationError(server, tool.name, parsed.error.issues, parsed.error);
  return input;
}

export function toToolResult<O>(server: string, tool: ToolDescriptor<unknown, O>, result: CallToolResult, policy?: OutputPolicy): ToolResult<O> {
  const structuredContent = parseStructured(server, tool, result, policy);
  return result._meta === undefined
    ? { content: result.content, structuredContent, text: joinText(result.content) }
    : { content: result.content, structuredContent, text: joinText(result.content), _meta: result._meta };
}

/**
 * With an output schema, `structuredContent` must be present and match it (MCP requires it of
 * the server). Without one it is passed through untyped, as `undefined` when absent. A
 * mismatch throws `OutputValidationError`, or with the "warn" policy is reported and the raw
 * value returned.
 */
export function parseStructured<O>(server: string, tool: ToolDescriptor<unknown, O>, result: CallToolResult, policy?: OutputPolicy): O {
  const output = tool.output;
  if (!output) return result.structuredContent as O;
  if (result.structuredContent === undefined) {
    const issues = [{ path: [], message: "the tool has an output schema but returned no structuredContent" }];
    return mismatch(new OutputValidationError(server, tool.name, issues), result, policy);
  }
  const parsed = output.safeParse(result.structuredContent);
  if (!parsed.success) return mismatch(new OutputValidationError(server, tool.name, parsed.error.issues, parsed.error), result, policy);
  // The value itself, checked (see checkedArguments: Zod's output would lose an own `__proto__`).
  return result.structuredContent as O;
}

function mismatch<O>(error: OutputValidationError, result: CallToolResult, policy: OutputPolicy | undefined): O {
  if (policy?.onOutputMismatch !== "warn") throw error;
  policy.warn(`${error.message} (passing the raw value on)`);
  return result.structuredContent as O;
}
