/**
 * Bounded re-opening of a lost connection: the first attempt right away, then `retries` more
 * with a delay that doubles from `initialDelayMs` up to `maxDelayMs`.
 */
import type { ReconnectOptions } from "../shared/types.js";

export interface ReconnectPolicy {
  readonly retries: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
}

/** A server restart usually takes well under a second; 3 retries span 200 + 400 + 800 ms. */
export const DEFAULT_RECONNECT: ReconnectPolicy = Object.freeze({ retries: 3, initialDelayMs: 200, maxDelayMs: 5_000 });

/** Server-level fields win over runtime-level ones, each over the defaults. */
export function reconnectPolicy(server: ReconnectOptions | undefined, runtime: ReconnectOptions | undefined): ReconnectPolicy {
  return {
    retries: Math.max(0, Math.floor(server?.retries ?? runtime?.retries ?? DEFAULT_RECONNECT.retries)),
    initialDelayMs: Math.max(0, server?.initialDelayMs ?? runtime?.initialDelayMs ?? DEFAULT_RECONNECT.initialDelayMs),
    maxDelayMs: Math.max(0, server?.maxDelayMs ?? runtime?.maxDelayMs ?? DEFAULT_RECONNECT.maxDelayMs),
  };
}

/** Delay before retry number `retry` (1-based). */
export function backoffDelay(policy: ReconnectPolicy, retry: number): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (retry - 1));
}

/** Waits `ms`, or less when `signal` aborts (the connection was closed meanwhile). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
