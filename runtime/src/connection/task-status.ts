/**
 * Task status notifications at the connection: one `notifications/tasks/status` handler per
 * client, routed by task id to whoever waits on that task (the calls layer's task handles).
 */
import type { Client, Task } from "@modelcontextprotocol/client";
import { loadSchemaSdk } from "../wire/sdk.js";
import type { CallbackSource, ProgressUpdate } from "../shared/types.js";
import type { TaskStatus } from "../calls/tasks/types.js";
import { withoutCredentials } from "../shared/secret-registry.js";

/** The runtime's (or server's) own callbacks, for tasks waited on without call options. */
export interface TaskCallbacks {
  onTaskStatus?: ((status: TaskStatus, source: CallbackSource) => void) | undefined;
  onProgress?: ((update: ProgressUpdate, source: CallbackSource) => void) | undefined;
}

/** Routes `notifications/tasks/status` to the listeners of each task id. One per connection. */
export class TaskStatusHub {
  readonly #listeners = new Map<string, Set<(status: TaskStatus) => void>>();

  publish(status: TaskStatus): void {
    for (const listener of this.#listeners.get(status.taskId) ?? []) listener(status);
  }

  listen(taskId: string, listener: (status: TaskStatus) => void): () => void {
    let set = this.#listeners.get(taskId);
    if (!set) this.#listeners.set(taskId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(taskId);
    };
  }
}

/** Registers the one handler of `notifications/tasks/status` on a client before it connects. */
export async function onTaskStatusNotification(client: Client, listener: (status: TaskStatus) => void, credentials: () => readonly string[]): Promise<void> {
  const { TaskStatusNotificationParamsSchema } = await loadSchemaSdk();
  client.setNotificationHandler("notifications/tasks/status", { params: TaskStatusNotificationParamsSchema }, (params) => listener(toStatus(params, credentials())));
}

/**
 * A task as the protocol sends it, as the runtime reports it. The status message is the server's
 * words on their way to the app's callbacks, logs and errors: the server's own credentials are
 * masked in it, as in its listings and log messages.
 */
export function toStatus(task: Task, credentials: readonly string[]): TaskStatus {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: withoutCredentials(task.statusMessage, credentials) }),
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttl: task.ttl,
    ...(task.pollInterval === undefined ? {} : { pollInterval: task.pollInterval }),
  };
}
