/**
 * What a task handle needs from the runtime: requests on its server's connection (which
 * reconnects as needed, so a handle survives a lost connection) and the status notifications
 * that connection receives.
 */
import type { Client, RequestOptions } from "@modelcontextprotocol/client";
import type { ServerConnection } from "../../connection/connection.js";
import { McpRuntimeError, TaskNotFoundError } from "../../shared/errors.js";
import type { OutputPolicy } from "../../shared/call-types.js";
import { isTaskNotFound } from "./protocol.js";
import type { TaskStatus } from "./types.js";
import type { TaskCallbacks } from "../../connection/task-status.js";

export type { TaskCallbacks };

/** Per-request limits of a request about a task. */
export interface TaskRequestLimits {
  timeout?: number | undefined;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
}


export interface TaskChannel {
  readonly server: string;
  readonly callbacks: TaskCallbacks;
  /** How structured content that breaks the tool's output schema is handled. */
  readonly outputPolicy: OutputPolicy | undefined;
  /**
   * One request about task `taskId` (of `tool`, when known). Failures are typed runtime
   * errors; "task not found" becomes `TaskNotFoundError`.
   */
  request<T>(taskId: string, tool: string | undefined, send: (client: Client, options: RequestOptions | undefined) => Promise<T>, limits: TaskRequestLimits | undefined): Promise<T>;
  /** Hears `notifications/tasks/status` about `taskId` until the returned function is called. */
  watch(taskId: string, listener: (status: TaskStatus) => void): () => void;
  /** Whether this client declared a capability (`elicitation`, `sampling`, `roots`) to the server. */
  declares(capability: string): boolean;
  /** The server's own credentials as they stand, masked in what it says about its tasks. */
  credentials(): readonly string[];
}


export function connectionChannel(connection: ServerConnection, outputPolicy: OutputPolicy | undefined): TaskChannel {
  const server = connection.server;
  return {
    server,
    callbacks: connection.taskCallbacks,
    outputPolicy,
    async request(taskId, tool, send, limits) {
      const callOptions = limits?.signal || limits?.headers ? { ...(limits.signal ? { signal: limits.signal } : {}), ...(limits.headers ? { headers: limits.headers } : {}) } : undefined;
      try {
        return await connection.run(send, connection.defaults.forTaskRequest(tool, limits?.timeout, limits?.signal), tool, callOptions);
      } catch (error) {
        throw notFound(error, server, taskId, tool) ?? error;
      }
    },
    watch: (taskId, listener) => connection.taskStatus.listen(taskId, listener),
    declares: (capability) => connection.declares(capability),
    credentials: () => connection.credentials,
  };
}

function notFound(error: unknown, server: string, taskId: string, tool: string | undefined): TaskNotFoundError | undefined {
  const cause = error instanceof McpRuntimeError ? error.cause : error;
  if (!isTaskNotFound(cause)) return undefined;
  return new TaskNotFoundError(server, taskId, "is not known to the server (a wrong id, or its ttl has passed)", { tool, cause });
}

/** A server connection and the task channel on it. */
export interface TaskLink {
  readonly connection: ServerConnection;
  readonly channel: TaskChannel;
}
