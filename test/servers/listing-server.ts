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
 */
import { readFileSync, watch } from "node:fs";
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
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: (read().tools ?? []) as never[] }));
server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: (read().resources ?? []) as never[] }));
server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: (read().resourceTemplates ?? []) as never[] }));
server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: (read().prompts ?? []) as never[] }));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const result = read().results?.[request.params.name];
  const text = JSON.stringify(request.params.arguments ?? {});
  return result === undefined
    ? { content: [{ type: "text" as const, text }] }
    : { content: [{ type: "text" as const, text }], structuredContent: result as Record<string, unknown> };
});

if (flags.includes("--notify")) {
  const watcher = watch(listingFile, () => {
    server.sendToolListChanged().catch(() => undefined);
  });
  // The watcher would keep the process alive: end with the client's stdin like any stdio server.
  process.stdin.once("end", () => watcher.close());
}

await server.connect(new StdioServerTransport());
