/** Exit codes (DESIGN §2) and the one-line failure message. */
import { errorMessage } from "@mcp-codegen/runtime/internal";

export const EXIT_OK = 0;
/** Drift, or stale generated files with `--check`. */
export const EXIT_DRIFT = 1;
/** Could not run: bad config, unreachable server, bad input. */
export const EXIT_FAILED = 2;

export function failAndExit(error: unknown): never {
  process.stderr.write(`mcp-codegen: ${errorMessage(error)}\n`);
  process.exit(EXIT_FAILED);
}
