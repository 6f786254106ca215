/**
 * Serves the era test surface (era-surface.ts) over stdio (default) or, with `--http`, over
 * streamable HTTP on 127.0.0.1 (`--port N`, 0 = random), through the SDK 2.x serving entries
 * (`serveStdio`, `createMcpHandler`). Over HTTP it prints `MCP_LISTENING <url>` once listening,
 * like the other example servers; diagnostics go to stderr only.
 *
 * `modernOnly` serves 2026-07-28 alone (`legacy: "reject"`): an `initialize` is answered with
 * the unsupported-protocol-version error. `--mutable` offers `add_tool` (a tools list change).
 */
import { appendFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler, type McpHttpHandler } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import type { McpServerFactory } from "@modelcontextprotocol/server";
import { configureSurface, createEraServer } from "./era-surface.js";
import { parsePort } from "./http-host.js";
import { webRequestOf, writeWebResponse } from "./web-bridge.js";

const HOST = "127.0.0.1";

/** `factory`: another surface served the same way (default: the era surface). */
export async function serveEra(modernOnly: boolean, factory: McpServerFactory = createEraServer): Promise<void> {
  const argv = process.argv.slice(2);
  // Tests count how many processes a client started (a probing sibling is one more).
  const startLog = process.env["ERA_START_LOG"];
  if (startLog) appendFileSync(startLog, `${process.pid}\n`);
  const mutable = argv.includes("--mutable");
  if (!argv.includes("--http")) {
    configureSurface({ mutable });
    const handle = serveStdio(factory, { legacy: modernOnly ? "reject" : "serve" });
    const stop = (): void => void handle.close().finally(() => process.exit(0));
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
    return;
  }
  const handler = createMcpHandler(factory, { legacy: modernOnly ? "reject" : "stateless" });
  configureSurface({ mutable, announceToolsChanged: () => handler.notify.toolsChanged() });
  const http = createServer((req, res) => {
    serve(handler, req, res).catch((error: unknown) => {
      console.error("era server:", error);
      if (!res.headersSent) res.writeHead(500).end();
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(parsePort(argv, undefined, 0), HOST, () => resolve());
  });
  process.stdout.write(`MCP_LISTENING http://${HOST}:${(http.address() as AddressInfo).port}/mcp\n`);
  const stop = (): void => {
    void handler.close().finally(() => {
      http.closeAllConnections();
      http.close(() => process.exit(0));
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/** Only `/mcp` is an MCP endpoint. */
async function serve(handler: McpHttpHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", `http://${HOST}`);
  if (url.pathname !== "/mcp") {
    res.writeHead(404).end("Not found");
    return;
  }
  await writeWebResponse(await handler.fetch(webRequestOf(req, res, url)), res);
}
