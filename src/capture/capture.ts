/**
 * Stage `capture`: `ResolvedConfig` → raw listings per server. Servers are captured in
 * parallel, each under its own deadline; every connection is closed (every child process
 * ended) whether the capture succeeds or not.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Prompt, Resource, ResourceTemplate, Tool } from "@modelcontextprotocol/sdk/types.js";
import { CodegenError, errorMessage, redact, type Environment, McpRuntimeError, OpenFailure, collectPages, LoginRequiredError } from "@mcp-codegen/runtime/internal";
import type { ResolvedConfig, ResolvedServer } from "../config/load.js";
import { openForCapture, resolveForCapture, UNBOUNDED, withStoredLogin } from "./connect.js";

export interface RawServerListing {
  protocolVersion: string;
  serverInfo: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  instructions?: string;
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
}

export interface RawCapture {
  servers: Record<string, RawServerListing>;
}

export interface CaptureOptions {
  env?: Environment;
  /** Only these servers (default all). */
  only?: readonly string[];
}

export async function captureServers(config: ResolvedConfig, options: CaptureOptions = {}): Promise<RawCapture> {
  const env = options.env ?? process.env;
  const servers = config.servers.filter((server) => !options.only || options.only.includes(server.name));
  const settled = await Promise.allSettled(servers.map((server) => captureOne(server, config, env)));
  const failure = settled.find((result) => result.status === "rejected");
  if (failure) throw (failure as PromiseRejectedResult).reason;
  const out: RawCapture = { servers: {} };
  settled.forEach((result, index) => {
    const server = servers[index];
    if (server && result.status === "fulfilled") out.servers[server.name] = result.value;
  });
  return out;
}

async function captureOne(server: ResolvedServer, config: ResolvedConfig, env: Environment): Promise<RawServerListing> {
  const subject = `server "${server.name}"`;
  const timeout = server.config.timeout ?? config.timeout;
  const resolved = withStoredLogin(server.name, resolveForCapture(server.name, server.config, env, config.rootDir));
  let client: Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CodegenError("server", `no answer within ${timeout} ms`, { subject })), timeout);
  });
  try {
    const work = (async () => {
      const opened = await openForCapture(resolved, (created) => (client = created));
      return listEverything(opened.client, opened.protocolVersion, server.name);
    })();
    work.catch(() => undefined); // the deadline may win; the loser's rejection is not unhandled
    return await Promise.race([work, deadline]);
  } catch (error) {
    if (error instanceof CodegenError) throw error;
    if (error instanceof LoginRequiredError) {
      throw new CodegenError("server", `login required: run \`mcp-codegen login ${server.name}\` (no valid stored login for its OAuth authorization)`, { subject, cause: error });
    }
    const tail = error instanceof OpenFailure ? error.stderr : "";
    const message = error instanceof McpRuntimeError ? error.detail : errorMessage(error);
    const detail = tail ? `${message} (stderr: ${tail})` : message;
    throw new CodegenError("server", redact(`cannot capture: ${detail}`, resolved.secrets), { subject });
  } finally {
    clearTimeout(timer);
    await client?.close().catch(() => undefined);
  }
}

type Listed = Tool | Resource | ResourceTemplate | Prompt;

/** Each list request, the capability that offers it, and where its items are in a page. */
const LISTINGS: readonly {
  key: "tools" | "resources" | "resourceTemplates" | "prompts";
  capability: string;
  method: string;
  fetch: (client: Client, cursor: string | undefined) => Promise<{ items: Listed[]; nextCursor?: string | undefined }>;
}[] = [
  {
    key: "tools",
    capability: "tools",
    method: "tools/list",
    fetch: async (client, cursor) => {
      const page = await client.listTools(cursor ? { cursor } : {}, UNBOUNDED);
      return { items: page.tools, nextCursor: page.nextCursor };
    },
  },
  {
    key: "resources",
    capability: "resources",
    method: "resources/list",
    fetch: async (client, cursor) => {
      const page = await client.listResources(cursor ? { cursor } : {}, UNBOUNDED);
      return { items: page.resources, nextCursor: page.nextCursor };
    },
  },
  {
    key: "resourceTemplates",
    capability: "resources",
    method: "resources/templates/list",
    fetch: async (client, cursor) => {
      const page = await client.listResourceTemplates(cursor ? { cursor } : {}, UNBOUNDED);
      return { items: page.resourceTemplates, nextCursor: page.nextCursor };
    },
  },
  {
    key: "prompts",
    capability: "prompts",
    method: "prompts/list",
    fetch: async (client, cursor) => {
      const page = await client.listPrompts(cursor ? { cursor } : {}, UNBOUNDED);
      return { items: page.prompts, nextCursor: page.nextCursor };
    },
  },
];

async function listEverything(
  client: Client,
  protocolVersion: string | undefined,
  server: string,
): Promise<RawServerListing> {
  const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
  const lists = await Promise.all(
    LISTINGS.map((listing) =>
      capabilities[listing.capability] === undefined
        ? []
        : collectPages(server, listing.method, (cursor) => listing.fetch(client, cursor)),
    ),
  );
  const byKey = Object.fromEntries(LISTINGS.map((listing, index) => [listing.key, lists[index] ?? []]));
  const instructions = client.getInstructions();
  return {
    protocolVersion: protocolVersion ?? "unknown",
    serverInfo: (client.getServerVersion() ?? {}) as Record<string, unknown>,
    capabilities,
    ...(instructions === undefined ? {} : { instructions }),
    tools: byKey["tools"] as Tool[],
    resources: byKey["resources"] as Resource[],
    resourceTemplates: byKey["resourceTemplates"] as ResourceTemplate[],
    prompts: byKey["prompts"] as Prompt[],
  };
}
