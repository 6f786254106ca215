/**
 * Connect to one configured server for a capture, through the runtime's own transports (so
 * `generate` and `check` reach a server exactly as generated clients will: placeholders,
 * safe stdio environment, HTTP → SSE fallback), with relative paths taken from the config
 * file's folder.
 */
import type { Client } from "@modelcontextprotocol/client";
import { type Environment, type ServerConfig } from "@mcp-codegen/runtime/internal";
import { type ProtocolSelection } from "@mcp-codegen/runtime/internal";
import { type StderrTailSlot, type StdoutNoise } from "@mcp-codegen/runtime/internal/connect";
import { captureAttempts, EarlyChild, eraAttempts, resolveServer, type ResolvedServer, openClient, type OpenedClient, oauthSessionFor, withOAuthSession, fileOAuthStore } from "@mcp-codegen/runtime/internal/connect";

export const CLIENT_INFO = { name: "mcp-codegen", version: "0.1.0" } as const;

/** Longest timer Node accepts: the capture's own deadline is what bounds every request. */
export const UNBOUNDED = { timeout: 2 ** 31 - 1 };

/**
 * A stdio server's `cwd` is substituted, then resolved against the config's folder: as generated
 * code does at run time. No single message may exceed the whole listing's cap.
 */
export function resolveForCapture(name: string, config: ServerConfig, env: Environment, rootDir: string, maxListingBytes: number): ResolvedServer {
  const resolved = resolveServer(name, config.transport === "stdio" ? { ...config, cwdBase: rootDir } : config, env);
  return resolved.kind === "stdio" ? { ...resolved, maxMessageBytes: maxListingBytes } : resolved;
}

/**
 * A server with `auth` is reached with the tokens `mcp-codegen login` stored (refreshed when
 * needed; client credentials fetched), never with an interactive login: one that is needed
 * fails at once with `LoginRequiredError`.
 */
export function withStoredLogin(name: string, server: ResolvedServer): ResolvedServer {
  if (server.kind === "stdio" || server.auth === undefined) return server;
  return withOAuthSession(server, oauthSessionFor(name, server, { store: fileOAuthStore() }));
}

/**
 * Open and initialise (or discover). `onClient` receives the client before it connects, so the
 * caller's deadline can close it (and end the child) even when the server never answers;
 * `signal` stops the open itself; `stdoutNoise` records what a stdio child writes on stdout that
 * is not JSON-RPC, and `stderrTail` keeps the end of its stderr, both readable by that deadline
 * before the open ends. The
 * era is negotiated afresh every time (never taken from the snapshot: a capture is what tells
 * whether it changed), within the server's `protocol` option; a stdio server is spawned before
 * the SDK loads (it starts meanwhile) and probed on its own process first (`captureAttempts`).
 */
export function openForCapture(server: ResolvedServer, onClient: (client: Client) => void, protocol: ProtocolSelection | undefined, signal: AbortSignal, stdoutNoise: StdoutNoise, stderrTail: StderrTailSlot): Promise<OpenedClient> {
  // The signal ends an open still under way (an era probe included, and its stdio sibling).
  const eras = eraAttempts(protocol, undefined);
  return openClient(server, CLIENT_INFO, { ...UNBOUNDED, signal }, { capabilities: {}, install: onClient, eras: server.kind === "stdio" ? captureAttempts(eras) : eras, stdoutNoise, stderrTail, ...(server.kind === "stdio" ? { early: new EarlyChild(server) } : {}) });
}
