/**
 * Test MCP server (stdio) whose whole listing comes from a JSON file, re-read on every list
 * request: tests mutate the file between a snapshot and a check. Usage:
 *
 *   node listing-server.js <listing.json> [--notify]
 *
 * The file holds `{ protocolVersion?, serverInfo?, capabilities?, instructions?, tools?,
 * resources?, resourceTemplates?, prompts?, results? }`. `initialize` answers with the file's
 * protocol version, serverInfo, capabilities and instructions (read at that moment). A tool
 * call answers with `results[<tool>]` as structured content (when given) and echoes its
 * arguments as text. With `--notify` the server sends `notifications/tools/list_changed`
 * whenever the file changes.
 *
 * `resources/read` answers with `texts[<uri>]` as text content; any other URI gets the 2025
 * revisions' resource-not-found error, -32002, with `data: { uri }` as the spec's example has it
 * (without `data` when `bareNotFound` is set: the code alone, as some servers send it).
 *
 * `paging` makes every list answer in pages of `pageSize` items (cursors are opaque offsets)
 * and can make a list misbehave: `repeatCursor` lists answer every page after the first with
 * the cursor they were asked for (a cursor loop), `endless` lists always offer a next page
 * (empty once the items run out), and `crashAt` makes the process exit with code 3 when the
 * given page (1-based) of the given list is asked for.
 *
 * `fail` makes a list not answer, as servers that advertise a capability they do not serve
 * do: a number is answered as that JSON-RPC error code (-32601, -32603, …), `"hang"` never
 * answers, `"malformed"` answers a page whose items are not a list.
 *
 * `exitBeforeInitialize` makes the process exit with code 4 on a request that comes before
 * `initialize` (read at start). With `LISTING_START_LOG` set, each start appends the process id
 * to that file (tests count server starts).
 */
import { appendFileSync, readFileSync, watch } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

interface ListingFile {
  protocolVersion?: string;
  serverInfo?: { name: string; version: string };
  capabilities?: Record<string, unknown>;
  instructions?: string;
  tools?: unknown[];
  resources?: unknown[];
  resourceTemplates?: unknown[];
  prompts?: unknown[];
  results?: Record<string, unknown>;
  texts?: Record<string, string>;
  bareNotFound?: boolean;
  paging?: Paging;
  fail?: Partial<Record<ListKey, number | "hang" | "malformed">>;
  exitBeforeInitialize?: boolean;
}

type ListKey = "tools" | "resources" | "resourceTemplates" | "prompts";

interface Paging {
  pageSize: number;
  repeatCursor?: ListKey[];
  endless?: ListKey[];
  crashAt?: { list: ListKey; page: number };
}

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  process.stderr.write("usage: listing-server <listing.json> [--notify]\n");
  process.exit(2);
}
const listingFile: string = file;

function read(): ListingFile {
  return JSON.parse(readFileSync(listingFile, "utf8")) as ListingFile;
}

// Every capability is declared to the SDK so that every handler can be registered; what the
// client is told comes from the file (see the initialize handler below).
const server = new Server(
  { name: "listing-server", version: "0" },
  { capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} } },
);

server.setRequestHandler(InitializeRequestSchema, () => {
  const listing = read();
  return {
    protocolVersion: listing.protocolVersion ?? LATEST_PROTOCOL_VERSION,
    capabilities: listing.capabilities ?? { tools: {} },
    serverInfo: listing.serverInfo ?? { name: "listing-server", version: "1.0.0" },
    ...(listing.instructions === undefined ? {} : { instructions: listing.instructions }),
  };
});
/** One page of a list (the whole list without `paging`): `{ [list]: items, nextCursor? }`. */
function page(list: ListKey, cursor: string | undefined): never {
  const listing = read();
  const failure = listing.fail?.[list];
  if (typeof failure === "number") throw new McpError(failure, failure === -32601 ? "Method not found" : `${list} cannot be listed`);
  if (failure === "hang") return new Promise(() => undefined) as never;
  if (failure === "malformed") return { [list]: "not a list" } as never;
  const items = listing[list] ?? [];
  const paging = listing.paging;
  if (!paging) return { [list]: items } as never;
  const offset = cursor === undefined ? 0 : Number(cursor.slice(cursor.indexOf(":") + 1));
  if (paging.crashAt?.list === list && paging.crashAt.page === offset / paging.pageSize + 1) {
    process.stderr.write(`listing-server: crashing on page ${paging.crashAt.page} of ${list}\n`);
    process.exit(3);
  }
  const next = offset + paging.pageSize;
  const more = next < items.length || paging.endless?.includes(list) === true;
  const nextCursor = cursor !== undefined && paging.repeatCursor?.includes(list) ? cursor : more ? `${list}:${next}` : undefined;
  return { [list]: items.slice(offset, next), ...(nextCursor === undefined ? {} : { nextCursor }) } as never;
}

server.setRequestHandler(ListToolsRequestSchema, (request) => page("tools", request.params?.cursor));
server.setRequestHandler(ListResourcesRequestSchema, (request) => page("resources", request.params?.cursor));
server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) => page("resourceTemplates", request.params?.cursor));
server.setRequestHandler(ListPromptsRequestSchema, (request) => page("prompts", request.params?.cursor));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const result = read().results?.[request.params.name];
  const text = JSON.stringify(request.params.arguments ?? {});
  return result === undefined
    ? { content: [{ type: "text" as const, text }] }
    : { content: [{ type: "text" as const, text }], structuredContent: result as Record<string, unknown> };
});

/** "Resource not found" in the 2025 revisions (2026-07-28 uses -32602 with `data.uri`). */
const RESOURCE_NOT_FOUND = -32002;

server.setRequestHandler(ReadResourceRequestSchema, (request) => {
  const listing = read();
  const uri = request.params.uri;
  const text = listing.texts?.[uri];
  if (text === undefined) throw new McpError(RESOURCE_NOT_FOUND, "Resource not found", listing.bareNotFound ? undefined : { uri });
  return { contents: [{ uri, mimeType: "text/plain", text }] };
});

if (flags.includes("--notify")) {
  const watcher = watch(listingFile, () => {
    server.sendToolListChanged().catch(() => undefined);
  });
  // The watcher would keep the process alive: end with the client's stdin like any stdio server.
  process.stdin.once("end", () => watcher.close());
}

const startLog = process.env["LISTING_START_LOG"];
if (startLog) appendFileSync(startLog, `${process.pid}\n`);
const transport = new StdioServerTransport();
await server.connect(transport);
if (read().exitBeforeInitialize) exitOnRequestBeforeInitialize(transport);

/** As servers on SDKs that end on any request before `initialize` do (the 2026 era's probe among them). */
function exitOnRequestBeforeInitialize(stdio: StdioServerTransport): void {
  const handle = stdio.onmessage;
  let initialized = false;
  stdio.onmessage = (message) => {
    const method = "method" in message ? message.method : undefined;
    if (!initialized && "id" in message && method !== "initialize") process.exit(4);
    if (method === "initialize") initialized = true;
    handle?.(message);
  };
}
