/**
 * `<outDir>/index.ts`: `createClient(options?)` with one property per server, `getTools()`
 * across all servers and `close()`.
 */
import { objectKey, stringLiteral } from "./text.js";
import type { TargetEmitter } from "./targets/index.js";

export interface IndexServer {
  key: string;
  property: string;
  typeStem: string;
  modelNames: readonly { tool: string; name: string }[];
}

export function renderIndexModule(servers: readonly IndexServer[], targets: readonly TargetEmitter[]): string {
  const needs = targets.flatMap((target) => target.index.imports(servers));
  const importLine = (need: { module: string; names: string[]; typeOnly: boolean }) => `import ${need.typeOnly ? "type " : ""}{ ${need.names.join(", ")} } from ${stringLiteral(need.module)};`;
  const runtimeNames = needs.filter((need) => need.module === "@mcp-codegen/runtime").flatMap((need) => need.names);
  const frameworkImports = needs.filter((need) => need.module !== "@mcp-codegen/runtime" && !need.module.startsWith("./"));
  const serverTypeImports = needs.filter((need) => need.module.startsWith("./"));
  const imports = servers.map(
    (server) =>
      `import { create${server.typeStem}Client, defaultConnection as ${server.property}Connection, type ${server.typeStem}Client } from ${stringLiteral(`./${server.key}/index.js`)};`,
  );
  const configEntries = servers.map((server) => `/** Connection (and runtime options) of the server ${server.key} (default: the connection in codegen.config). */\n${stringLiteral(server.key)}?: RuntimeServerConfig;`);
  const clientMembers = servers.map((server) => `readonly ${server.property}: ${server.typeStem}Client;`);
  const connections = servers.map((server) => `${objectKey(server.key)}: servers[${stringLiteral(server.key)}] ?? ${server.property}Connection,`);
  const clients = servers.map((server) => `${server.property}: create${server.typeStem}Client(runtime, ${stringLiteral(server.key)}),`);
  const runtimeImport = ["createRuntime", "mergeDriftReports", ...runtimeNames.filter((name) => !name.startsWith("type ")), "withAsyncDispose", "type AsyncDisposer", "type DriftReport", ...runtimeNames.filter((name) => name.startsWith("type ")), "type Runtime", "type RuntimeOptions", "type RuntimeServerConfig"];
  const head = [
    ...frameworkImports.filter((need) => need.module.startsWith("@langchain/")).map(importLine),
    `import { ${runtimeImport.join(", ")} } from "@mcp-codegen/runtime";`,
    ...frameworkImports.filter((need) => !need.module.startsWith("@langchain/")).map(importLine),
  ];
  const typeImports = serverTypeImports.map(importLine);
  const members = targets.flatMap((target) => target.index.members(servers)).map((line) => `  ${line}`);
  const implementation = targets.flatMap((target) => target.index.implementation(servers)).map((line) => `    ${line}`);
  return `${head.join("\n")}
${imports.join("\n")}
${typeImports.join("\n")}

/** Connections to use instead of the ones written in codegen.config, by server key. */
export interface ClientServers {
${configEntries.join("\n")}
}

export interface ClientOptions extends Omit<RuntimeOptions, "servers"> {
  servers?: ClientServers;
}

/**
 * A typed client for every server; \`await using\` closes it where the project's lib declares
 * \`Symbol.asyncDispose\` (esnext.disposable, @types/node).
 */
export type Client = ClientBase & AsyncDisposer;

export interface ClientBase {
${clientMembers.join("\n")}
  /** The runtime under the typed clients (dynamic calls, sessions). */
  readonly runtime: Runtime;
${members.join("\n")}
  /** Compare every live server with the snapshot: the same report as \`mcp-codegen check\`. */
  verify(): Promise<DriftReport>;
  /** Close every connection and end every server process. */
  close(): Promise<void>;
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
  const base: ClientBase = {
    ...clients,
    runtime,
${implementation.join("\n")}
    verify: async () => mergeDriftReports(await Promise.all(all.map((client) => client.verify()))),
    close: () => runtime.close(),
  };
  return withAsyncDispose(base, () => runtime.close());
}
`;
}
