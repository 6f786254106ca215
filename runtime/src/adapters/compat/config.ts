/**
 * The `MultiServerMCPClient` 1.x configuration (`{ mcpServers, …options }` or a bare record of
 * connections) turned into runtime server configs plus the per-server tool settings the compat
 * client applies itself. Connections keep their meaning: `transport` or `type`, inferred from
 * `command` (stdio) or `url` (streamable HTTP, SSE fallback); `restart` / `reconnect` become
 * the runtime's bounded reconnect (the mapping codegen.config uses too); `stderr` defaults to "inherit" as in the peer.
 */
import { PROTOCOL_SELECTIONS, type ProtocolSelection } from "../../shared/protocol.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { ConfigError } from "../../shared/errors.js";
import type { BeforeToolCall } from "../../calls/hooks.js";
import type { DriftGuardPolicy, ReconnectOptions, RuntimeCallbacks, RuntimeServerConfig } from "../../shared/types.js";
import type { CompatAfterToolCall } from "./tools.js";
import type { NotificationOptions } from "./notifications.js";
import { peerRetryToReconnect, type PeerRetrySettings } from "../../shared/peer-retry.js";
import { outputHandlingProblem, outputRoutes, type OutputHandling, type OutputRoutes } from "../../shared/output-handling.js";

type RetrySettings = PeerRetrySettings;

/** Not in the peer: which MCP revision to speak, and the cap on input rounds (docs/protocol-eras.md). */
interface ProtocolSettings {
  /** "auto" (default), "legacy" or "2026-07-28"; a server's own value wins over the client's. */
  protocol?: ProtocolSelection;
  /** Cap on multi round-trip input rounds per request (default 10). */
  maxInputRounds?: number;
}

/** Per-server keys that are about tools, not about the connection. */
interface ToolSettings extends ProtocolSettings {
  outputHandling?: OutputHandling;
  /** Milliseconds; the server's value wins over the client's. */
  defaultToolTimeout?: number;
}

export interface StdioConnection extends ToolSettings {
  transport?: "stdio";
  type?: "stdio";
  command: string;
  args?: string[];
  env?: Record<string, string>;
  /** Accepted for compatibility; the runtime reads the server's stdout as UTF-8. */
  encoding?: string;
  stderr?: "overlapped" | "pipe" | "ignore" | "inherit";
  cwd?: string;
  restart?: RetrySettings;
}

export interface HttpConnection extends ToolSettings {
  transport?: "http" | "sse";
  type?: "http" | "sse";
  url: string;
  headers?: Record<string, string>;
  authProvider?: OAuthClientProvider;
  reconnect?: RetrySettings;
  /** Accepted for compatibility; the runtime always falls back to SSE on a 4xx answer. */
  automaticSSEFallback?: boolean;
}

export type Connection = StdioConnection | HttpConnection;

export type ConnectionErrorHandler = (failure: { serverName: string; error: unknown }) => void;

/** The options of `@langchain/mcp-adapters` 1.x, plus this runtime's drift guard and error handling. */
export interface ClientOptions extends ToolSettings, NotificationOptions<Connection> {
  /** Throw when a tool cannot be made into a LangChain tool (default true); false skips it. */
  throwOnLoadError?: boolean;
  /** Name tools `server__tool` (default false). */
  prefixToolNameWithServerName?: boolean;
  /** Put `prefix__` before every tool name (default ""). */
  additionalToolNamePrefix?: string;
  /** LangChain standard content blocks for tool output (default false: legacy shapes). */
  useStandardContentBlocks?: boolean;
  /** A server that fails to connect: throw (default), skip it, or skip it and tell this function. */
  onConnectionError?: "throw" | "ignore" | ConnectionErrorHandler;
  beforeToolCall?: BeforeToolCall;
  afterToolCall?: CompatAfterToolCall;
  /**
   * Not in the peer: a tool result with `isError: true` (and a drift guard refusal) comes back as
   * a ToolMessage with status "error" (true) or throws (false, default, as the peer does).
   */
  handleToolErrors?: boolean;
  /**
   * Not in the peer: the snapshot written by `mcp-codegen generate` (its path or its parsed
   * JSON). With it, the drift guard compares each listed server with its snapshot entry.
   */
  snapshot?: string | { servers: Record<string, unknown> };
  /** Drift guard policy when `snapshot` is given (default "warn"). */
  driftGuard?: DriftGuardPolicy;
  /** Runtime callbacks (`onDrift`, `onElicitation`, …); each wins over the peer option of the same event. */
  callbacks?: RuntimeCallbacks;
}

export interface ClientConfig extends ClientOptions {
  mcpServers: Record<string, Connection>;
}

/** What the compat client needs to build one server's tools. */
export interface ServerToolSettings {
  readonly routes: OutputRoutes;
  readonly timeout: number | undefined;
}

export interface CompatSetup {
  readonly options: ClientOptions;
  /** The connections as given, by server. */
  readonly connections: Record<string, Connection>;
  readonly servers: Record<string, RuntimeServerConfig>;
  readonly tools: Record<string, ServerToolSettings>;
}

export function parseClientConfig(config: ClientConfig | Record<string, Connection>): CompatSetup {
  if (typeof config !== "object" || config === null) throw new ConfigError("MultiServerMCPClient", "expected a configuration object");
  const { mcpServers, ...options } = "mcpServers" in config ? (config as ClientConfig) : { mcpServers: config as Record<string, Connection> };
  const names = Object.keys(mcpServers ?? {});
  if (names.length === 0) throw new ConfigError("MultiServerMCPClient", "no MCP servers provided (mcpServers is empty)");
  checkTimeout("MultiServerMCPClient", options.defaultToolTimeout);
  checkOutputHandling("MultiServerMCPClient", options.outputHandling);
  checkProtocol("MultiServerMCPClient", options.protocol);
  const servers: Record<string, RuntimeServerConfig> = {};
  const tools: Record<string, ServerToolSettings> = {};
  for (const name of names) {
    const connection = mcpServers[name]!;
    checkTimeout(name, connection.defaultToolTimeout);
    checkOutputHandling(name, connection.outputHandling);
    servers[name] = toRuntimeServer(name, connection);
    tools[name] = {
      routes: outputRoutes(options.outputHandling, connection.outputHandling),
      timeout: connection.defaultToolTimeout ?? options.defaultToolTimeout,
    };
  }
  return { options, connections: mcpServers, servers, tools };
}

function checkTimeout(where: string, timeout: number | undefined): void {
  if (timeout !== undefined && !(typeof timeout === "number" && timeout > 0)) {
    throw new ConfigError(where, `defaultToolTimeout must be a number of milliseconds greater than 0 (got ${JSON.stringify(timeout)})`);
  }
}

function checkOutputHandling(where: string, value: unknown): void {
  const problem = value === undefined ? undefined : outputHandlingProblem(value);
  if (problem) throw new ConfigError(where, `outputHandling${problem.path}: ${problem.message}`);
}

function toRuntimeServer(name: string, connection: Connection): RuntimeServerConfig {
  if (typeof connection !== "object" || connection === null) throw new ConfigError(name, "expected a connection object");
  const server = toRuntimeConnection(name, connection);
  checkProtocol(name, connection.protocol);
  return {
    ...server,
    ...(connection.protocol !== undefined ? { protocol: connection.protocol } : {}),
    ...(connection.maxInputRounds !== undefined ? { maxInputRounds: connection.maxInputRounds } : {}),
  };
}

export function checkProtocol(where: string, protocol: unknown): void {
  if (protocol !== undefined && !PROTOCOL_SELECTIONS.includes(protocol as ProtocolSelection)) {
    throw new ConfigError(where, `protocol must be one of ${PROTOCOL_SELECTIONS.map((value) => JSON.stringify(value)).join(", ")} (got ${JSON.stringify(protocol)})`);
  }
}

function toRuntimeConnection(name: string, connection: Connection): RuntimeServerConfig {
  const declared = connection.transport ?? connection.type;
  if (declared === "stdio" || (declared === undefined && "command" in connection && typeof connection.command === "string")) {
    return stdioServer(name, connection as StdioConnection);
  }
  if (declared === "http" || declared === "sse" || (declared === undefined && "url" in connection && typeof connection.url === "string")) {
    return httpServer(connection as HttpConnection, declared === "sse" ? "sse" : "http");
  }
  throw new ConfigError(name, `cannot tell the transport: give "command" (stdio) or "url" (http, sse), or set "transport" (got ${JSON.stringify(declared)})`);
}

function stdioServer(name: string, connection: StdioConnection): RuntimeServerConfig {
  if (typeof connection.command !== "string" || connection.command === "") throw new ConfigError(name, `"command" must be a non-empty string`);
  const stderr = connection.stderr === "overlapped" ? "pipe" : (connection.stderr ?? "inherit");
  const reconnect = retries(connection.restart);
  return {
    transport: "stdio",
    command: connection.command,
    ...(connection.args !== undefined ? { args: connection.args } : {}),
    ...(connection.env !== undefined ? { env: connection.env } : {}),
    ...(connection.cwd !== undefined ? { cwd: connection.cwd } : {}),
    stderr,
    ...(reconnect !== undefined ? { reconnect } : {}),
  };
}

function httpServer(connection: HttpConnection, transport: "http" | "sse"): RuntimeServerConfig {
  const reconnect = retries(connection.reconnect);
  return {
    transport,
    url: connection.url,
    ...(connection.headers !== undefined ? { headers: connection.headers } : {}),
    ...(connection.authProvider !== undefined ? { authProvider: connection.authProvider } : {}),
    ...(reconnect !== undefined ? { reconnect } : {}),
  };
}

/** The peer's restart / reconnect settings, mapped as codegen.config maps them (shared/peer-retry.ts). */
function retries(settings: RetrySettings | undefined): ReconnectOptions | undefined {
  if (settings === undefined) return undefined;
  const reconnect = peerRetryToReconnect(settings);
  return Object.keys(reconnect).length === 0 ? undefined : reconnect;
}
