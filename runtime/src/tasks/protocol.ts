/**
 * The one module that speaks MCP tasks through the SDK (its experimental client task API of
 * protocol 2025-11-25): task-augmented `tools/call`, `tasks/get`, `tasks/result`,
 * `tasks/cancel`, `tasks/list` and `notifications/tasks/status`. Everything else in the
 * runtime uses the functions and types here, so a stable SDK API (or a later protocol
 * revision) replaces this file alone.
 *
 * The client declares no `tasks` capability of its own: that capability is about the client
 * running tasks for the server (task-augmented sampling or elicitation), which it does not.
 * Sending task-augmented tool calls needs only the server's `tasks.requests.tools.call`.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ErrorCode,
  McpError,
  TaskStatusNotificationSchema,
  type CallToolResult,
  type Task,
} from "@modelcontextprotocol/sdk/types.js";
import type { TaskStatus } from "./types.js";

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
): Promise<TaskStatus> {
  const task = ttl === undefined ? {} : { ttl };
  const created = await client.request({ method: "tools/call", params: { name, arguments: args } }, CreateTaskResultSchema, { ...options, task });
  return toStatus(created.task);
}

/** `tasks/get`. */
export async function getTask(client: Client, taskId: string, options: RequestOptions | undefined): Promise<TaskStatus> {
  return toStatus(await client.experimental.tasks.getTask(taskId, options));
}

/**
 * `tasks/result`: the tool's result once the task has ended. While the task needs input, the
 * server delivers its requests (elicitation, sampling) on this request's stream and keeps it
 * open until the task ends.
 */
export async function getTaskPayload(client: Client, taskId: string, options: RequestOptions | undefined): Promise<CallToolResult> {
  return client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, options);
}

/** `tasks/cancel`: the task's status after cancelling. */
export async function cancelTask(client: Client, taskId: string, options: RequestOptions | undefined): Promise<TaskStatus> {
  return toStatus(await client.experimental.tasks.cancelTask(taskId, options));
}

/** One page of `tasks/list`. */
export async function listTaskPage(
  client: Client,
  cursor: string | undefined,
  options: RequestOptions | undefined,
): Promise<{ items: TaskStatus[]; nextCursor: string | undefined }> {
  const page = await client.experimental.tasks.listTasks(cursor, options);
  return { items: page.tasks.map(toStatus), nextCursor: page.nextCursor };
}

/** Registers the one handler of `notifications/tasks/status` on a client before it connects. */
export function onTaskStatusNotification(client: Client, listener: (status: TaskStatus) => void): void {
  client.setNotificationHandler(TaskStatusNotificationSchema, (notification) => listener(toStatus(notification.params)));
}

/**
 * The SDK keeps the progress handler of a task-augmented request for the task's lifetime and
 * lets go of it only for tasks it runs itself: let go once our task has ended. (Private SDK
 * API, hence the guard: without it a finished task keeps one small map entry.)
 */
export function releaseTask(client: Client, taskId: string): void {
  const internal = client as unknown as { _cleanupTaskProgressHandler?: (taskId: string) => void };
  if (typeof internal._cleanupTaskProgressHandler === "function") internal._cleanupTaskProgressHandler(taskId);
}

/**
 * The server does not know the task: `-32602` (invalid params) from `tasks/get`,
 * `tasks/result` or `tasks/cancel` with "not found" in its message, as the specification and
 * the SDK's servers answer for an unknown or expired task id.
 */
export function isTaskNotFound(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.InvalidParams && /not found/i.test(error.message);
}

function toStatus(task: Task): TaskStatus {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttl: task.ttl,
    ...(task.pollInterval === undefined ? {} : { pollInterval: task.pollInterval }),
  };
}
