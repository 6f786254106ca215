import type { HttpServerConfig, OutputHandling, ServerOptions, SseServerConfig, StdioServerConfig } from "@mcp-codegen/runtime/internal";
import type { DriftConfig, InputTypesMode } from "./schema.js";

/** `MultiServerMCPClient`'s retry settings (stdio `restart`, HTTP `reconnect`). */
export interface PeerRetryOptions {
  enabled?: boolean;
  maxAttempts?: number;
  /** Wait between attempts, in ms. */
  delayMs?: number;
}

/** Re-opening a lost connection in the generated client. */
export interface ReconnectSetting {
  /** Attempts after the first immediate one; 0 = none. */
  retries?: number;
  /** Delay before the first retry, doubled for each next one. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/** Options of every entry, whatever its transport. */
export interface ServerEntryOptions extends ServerOptions {
  /** Re-opening a lost connection (also MultiServerMCPClient's `{ enabled, maxAttempts, delayMs }`). */
  reconnect?: ReconnectSetting | PeerRetryOptions;
  /** Request timeout (ms) of the generated client's calls to this server. */
  defaultToolTimeout?: number;
}

/**
 * `transport` may also be spelled `type` (VS Code, Claude Code, MultiServerMCPClient), or left
 * out: `command` means stdio, `url` streamable HTTP with SSE fallback.
 */
type Spelled<T extends { transport: string }> = Omit<T, "transport"> & ({ transport?: T["transport"]; type?: never } | { type?: T["transport"]; transport?: never });

/** One server entry, in the shape users already write. */
export type ServerEntry =
  | (Spelled<StdioServerConfig> & ServerEntryOptions & { /** MultiServerMCPClient's name for `reconnect` of a stdio server. */ restart?: PeerRetryOptions })
  | (Spelled<HttpServerConfig | SseServerConfig> & ServerEntryOptions & { /** `true` is the default; SSE-only: transport "sse". */ automaticSSEFallback?: true });

interface ConfigOptions {
  /** Where generated modules go, relative to the config file. Default `generated`. */
  outDir?: string;
  /** The committed snapshot file, relative to the config file. Default `<outDir>/mcp-snapshot.json`. */
  snapshot?: string;
  /** Default per-server timeout (ms) for connect, initialise and listing. Default 30 000. */
  timeout?: number;
  /** Default request timeout (ms) of every server's calls (MultiServerMCPClient's option). */
  defaultToolTimeout?: number;
  /**
   * LangChain tools of every server (MultiServerMCPClient's option): `"content"` / `"artifact"` for
   * every MCP block type, or per type (`{ image: "artifact" }`; types left out: embedded
   * resources to the artifact, the rest to the content). A server's own value wins, type by type.
   * Absent everywhere: every block goes to the model.
   */
  outputHandling?: OutputHandling;
  /** Drift rules: re-levelled rules and accepted changes for `check`. */
  drift?: DriftConfig;
  /**
   * Generated types. `additionalProperties: "closed"` (default): an input object whose schema
   * leaves `additionalProperties` unset gets no index signature, so a misspelt key is a compile
   * error (the Zod schema still lets extra keys through, as the JSON Schema does). `"schema"`:
   * such objects are open (`[k: string]: unknown`), as the JSON Schema reads. Output types always
   * follow the schema.
   */
  types?: { additionalProperties?: InputTypesMode };
}

/**
 * What `codegen.config.ts` exports. `servers` maps a key (the generated module and client
 * property) to how to connect; `mcpServers`, as in editor configs, is the same.
 */
export type CodegenConfig = ConfigOptions &
  ({ servers: Record<string, ServerEntry>; mcpServers?: never } | { mcpServers: Record<string, ServerEntry>; servers?: never });

/** Identity function that gives editors the config's types. */
export function defineConfig(config: CodegenConfig): CodegenConfig {
  return config;
}
