/**
 * The surface of the era test servers (test/servers/era-modern.ts, era-dual.ts), built on
 * `@modelcontextprotocol/server` 2.x: one factory serves both eras (the SDK calls it per
 * connection on stdio, per request over HTTP). Deterministic, so snapshots stay stable.
 *
 * - `add`: object input and output schemas.
 * - `square_root`: a non-object output schema (a number at the root, as 2026-07-28 allows).
 * - `distance`: an input schema with `$defs` / `$ref`, kept as sent.
 * - `confirm_order`: a multi round-trip tool: asks for a confirmation (elicitation) and checks
 *   that the `requestState` it minted comes back unchanged.
 * - `open_link`: asks for a URL-mode elicitation before answering.
 * - `ask_forever`: asks for input on every round (clients must give up after their cap).
 * - `regional_price`: a parameter mirrored into the `Mcp-Param-Region` header (`x-mcp-header`).
 * - `broken_header`: an invalid `x-mcp-header` (on an object property): clients leave it out.
 * - resources `era://readme`, template `era://items/{id}` (unknown ids: resource not found),
 *   prompt `greet`; resource `era://secret` and prompt `toned` ask for input first (multi round-trip).
 * - with `--mutable` only (see `configureSurface`): `add_tool` adds a tool at run time, so that
 *   clients are sent a tools list change.
 */
import { fromJsonSchema, inputRequired, acceptedContent, inputResponse, McpServer, ResourceNotFoundError, ResourceTemplate } from "@modelcontextprotocol/server";
import type { CallToolResult, McpRequestContext } from "@modelcontextprotocol/server";
import * as z from "zod";

const ITEMS: Record<string, string> = { apple: "A red fruit.", pear: "A green fruit." };
const PRICES: Record<string, number> = { eu: 3, us: 4 };

function structured(text: string, value: unknown): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: value } as CallToolResult;
}

/** A JSON Schema with keywords the SDK's schema type does not list (`x-mcp-header`). */
function withKeywords(schema: Record<string, unknown>): Parameters<typeof fromJsonSchema>[0] {
  return schema as Parameters<typeof fromJsonSchema>[0];
}

/** An annotation the spec does not name, as servers in the wild send them. */
export const VENDOR_ANNOTATION = { "x-vendor-cost": { tier: "free" } } as const;

function registerTools(server: McpServer): void {
  server.registerTool(
    "add",
    {
      description: "Add two numbers.",
      inputSchema: z.object({ a: z.number().describe("First operand"), b: z.number().describe("Second operand") }),
      outputSchema: z.object({ sum: z.number().describe("a + b") }),
      // A key the protocol does not name: clients must keep it as sent (the SDK's parse drops it).
      annotations: { readOnlyHint: true, ...VENDOR_ANNOTATION },
    },
    ({ a, b }) => structured(String(a + b), { sum: a + b }),
  );
  server.registerTool(
    "square_root",
    {
      description: "The square root of x, as a bare number.",
      inputSchema: z.object({ x: z.number().min(0).describe("A non-negative number") }),
      outputSchema: fromJsonSchema<number>({ type: "number", description: "The square root" }),
    },
    ({ x }) => structured(String(Math.sqrt(x)), Math.sqrt(x)),
  );
  server.registerTool(
    "distance",
    {
      description: "Distance between two points.",
      inputSchema: fromJsonSchema<{ from: { x: number; y: number }; to: { x: number; y: number } }>({
        type: "object",
        $defs: { Point: { type: "object", properties: { x: { type: "number" }, y: { type: "number" } }, required: ["x", "y"] } },
        properties: { from: { $ref: "#/$defs/Point" }, to: { $ref: "#/$defs/Point" } },
        required: ["from", "to"],
      }),
    },
    ({ from, to }) => ({ content: [{ type: "text", text: String(Math.hypot(to.x - from.x, to.y - from.y)) }] }),
  );
  server.registerTool(
    "confirm_order",
    {
      description: "Order an item after the user confirms it.",
      inputSchema: z.object({ item: z.string().describe("What to order") }),
      outputSchema: z.object({ item: z.string(), confirmed: z.boolean() }),
    },
    ({ item }, ctx) => {
      const state = `order:${item}`;
      const answer = inputResponse(ctx.mcpReq.inputResponses, "confirm");
      if (answer.kind === "elicit") {
        if (ctx.mcpReq.requestState() !== undefined && ctx.mcpReq.requestState() !== state) {
          return { content: [{ type: "text", text: "requestState came back changed" }], isError: true };
        }
        const content = acceptedContent<{ confirm?: boolean }>(ctx.mcpReq.inputResponses, "confirm");
        const confirmed = content?.confirm === true;
        return structured(confirmed ? `ordered ${item}` : `not ordered: ${item}`, { item, confirmed });
      }
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit({
            message: `Order ${item}?`,
            requestedSchema: { type: "object", properties: { confirm: { type: "boolean", description: "Yes, order it" } }, required: ["confirm"] },
          }),
        },
        requestState: state,
      });
    },
  );
  server.registerTool(
    "open_link",
    { description: "Asks the user to visit a URL first.", inputSchema: z.object({}) },
    (_args, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, "visit");
      if (answer.kind === "elicit") return { content: [{ type: "text", text: `visit: ${answer.action}` }] };
      return inputRequired({ inputRequests: { visit: inputRequired.elicitUrl({ message: "Sign in first", url: "https://example.invalid/sign-in" }) } });
    },
  );
  server.registerTool(
    "ask_forever",
    { description: "Asks for input on every round, never answering.", inputSchema: z.object({}) },
    (_args, ctx) =>
      inputRequired({
        inputRequests: { again: inputRequired.elicit({ message: "Once more?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } }) },
        requestState: `round:${Number(String(ctx.mcpReq.requestState() ?? "round:0").slice(6)) + 1}`,
      }),
  );
  server.registerTool(
    "regional_price",
    {
      description: "The price of an item in a region (the region travels as a header).",
      inputSchema: fromJsonSchema<{ region: string; item: string }>(
        withKeywords({
          type: "object",
          properties: {
            region: { type: "string", description: "Pricing region (eu, us)", "x-mcp-header": "Region" },
            item: { type: "string", description: "Item name" },
          },
          required: ["region", "item"],
        }),
      ),
      outputSchema: z.object({ region: z.string(), price: z.number() }),
    },
    ({ region, item }) => structured(`${item} in ${region}`, { region, price: PRICES[region] ?? 0 }),
  );
  server.registerTool(
    "broken_header",
    {
      description: "Declares x-mcp-header on an object, which the spec forbids.",
      inputSchema: fromJsonSchema<{ options?: Record<string, unknown> }>(
        withKeywords({ type: "object", properties: { options: { type: "object", "x-mcp-header": "Options" } } }),
      ),
    },
    () => ({ content: [{ type: "text", text: "should never be called" }] }),
  );
}

function registerResources(server: McpServer): void {
  server.registerResource("readme", "era://readme", { description: "About this server.", mimeType: "text/plain" }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: "text/plain", text: "The era test server." }],
  }));
  // Asks who is reading before it answers (multi round-trip on a resource read).
  server.registerResource("secret", "era://secret", { description: "Asks who reads it.", mimeType: "text/plain" }, (uri, ctx) => {
    const who = acceptedContent<{ name?: string }>(ctx.mcpReq.inputResponses, "who")?.name;
    if (who === undefined) return inputRequired({ inputRequests: { who: inputRequired.elicit({ message: "Who reads?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } }) } });
    return { contents: [{ uri: uri.href, mimeType: "text/plain", text: `for ${who}` }] };
  });
  const list = () => ({ resources: Object.keys(ITEMS).map((id) => ({ uri: `era://items/${id}`, name: id, mimeType: "text/plain" })) });
  server.registerResource("item", new ResourceTemplate("era://items/{id}", { list }), { description: "An item by id.", mimeType: "text/plain" }, (uri, variables) => {
    const text = ITEMS[String(variables["id"])];
    if (text === undefined) throw new ResourceNotFoundError(uri.href);
    return { contents: [{ uri: uri.href, mimeType: "text/plain", text }] };
  });
}

function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    "greet",
    { description: "Greet someone.", argsSchema: z.object({ name: z.string().describe("Who to greet") }) },
    ({ name }) => ({ messages: [{ role: "user", content: { type: "text", text: `Say hello to ${name}.` } }] }),
  );
  // Asks for the tone before it answers (multi round-trip on a prompt).
  server.registerPrompt("toned", { description: "Asks for a tone first." }, (ctx) => {
    const tone = acceptedContent<{ name?: string }>(ctx.mcpReq.inputResponses, "tone")?.name;
    if (tone === undefined) return inputRequired({ inputRequests: { tone: inputRequired.elicit({ message: "Which tone?", requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } }) } });
    return { messages: [{ role: "user", content: { type: "text", text: `Be ${tone}.` } }] };
  });
}

/** How the host serves the surface. */
export interface SurfaceOptions {
  /** Offer `add_tool`. Off by default, so the listing (and every snapshot of it) stays fixed. */
  mutable: boolean;
  /**
   * Announces a tools list change to every open `subscriptions/listen` stream (HTTP: the
   * handler's `notify`, as each request has its own instance). Absent on stdio, where the one
   * instance of the connection announces the tool it registers itself.
   */
  announceToolsChanged?: () => void;
}

let surface: SurfaceOptions = { mutable: false };

/** Tools `add_tool` added: kept by the process, so every later instance lists them too. */
const added = new Set<string>();

export function configureSurface(options: SurfaceOptions): void {
  surface = options;
}

function registerAdded(server: McpServer, name: string): void {
  server.registerTool(name, { description: "Added at run time by add_tool.", inputSchema: z.object({}) }, () => ({ content: [{ type: "text", text: name }] }));
}

function registerMutable(server: McpServer): void {
  for (const name of added) registerAdded(server, name);
  server.registerTool(
    "add_tool",
    { description: "Adds a tool with this name (the server announces a tools list change).", inputSchema: z.object({ name: z.string() }) },
    ({ name }) => {
      if (!added.has(name)) {
        added.add(name);
        if (surface.announceToolsChanged) surface.announceToolsChanged();
        else registerAdded(server, name);
      }
      return { content: [{ type: "text", text: `added ${name}` }] };
    },
  );
}

/** One server instance, for either era. */
export function createEraServer(_context?: McpRequestContext): McpServer {
  const server = new McpServer(
    { name: "era", version: "1.0.0" },
    {
      instructions: "Test server for MCP 2026-07-28.",
      // Lists stay fresh for a minute: clients may serve them from their cache.
      cacheHints: { "tools/list": { ttlMs: 60_000, cacheScope: "public" } },
    },
  );
  registerTools(server);
  registerResources(server);
  registerPrompts(server);
  if (surface.mutable) registerMutable(server);
  return server;
}
