/**
 * The suite names the revision a client must speak (MCP_CONFORMANCE_PROTOCOL_VERSION): the
 * runtime's `protocol` for it. Dated revisions through 2025-11-25 are the legacy handshake.
 */
export function protocolFor(revision: string | undefined): "2026-07-28" | "legacy" | "auto" {
  if (revision === undefined) return "auto";
  return revision >= "2026-07-28" ? "2026-07-28" : "legacy";
}
