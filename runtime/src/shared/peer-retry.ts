/**
 * `MultiServerMCPClient`'s retry settings (stdio `restart`, HTTP `reconnect`:
 * `{ enabled?, maxAttempts?, delayMs? }`) as the runtime's bounded reconnect. One mapping for
 * codegen.config and the compat client, so `{ maxAttempts: 5 }` means the same in both:
 *
 * | peer setting            | runtime `reconnect`                                   |
 * |-------------------------|-------------------------------------------------------|
 * | `enabled: false`        | `{ retries: 0 }` (whatever else is set)               |
 * | `maxAttempts: n`        | `retries: n`                                          |
 * | `delayMs: d`            | `initialDelayMs: d, maxDelayMs: d` (a fixed delay)    |
 * | absent / `enabled` only | the runtime's default (3 quick retries)               |
 *
 * `enabled` left out does not switch retries off: a lost connection is rarely what a user wants,
 * and the peer's own streamable HTTP transport retries unless told `enabled: false`.
 */
export interface PeerRetrySettings {
  enabled?: boolean | undefined;
  maxAttempts?: number | undefined;
  /** Wait between attempts, in ms. */
  delayMs?: number | undefined;
}

/** The runtime's `reconnect` fields (see `ReconnectOptions`). */
export interface PeerRetryReconnect {
  retries?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
}

export const PEER_RETRY_KEYS: readonly string[] = ["enabled", "maxAttempts", "delayMs"];

export function peerRetryToReconnect(settings: PeerRetrySettings): PeerRetryReconnect {
  if (settings.enabled === false) return { retries: 0 };
  return {
    ...(settings.maxAttempts === undefined ? {} : { retries: settings.maxAttempts }),
    ...(settings.delayMs === undefined ? {} : { initialDelayMs: settings.delayMs, maxDelayMs: settings.delayMs }),
  };
}
