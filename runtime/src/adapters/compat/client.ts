/**
 * `MultiServerMCPClient` with the constructor, methods and options of `@langchain/mcp-adapters`
 * 1.x, built on `createRuntime`: code written for the peer runs with only its import changed,
 * and gains the runtime's connections (lazy, shared, bounded reconnects, no stray children),
 * typed errors and, given the generated snapshot, the drift guard.
 */
import type { Client, LoggingLevel } from "@modelcontextprotocol/client";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import { ConfigError } from "../../shared/errors.js";
import { runtimeInternals, type Runtime } from "../../calls/runtime-api.js";
import { createRuntime } from "../create-runtime.js";
import { parseClientConfig, type ClientConfig, type Connection, type CompatSetup } from "./config.js";
import { notificationCallbacks } from "./notifications.js";
import { guardFromSnapshot } from "./snapshot-guard.js";
import { compatTools } from "./tools.js";

/** Extra connection options for `getTools(servers, options)` and the other listing methods. */
export interface CustomHTTPTransportOptions {
  /** Sent with every call of the tools returned (HTTP and SSE servers). */
  headers?: Record<string, string>;
  /** Not supported per call here: set `authProvider` on the server's entry instead. */
  authProvider?: unknown;
}

/** A resource as the peer lists it (`name` is the title when there is one). */
export interface MCPResource {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}

export interface MCPResourceTemplate {
  uriTemplate: string;
  name: string;
  description?: string;
  mimeType?: string;
}

/** One content item of a read resource: `text`, or `blob` in base64. */
export interface MCPResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export class MultiServerMCPClient {
  readonly #setup: CompatSetup;
  readonly #config: ClientConfig | Record<string, Connection>;
  #runtime: Runtime | undefined;
  /** Tools per connected server, made once per connection as the peer does. */
  #tools = new Map<string, DynamicStructuredTool[]>();
  /** Servers that failed under "ignore" (or a handler): not tried again until `close()`. */
  #failed = new Set<string>();

  constructor(config: ClientConfig | Record<string, Connection>) {
    this.#setup = parseClientConfig(config);
    this.#config = config;
  }

  /** A copy of the configuration given (functions and provider objects left out). */
  get config(): ClientConfig {
    const copy = JSON.parse(JSON.stringify(this.#config)) as ClientConfig | Record<string, Connection>;
    return "mcpServers" in copy ? (copy as ClientConfig) : { mcpServers: copy as Record<string, Connection> };
  }

  /** The runtime under this client (typed errors, sessions, `callTool`, …). */
  get runtime(): Runtime {
    return this.#ensureRuntime();
  }

  /**
   * Connects to every server not yet connected and loads its tools. A server that fails:
   * `onConnectionError` "throw" (default) throws; "ignore" or a handler skips it.
   */
  async initializeConnections(options?: CustomHTTPTransportOptions): Promise<Record<string, DynamicStructuredTool[]>> {
    checkTransportOptions(options);
    const pending = Object.keys(this.#setup.servers).filter((server) => !this.#tools.has(server) && !this.#failed.has(server));
    // Connect in parallel; keep the tools in configuration order.
    const outcomes = await Promise.allSettled(pending.map((server) => this.#buildTools(server, undefined)));
    const onError = this.#setup.options.onConnectionError ?? "throw";
    for (const [index, outcome] of outcomes.entries()) {
      const server = pending[index]!;
      if (outcome.status === "fulfilled") {
        this.#tools.set(server, outcome.value);
        continue;
      }
      if (onError === "throw") throw outcome.reason;
      this.#failed.add(server);
      if (typeof onError === "function") onError({ serverName: server, error: outcome.reason });
    }
    return Object.fromEntries(this.#tools);
  }

  /** The tools of the given servers (all when none), connecting first. */
  getTools(...servers: string[]): Promise<DynamicStructuredTool[]>;
  getTools(servers: string[], options?: CustomHTTPTransportOptions): Promise<DynamicStructuredTool[]>;
  async getTools(...args: (string | string[] | CustomHTTPTransportOptions | undefined)[]): Promise<DynamicStructuredTool[]> {
    const { servers, options } = serversAndOptions(args);
    await this.initializeConnections(options);
    const chosen = servers.length > 0 ? servers : [...this.#tools.keys()];
    if (options?.headers === undefined) return chosen.flatMap((server) => this.#tools.get(server) ?? []);
    const withHeaders = await Promise.all(chosen.filter((server) => this.#tools.has(server)).map((server) => this.#buildTools(server, options.headers)));
    return withHeaders.flat();
  }

  /** The MCP SDK client of a server, connected; `undefined` for an unknown or failed server. */
  async getClient(serverName: string, options?: CustomHTTPTransportOptions): Promise<Client | undefined> {
    await this.initializeConnections(options);
    if (!this.#tools.has(serverName)) return undefined;
    return runtimeInternals(this.#ensureRuntime())!.connection(serverName).connect();
  }

  listResources(...servers: string[]): Promise<Record<string, MCPResource[]>>;
  listResources(servers: string[], options?: CustomHTTPTransportOptions): Promise<Record<string, MCPResource[]>>;
  async listResources(...args: (string | string[] | CustomHTTPTransportOptions | undefined)[]): Promise<Record<string, MCPResource[]>> {
    return this.#perServer(args, async (runtime, server) =>
      (await runtime.listResources(server)).map((resource) => ({
        uri: resource.uri,
        name: resource.title ?? resource.name,
        ...optional("description", resource.description),
        ...optional("mimeType", resource.mimeType),
      })),
    );
  }

  listResourceTemplates(...servers: string[]): Promise<Record<string, MCPResourceTemplate[]>>;
  listResourceTemplates(servers: string[], options?: CustomHTTPTransportOptions): Promise<Record<string, MCPResourceTemplate[]>>;
  async listResourceTemplates(...args: (string | string[] | CustomHTTPTransportOptions | undefined)[]): Promise<Record<string, MCPResourceTemplate[]>> {
    return this.#perServer(args, async (runtime, server) =>
      (await runtime.listResourceTemplates(server)).map((template) => ({
        uriTemplate: template.uriTemplate,
        name: template.title ?? template.name,
        ...optional("description", template.description),
        ...optional("mimeType", template.mimeType),
      })),
    );
  }

  async readResource(serverName: string, uri: string, options?: CustomHTTPTransportOptions): Promise<MCPResourceContent[]> {
    await this.initializeConnections(options);
    if (!this.#tools.has(serverName)) throw new ConfigError(serverName, "server not found or not connected");
    const contents = await this.#ensureRuntime().readResource(serverName, uri, options?.headers ? { headers: options.headers } : undefined);
    // A blob stays a blob (base64), even when the runtime also decoded it as text.
    return contents.map((content) => ({
      uri: content.uri,
      ...optional("mimeType", content.mimeType),
      ...(content.bytes === undefined ? optional("text", content.text) : { blob: Buffer.from(content.bytes).toString("base64") }),
    }));
  }

  /** `logging/setLevel` on every connected server, or on one. */
  setLoggingLevel(level: LoggingLevel): Promise<void>;
  setLoggingLevel(serverName: string, level: LoggingLevel): Promise<void>;
  async setLoggingLevel(first: string, second?: LoggingLevel): Promise<void> {
    const runtime = this.#ensureRuntime();
    if (second === undefined) {
      await Promise.all([...this.#tools.keys()].map((server) => runtime.setLoggingLevel(server, first as LoggingLevel)));
      return;
    }
    if (this.#tools.has(first)) await runtime.setLoggingLevel(first, second);
  }

  /** Closes every connection and ends every server process; the client can connect again later. */
  async close(): Promise<void> {
    const runtime = this.#runtime;
    this.#runtime = undefined;
    this.#tools = new Map();
    this.#failed = new Set();
    await runtime?.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #ensureRuntime(): Runtime {
    if (this.#runtime) return this.#runtime;
    const { options, servers, connections } = this.#setup;
    const runtime = createRuntime({
      servers,
      callbacks: notificationCallbacks(options, connections, options.callbacks),
      ...(options.driftGuard !== undefined ? { driftGuard: options.driftGuard } : {}),
      ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
      ...(options.maxInputRounds !== undefined ? { maxInputRounds: options.maxInputRounds } : {}),
    });
    if (options.snapshot !== undefined) guardFromSnapshot(runtime, options.snapshot, Object.keys(servers));
    this.#runtime = runtime;
    return runtime;
  }

  async #buildTools(server: string, headers: Record<string, string> | undefined): Promise<DynamicStructuredTool[]> {
    const runtime = this.#ensureRuntime();
    const { options, tools } = this.#setup;
    const listed = await runtime.listTools(server);
    const prefix = `${options.additionalToolNamePrefix ? `${options.additionalToolNamePrefix}__` : ""}${options.prefixToolNameWithServerName ? `${server}__` : ""}`;
    return compatTools(runtime, listed, {
      server,
      namePrefix: prefix,
      routes: tools[server]!.routes,
      standardBlocks: options.useStandardContentBlocks ?? false,
      timeout: tools[server]!.timeout,
      handleToolErrors: options.handleToolErrors ?? false,
      throwOnLoadError: options.throwOnLoadError ?? true,
      headers,
      beforeToolCall: options.beforeToolCall,
      afterToolCall: options.afterToolCall,
    });
  }

  /** Runs `list` on each chosen connected server; a server whose listing fails gets `[]`, as in the peer. */
  async #perServer<T>(
    args: (string | string[] | CustomHTTPTransportOptions | undefined)[],
    list: (runtime: Runtime, server: string) => Promise<T[]>,
  ): Promise<Record<string, T[]>> {
    const { servers, options } = serversAndOptions(args);
    await this.initializeConnections(options);
    const chosen = (servers.length > 0 ? servers : Object.keys(this.#setup.servers)).filter((server) => this.#tools.has(server));
    const runtime = this.#ensureRuntime();
    const lists = await Promise.all(chosen.map((server) => list(runtime, server).catch(() => [] as T[])));
    return Object.fromEntries(chosen.map((server, index) => [server, lists[index]!]));
  }
}

/** `(...servers)` or `(servers[], options)`, as the peer's listing methods take them. */
function serversAndOptions(args: (string | string[] | CustomHTTPTransportOptions | undefined)[]): { servers: string[]; options: CustomHTTPTransportOptions | undefined } {
  if (args.every((arg) => typeof arg === "string")) return { servers: args as string[], options: undefined };
  const [servers, options] = args as [string[] | undefined, CustomHTTPTransportOptions | undefined];
  return { servers: servers ?? [], options };
}

function checkTransportOptions(options: CustomHTTPTransportOptions | undefined): void {
  if (options?.authProvider !== undefined) {
    throw new ConfigError("MultiServerMCPClient", "an authProvider per call is not supported: set authProvider on the server's entry in mcpServers");
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
