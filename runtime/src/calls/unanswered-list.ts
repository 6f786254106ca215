/**
 * A list the server advertises and does not answer, read off the runtime's error as `generate`
 * records one in the snapshot's `unavailable` (src/capture/unavailable.ts): its JSON-RPC error
 * code, `"invalid-result"` for a page that breaks the protocol's schema, `"timeout"`. `verify()`
 * then compares it as `check` does (a list that stays unanswered is no change) instead of failing.
 */
import { InvalidPage } from "../connection/invalid-page.js";
import { ProtocolError, TimeoutError } from "../shared/errors.js";
import type { UnavailableCode } from "../shared/snapshot.js";

/** The code to record, or undefined when the failure is not the server's answer (a dead connection, a cursor loop): rethrown. */
export function unansweredCode(error: unknown): number | UnavailableCode | undefined {
  if (error instanceof TimeoutError) return "timeout";
  if (!(error instanceof ProtocolError)) return undefined;
  if (error.code !== undefined) return error.code;
  return error.cause instanceof InvalidPage ? "invalid-result" : undefined;
}
