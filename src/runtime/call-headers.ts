/**
 * Per-call HTTP headers. The SDK transports take headers once, at construction; a call's own
 * headers travel in an AsyncLocalStorage slot instead, and the fetch the transports use merges
 * them over the headers the transport built (configured ones, session id, auth), never
 * replacing the rest. The headers the protocol itself depends on cannot be overridden.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

const callHeaders = new AsyncLocalStorage<Readonly<Record<string, string>>>();

/** Owned by the transport: a call overriding them would break the session or the framing. */
const PROTOCOL_HEADERS = new Set(["mcp-session-id", "mcp-protocol-version", "content-type", "accept", "last-event-id", "content-length"]);

/** Runs `send` with `headers` added to every HTTP request it makes. */
export function withCallHeaders<T>(headers: Readonly<Record<string, string>>, send: () => Promise<T>): Promise<T> {
  return callHeaders.run(headers, send);
}

/** The fetch given to HTTP transports; without call headers it is plain `fetch`. */
export const fetchWithCallHeaders: FetchLike = (url, init) => {
  const extra = callHeaders.getStore();
  if (extra === undefined) return fetch(url, init);
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(extra)) {
    if (!PROTOCOL_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  }
  return fetch(url, { ...init, headers });
};
