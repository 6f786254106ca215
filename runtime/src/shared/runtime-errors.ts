/**
 * Typed runtime errors. Every message is one line that names the server (and the tool or
 * other subject when there is one); the original failure stays reachable as `cause`.
 */
import { oneLine } from "./errors.js";
import { redactKnown, scrubbed, scrubCause } from "./secret-registry.js";
import type { ContentBlock } from "./call-types.js";

/** What a failure is about besides the server. */
export type SubjectKind = "tool" | "resource" | "prompt";

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
