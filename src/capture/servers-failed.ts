import { CodegenError } from "@mcp-codegen/runtime/internal";

/** One or more servers could not be captured: all of them, one line each. */
export class ServersFailedError extends CodegenError {
  readonly failures: readonly CodegenError[];

  constructor(failures: readonly CodegenError[]) {
    const first = failures[0];
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more server${failures.length > 2 ? "s" : ""})` : "";
    super("server", `${first?.message ?? "capture failed"}${more}`, first?.subject === undefined ? {} : { subject: first.subject });
    this.failures = failures;
  }

  lines(): string[] {
    return this.failures.map((failure) => failure.toLine());
  }
}
