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
 */
import type { PriorDiscovery, VersionNegotiationMode } from "@modelcontextprotocol/client";
import { MODERN_REVISION, type CapturedProtocol, type ProtocolSelection } from "../shared/protocol.js";
import { discoverFromCapture } from "./era-2026.js";

export interface EraAttempt {
  mode: VersionNegotiationMode;
  /** Start from this verdict instead of probing. */
  prior?: PriorDiscovery;
}

export function eraAttempts(selection: ProtocolSelection | undefined, captured: CapturedProtocol | undefined): EraAttempt[] {
  if (selection === "legacy") return [{ mode: "legacy" }];
  const negotiate: EraAttempt = selection === MODERN_REVISION ? { mode: { pin: MODERN_REVISION } } : { mode: "auto" };
  const usable = captured !== undefined && (selection !== MODERN_REVISION || captured.era === "modern");
  if (!usable) return [negotiate];
  const prior: PriorDiscovery = captured.era === "modern" ? { kind: "modern", discover: discoverFromCapture(captured) } : { kind: "legacy" };
  return [{ mode: negotiate.mode, prior }, negotiate];
}

/** The legacy SSE transport knows only the 2025 revisions. */
export const SSE_ATTEMPTS: readonly EraAttempt[] = [{ mode: "legacy" }];
