/**
 * Per-call HTTP headers. The SDK transports take headers once, at construction; a call's own
 * headers travel in an AsyncLocalStorage slot instead, and the fetch the transports use merges
 * them over the headers the transport built (configured ones, session id, auth), never
 * replacing the rest. The headers the protocol itself depends on cannot be overridden.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { FetchLike } from "@modelcontextprotocol/client";
import { secretEntryValues } from "../shared/secret-names.js";
import { rememberSecrets } from "../shared/secret-registry.js";
import { allowManyListeners } from "./many-listeners.js";

const callHeaders = new AsyncLocalStorage<Readonly<Record<string, string>>>();

/** Owned by the transport: a call overriding them would break the session or the framing. */
const PROTOCOL_HEADERS = new Set(["mcp-session-id", "mcp-protocol-version", "content-type", "accept", "last-event-id", "content-length"]);

/** Runs `send` with `headers` added to every HTTP request it makes. */
export function withCallHeaders<T>(headers: Readonly<Record<string, string>>, send: () => Promise<T>): Promise<T> {
  // A call's own credentials (an interceptor's token) are masked in errors as configured ones are.
  rememberSecrets(secretEntryValues(headers));
  return callHeaders.run(headers, send);
}

/**
 * A transport gives all its requests one AbortSignal, and fetch keeps a listener on it until
 * the request object is garbage-collected: a busy connection passes Node's 1,500-listener
 * warning without leaking anything. The signals the transports pass here get a limit no
 * connection reaches (many-listeners.ts).
 */
const raisedSignals = new WeakSet<AbortSignal>();

function allowManyRequests(signal: AbortSignal | null | undefined): void {
  if (!signal || raisedSignals.has(signal)) return;
  allowManyListeners(signal);
  raisedSignals.add(signal);
}

/** The fetch given to HTTP transports; without call headers it is plain `fetch`. */
export const fetchWithCallHeaders: FetchLike = (url, init) => {
  allowManyRequests(init?.signal);
  const extra = callHeaders.getStore();
  if (extra === undefined) return fetch(url, init);
  const headers = new Headers(init?.headers);
  for (const [name, value] of Object.entries(extra)) {
    if (!PROTOCOL_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  }
  return fetch(url, { ...init, headers });
};
