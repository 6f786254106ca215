/**
 * Protocol revisions and eras as the config, the snapshot and generated code name them.
 *
 * - Modern (2026-07-28 and later): no `initialize`, no sessions; every request carries its
 *   version in `_meta`, `server/discover` advertises what a server speaks.
 * - Legacy (2025-11-25 and earlier): the `initialize` handshake and sessions.
 */

/** The first modern revision (and today the only one). */
export const MODERN_REVISION = "2026-07-28";

/**
 * Which revision to speak with a server:
 * - "auto" (default): 2026-07-28 where the server offers it, the 2025 handshake otherwise
 *   (a generated client starts in the era its snapshot recorded and negotiates only if that fails);
 * - "legacy": only the 2025 handshake (`initialize`), never a probe;
 * - "2026-07-28": only that revision; a server that does not offer it fails to connect.
 */
export type ProtocolSelection = "auto" | "legacy" | typeof MODERN_REVISION;

export const PROTOCOL_SELECTIONS: readonly ProtocolSelection[] = ["auto", "legacy", MODERN_REVISION];

export type ProtocolEra = "modern" | "legacy";

/** Revisions are dates: every revision from the first modern one on is modern (anything else is taken as legacy). */
export function eraOfRevision(revision: string): ProtocolEra {
  return /^\d{4}-\d{2}-\d{2}$/.test(revision) && revision >= MODERN_REVISION ? "modern" : "legacy";
}

/** The era a snapshot entry records (older snapshots: the era of its revision). */
export function eraOfSnapshot(server: { protocolVersion: string; era?: ProtocolEra | undefined }): ProtocolEra {
  return server.era ?? eraOfRevision(server.protocolVersion);
}

/**
 * What `generate` learned about how a server speaks, written into generated connections so a
 * client starts in that era without probing. For a modern server also what `server/discover`
 * said (capabilities, identity), so the client needs no round trip before its first request.
 */
export interface CapturedProtocol {
  era: ProtocolEra;
  revision: string;
  capabilities?: Record<string, unknown>;
  serverInfo?: Record<string, unknown>;
  instructions?: string;
}
