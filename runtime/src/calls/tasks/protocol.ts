/**
 * The one module that speaks MCP tasks (protocol 2025-11-25) through the SDK, whose client has
 * no task API of its own: task-augmented `tools/call`, `tasks/get`, `tasks/result`, `tasks/cancel`,
 * `tasks/list` and `notifications/tasks/status` are plain requests and notifications checked
 * against the protocol's schemas (`@modelcontextprotocol/core`). Everything else in the
 * runtime uses the functions and types here, so a stable SDK API (or a later protocol
 * revision) replaces this file alone.
 *
 * The client declares no `tasks` capability of its own: that capability is about the client
 * running tasks for the server (task-augmented sampling or elicitation), which it does not.
 * Sending task-augmented tool calls needs only the server's `tasks.requests.tools.call`.
 *
 * Statuses come back with the server's own `credentials` masked in their messages (`toStatus`).
 */
import type { CallToolResult, Client, RequestOptions } from "@modelcontextprotocol/client";
import { loadedClientSdk, loadSchemaSdk } from "../../wire/sdk.js";
import type { TaskStatus } from "./types.js";
import { toStatus } from "../../connection/task-status.js";

/** Whether the server accepts task-augmented `tools/call` (its `tasks.requests.tools.call` capability). */
export function serverRunsToolTasks(client: Client): boolean {
  return client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined;
}

/** Sends `tools/call` as a task; the server answers at once with the task it created. */
export async function createToolTask(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  ttl: number | undefined,
  options: RequestOptions | undefined,
  credentials: readonly string[],
): Promise<TaskStatus> {
  const { CreateTaskResultSchema } = await loadSchemaSdk();
  const task = ttl === undefined ? {} : { ttl };
  const created = await client.request({ method: "tools/call", params: { name, arguments: args, task } }, CreateTaskResultSchema, options);
  return toStatus(created.task, credentials);
}

/** `tasks/get`. */
export async function getTask(client: Client, taskId: string, options: RequestOptions | undefined, credentials: readonly string[]): Promise<TaskStatus> {
  const { GetTaskResultSchema } = await loadSchemaSdk();
  return toStatus(await client.request({ method: "tasks/get", params: { taskId } }, GetTaskResultSchema, options), credentials);
}

/**
 * `tasks/result`: the tool's result once the task has ended. While the task needs input, the
 * server delivers its requests (elicitation, sampling) on this request's stream and keeps it
 * open until the task ends.
 */
export async function getTaskPayload(client: Client, taskId: string, options: RequestOptions | undefined): Promise<CallToolResult> {
  const { CallToolResultSchema } = await loadSchemaSdk();
  return client.request({ method: "tasks/result", params: { taskId } }, CallToolResultSchema, options);
}

/** `tasks/cancel`: the task's status after cancelling. */
export async function cancelTask(client: Client, taskId: string, options: RequestOptions | undefined, credentials: readonly string[]): Promise<TaskStatus> {
  const { CancelTaskResultSchema } = await loadSchemaSdk();
  return toStatus(await client.request({ method: "tasks/cancel", params: { taskId } }, CancelTaskResultSchema, options), credentials);
}

/** One page of `tasks/list`. */
export async function listTaskPage(
  client: Client,
  cursor: string | undefined,
  options: RequestOptions | undefined,
  credentials: readonly string[],
): Promise<{ items: TaskStatus[]; nextCursor: string | undefined }> {
  const { ListTasksResultSchema } = await loadSchemaSdk();
  const page = await client.request({ method: "tasks/list", params: cursor === undefined ? {} : { cursor } }, ListTasksResultSchema, options);
  return { items: page.tasks.map((task) => toStatus(task, credentials)), nextCursor: page.nextCursor };
}


/**
 * The server does not know the task: `-32602` (invalid params) from `tasks/get`,
 * `tasks/result` or `tasks/cancel` with "not found" in its message, as the specification and
 * the SDK's servers answer for an unknown or expired task id.
 */
export function isTaskNotFound(error: unknown): boolean {
  const sdk = loadedClientSdk();
  if (!sdk?.ProtocolError.isInstance(error)) return false;
  return error.code === sdk.ProtocolErrorCode.InvalidParams && /not found/i.test(error.message);
}
