/**
 * `<outDir>/index.ts`: `createClient(options?)` with one property per server, `getTools()`
 * across all servers and `close()`.
 */
import { stringLiteral } from "./text.js";

export interface IndexServer {
  key: string;
  property: string;
  typeStem: string;
}

export function renderIndexModule(servers: readonly IndexServer[]): string {
  const imports = servers.map(
    (server) =>
      `import { create${server.typeStem}Client, defaultConnection as ${server.property}Connection, type ${server.typeStem}Client } from ${stringLiteral(`./${server.key}/index.js`)};`,
  );
  const configEntries = servers.map((server) => `/** Connection (and runtime options) of the server ${server.key} (default: the connection in codegen.config). */\n${stringLiteral(server.key)}?: RuntimeServerConfig;`);
  const clientMembers = servers.map((server) => `readonly ${server.property}: ${server.typeStem}Client;`);
  const connections = servers.map((server) => `${stringLiteral(server.key)}: servers[${stringLiteral(server.key)}] ?? ${server.property}Connection,`);
  const clients = servers.map((server) => `${server.property}: create${server.typeStem}Client(runtime, ${stringLiteral(server.key)}),`);
  return `import type { DynamicStructuredTool } from "@langchain/core/tools";
import { createRuntime, mergeDriftReports, uniqueToolNames, type DriftReport, type LangChainToolOptions, type Runtime, type RuntimeOptions, type RuntimeServerConfig } from "@mcp-codegen/runtime";
${imports.join("\n")}

/** Connections to use instead of the ones written in codegen.config, by server key. */
export interface ClientServers {
${configEntries.join("\n")}
}

export interface ClientOptions extends Omit<RuntimeOptions, "servers"> {
  servers?: ClientServers;
}

export interface Client {
${clientMembers.join("\n")}
  /** The runtime under the typed clients (dynamic calls, sessions). */
  readonly runtime: Runtime;
  /** LangChain tools of every server; names shared across servers get their \`server__\` prefix. */
  getTools(options?: LangChainToolOptions): Promise<DynamicStructuredTool[]>;
  /** Compare every live server with the snapshot: the same report as \`mcp-codegen check\`. */
  verify(): Promise<DriftReport>;
  /** Close every connection and end every server process. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A typed client for every server of codegen.config, connected lazily on first use. */
export function createClient(options: ClientOptions = {}): Client {
  const { servers = {}, ...runtimeOptions } = options;
  const runtime = createRuntime({
    ...runtimeOptions,
    servers: {
${connections.join("\n")}
    },
  });
  // One object: a server's property never becomes a local name (it may be \`delete\` or \`options\`).
  const clients = {
${clients.join("\n")}
  };
  const all = Object.values(clients);
  return {
    ...clients,
    runtime,
    getTools: async (toolOptions) => uniqueToolNames((await Promise.all(all.map((client) => client.getTools(toolOptions)))).flat()),
    verify: async () => mergeDriftReports(await Promise.all(all.map((client) => client.verify()))),
    close: () => runtime.close(),
    [Symbol.asyncDispose]: () => runtime.close(),
  };
}
`;
}
