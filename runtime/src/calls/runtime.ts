/**
 * The runtime: server connections by name and the dynamic MCP API on top of them. Generated
 * clients and the LangChain adapter are built on the same object.
 */
import { withoutCredentials } from "../shared/secret-registry.js";
import type {
  CallToolResult,
  Client,
  GetPromptResult,
  LoggingLevel,
  Prompt,
  RequestOptions,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Root,
  Tool,
} from "@modelcontextprotocol/client";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import { ConfigError, RuntimeClosedError } from "../shared/errors.js";
import {
  createToolCallRequest,
  expectToolResult,
  interceptorChain,
  runInterceptors,
  type InterceptorResult,
  type ToolCallContext,
  type ToolCallInterceptor,
  type ToolCallRequest,
} from "./interceptors.js";
import { ServerConnection } from "../connection/connection.js";
import { listAll } from "../connection/listing.js";
import { hooksInterceptor } from "./hooks.js";
import { withValidHeaders, X_MCP_HEADER } from "../shared/x-mcp-header.js";
import { getOwn, setOwn } from "../shared/own-property.js";
import type { RequestDefaults } from "../connection/request-options.js";
import { McpSession } from "./session.js";
import { RUNTIME_INTERNALS, type DriftCheck, type Runtime, type RuntimeInternals, type Session, type ToolsFromListings } from "./runtime-api.js";
import { toResourceContents } from "./resources.js";
import type { CallOptions, ResourceContent, RuntimeOptions, ToolDescriptor } from "../shared/types.js";
import { memoryOAuthStore } from "../connection/oauth/memory-store.js";
import type { SessionOptions } from "../connection/oauth/attach.js";
import { connectionChannel } from "./tasks/channel.js";
import { listTasks, resumeTask, runToolTask, startToolTask, type TaskLink } from "./tasks/run.js";
import type { TaskCallOptions, TaskHandle, TaskStartOptions, TaskStatus } from "./tasks/types.js";
import { withMissingCallbackHint } from "../shared/input-hints.js";

const DEFAULT_CLIENT_INFO = { name: "mcp-codegen", version: "0.1.0" };

/**
 * A runtime whose `getTools()` builds its tools with `toolsFromListings` (the adapters layer's
 * `createRuntime` passes LangChain's; without one, `getTools()` fails with a ConfigError).
 */
export function createCallsRuntime(options: RuntimeOptions, toolsFromListings?: ToolsFromListings): Runtime {
  return new McpRuntime(options, toolsFromListings);
}


interface ServerEntry {
  connection: ServerConnection;
  /** Timeouts (call > tool > server > runtime) and progress callback: the connection's. */
  defaults: RequestDefaults;
  /** Hooks, global then server interceptors; `undefined` when none, so calls skip the chain entirely. */
  interceptors: readonly ToolCallInterceptor[] | undefined;
  /** Set when a generated client registered its drift guard for this server. */
  driftCheck: DriftCheck | undefined;
  /** Made on the first task operation. */
  taskLink?: TaskLink;
  /** Tool definitions of the generated client, by raw name (see `RuntimeInternals.knowTool`). */
  definitions: Map<string, Tool>;
}

class McpRuntime implements Runtime {
  readonly #servers = new Map<string, ServerEntry>();
  /** Open explicit sessions: closed with the runtime. */
  readonly #sessions = new Set<McpSession>();
  readonly #handleToolErrors: boolean;
  readonly #warn: (message: string) => void;
  #closed = false;
  readonly [RUNTIME_INTERNALS]: RuntimeInternals;

  readonly #toolsFromListings: ToolsFromListings | undefined;

  constructor(given: RuntimeOptions, toolsFromListings: ToolsFromListings | undefined) {
    this.#toolsFromListings = toolsFromListings;
    // One token store for the runtime and its sessions (they are built from these options).
    const options: RuntimeOptions = { ...given, oauth: { ...given.oauth, store: given.oauth?.store ?? memoryOAuthStore() } };
    const oauth = options.oauth as SessionOptions;
    const env = options.env ?? process.env;
    const identity = options.clientInfo ?? DEFAULT_CLIENT_INFO;
    const hooks = hooksInterceptor(options);
    const global = hooks ? [hooks, ...(options.interceptors ?? [])] : options.interceptors;
    const warn = options.onWarning ?? ((message: string) => console.warn(message));
    for (const [server, config] of Object.entries(options.servers)) {
      // The connection keeps the whole config (a `session()` copies it, interceptors included).
      const connection = new ServerConnection(server, config, { env, identity, runtime: options, oauth, warn });
      this.#servers.set(server, {
        connection,
        defaults: connection.defaults,
        interceptors: interceptorChain(global, config.interceptors),
        driftCheck: undefined,
        definitions: new Map(),
      });
    }
    this.#handleToolErrors = options.handleToolErrors ?? true;
    const self = this;
    this[RUNTIME_INTERNALS] = {
      handleToolErrors: this.#handleToolErrors,
      prefixToolNames: options.prefixToolNames ?? false,
      outputPolicy: { onOutputMismatch: options.onOutputMismatch ?? "error", warn },
      options,
      connection: (server) => self.#entry(server).connection,
      callToolInContext: (server, name, args, callOptions, context) => {
        const entry = self.#entry(server);
        if (entry.interceptors === undefined) return self.#send(entry, server, name, args, callOptions);
        return self.#intercepted(entry, server, name, args, callOptions, context());
      },
      setDriftCheck: (server, check) => {
        // A client made for a key this runtime does not serve fails on its first call instead.
        const entry = self.#servers.get(server);
        if (entry) entry.driftCheck = check;
      },
      callToolAsTask: (server, name, args, callOptions, context) => {
        const entry = self.#entry(server);
        const link = self.#taskLink(entry);
        // Like a plain call's #send: the drift guard's verdict on the tool sent comes first.
        const run = async (final: string, finalArgs: Record<string, unknown>, finalOptions: TaskCallOptions | undefined) => {
          await entry.driftCheck?.(final);
          return runToolTask(link, { name: final }, finalArgs, finalOptions);
        };
        if (entry.interceptors === undefined) return run(name, args, callOptions);
        return self.#intercepted(entry, server, name, args, callOptions, context?.(), run);
      },
      taskLink: (server) => self.#taskLink(self.#entry(server)),
      knowTool: (server, tool) => {
        const entry = self.#servers.get(server);
        if (entry && !entry.definitions.has(tool.name)) entry.definitions.set(tool.name, wireDefinition(tool));
      },
    };
    this.#warn = warn;
  }

  async callTool(server: string, name: string, args: Record<string, unknown> = {}, options?: CallOptions): Promise<CallToolResult> {
    const entry = this.#entry(server);
    if (entry.interceptors === undefined) return this.#send(entry, server, name, args, options);
    return expectToolResult(await this.#intercepted(entry, server, name, args, options, undefined), server, name);
  }

  /**
   * Runs the interceptor chain; at its centre the (possibly overridden) request goes on the
   * wire: a plain `tools/call`, or `send` (a task run to its end).
   */
  #intercepted<C extends CallOptions>(
    entry: ServerEntry,
    server: string,
    name: string,
    args: Record<string, unknown>,
    options: C | undefined,
    context: ToolCallContext | undefined,
    send?: (name: string, args: Record<string, unknown>, options: C | undefined) => Promise<CallToolResult>,
  ): Promise<InterceptorResult> {
    const request = createToolCallRequest(server, name, args, options?.headers, context);
    return runInterceptors(entry.interceptors ?? [], request, (final: ToolCallRequest) => {
      // The final headers include the call's own (they seeded the first request).
      const callOptions = Object.keys(final.headers).length === 0 ? options : ({ ...options, headers: { ...final.headers } } as C);
      const finalArgs = final.args as Record<string, unknown>;
      return send ? send(final.name, finalArgs, callOptions) : this.#send(entry, server, final.name, finalArgs, callOptions);
    });
  }

  #taskLink(entry: ServerEntry): TaskLink {
    entry.taskLink ??= { connection: entry.connection, channel: connectionChannel(entry.connection, this[RUNTIME_INTERNALS].outputPolicy) };
    return entry.taskLink;
  }

  startTask(server: string, name: string, args: Record<string, unknown> = {}, options?: TaskStartOptions): Promise<TaskHandle> {
    return startToolTask(this.#taskLink(this.#entry(server)), { name }, args, options);
  }

  resumeTask(server: string, taskId: string): Promise<TaskHandle> {
    return resumeTask(this.#taskLink(this.#entry(server)), taskId);
  }

  listTasks(server: string): Promise<TaskStatus[]> {
    return listTasks(this.#taskLink(this.#entry(server)));
  }

  /** One `tools/call` on the wire, no interceptors; after the drift guard's verdict on the tool sent. */
  #send(entry: ServerEntry, _server: string, name: string, args: Record<string, unknown>, options: CallOptions | undefined): Promise<CallToolResult> {
    const params = { name, arguments: args };
    // The SDK's callTool mirrors `x-mcp-header` parameters into headers and answers input rounds.
    const definition = entry.definitions.get(name);
    const connection = entry.connection;
    // A tool error saying this client cannot answer the server's request for input names the option to set.
    const send = async (client: Client, requestOptions: RequestOptions | undefined) =>
      withMissingCallbackHint((await client.callTool(params, definition ? { ...requestOptions, toolDefinition: definition } : requestOptions)) as CallToolResult, (capability) =>
        connection.declares(capability),
      );
    const check = entry.driftCheck;
    if (check === undefined || check.passes?.(name)) return entry.connection.run(send, entry.defaults.forTool(name, options), name, options);
    // The guard's check (which may have to connect first) runs within the call's own bounds.
    return entry.connection.runAfter((gaveUp) => check(name, gaveUp), send, entry.defaults.forTool(name, options), name, options);
  }

  /**
   * Every item of each list as the server sent it (`listAll`: on a 2026-07-28 connection a result
   * still fresh by its `ttlMs` comes from the SDK's response cache); tools with invalid
   * `x-mcp-header` declarations are left out.
   */
  async listTools(server: string, bounds?: Pick<CallOptions, "timeout" | "signal">): Promise<Tool[]> {
    const tools = await this.#list(
      server,
      "tools",
      (client, options) => listAll<Tool>(client, server, "tools/list", options),
      bounds,
    );
    return withValidHeaders(tools, (tool, reason) => this.#warn(`server "${server}": tool "${tool}" left out: ${reason}`));
  }

  listResources(server: string): Promise<Resource[]> {
    return this.#list(server, "resources", (client, options) => listAll<Resource>(client, server, "resources/list", options));
  }

  listResourceTemplates(server: string): Promise<ResourceTemplate[]> {
    return this.#list(server, "resources", (client, options) => listAll<ResourceTemplate>(client, server, "resources/templates/list", options));
  }

  listPrompts(server: string): Promise<Prompt[]> {
    return this.#list(server, "prompts", (client, options) => listAll<Prompt>(client, server, "prompts/list", options));
  }

  async readResource(server: string, uri: string, options?: CallOptions): Promise<ResourceContent[]> {
    const entry = this.#entry(server);
    const result = await entry.connection.run(
      (client, requestOptions) => client.readResource({ uri }, requestOptions),
      entry.defaults.forRequest(uri, options),
      uri,
      options,
      "resource",
    );
    return toResourceContents(result.contents);
  }

  async getPrompt(server: string, name: string, args?: Record<string, string>, options?: CallOptions): Promise<GetPromptResult> {
    const entry = this.#entry(server);
    const params = args === undefined ? { name } : { name, arguments: args };
    return entry.connection.run(
      (client, requestOptions) => client.getPrompt(params, requestOptions),
      entry.defaults.forRequest(name, options),
      name,
      options,
      "prompt",
    );
  }

  async getTools(...servers: string[]): Promise<DynamicStructuredTool[]> {
    if (this.#toolsFromListings === undefined) throw new ConfigError(servers[0] ?? "runtime", "getTools() needs a runtime made by createRuntime (with the LangChain adapter)");
    const names = servers.length > 0 ? servers : [...this.#servers.keys()];
    const listings = await Promise.all(names.map(async (server) => ({ server, tools: await this.listTools(server) })));
    return this.#toolsFromListings(this, listings);
  }

  session(server: string): Session {
    const config = this.#entry(server).connection.config;
    const runtime = new McpRuntime({ ...this[RUNTIME_INTERNALS].options, servers: { [server]: config } }, this.#toolsFromListings);
    const session = new McpSession(server, runtime, (ended) => this.#sessions.delete(ended));
    this.#sessions.add(session);
    return session;
  }

  setLoggingLevel(server: string, level: LoggingLevel): Promise<void> {
    return this.#entry(server).connection.setLoggingLevel(level);
  }

  async setRoots(roots: readonly Root[], server?: string): Promise<void> {
    const entries = server === undefined ? [...this.#servers.values()] : [this.#entry(server)];
    const sessions = [...this.#sessions].filter((session) => server === undefined || session.server === server);
    for (const entry of entries) entry.connection.roots.current = roots;
    await Promise.all([...entries.map((entry) => entry.connection.notifyRootsChanged()), ...sessions.map((session) => session.setRoots(roots))]);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const sessions = [...this.#sessions];
    this.#sessions.clear();
    await Promise.all([...this.#servers.values()].map((entry) => entry.connection.close()).concat(sessions.map((session) => session.close())));
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #entry(server: string): ServerEntry {
    const entry = this.#servers.get(server);
    if (entry) return entry;
    if (this.#closed) throw new RuntimeClosedError(server, "runtime is closed");
    throw new ConfigError(server, `unknown server (configured: ${[...this.#servers.keys()].join(", ") || "none"})`);
  }

  async #list<T>(
    server: string,
    capability: "tools" | "resources" | "prompts",
    list: (client: Client, options: RequestOptions | undefined) => Promise<T[]>,
    bounds?: Pick<CallOptions, "timeout" | "signal">,
  ): Promise<T[]> {
    const entry = this.#entry(server);
    // Every page on one connection (one request's worth for a stateless server). A server that
    // does not offer the list has none (asked, the SDK says so on stdout: not asked).
    const offered = (client: Client) => client.getServerCapabilities()?.[capability] !== undefined;
    const options = bounds === undefined ? entry.defaults.base : entry.defaults.forRequest(undefined, bounds);
    const items = await entry.connection.run((client, requestOptions) => (offered(client) ? list(client, requestOptions) : Promise.resolve([])), options, undefined, bounds);
    // A credential of this server's that it echoes in its listing reaches neither the drift guard's comparison nor a model.
    return withoutCredentials(items, entry.connection.credentials);
  }
}

/**
 * The definition the SDK's `callTool` needs for header mirroring: only the header-bearing
 * properties (no output schema: the generated Zod schema validates the result, under the
 * runtime's output policy). Built once per descriptor.
 */
function wireDefinition(tool: ToolDescriptor<unknown, unknown>): Tool {
  // Property names are server text (`__proto__` included): every level is a null-prototype object
  // written with own keys, so no name reaches or replaces a prototype.
  const properties = ownRecord();
  for (const parameter of tool.headers ?? []) {
    let at = properties;
    parameter.path.forEach((name, index) => {
      const last = index === parameter.path.length - 1;
      let node = getOwn(at, name) as Record<string, unknown> | undefined;
      if (node === undefined) {
        node = last ? ownRecord() : Object.assign(ownRecord(), { type: "object", properties: ownRecord() });
        setOwn(at, name, node);
      }
      if (last) {
        node["type"] = parameter.type;
        node[X_MCP_HEADER] = parameter.header;
      } else at = node["properties"] as Record<string, unknown>;
    });
  }
  return { name: tool.name, inputSchema: { type: "object", properties } } as Tool;
}

function ownRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}
