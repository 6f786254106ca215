/**
 * A handle on one task: status, result, cancel, and iteration over status changes. Status is
 * followed by polling `tasks/get` at the server's `pollInterval`; a `notifications/tasks/status`
 * from the server ends the wait early. When the task needs input (`input_required`) the handle
 * asks for the result at once: the server then sends its elicitation or sampling requests,
 * which the runtime's callbacks answer, and the result request returns when the task ends.
 */
import type { CallToolResult, Client, RequestOptions } from "@modelcontextprotocol/client";
import { withMissingCallbackHint } from "../../shared/input-hints.js";
import { CancelledError, TaskCancelledError, TaskFailedError, TaskNotFoundError, TimeoutError, ToolCallError } from "../../shared/errors.js";
import { toToolResult } from "../typed-calls.js";
import type { ProgressUpdate, ToolDescriptor, ToolResult } from "../../shared/types.js";
import type { TaskChannel, TaskRequestLimits } from "./channel.js";
import { cancelTask, getTask, getTaskPayload } from "./protocol.js";
import type { TaskHandle, TaskStatus, TaskWaitOptions } from "./types.js";

/** Without a `pollInterval` from the server: the SDK's default. */
const DEFAULT_POLL_MS = 1_000;
/** A server's `pollInterval` is followed within these bounds (0 would be a busy loop; a huge one, never). */
const MIN_POLL_MS = 25;
const MAX_POLL_MS = 5 * 60_000;

const TERMINAL = new Set<TaskStatus["status"]>(["completed", "failed", "cancelled"]);

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.has(status.status);
}

/** What the handle knows about its tool: the raw name, and the descriptor for typed results. */
export interface TaskTool<O> {
  readonly name: string;
  readonly descriptor?: ToolDescriptor<unknown, O> | undefined;
}

/** The server's last progress notification about a task (status messages reuse its numbers). */
export interface ProgressMark {
  last: ProgressUpdate | undefined;
}

export class McpTaskHandle<O = unknown> implements TaskHandle<O> {
  readonly server: string;
  readonly taskId: string;
  readonly tool: string | undefined;
  readonly #channel: TaskChannel;
  readonly #descriptor: ToolDescriptor<unknown, O> | undefined;
  readonly #progress: ProgressMark;
  #latest: TaskStatus;
  /** Woken by every status that changes what the handle knows. */
  readonly #wakers = new Set<() => void>();

  constructor(channel: TaskChannel, first: TaskStatus, tool?: TaskTool<O>, progress: ProgressMark = { last: undefined }) {
    this.#channel = channel;
    this.#progress = progress;
    this.server = channel.server;
    this.taskId = first.taskId;
    this.tool = tool?.name;
    this.#descriptor = tool?.descriptor;
    this.#latest = first;
  }

  get lastStatus(): TaskStatus {
    return this.#latest;
  }

  async status(options?: { signal?: AbortSignal; timeout?: number }): Promise<TaskStatus> {
    const status = await this.#request((client, request) => getTask(client, this.taskId, request, this.#channel.credentials()), options);
    this.#see(status);
    return this.#latest;
  }

  async cancel(options?: { timeout?: number }): Promise<TaskStatus> {
    const status = await this.#request((client, request) => cancelTask(client, this.taskId, request, this.#channel.credentials()), options);
    this.#see(status);
    return this.#latest;
  }

  async result(options: TaskWaitOptions = {}): Promise<ToolResult<O>> {
    const result = await this.outcome(options);
    if (result.isError) throw new ToolCallError(this.server, this.tool ?? `task ${this.taskId}`, result.content);
    const descriptor = this.#descriptor ?? ({ name: this.tool ?? this.taskId } as ToolDescriptor<unknown, O>);
    return toToolResult(this.server, descriptor, result, this.#descriptor?.output && this.#channel.outputPolicy);
  }

  /**
   * Waits for the end of the task and returns the tool's raw result (which may be a tool error,
   * `isError`). A failed task throws `TaskFailedError`, a cancelled one `TaskCancelledError`.
   */
  async outcome(options: TaskWaitOptions = {}): Promise<CallToolResult> {
    const report = this.#reporter(options);
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    const limits = { signal: options.signal, timeout: options.timeout };
    // The early `tasks/result` loop ends with a failed wait (not with a successful one: its answer is the result).
    const giveUp = new AbortController();
    const earlyLimits = { signal: options.signal ? AbortSignal.any([options.signal, giveUp.signal]) : giveUp.signal, timeout: options.timeout };
    let early: Promise<CallToolResult> | undefined;
    const follow = this.#follow(signal, limits);
    let next: Promise<IteratorResult<TaskStatus>> | undefined;
    try {
      for (;;) {
        next = follow.next();
        const step = early ? await Promise.race([next, early.then((payload) => ({ payload }))]) : await next;
        if ("payload" in step) return step.payload;
        if (step.done) break;
        report(step.value);
        // The server holds its questions for `tasks/result`: ask now, so they reach the callbacks.
        if (step.value.status === "input_required") early ??= this.#payloadWhenEnded(earlyLimits);
      }
    } catch (error) {
      giveUp.abort();
      early?.catch(() => undefined);
      throw options.signal?.aborted ? this.#stopped(options.signal) : error;
    } finally {
      // Ends the follower (its poll, its notification listener) whichever way the wait ended.
      stop.abort();
      next?.catch(() => undefined);
      follow.return(undefined).catch(() => undefined);
    }
    return this.#ended(this.#latest, early, limits);
  }

  [Symbol.asyncIterator](): AsyncIterator<TaskStatus> {
    return this.#follow(undefined, undefined)[Symbol.asyncIterator]();
  }

  /** The current status, then each change, up to and including the terminal one. */
  async *#follow(signal: AbortSignal | undefined, limits: TaskRequestLimits | undefined): AsyncGenerator<TaskStatus> {
    let seen = this.#latest;
    yield seen;
    if (isTerminal(seen)) return;
    const unwatch = this.#channel.watch(this.taskId, (status) => this.#see(status));
    try {
      while (!isTerminal(seen)) {
        await this.#nextChange(seen, signal, limits);
        if (!sameStatus(this.#latest, seen)) yield (seen = this.#latest);
      }
    } finally {
      unwatch();
    }
  }

  /** Waits one poll interval (less when a notification brings news), then polls unless it did. */
  async #nextChange(seen: TaskStatus, signal: AbortSignal | undefined, limits: TaskRequestLimits | undefined): Promise<void> {
    await this.#pause(pollDelay(seen), signal);
    signal?.throwIfAborted();
    if (sameStatus(this.#latest, seen)) await this.status({ ...(limits?.timeout === undefined ? {} : { timeout: limits.timeout }), ...(signal ? { signal } : {}) });
  }

  #pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakers.add(done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }

  /** Keeps the newest status (a terminal one for good) and wakes whoever waits for news. */
  #see(status: TaskStatus): void {
    const latest = this.#latest;
    if (isTerminal(latest) || sameStatus(latest, status)) return;
    if (!isTerminal(status) && Date.parse(status.lastUpdatedAt) < Date.parse(latest.lastUpdatedAt)) return;
    this.#latest = status;
    for (const wake of [...this.#wakers]) wake();
  }

  /** The result of an ended task, or why there is none. */
  async #ended(status: TaskStatus, early: Promise<CallToolResult> | undefined, limits: TaskRequestLimits): Promise<CallToolResult> {
    if (status.status === "cancelled") throw new TaskCancelledError(this.server, this.taskId, `was cancelled${status.statusMessage ? `: ${status.statusMessage}` : ""}`, { tool: this.tool });
    let payload: CallToolResult;
    try {
      payload = await (early ?? this.#payloadWhenEnded(limits));
    } catch (error) {
      if (status.status !== "failed" || error instanceof TaskNotFoundError) throw error;
      // A task that failed with a JSON-RPC error has no result: the error is the news.
      throw new TaskFailedError(this.server, this.taskId, [], `${status.statusMessage ?? ""} ${error instanceof Error ? error.message : ""}`.trim(), { tool: this.tool, cause: error });
    }
    if (status.status === "failed") throw new TaskFailedError(this.server, this.taskId, payload.content, status.statusMessage, { tool: this.tool });
    // As for a plain call: a tool error saying this client cannot answer the server's request for input names the option to set.
    return withMissingCallbackHint(payload, (capability) => this.#channel.declares(capability));
  }

  /**
   * `tasks/result`, which the server answers when the task has ended. Its own timeout only
   * ends one attempt: the task goes on, so ask again.
   */
  async #payloadWhenEnded(limits: TaskRequestLimits): Promise<CallToolResult> {
    for (;;) {
      try {
        return await this.#request((client, request) => getTaskPayload(client, this.taskId, request), limits);
      } catch (error) {
        if (!(error instanceof TimeoutError) || limits.signal?.aborted) throw error;
      }
    }
  }

  #request<T>(send: (client: Client, options: RequestOptions | undefined) => Promise<T>, limits: TaskRequestLimits | undefined): Promise<T> {
    return this.#channel.request(this.taskId, this.tool, send, limits).catch((error: unknown) => {
      throw error instanceof TaskNotFoundError ? this.#gone(error) : error;
    });
  }

  /** Not found: say what the ttl was when the handle knows it. */
  #gone(error: TaskNotFoundError): TaskNotFoundError {
    const ttl = this.#latest.ttl;
    if (ttl === null) return error;
    return new TaskNotFoundError(this.server, this.taskId, `is no longer known to the server (its ttl was ${ttl} ms)`, { tool: this.tool, cause: error.cause });
  }

  #stopped(signal: AbortSignal): CancelledError {
    return new CancelledError(this.server, `stopped waiting for task ${JSON.stringify(this.taskId)}`, { tool: this.tool, cause: signal.reason });
  }

  /** Status changes to the wait's callbacks (else the runtime's), and as progress messages. */
  #reporter(options: TaskWaitOptions): (status: TaskStatus) => void {
    const callbacks = this.#channel.callbacks;
    const source = this.tool === undefined ? { server: this.server } : { server: this.server, name: this.tool };
    const onStatus = options.onTaskStatus ?? (callbacks.onTaskStatus && ((status: TaskStatus) => callbacks.onTaskStatus?.(status, source)));
    const onProgress = options.onProgress ?? (callbacks.onProgress && ((update: ProgressUpdate) => callbacks.onProgress?.(update, source)));
    return (status) => {
      onStatus?.(status);
      onProgress?.(statusProgress(status, this.#progress.last));
    };
  }
}

/**
 * A status change as a progress update: the message says where the task is; the numbers are
 * those of the server's last progress notification (0 before any), so they never go back.
 */
function statusProgress(status: TaskStatus, last: ProgressUpdate | undefined): ProgressUpdate {
  const message = status.statusMessage === undefined ? status.status : `${status.status}: ${status.statusMessage}`;
  return last?.total === undefined ? { progress: last?.progress ?? 0, message } : { progress: last.progress, total: last.total, message };
}

function pollDelay(status: TaskStatus): number {
  const wanted = status.pollInterval ?? DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Number.isFinite(wanted) ? wanted : DEFAULT_POLL_MS));
}

function sameStatus(a: TaskStatus, b: TaskStatus): boolean {
  return a.status === b.status && a.statusMessage === b.statusMessage && a.lastUpdatedAt === b.lastUpdatedAt;
}
