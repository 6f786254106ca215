/**
 * Tool-call interceptors: an onion of `(request, next) => result` around every tool call
 * (typed generated calls, dynamic `callTool`, LangChain tools). The first interceptor is the
 * outermost; a server's own list runs inside the global one. A request is immutable:
 * `override()` returns a new one, and headers given to it are merged over the request's,
 * never replacing them (the transport merges the result over the configured headers).
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { InterceptorError } from "../shared/errors.js";

/**
 * A LangChain "direct tool output": a LangGraph `Command` (or a `ToolMessage`). Only a
 * LangChain tool can return one; the tool hands it to the agent as is.
 */
export interface DirectToolOutput {
  readonly lc_direct_tool_output: boolean;
}

export type InterceptorResult = CallToolResult | DirectToolOutput;

/** What a LangChain tool knew when it was invoked (absent for typed and dynamic calls). */
export interface ToolCallContext {
  /** The RunnableConfig the tool was invoked with (configurable, context, signal, callbacks, …). */
  readonly config: RunnableConfig;
  /** The agent's graph state, when the tool runs inside LangGraph / `createAgent`. */
  readonly state?: unknown;
  /** The id of the model's tool call. */
  readonly toolCallId?: string;
}

export interface ToolCallOverride {
  /** The raw MCP tool name to call instead. */
  name?: string;
  /** Replaces the arguments (sent as given: the generated input schema already ran on the caller's). */
  args?: Record<string, unknown>;
  /** Merged over the request's headers (which are merged over the configured ones). */
  headers?: Record<string, string>;
}

export interface ToolCallRequest {
  readonly server: string;
  /** The raw MCP tool name that goes on the wire. */
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** Extra HTTP headers for this call, merged over the configured ones when sent. */
  readonly headers: Readonly<Record<string, string>>;
  /** Present when the call comes from a LangChain tool. */
  readonly context: ToolCallContext | undefined;
  /** A new request with the given changes; this one is left as it is. */
  override(changes: ToolCallOverride): ToolCallRequest;
}

/** Calls the rest of the chain (and finally the server). Without an argument, passes the current request on. */
export type ToolCallHandler = (request?: ToolCallRequest) => Promise<InterceptorResult>;

export type ToolCallInterceptor = (request: ToolCallRequest, next: ToolCallHandler) => InterceptorResult | Promise<InterceptorResult>;

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

class InterceptedRequest implements ToolCallRequest {
  readonly server: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly context: ToolCallContext | undefined;

  constructor(server: string, name: string, args: Record<string, unknown>, headers: Readonly<Record<string, string>>, context: ToolCallContext | undefined) {
    this.server = server;
    this.name = name;
    this.args = args;
    this.headers = headers;
    this.context = context;
    Object.freeze(this);
  }

  override(changes: ToolCallOverride): ToolCallRequest {
    const headers = changes.headers === undefined ? this.headers : Object.freeze({ ...this.headers, ...changes.headers });
    return new InterceptedRequest(this.server, changes.name ?? this.name, changes.args ?? (this.args as Record<string, unknown>), headers, this.context);
  }
}

export function createToolCallRequest(
  server: string,
  name: string,
  args: Record<string, unknown>,
  headers: Record<string, string> | undefined,
  context: ToolCallContext | undefined,
): ToolCallRequest {
  return new InterceptedRequest(server, name, args, headers === undefined ? NO_HEADERS : Object.freeze({ ...headers }), context);
}

/** Global interceptors outside the server's own; `undefined` when there are none (the zero-cost path). */
export function interceptorChain(
  global: readonly ToolCallInterceptor[] | undefined,
  server: readonly ToolCallInterceptor[] | undefined,
): readonly ToolCallInterceptor[] | undefined {
  const chain = [...(global ?? []), ...(server ?? [])];
  return chain.length === 0 ? undefined : Object.freeze(chain);
}

/** Runs `request` through `chain`, first = outermost, with `send` at the centre. */
export function runInterceptors(
  chain: readonly ToolCallInterceptor[],
  request: ToolCallRequest,
  send: (request: ToolCallRequest) => Promise<CallToolResult>,
): Promise<InterceptorResult> {
  const step = async (index: number, current: ToolCallRequest): Promise<InterceptorResult> => {
    const interceptor = chain[index];
    if (interceptor === undefined) return send(current);
    const result = await interceptor(current, (next = current) => step(index + 1, next));
    return checkResult(result, current);
  };
  return step(0, request);
}

export function isDirectToolOutput(value: unknown): value is DirectToolOutput {
  return typeof value === "object" && value !== null && (value as Partial<DirectToolOutput>).lc_direct_tool_output === true;
}

/** For callers that cannot pass a Command on (typed and dynamic calls). */
export function expectToolResult(result: InterceptorResult, server: string, tool: string): CallToolResult {
  if (isDirectToolOutput(result)) {
    throw new InterceptorError(server, "an interceptor returned a LangGraph Command or ToolMessage, which only a LangChain tool can return", { tool });
  }
  return result;
}

function checkResult(result: unknown, request: ToolCallRequest): InterceptorResult {
  if (isDirectToolOutput(result)) return result;
  if (typeof result === "object" && result !== null && Array.isArray((result as Partial<CallToolResult>).content)) return result as CallToolResult;
  throw new InterceptorError(request.server, `an interceptor returned ${describe(result)} instead of a CallToolResult`, { tool: request.name });
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object without a content array" : typeof value;
}
