/**
 * The MCP SDK, loaded when the first connection opens rather than when the runtime is imported:
 * the SDK client and its protocol schemas take longer to load than the whole rest of the
 * runtime, and an app that imports generated code should not pay that before it talks to a
 * server. Type imports of the SDK cost nothing; value imports of it belong in this module only.
 */
export type ClientSdk = typeof import("@modelcontextprotocol/client");
type StdioSdk = typeof import("@modelcontextprotocol/client/stdio");
export type SchemaSdk = typeof import("@modelcontextprotocol/core");
export type SkillsSdk = typeof import("@modelcontextprotocol/client/ext/skills");

let clientLoading: Promise<ClientSdk> | undefined;
let loadedClient: ClientSdk | undefined;
let stdioLoading: Promise<StdioSdk> | undefined;
let schemaLoading: Promise<SchemaSdk> | undefined;
let skillsLoading: Promise<SkillsSdk> | undefined;

/**
 * The SDK client: `Client`, the HTTP transports, OAuth helpers, error classes.
 *
 * Imported a microtask later, never inside the call: on Node 22+ `import()` of files can read,
 * compile and link the whole module graph before it returns (~100 ms for the SDK), and a capture
 * asks for the SDK in the same synchronous run that spawns its stdio servers (early-child.ts).
 * Deferred, every server of that run is spawned first and starts while the SDK loads, as on Node 20.
 */
export function loadClientSdk(): Promise<ClientSdk> {
  clientLoading ??= Promise.resolve()
    .then(() => import("@modelcontextprotocol/client"))
    .then((sdk) => (loadedClient = sdk));
  return clientLoading;
}

/** The stdio transport (and the child-process spawning it needs), for stdio servers only. */
export function loadStdioSdk(): Promise<StdioSdk> {
  stdioLoading ??= import("@modelcontextprotocol/client/stdio");
  return stdioLoading;
}

/** The protocol's zod schemas, for the methods the SDK client has no typed API for (tasks). */
export function loadSchemaSdk(): Promise<SchemaSdk> {
  schemaLoading ??= import("@modelcontextprotocol/core");
  return schemaLoading;
}

/** The Skills extension's client (SEP-2640), for servers that declare it only. */
export function loadSkillsSdk(): Promise<SkillsSdk> {
  skillsLoading ??= import("@modelcontextprotocol/client/ext/skills");
  return skillsLoading;
}

/**
 * The SDK client if something has loaded it. An error the SDK threw can only exist once it is
 * loaded, so error classification needs no await.
 */
export function loadedClientSdk(): ClientSdk | undefined {
  return loadedClient;
}
