/**
 * The pieces only the 2025 revisions have, which a 2026-07-28 connection must not send:
 * `logging/setLevel` and `notifications/roots/list_changed` (removed there; the SDK refuses
 * them on a modern connection).
 */
import type { Client } from "@modelcontextprotocol/client";

/** Whether this connection speaks a 2025 revision (sessions, handshake, server-to-client requests). */
export function isLegacyConnection(client: Client): boolean {
  return client.getProtocolEra() !== "modern";
}

/** `logging/setLevel` is a 2025 request: only sent to legacy servers that offer logging. */
export function canSetLoggingLevel(client: Client): boolean {
  return isLegacyConnection(client) && client.getServerCapabilities()?.logging !== undefined;
}

/** `notifications/roots/list_changed` exists only in the 2025 revisions. */
export function notifyRootsChanged(client: Client): Promise<void> {
  if (!isLegacyConnection(client)) return Promise.resolve();
  return client.sendRootsListChanged().catch(() => undefined);
}
