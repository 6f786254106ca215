/**
 * Tasks on a server connection: start a tool as a task, re-attach to a task by id, list tasks,
 * and run a tool as a task to its end (what a task-required tool's method and LangChain tool
 * do, with the call's signal cancelling the task on the server).
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { CancelledError, ProtocolError } from "../../shared/errors.js";
import { collectPages } from "../../connection/listing.js";
import type { ProgressUpdate } from "../../shared/types.js";
import type { TaskLink } from "./channel.js";

export type { TaskLink };
import { McpTaskHandle, type ProgressMark, type TaskTool } from "./handle.js";
import { createToolTask, getTask, listTaskPage, serverRunsToolTasks } from "./protocol.js";
import type { TaskCallOptions, TaskStartOptions, TaskStatus } from "./types.js";

/** Sends `tools/call` as a task and returns the handle on the task the server created. */
export async function startToolTask<O>(link: TaskLink, tool: TaskTool<O>, args: Record<string, unknown>, options: TaskStartOptions = {}): Promise<McpTaskHandle<O>> {
  const { connection, channel } = link;
  const mark: ProgressMark = { last: undefined };
  const source = { server: channel.server, name: tool.name };
  const fallback = channel.callbacks.onProgress;
  const target = options.onProgress ?? (fallback && ((update: ProgressUpdate) => fallback(update, source)));
  const callOptions = {
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    // The progress token of this request stays valid for the task's whole life.
    ...(target === undefined ? {} : { onProgress: (update: ProgressUpdate) => ((mark.last = update), target(update)) }),
  };
  const first = await connection.run(
    (client, requestOptions) => {
      if (!serverRunsToolTasks(client)) throw new ProtocolError(channel.server, "the server does not run tools as tasks (no tasks.requests.tools.call capability)", { tool: tool.name });
      return createToolTask(client, tool.name, args, options.ttl, requestOptions, connection.credentials);
    },
    connection.defaults.forTool(tool.name, callOptions),
    tool.name,
    callOptions,
  );
  return new McpTaskHandle(channel, first, tool, mark);
}

/** A handle on a task started earlier (here or by another process), after checking the server knows it. */
export async function resumeTask<O>(link: TaskLink, taskId: string, tool?: TaskTool<O>): Promise<McpTaskHandle<O>> {
  const first = await link.channel.request(taskId, tool?.name, (client, requestOptions) => getTask(client, taskId, requestOptions, link.connection.credentials), undefined);
  return new McpTaskHandle(link.channel, first, tool);
}

/** Every task the server lists for this client (all pages). */
export function listTasks(link: TaskLink): Promise<TaskStatus[]> {
  const { connection } = link;
  return connection.run(
    (client, requestOptions) => collectPages(connection.server, "tasks", (cursor) => listTaskPage(client, cursor, requestOptions, connection.credentials)),
    connection.defaults.base,
    undefined,
    undefined,
  );
}

/**
 * Runs a tool as a task to its end: the tool's raw result (maybe `isError`). Aborting the
 * call's signal cancels the task on the server, then rejects with `CancelledError`.
 */
export async function runToolTask<O>(link: TaskLink, tool: TaskTool<O>, args: Record<string, unknown>, options: TaskCallOptions = {}): Promise<CallToolResult> {
  const { signal } = options;
  const server = link.channel.server;
  const cancelled = (detail: string): CancelledError => new CancelledError(server, detail, { tool: tool.name, cause: signal?.reason });
  if (signal?.aborted) throw cancelled("request cancelled");
  const starting = startToolTask(link, tool, args, {
    ...(options.ttl === undefined ? {} : { ttl: options.ttl }),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  // Not aborted with the signal: a task the server creates after all is cancelled once known.
  const handle = signal ? await untilAborted(starting, signal, () => cancelled("request cancelled")) : await starting;
  try {
    return await handle.outcome({
      ...(signal ? { signal } : {}),
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.onTaskStatus ? { onTaskStatus: options.onTaskStatus } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } catch (error) {
    if (!signal?.aborted) throw error;
    const timeout = options.timeout === undefined ? {} : { timeout: options.timeout };
    await handle.cancel(timeout).catch(() => undefined);
    throw cancelled(`task ${JSON.stringify(handle.taskId)} cancelled`);
  }
}

/** `starting`, unless `signal` aborts first; a task created after that is cancelled. */
function untilAborted<O>(starting: Promise<McpTaskHandle<O>>, signal: AbortSignal, error: () => Error): Promise<McpTaskHandle<O>> {
  return new Promise((resolve, reject) => {
    const abort = (): void => {
      reject(error());
      starting.then((handle) => handle.cancel()).catch(() => undefined);
    };
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    starting.then(
      (handle) => {
        signal.removeEventListener("abort", abort);
        resolve(handle);
      },
      (failure: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(failure);
      },
    );
  });
}
