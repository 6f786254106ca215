/**
 * Every error class of the runtime, and the generator's `CodegenError`, in one module: what a
 * caller can catch, and how each message is built (one line naming the server and the tool or
 * other subject; no secret this process handled, in the message or at any depth of the cause).
 *
 * - `CodegenError`: the generator's stages (config, server, input, internal); the CLI prints
 *   `toLine()` and picks the exit code from `kind`.
 * - `McpRuntimeError` and its subclasses: what the runtime throws, by layer of origin:
 *   connection and configuration, the server's JSON-RPC answers, timeouts and cancellation,
 *   tool results and validation, interceptors, authorization, tasks, the drift guard.
 *
 * Kept in the shared layer so that every layer above throws the same classes (`instanceof`
 * holds whoever threw) and none imports another layer for an error.
 */
import type { Change } from "../drift/types.js";
import type { RuleId } from "../drift/rules.js";
import type { ContentBlock } from "./call-types.js";
import { redactKnown, scrubbed, scrubCause } from "./secret-registry.js";

// --- The generator's errors ---

export type CodegenErrorKind =
  | "config" // bad or missing configuration, missing environment variable
  | "server" // a server could not be started, reached, initialised or listed
  | "input" // a snapshot or schema that cannot be used
  | "internal";

export interface CodegenErrorOptions {
  /** What is at fault: `server "math"`, `tool "math/add"`, `servers.math.command`, a JSON pointer. */
  subject?: string;
  cause?: unknown;
}

export class CodegenError extends Error {
  override readonly name = "CodegenError";
  readonly kind: CodegenErrorKind;
  readonly subject: string | undefined;

  constructor(kind: CodegenErrorKind, message: string, options: CodegenErrorOptions = {}) {
    // No secret this process handled reaches the message or, at any depth, the cause.
    super(redactKnown(oneLine(message)), options.cause === undefined ? undefined : { cause: scrubCause(options.cause) });
    this.kind = kind;
    this.subject = options.subject;
  }

  /** `subject: message`, one line. */
  toLine(): string {
    return this.subject ? `${this.subject}: ${this.message}` : this.message;
  }
}

/** Collapse any text to one printable line (server text may hold newlines or control codes). */
export function oneLine(text: string, max = 500): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function errorMessage(error: unknown): string {
  if (error instanceof CodegenError) return error.toLine();
  if (error instanceof Error) return oneLine(error.message);
  return oneLine(String(error));
}

// --- The runtime's errors ---

/** What a failure is about besides the server. */
export type SubjectKind = "tool" | "resource" | "prompt" | "skill";

export interface McpRuntimeErrorOptions {
  /** The tool, resource URI or prompt the failure is about. */
  tool?: string | undefined;
  /** Which of those `tool` names (default "tool"): the message says `resource "…"`, `prompt "…"`. */
  about?: SubjectKind | undefined;
  cause?: unknown;
}

export class McpRuntimeError extends Error {
  override name = "McpRuntimeError";
  readonly server: string;
  readonly tool: string | undefined;
  /** The message without the server / tool it names. */
  readonly detail: string;

  constructor(server: string, detail: string, options: McpRuntimeErrorOptions = {}) {
    // No secret this process handled reaches the message or, at any depth, the cause.
    super(redactKnown(oneLine(`${subjectOf(server, options.tool, options.about)}: ${detail}`)), { cause: scrubCause(options.cause) });
    this.server = server;
    this.tool = options.tool;
    this.detail = redactKnown(oneLine(detail));
  }
}

/** Could not start, reach or initialise the server, or the connection broke. */
export class ConnectionError extends McpRuntimeError {
  override name = "ConnectionError";
}

/** The runtime was closed; no new call can start. */
export class RuntimeClosedError extends ConnectionError {
  override name = "RuntimeClosedError";
}

/** Bad configuration: unknown server or transport, missing environment variable. */
export class ConfigError extends McpRuntimeError {
  override name = "ConfigError";
}

/** The server answered a request with a JSON-RPC error (unknown tool, invalid params, …). */
export class ProtocolError extends McpRuntimeError {
  override name = "ProtocolError";
  readonly code: number | undefined;

  constructor(server: string, detail: string, options: McpRuntimeErrorOptions & { code?: number | undefined } = {}) {
    super(server, detail, options);
    this.code = options.code;
  }
}

/**
 * A resource read named a URI the server does not have: -32602 with `data.uri` (MCP 2026-07-28)
 * or -32002 (the 2025 revisions), one error whatever the era.
 */
export class ResourceNotFoundError extends ProtocolError {
  override name = "ResourceNotFoundError";
  readonly uri: string;

  constructor(server: string, uri: string, options: McpRuntimeErrorOptions & { code?: number | undefined } = {}) {
    super(server, "resource not found", { ...options, tool: uri, about: "resource" });
    this.uri = uri;
  }
}

/** A 2026-07-28 server kept asking for input (elicitation, sampling, roots) past `maxInputRounds`. */
export class InputRoundsExceededError extends ProtocolError {
  override name = "InputRoundsExceededError";
  readonly rounds: number | undefined;

  constructor(server: string, rounds: number | undefined, options: McpRuntimeErrorOptions = {}) {
    const cap = rounds === undefined ? "its cap" : `${rounds} rounds`;
    super(server, `the server asked for input ${cap} without answering (raise maxInputRounds if it needs more)`, options);
    this.rounds = rounds;
  }
}

/** The request took longer than its timeout; it was cancelled on the wire. */
export class TimeoutError extends McpRuntimeError {
  override name = "TimeoutError";
  readonly timeout: number | undefined;

  constructor(server: string, detail: string, options: McpRuntimeErrorOptions & { timeout?: number | undefined } = {}) {
    super(server, detail, options);
    this.timeout = options.timeout;
  }
}

/** The caller's AbortSignal fired; the request was cancelled on the wire. `cause` is the signal's reason. */
export class CancelledError extends McpRuntimeError {
  override name = "CancelledError";
}

/** A tool answered with `isError: true`. */
export class ToolCallError extends McpRuntimeError {
  override name = "ToolCallError";
  readonly content: ContentBlock[];
  /** The text blocks of the result joined with `\n`: what the tool said went wrong. */
  readonly text: string;

  constructor(server: string, tool: string, content: ContentBlock[]) {
    const text = joinText(content);
    super(server, `tool returned an error: ${text || "(no text)"}`, { tool });
    // A server may echo a secret it was given (a header, an env value): not in the error.
    this.content = scrubbed(content);
    this.text = redactKnown(text);
  }
}

export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Arguments rejected by the tool's input schema before anything was sent. */
export class ValidationError extends McpRuntimeError {
  override name = "ValidationError";
  readonly issues: readonly IssueLike[];

  constructor(server: string, tool: string, issues: readonly IssueLike[], cause?: unknown) {
    super(server, `invalid input${describeIssues(issues)}`, { tool, cause });
    this.issues = scrubbed(issues);
  }
}

/** The server's `structuredContent` broke the tool's own output schema (or was missing). */
export class OutputValidationError extends McpRuntimeError {
  override name = "OutputValidationError";
  readonly issues: readonly IssueLike[];

  constructor(server: string, tool: string, issues: readonly IssueLike[], cause?: unknown) {
    super(server, `structured output does not match the output schema${describeIssues(issues)}`, { tool, cause });
    this.issues = scrubbed(issues);
  }
}

// --- Interceptors ---

/** An interceptor broke the contract (returned something that is not a tool result), or returned a Command where none can go. */
export class InterceptorError extends McpRuntimeError {
  override name = "InterceptorError";
}

// --- Authorization (servers behind OAuth) ---

/** Discovery, registration, the authorization or the token exchange failed, or the server refused the token. */
export class AuthorizationError extends McpRuntimeError {
  override name = "AuthorizationError";
}

/**
 * The server needs a (new) interactive login: nothing is stored, the stored authorization was
 * revoked or expired without a refresh token, or more scope is needed, and no `oauth.authorize`
 * callback was given to run one.
 */
export class LoginRequiredError extends AuthorizationError {
  override name = "LoginRequiredError";
}

// --- Tasks: how a task can end other than with its result (each message names the task id) ---

type TaskErrorOptions = Pick<McpRuntimeErrorOptions, "tool" | "cause">;

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

// --- The drift guard ---

/**
 * A call to a tool that is gone or changed in a breaking way since the client was generated
 * (drift guard policy "error"). Nothing was sent. `change` is the drift report entry, as
 * `mcp-codegen check` prints it; regenerate the client or accept the change in codegen.config.
 */
export class DriftError extends McpRuntimeError {
  override name = "DriftError";
  readonly change: Change;
  readonly ruleId: RuleId;
  readonly pointer: string | undefined;

  constructor(server: string, tool: string, change: Change, about: SubjectKind = "tool") {
    const where = change.pointer === undefined ? "" : ` at ${change.pointer}`;
    super(server, `drift since generation (${change.ruleId}${where}): ${change.message}`, { tool, about });
    this.change = change;
    this.ruleId = change.ruleId;
    this.pointer = change.pointer;
  }
}

/**
 * A skill file (SEP-2640) the server served differs from the snapshot the client was generated
 * from: other bytes (digest) or another length. Its content was not returned. `tool` is the
 * skill's name; `change` names the file (`/files/<path>`) and both digests.
 */
export class SkillDriftError extends DriftError {
  override name = "SkillDriftError";
  readonly skill: string;
  readonly file: string;
  /** The digest in the snapshot. */
  readonly expected: string;
  /** The digest of what the server served. */
  readonly actual: string;

  constructor(server: string, skill: string, file: string, change: Change & { before: string; after: string }) {
    super(server, skill, change, "skill");
    this.skill = skill;
    this.file = file;
    this.expected = change.before;
    this.actual = change.after;
  }
}

// --- Message pieces ---

export function subjectOf(server: string, tool?: string, about: SubjectKind = "tool"): string {
  return tool === undefined ? `server "${server}"` : `server "${server}" ${about} "${tool}"`;
}

/** ` at a.b[0]: expected number` for the first issue (`: …` at the root), plus how many more. */
export function describeIssues(issues: readonly IssueLike[]): string {
  const first = issues[0];
  if (!first) return ": (no details)";
  const where = first.path.length === 0 ? "" : ` at ${formatPath(first.path)}`;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `${where}: ${first.message}${more}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

export function joinText(content: readonly ContentBlock[]): string {
  let text = "";
  for (const block of content) {
    if (block.type !== "text") continue;
    text = text === "" ? block.text : `${text}\n${block.text}`;
  }
  return text;
}
