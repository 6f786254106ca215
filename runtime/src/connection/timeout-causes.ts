/**
 * A timeout told with what the stdio child wrote while the request waited: an error-like line on
 * stderr (stderr-account.ts) and text that is not JSON-RPC on stdout (stdout-account.ts).
 * `request timed out after 1000 ms (stderr: Error: connect ECONNREFUSED 127.0.0.1:6379); if it is
 * only slow, raise it …`. A timeout with neither is left as it is.
 */
import { TimeoutError, type SubjectKind } from "../shared/errors.js";
import { TIMEOUT_HINT } from "../wire/failures.js";

export interface TimeoutCauses {
  /** The error-like line the child wrote on stderr during the wait, secrets masked. */
  stderr?: string | undefined;
  /** `"<quoted line>": <hint>`: text on stdout that is not JSON-RPC, seen during the wait. */
  noise?: string | undefined;
}

export function explainTimeout(error: TimeoutError, causes: TimeoutCauses, about: SubjectKind | undefined): TimeoutError {
  if (causes.stderr === undefined && causes.noise === undefined) return error;
  // The causes first, the longer timeout only after: a reader acts on the first thing said.
  const hinted = error.detail.endsWith(` (${TIMEOUT_HINT})`);
  const head = hinted ? error.detail.slice(0, -TIMEOUT_HINT.length - 3) : error.detail;
  const stderr = causes.stderr === undefined ? "" : ` (stderr: ${causes.stderr})`;
  const noise = causes.noise === undefined ? "" : `, likely because it wrote ${causes.noise}`;
  const detail = `${head}${stderr}${noise}${hinted ? `; if it is only slow, ${TIMEOUT_HINT}` : ""}`;
  return new TimeoutError(error.server, detail, { tool: error.tool, about, timeout: error.timeout, cause: error.cause });
}
