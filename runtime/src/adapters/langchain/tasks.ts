/**
 * LangChain tools of task-capable MCP tools. In "wait" mode (default) a task-required tool
 * runs as a task and the tool returns its result like any tool; status changes go to the
 * run's callbacks as the custom event `mcp_task_status` (and to the runtime's `onTaskStatus` /
 * `onProgress`); aborting the run cancels the task. In "handle" mode every task-capable tool
 * returns the task id at once, and a companion tool `task_result` collects a result by id.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import type { InterceptorResult, ToolCallContext } from "../../calls/interceptors.js";
import type { Runtime, RuntimeInternals } from "../../calls/runtime-api.js";
import { parseStructured } from "../../calls/typed-calls.js";
import type { ToolDescriptor } from "../../shared/types.js";
import { isTerminal, type TaskTool } from "../../calls/tasks/handle.js";
import { resumeTask, startToolTask } from "../../calls/tasks/run.js";
import type { TaskStatus } from "../../calls/tasks/types.js";

export type TaskMode = "wait" | "handle";

export type TaskSupport = "optional" | "required";

/** The raw MCP name of the companion tool of "handle" mode (prefixed like the others). */
export const TASK_RESULT_TOOL = "task_result";

/** The custom LangChain event each status change of a task is dispatched as. */
export const TASK_STATUS_EVENT = "mcp_task_status";

/** A listed tool's `execution.taskSupport`, when it allows tasks (server text: checked). */
export function listedTaskSupport(tool: Tool): TaskSupport | undefined {
  const support: unknown = tool.execution?.taskSupport;
  return support === "optional" || support === "required" ? support : undefined;
}

/** How a tool of `support` runs in `mode`: as a plain call, a task waited for, or a task handed back. */
export function taskRunOf(support: TaskSupport | undefined, mode: TaskMode): "plain" | "wait" | "handle" {
  if (support === undefined) return "plain";
  if (mode === "handle") return "handle";
  return support === "required" ? "wait" : "plain";
}

/** Which tool started each task id (per runtime and server), so `task_result` can type its result. */
const STARTED = new WeakMap<Runtime, Map<string, TaskTool<unknown>>>();

function remember(runtime: Runtime, server: string, taskId: string, tool: TaskTool<unknown>): void {
  let started = STARTED.get(runtime);
  if (!started) STARTED.set(runtime, (started = new Map()));
  started.set(`${server}\u0000${taskId}`, tool);
}

function recall(runtime: Runtime, server: string, taskId: string): TaskTool<unknown> | undefined {
  return STARTED.get(runtime)?.get(`${server}\u0000${taskId}`);
}

/** Status changes into the run's callbacks (`handleCustomEvent`, `streamEvents`) and the runtime's `onTaskStatus`. */
async function statusReporter(internals: RuntimeInternals, config: RunnableConfig | undefined, server: string, tool: string | undefined): Promise<(status: TaskStatus) => void> {
  const own = internals.taskLink(server).channel.callbacks.onTaskStatus;
  const source = tool === undefined ? { server } : { server, name: tool };
  const dispatch = config?.callbacks ? (await import("@langchain/core/callbacks/dispatch")).dispatchCustomEvent : undefined;
  return (status) => {
    own?.(status, source);
    dispatch?.(TASK_STATUS_EVENT, { server, tool, ...status }, config).catch(() => undefined);
  };
}

/** "wait" mode: the task's result, through the interceptors, the run's signal cancelling the task. */
export async function waitForTask(
  internals: RuntimeInternals,
  server: string,
  wireName: string,
  args: Record<string, unknown>,
  config: RunnableConfig | undefined,
  context: () => ToolCallContext,
  ttl: number | undefined,
): Promise<InterceptorResult> {
  const onTaskStatus = await statusReporter(internals, config, server, wireName);
  const signal = config?.signal;
  return internals.callToolAsTask(server, wireName, args, { ...(signal ? { signal } : {}), ...(ttl === undefined ? {} : { ttl }), onTaskStatus }, context);
}

/** "handle" mode: starts the task and answers with its id (as text for the model, and structured). */
export async function startForAgent(
  runtime: Runtime,
  internals: RuntimeInternals,
  tool: TaskTool<unknown>,
  server: string,
  args: Record<string, unknown>,
  ttl: number | undefined,
  companion: string,
): Promise<CallToolResult> {
  const handle = await startToolTask(internals.taskLink(server), tool, args, ttl === undefined ? {} : { ttl });
  remember(runtime, server, handle.taskId, tool);
  const status = handle.lastStatus;
  const text = `Started task ${JSON.stringify(handle.taskId)} (status: ${status.status}). Call ${companion} with this taskId to get its result.`;
  return { content: [{ type: "text", text }], structuredContent: { taskId: handle.taskId, status: status.status } };
}

/** The input of the companion tool, as JSON Schema like the tools of a listing (no zod to load for it). */
export const taskResultInput = {
  type: "object",
  properties: {
    taskId: { type: "string", description: "The task id a tool returned" },
    wait: { type: "boolean", description: "Wait until the task ends (default true); false returns its status if it is still running" },
  },
  required: ["taskId"],
  additionalProperties: false,
} as const satisfies Record<string, unknown>;

export function taskResultDescription(server: string): string {
  return `Get the result of a task that a tool of the MCP server ${JSON.stringify(server)} started (by its taskId). Waits until the task ends unless wait is false.`;
}

/**
 * The companion tool's call: the task's result (structured content parsed with the output
 * schema of the tool that started it, when this runtime started it), or its status when
 * `wait` is false and it is still running. Aborting the run stops waiting; the task goes on.
 */
export async function collectTaskResult(
  runtime: Runtime,
  internals: RuntimeInternals,
  server: string,
  input: { taskId: string; wait?: boolean | undefined },
  config: RunnableConfig | undefined,
): Promise<CallToolResult> {
  const tool = recall(runtime, server, input.taskId);
  const handle = await resumeTask(internals.taskLink(server), input.taskId, tool);
  if (input.wait === false && !isTerminal(handle.lastStatus)) {
    const status = handle.lastStatus;
    const text = `Task ${JSON.stringify(status.taskId)} is ${status.status}${status.statusMessage ? `: ${status.statusMessage}` : ""}.`;
    return { content: [{ type: "text", text }], structuredContent: { taskId: status.taskId, status: status.status } };
  }
  const onTaskStatus = await statusReporter(internals, config, server, tool?.name);
  const signal = config?.signal;
  const result = await handle.outcome({ ...(signal ? { signal } : {}), onTaskStatus });
  const descriptor = tool?.descriptor as ToolDescriptor | undefined;
  if (!descriptor?.output || result.isError) return result;
  return { ...result, structuredContent: parseStructured(server, descriptor, result, internals.outputPolicy) as Record<string, unknown> };
}
