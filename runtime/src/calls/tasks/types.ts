/**
 * The public types of MCP tasks (protocol 2025-11-25): a tool that declares
 * `execution.taskSupport` "optional" or "required" can run as a task, which outlives the
 * request and the connection that started it. These types are the runtime's own (the SDK's
 * experimental task API stays behind `protocol.ts`), so they hold when the protocol moves on.
 */
import type { CallOptions, ProgressUpdate, ToolDescriptor, ToolResult } from "../../shared/call-types.js";

/** Where a task is: `working` and `input_required` go on; the other three are terminal. */
export type TaskState = "working" | "input_required" | "completed" | "failed" | "cancelled";

/** A task as the server last described it (`tasks/get`, `notifications/tasks/status`). */
export interface TaskStatus {
  readonly taskId: string;
  readonly status: TaskState;
  /** What the server says it is doing, or why it ended. */
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  /** How long (ms from creation) the server keeps the task and its result; `null` = no limit. */
  readonly ttl: number | null;
  /** How often the server would like to be polled, in ms. */
  readonly pollInterval?: number;
}

/** Options of starting a task (`.start()`, `runtime.startTask`). */
export interface TaskStartOptions {
  /** How long the server should keep the task and its result, in ms (the server may choose less). */
  ttl?: number;
  /** Timeout of each request (start, status, result, cancel) in ms; a task itself may run longer. */
  timeout?: number;
  /** Extra HTTP headers for the requests about this task. */
  headers?: Record<string, string>;
  /** Progress notifications the server sends about the task. */
  onProgress?: (update: ProgressUpdate) => void;
}

/** Options of waiting for a task's result. */
export interface TaskWaitOptions {
  /**
   * Stops waiting (the promise rejects with `CancelledError`); the task goes on on the server
   * (call `cancel()` to end it). A task-required tool's method cancels the task instead.
   */
  signal?: AbortSignal;
  /** Every status change while waiting (polled at the server's `pollInterval`, or notified). */
  onTaskStatus?: (status: TaskStatus) => void;
  /** Status changes as progress messages (and the server's own progress notifications). */
  onProgress?: (update: ProgressUpdate) => void;
  /** Timeout of each request in ms. */
  timeout?: number;
}

/**
 * Options of calling a task-required tool through its method: it starts the task and waits
 * for its result. Aborting `signal` cancels the task on the server (`tasks/cancel`); `timeout`
 * limits each request, not the task (bound the whole call with `AbortSignal.timeout(ms)`).
 */
export interface TaskCallOptions extends CallOptions {
  /** How long the server should keep the task and its result, in ms. */
  ttl?: number;
  /** Every status change of the task (polled at the server's `pollInterval`, or notified). */
  onTaskStatus?: (status: TaskStatus) => void;
}

/**
 * A task on a server: started by `.start()` or found again by `tasks.resume(taskId)` (in this
 * process or another one, as long as the server keeps it). Iterating it yields the current
 * status, then each change, up to and including the terminal one.
 */
export interface TaskHandle<O = unknown> extends AsyncIterable<TaskStatus> {
  readonly server: string;
  readonly taskId: string;
  /** The raw MCP name of the tool, when known (started here, or resumed by tool). */
  readonly tool: string | undefined;
  /** The status last seen (no request). */
  readonly lastStatus: TaskStatus;
  /** Asks the server for the task's status now (`tasks/get`). */
  status(options?: { signal?: AbortSignal; timeout?: number }): Promise<TaskStatus>;
  /**
   * Waits until the task ends, then its result, typed like the tool's method result. A failed
   * task rejects with `TaskFailedError`, a cancelled one with `TaskCancelledError`, one the
   * server no longer knows (ttl passed) with `TaskNotFoundError`.
   */
  result(options?: TaskWaitOptions): Promise<ToolResult<O>>;
  /** Cancels the task on the server (`tasks/cancel`); resolves with its final status. */
  cancel(options?: { timeout?: number }): Promise<TaskStatus>;
}

/** The tool keys of a tool table whose tools can run as tasks. */
export type TaskToolKey<T> = { [K in keyof T]: T[K] extends { readonly taskSupport: "optional" | "required" } ? K : never }[keyof T];

/** The structured output type of a descriptor (`unknown` without an output schema). */
export type OutputOf<D> = D extends ToolDescriptor<unknown, infer O> ? O : unknown;

/** `mcp.<server>.tasks`: tasks of one server, typed by the generated tool table `T`. */
export interface ServerTasks<T> {
  /** Re-attaches to a task by id (not typed by tool: the result's structured content is `unknown`). */
  resume(taskId: string): Promise<TaskHandle<unknown>>;
  /** Re-attaches to a task of `tool` (a method name of the client): its result is typed. */
  resume<K extends TaskToolKey<T>>(tool: K, taskId: string): Promise<TaskHandle<OutputOf<T[K]>>>;
  /** The tasks the server lists for this client (every page). */
  list(): Promise<TaskStatus[]>;
}
