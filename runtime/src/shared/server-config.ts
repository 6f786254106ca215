/**
 * Server connection settings, in the shape users already write for `MultiServerMCPClient`.
 * Shared by the generator (config file) and the runtime (generated defaults, user overrides).
 */
import type { AuthConfig } from "./auth-config.js";
import type { OutputHandling } from "./output-handling.js";
import type { ProtocolSelection } from "./protocol.js";

export interface StdioServerConfig {
  transport: "stdio";
  command: string;
  args?: string[];
  /** Merged over a safe default environment (PATH, HOME, …), never the whole parent env. */
  env?: Record<string, string>;
  /** The child's working folder; `${VAR}` placeholders are substituted first, then a relative result is resolved against `cwdBase`. */
  cwd?: string;
  /**
   * The folder a relative `cwd` (after substitution) is resolved against, and the working folder
   * when `cwd` is absent. Default: the process's working folder. Generated connections set it to
   * the config file's folder, so generate and run time start the server in the same folder.
   */
  cwdBase?: string;
  /** What to do with the child's stderr: inherit it, drop it, or pipe it (readable on the connection). */
  stderr?: "inherit" | "ignore" | "pipe";
}

export interface HttpServerConfig {
  transport: "http" | "streamable_http" | "streamable-http";
  url: string;
  headers?: Record<string, string>;
  /** How the server authenticates: OAuth login, client credentials or a static bearer token. */
  auth?: AuthConfig;
}

export interface SseServerConfig {
  transport: "sse";
  url: string;
  headers?: Record<string, string>;
  auth?: AuthConfig;
}

export type ServerConnection = StdioServerConfig | HttpServerConfig | SseServerConfig;

/** Options that are not about how to connect, but about how to treat the server. */
export interface ServerOptions {
  /** Which MCP revision to speak: "auto" (default), "legacy" or "2026-07-28"; see `ProtocolSelection`. */
  protocol?: ProtocolSelection;
  /** Connect + initialise + list, in milliseconds (generator), or per-request timeout (runtime). */
  timeout?: number;
  /** Tool names (globs with `*`) to keep; all when absent. */
  include?: string[];
  /** Tool names (globs with `*`) to drop. */
  exclude?: string[];
  /** Generator only: cap on the JSON size of the whole listing, in bytes. */
  maxListingBytes?: number;
  /** Generator only: cap on the JSON nesting of one listed entity. */
  maxSchemaDepth?: number;
  /**
   * LangChain tools: which MCP block types of a result go to the ToolMessage's `content` (the
   * model sees them) and which to its `artifact` (`artifact.content`); see `OutputHandling`.
   * Absent here and at the runtime level: every block to the content.
   */
  outputHandling?: OutputHandling;
}

export type ServerConfig = ServerConnection & ServerOptions;

export function isHttpTransport(transport: string): transport is HttpServerConfig["transport"] {
  return transport === "http" || transport === "streamable_http" || transport === "streamable-http";
}
