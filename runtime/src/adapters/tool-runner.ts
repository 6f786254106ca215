/**
 * One generated tool's call for an agent framework other than LangChain (AI SDK, OpenAI Agents):
 * the same path as the LangChain tools (interceptors with the call's context, drift guard,
 * timeouts, progress and task-required tools through the runtime's internals), with everything
 * that does not change between calls resolved once, when the tool is built. Framework-neutral:
 * each adapter turns the outcome into its framework's result or error.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { expectToolResult, type InterceptorResult, type ToolCallContext } from "../calls/interceptors.js";
import { runtimeInternals, type Runtime } from "../calls/runtime-api.js";
import { toToolResult } from "../calls/typed-calls.js";
import { DriftError, TaskFailedError, ToolCallError } from "../shared/errors.js";
import type { CallOptions, ContentBlock, ToolDescriptor, ToolResult } from "../shared/call-types.js";

/** What a tool call ended with: the typed result, or a failure the model should hear about. */
export type ToolOutcome<O> = { readonly ok: true; readonly result: ToolResult<O> } | { readonly ok: false; readonly error: ToolFailure };

/** A tool's failure for the model: a tool error, a failed task, or the drift guard's refusal (nothing sent). */
export interface ToolFailure {
  readonly error: Error;
  /** The blocks the server sent with its error (a text block with the message otherwise). */
  readonly content: readonly ContentBlock[];
  readonly message: string;
}

export type ToolRunner<O> = (args: Record<string, unknown>, options: CallOptions | undefined, context: ToolCallContext | undefined) => Promise<ToolOutcome<O>>;

/**
 * The call of `descriptor` on `server`, arguments already validated (and `undefined` keys
 * dropped) by the caller. Transport, protocol and validation failures throw.
 */
export function toolRunner<I, O>(runtime: Runtime, server: string, descriptor: ToolDescriptor<I, O>): ToolRunner<O> {
  const internals = runtimeInternals(runtime);
  const name = descriptor.name;
  // Its header parameters (`x-mcp-header`) for the SDK's callTool, without listing first.
  internals?.knowTool(server, descriptor as ToolDescriptor<unknown, unknown>);
  const policy = descriptor.output ? internals?.outputPolicy : undefined;
  const noContext = () => ({ config: {} });
  type Call = (args: Record<string, unknown>, options: CallOptions | undefined, context: ToolCallContext | undefined) => Promise<InterceptorResult>;
  const call: Call = !internals
    ? (args, options) => runtime.callTool(server, name, args, options)
    : descriptor.taskSupport === "required"
      ? (args, options, context) => internals.callToolAsTask(server, name, args, options, context ? () => context : noContext)
      : (args, options, context) => internals.callToolInContext(server, name, args, options, context ? () => context : noContext);
  return async (args, options, context) => {
    let result: CallToolResult;
    try {
      result = expectToolResult(await call(args, options, context), server, name);
    } catch (error) {
      if (error instanceof DriftError) return failed(error, []);
      if (error instanceof TaskFailedError) return failed(error, error.content);
      throw error;
    }
    if (result.isError) {
      const error = new ToolCallError(server, name, result.content);
      return failed(error, error.content);
    }
    return { ok: true, result: toToolResult(server, descriptor as ToolDescriptor<unknown, O>, result, policy) };
  };
}

function failed(error: Error, content: readonly ContentBlock[]): { ok: false; error: ToolFailure } {
  const blocks = content.length > 0 ? content : [{ type: "text" as const, text: error.message }];
  const text = blocks.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
  return { ok: false, error: { error, content: blocks, message: text || error.message } };
}
