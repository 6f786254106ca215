/**
 * `beforeToolCall` / `afterToolCall`: the two hooks `@langchain/mcp-adapters` users already
 * write, run as the outermost interceptor of every tool call (typed, dynamic and LangChain).
 * `beforeToolCall` may merge arguments over the caller's and add HTTP headers for this call;
 * `afterToolCall` may replace the result. Both get the agent state and the RunnableConfig when
 * the call comes from a LangChain tool (`{}` otherwise).
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { isDirectToolOutput, type DirectToolOutput, type ToolCallInterceptor, type ToolCallRequest } from "./interceptors.js";

/** What a hook is told about the call. `args` is a copy: change it by returning `args`. */
export interface ToolHookCall {
  readonly serverName: string;
  /** The raw MCP tool name. */
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** The agent's graph state when the call comes from LangGraph / `createAgent`, else `{}`. */
export type ToolHookState = Record<string, unknown>;

export interface BeforeToolCallChange {
  /** Merged over the call's arguments (keys given here win, the others stay). */
  args?: Record<string, unknown>;
  /** Extra HTTP headers for this call (streamable HTTP and SSE; stdio has none to send). */
  headers?: Record<string, string>;
}

export type BeforeToolCall = (
  call: ToolHookCall,
  state: ToolHookState,
  config: RunnableConfig,
) => BeforeToolCallChange | void | undefined | Promise<BeforeToolCallChange | void | undefined>;

export interface AfterToolCallInput extends ToolHookCall {
  readonly result: CallToolResult;
}

export interface AfterToolCallChange {
  /** A string becomes one text block; a LangGraph Command or ToolMessage goes to the agent as is. */
  result: CallToolResult | string | DirectToolOutput;
}

export type AfterToolCall = (
  call: AfterToolCallInput,
  state: ToolHookState,
  config: RunnableConfig,
) => AfterToolCallChange | void | undefined | Promise<AfterToolCallChange | void | undefined>;

export interface ToolCallHooks {
  /** Before every tool call, outside every interceptor. */
  beforeToolCall?: BeforeToolCall | undefined;
  /** After every tool call that produced a result, outside every interceptor. */
  afterToolCall?: AfterToolCall | undefined;
}

/** The hooks as one interceptor, `undefined` when there are none. */
export function hooksInterceptor(hooks: ToolCallHooks): ToolCallInterceptor | undefined {
  const { beforeToolCall, afterToolCall } = hooks;
  if (!beforeToolCall && !afterToolCall) return undefined;
  return async (request, next) => {
    const state = (request.context?.state ?? {}) as ToolHookState;
    const config = request.context?.config ?? {};
    const current = beforeToolCall ? await applyBefore(beforeToolCall, request, state, config) : request;
    const result = await next(current);
    if (!afterToolCall || isDirectToolOutput(result)) return result;
    const change = await afterToolCall({ ...hookCall(current), result }, state, config);
    if (!change) return result;
    return typeof change.result === "string" ? { content: [{ type: "text", text: change.result }] } : change.result;
  };
}

/** Runs `beforeToolCall`: its `args` merged over the request's, its headers over the request's. */
async function applyBefore(hook: BeforeToolCall, request: ToolCallRequest, state: ToolHookState, config: RunnableConfig): Promise<ToolCallRequest> {
  const change = await hook(hookCall(request), state, config);
  if (!change) return request;
  return request.override({
    ...(change.args !== undefined ? { args: { ...request.args, ...change.args } } : {}),
    ...(change.headers !== undefined ? { headers: change.headers } : {}),
  });
}

function hookCall(request: ToolCallRequest): ToolHookCall {
  return { serverName: request.server, name: request.name, args: { ...request.args } };
}
