/**
 * Errors every stage can raise. Each names what is at fault (server, tool, key path or JSON
 * pointer) so the CLI can print a single clear line and pick the exit code.
 */
import { redactKnown, scrubCause } from "./secret-registry.js";

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
