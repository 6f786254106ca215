import { CodegenError } from "@mcp-codegen/runtime/internal";

/**
 * One or more servers could not be captured: all of them, one line each. `captured` holds what
 * the other servers listed (typed by the capture), so `check` can still report their drift.
 */
export class ServersFailedError<Captured = unknown> extends CodegenError {
  readonly failures: readonly CodegenError[];
  /** The failing servers' names, in the order of `failures`. */
  readonly failedServers: readonly string[];
  readonly captured: Captured | undefined;

  constructor(failures: readonly CodegenError[], failedServers: readonly string[] = [], captured?: Captured) {
    const first = failures[0];
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more server${failures.length > 2 ? "s" : ""})` : "";
    super("server", `${first?.message ?? "capture failed"}${more}`, first?.subject === undefined ? {} : { subject: first.subject });
    this.failures = failures;
    this.failedServers = failedServers;
    this.captured = captured;
  }

  lines(): string[] {
    return this.failures.map((failure) => failure.toLine());
  }
}
