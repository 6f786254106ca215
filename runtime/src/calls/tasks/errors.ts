/**
 * How a task can end other than with its result. Each message names the server, the tool when
 * known, and the task id.
 */
import { joinText, McpRuntimeError } from "../../shared/runtime-errors.js";
import { redactKnown, scrubbed } from "../../shared/secret-registry.js";
import type { ContentBlock } from "../../shared/types.js";

interface TaskErrorOptions {
  tool?: string | undefined;
  cause?: unknown;
}

/** A failure about one task; `taskId` names it. */
export class TaskError extends McpRuntimeError {
  override name = "TaskError";
  readonly taskId: string;

  constructor(server: string, taskId: string, detail: string, options: TaskErrorOptions = {}) {
    super(server, `task ${JSON.stringify(taskId)} ${detail}`, options);
    this.taskId = taskId;
  }
}

/** The task ended as `failed`: the tool's error content when the server gave one. */
export class TaskFailedError extends TaskError {
  override name = "TaskFailedError";
  readonly content: ContentBlock[];
  /** The text blocks joined with `\n`, else the server's status message. */
  readonly text: string;

  constructor(server: string, taskId: string, content: ContentBlock[], statusMessage: string | undefined, options: TaskErrorOptions = {}) {
    const text = joinText(content) || statusMessage || "";
    super(server, taskId, `failed: ${text || "(no details)"}`, options);
    this.content = scrubbed(content);
    this.text = redactKnown(text);
  }
}

/** The task ended as `cancelled` (by this client, another one, or the server). */
export class TaskCancelledError extends TaskError {
  override name = "TaskCancelledError";
}

/** The server does not know the task (any more): a wrong id, or its ttl has passed. */
export class TaskNotFoundError extends TaskError {
  override name = "TaskNotFoundError";
}
