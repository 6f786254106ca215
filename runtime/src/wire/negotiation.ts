/**
 * Which era to try first when opening a connection, and what to fall back to. The SDK does the
 * negotiating (`versionNegotiation`, `connect({ prior })`); this only picks its settings from
 * the `protocol` option and what the snapshot recorded:
 *
 * | protocol     | captured | attempts                                                  |
 * |--------------|----------|-----------------------------------------------------------|
 * | "legacy"     | any      | the 2025 handshake                                        |
 * | "2026-07-28" | modern   | that revision from the snapshot (no probe), then pinned    |
 * | "2026-07-28" | other    | pinned (probe with `server/discover`, no fallback)        |
 * | "auto"       | legacy   | the 2025 handshake (no probe), then negotiation           |
 * | "auto"       | modern   | 2026-07-28 from the snapshot (no probe), then negotiation |
 * | "auto"       | none     | negotiation (`server/discover` probe, 2025 fallback)      |
 *
 * A later attempt runs only when the earlier one was refused for its era (`isEraRejection`).
 *
 * A capture (`generate`, `check`) of a stdio server probes on the session's own process first
 * (`captureAttempts`): the SDK otherwise spends a second server start on a disposable sibling.
 * Over HTTP, a probe answered with a server error is followed by the 2025 handshake (`httpAttempts`).
 */
import type { PriorDiscovery, VersionNegotiationMode } from "@modelcontextprotocol/client";
import { MODERN_REVISION, type CapturedProtocol, type ProtocolSelection } from "../shared/protocol.js";
import { discoverFromCapture } from "./era-2026.js";

export interface EraAttempt {
  mode: VersionNegotiationMode;
  /** Start from this verdict instead of probing. */
  prior?: PriorDiscovery;
  /**
   * stdio: send the `server/discover` probe on the session's own process (then `initialize` there
   * when the server answers as a 2025 server does), not on the SDK's disposable sibling.
   */
  inPlace?: true;
  /**
   * Also run this attempt when the one before failed with an HTTP server error (5xx), not only
   * when it was refused for its era (see `httpAttempts`).
   */
  afterServerError?: true;
}

export function eraAttempts(selection: ProtocolSelection | undefined, captured: CapturedProtocol | undefined): EraAttempt[] {
  if (selection === "legacy") return [{ mode: "legacy" }];
  const negotiate: EraAttempt = selection === MODERN_REVISION ? { mode: { pin: MODERN_REVISION } } : { mode: "auto" };
  const usable = captured !== undefined && (selection !== MODERN_REVISION || captured.era === "modern");
  if (!usable) return [negotiate];
  // A known legacy server gets exactly the plain 2025 connect ("legacy" mode, nothing armed for a probe).
  if (captured.era === "legacy") return [{ mode: "legacy" }, negotiate];
  const prior: PriorDiscovery = { kind: "modern", discover: discoverFromCapture(captured) };
  return [{ mode: negotiate.mode, prior }, negotiate];
}

/** The legacy SSE transport knows only the 2025 revisions. */
export const SSE_ATTEMPTS: readonly EraAttempt[] = [{ mode: "legacy" }];

/**
 * A capture's attempts for a stdio server: a negotiation that probes (`auto`) probes in place, one
 * server start instead of two. A server that exits on a request before `initialize` (the reason
 * for the SDK's sibling) fails that probe with the SDK's era error: it is a 2025 server, started
 * afresh for the 2025 handshake.
 */
export function captureAttempts(attempts: readonly EraAttempt[]): EraAttempt[] {
  return attempts.flatMap((attempt) => (attempt.mode === "auto" && attempt.prior === undefined ? [{ ...attempt, inPlace: true as const }, { mode: "legacy" as const }] : [attempt]));
}

/**
 * An HTTP server's attempts: a negotiation that probes (`auto`) is followed by the 2025 handshake,
 * run when the probe got an HTTP server error. Some 2025 servers answer a method they do not know,
 * outside a session, with HTTP 500 (`@cyanheads/git-mcp-server`), which the SDK takes for a failed
 * connect rather than for a 2025 server; `initialize` then works.
 */
export function httpAttempts(attempts: readonly EraAttempt[]): EraAttempt[] {
  return attempts.flatMap((attempt) => (attempt.mode === "auto" && attempt.prior === undefined ? [attempt, { mode: "legacy" as const, afterServerError: true as const }] : [attempt]));
}
