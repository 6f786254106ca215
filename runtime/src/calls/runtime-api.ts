/**
 * The runtime's interfaces: what generated clients, sessions, tasks and adapters program
 * against. The implementation (runtime.ts) sits on top of them, so nothing that only needs a
 * runtime imports it.
 */
import type {
  CallToolResult,
  GetPromptResult,
  LoggingLevel,
  Prompt,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Root,
  Tool,
} from "@modelcontextprotocol/client";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import type { InterceptorResult, ToolCallContext } from "./interceptors.js";
import type { ServerConnection } from "../connection/connection.js";
import type { OutputPolicy } from "../shared/call-types.js";
import type { CallOptions, ResourceContent, RuntimeOptions, ToolDescriptor } from "../shared/types.js";
import type { TaskLink } from "./tasks/channel.js";
import type { TaskCallOptions, TaskHandle, TaskStartOptions, TaskStatus } from "./tasks/types.js";

export interface Runtime {
  /** Every tool the server lists (all pages); `options` bound the listing (timeout, signal). */
  listTools(server: string, options?: Pick<CallOptions, "timeout" | "signal">): Promise<Tool[]>;
  callTool(server: string, name: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  listResources(server: string): Promise<Resource[]>;
  /** Text contents as `text`, binary ones as `bytes` (decoded from base64). */
  readResource(server: string, uri: string, options?: CallOptions): Promise<ResourceContent[]>;
  listResourceTemplates(server: string): Promise<ResourceTemplate[]>;
  listPrompts(server: string): Promise<Prompt[]>;
  getPrompt(server: string, name: string, args?: Record<string, string>, options?: CallOptions): Promise<GetPromptResult>;
  /**
   * Runs a tool as an MCP task (the tool must declare `execution.taskSupport` "optional" or
   * "required"): the task's handle once the server has created it. Arguments are sent as given.
   */
  startTask(server: string, name: string, args?: Record<string, unknown>, options?: TaskStartOptions): Promise<TaskHandle>;
  /** Re-attaches to a task by id (started by this process or another one). */
  resumeTask(server: string, taskId: string): Promise<TaskHandle>;
  /** The server's tasks (`tasks/list`, every page). */
  listTasks(server: string): Promise<TaskStatus[]>;
  /** LangChain tools built from the live listing of the given servers (all when none given). */
  getTools(...servers: string[]): Promise<DynamicStructuredTool[]>;
  /**
   * An explicit session: its own connection (own MCP session, own stdio child) with the same
   * options, until its `close()`; the runtime's `close()` ends it too.
   */
  session(server: string): Session;
  /** `logging/setLevel` now (connecting if needed) and after every reconnect. */
  setLoggingLevel(server: string, level: LoggingLevel): Promise<void>;
  /** Replaces the roots of one server (or of every server) and notifies connected servers. */
  setRoots(roots: readonly Root[], server?: string): Promise<void>;
  /** Closes every connection and ends every child process; later calls fail. Idempotent. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** What the adapter modules need from a runtime besides its public API. */
export interface RuntimeInternals {
  readonly handleToolErrors: boolean;
  readonly prefixToolNames: boolean;
  readonly outputPolicy: OutputPolicy;
  /** The options the runtime was created with (the drift guard reads its policy and callbacks here). */
  readonly options: RuntimeOptions;
  connection(server: string): ServerConnection;
  /**
   * `callTool` from a LangChain tool: interceptors see the context (built only when there are
   * interceptors) and may return a Command.
   */
  callToolInContext(server: string, name: string, args: Record<string, unknown>, options: CallOptions | undefined, context: () => ToolCallContext): Promise<InterceptorResult>;
  /**
   * The drift guard of a generated client made on this runtime: every call to the server's
   * tools (typed, dynamic, LangChain) waits for its verdict, which may throw `DriftError`.
   */
  setDriftCheck(server: string, check: DriftCheck): void;
  /**
   * A task-required tool's call: through the interceptors, at whose centre the tool runs as a
   * task to its end (the call's signal cancels the task). `context` as for `callToolInContext`.
   */
  callToolAsTask(server: string, name: string, args: Record<string, unknown>, options: TaskCallOptions | undefined, context?: () => ToolCallContext): Promise<InterceptorResult>;
  /** The server's connection with its task channel (handles, resume, list). */
  taskLink(server: string): TaskLink;
  /**
   * What a generated client knows of a tool, for the SDK's `callTool` (`toolDefinition`): which
   * parameters it mirrors into `Mcp-Param-*` headers, without listing the tools first.
   */
  knowTool(server: string, tool: ToolDescriptor<unknown, unknown>): void;
}

/**
 * Resolves when the tool may be called; rejects (with `DriftError`) when it must not be. A
 * caller that passes `gaveUp` stops waiting when it aborts (a check nobody waits for is dropped).
 */
export interface DriftCheck {
  (tool: string, gaveUp?: AbortSignal): Promise<void>;
  /** True when the tool may be called at once (a settled check that lets it through): no wait to bound. */
  passes?(tool: string): boolean;
}

export const RUNTIME_INTERNALS: unique symbol = Symbol("mcp-codegen.runtime");

export interface Session {
  /** The server this session talks to. */
  readonly server: string;
  /**
   * A runtime holding only this server, whose connection is this session's: hand it to a
   * generated client or tools factory (`createMathClient(session.runtime)`) to use the session.
   */
  readonly runtime: Runtime;
  callTool(name: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  listTools(): Promise<Tool[]>;
  listResources(): Promise<Resource[]>;
  readResource(uri: string, options?: CallOptions): Promise<ResourceContent[]>;
  listResourceTemplates(): Promise<ResourceTemplate[]>;
  listPrompts(): Promise<Prompt[]>;
  getPrompt(name: string, args?: Record<string, string>, options?: CallOptions): Promise<GetPromptResult>;
  setLoggingLevel(level: LoggingLevel): Promise<void>;
  setRoots(roots: readonly Root[]): Promise<void>;
  /** Ends the session's connection (and child process). Idempotent; later calls fail. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** The internals of a runtime made by `createRuntime`, `undefined` for any other object. */
export function runtimeInternals(runtime: Runtime): RuntimeInternals | undefined {
  return (runtime as Partial<Record<typeof RUNTIME_INTERNALS, RuntimeInternals>>)[RUNTIME_INTERNALS];
}

/**
 * Where `getTools()` gets its LangChain tools: the adapters layer supplies it when it makes the
 * runtime (so the calls layer never imports an adapter, and LangChain loads only when used).
 */
export type ToolsFromListings = (runtime: Runtime, listings: readonly { server: string; tools: Tool[] }[]) => Promise<DynamicStructuredTool[]>;
