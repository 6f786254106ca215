/** Exit codes (DESIGN §2) and the failure lines. */
import { errorMessage } from "@mcp-codegen/runtime/internal";

export const EXIT_OK = 0;
/** Drift, or stale generated files with `--check`. */
export const EXIT_DRIFT = 1;
/** Could not run: bad config, unreachable server, bad input, bad usage. */
export const EXIT_FAILED = 2;
/** Stopped by Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

/**
 * The lines that explain a failure: every config issue and every failing server, one each
 * (errors that hold several say so with `lines()`; checked by shape so `--help` loads none of them).
 */
export function failureLines(error: unknown): string[] {
  const lines = (error as { lines?: unknown } | null)?.lines;
  if (typeof lines === "function") return (lines as () => string[]).call(error);
  return [errorMessage(error)];
}

export function failAndExit(error: unknown): never {
  for (const line of failureLines(error)) process.stderr.write(`mcp-codegen: ${line}\n`);
  process.exit(EXIT_FAILED);
}
