/**
 * A server that asks its client for input and records every answer it receives, for the tests
 * of calls waiting on a callback (test/runtime/input-rounds.test.ts).
 *
 *   node input-rounds.js --era 2025 [--http]   SDK 1.x: `ask` sends a server-to-client
 *       `elicitation/create` of its own (not withdrawn when the call is cancelled, so a late
 *       answer would reach it) and waits up to a minute for the answer.
 *   node input-rounds.js --era 2026 [--http]   SDK 2.x, 2026-07-28 only: `ask` answers
 *       `input_required`; the answer arrives as the retried call's `inputResponses`.
 *       `big_state { size }` answers `input_required` with a `requestState` of `size` characters.
 *
 * Both: `ask_url` asks for a URL-mode elicitation the same way (its answer is not recorded);
 * `answers` lists every answer received, as JSON. Over HTTP (`--port N`, default random)
 * prints `MCP_LISTENING <url>`; diagnostics go to stderr only.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer as LegacyServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpHandler, inputRequired, inputResponse, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";
import { parsePort, serveMcpOverHttp } from "./http-host.js";
import { webRequestOf, writeWebResponse } from "./web-bridge.js";

const argv = process.argv.slice(2);
const era = argv[argv.indexOf("--era") + 1];
const overHttp = argv.includes("--http");
const HOST = "127.0.0.1";

/** Every answer received, in arrival order (one process: shared by every session). */
const received: unknown[] = [];
const QUESTION = { message: "Go on?", requestedSchema: { type: "object" as const, properties: { ok: { type: "boolean" as const } } } };
const LINK = { message: "Sign in first", url: "https://example.invalid/sign-in", elicitationId: "sign-in-1" };
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

function legacyServer(): LegacyServer {
  const server = new LegacyServer({ name: "input-rounds-2025", version: "1.0.0" });
  server.registerTool("ask", { description: "Asks the client a question, then answers." }, async (extra) => {
    // Its own request, related to the call only for routing (HTTP): cancelling the call leaves it pending.
    const answer = await server.server.elicitInput({ mode: "form", ...QUESTION }, { relatedRequestId: extra.requestId, timeout: 60_000 });
    received.push(answer);
    return text(`answered: ${answer.action}`);
  });
  server.registerTool("ask_url", { description: "Asks the client to have the user visit a URL, then answers." }, async (extra) => {
    const answer = await server.server.elicitInput({ mode: "url", ...LINK }, { relatedRequestId: extra.requestId, timeout: 60_000 });
    return text(`visited: ${answer.action}`);
  });
  server.registerTool("answers", { description: "Every answer received, as JSON." }, () => text(JSON.stringify(received)));
  return server;
}

function modernServer(): McpServer {
  const server = new McpServer({ name: "input-rounds-2026", version: "1.0.0" });
  server.registerTool("ask", { description: "Asks the client a question, then answers.", inputSchema: z.object({}) }, (_args, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, "go");
    if (answer.kind === "elicit") {
      received.push(answer);
      return text(`answered: ${answer.action}`);
    }
    return inputRequired({ inputRequests: { go: inputRequired.elicit(QUESTION) } });
  });
  server.registerTool("ask_url", { description: "Asks the client to have the user visit a URL, then answers.", inputSchema: z.object({}) }, (_args, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, "visit");
    if (answer.kind === "elicit") return text(`visited: ${answer.action}`);
    return inputRequired({ inputRequests: { visit: inputRequired.elicitUrl({ message: LINK.message, url: LINK.url }) } });
  });
  server.registerTool("big_state", { description: "Asks for input with a requestState of `size` characters.", inputSchema: z.object({ size: z.number() }) }, ({ size }) =>
    inputRequired({ inputRequests: { go: inputRequired.elicit(QUESTION) }, requestState: "s".repeat(size) }),
  );
  server.registerTool("answers", { description: "Every answer received, as JSON.", inputSchema: z.object({}) }, () => text(JSON.stringify(received)));
  return server;
}

async function serveModernHttp(): Promise<void> {
  const handler = createMcpHandler(modernServer, { legacy: "reject" });
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${HOST}`);
    if (url.pathname !== "/mcp") return void res.writeHead(404).end();
    handler
      .fetch(webRequestOf(req, res, url))
      .then((response) => writeWebResponse(response, res))
      .catch((error: unknown) => {
        console.error("input-rounds:", error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve) => http.listen(parsePort(argv, undefined, 0), HOST, resolve));
  process.stdout.write(`MCP_LISTENING http://${HOST}:${(http.address() as AddressInfo).port}/mcp\n`);
  process.on("SIGTERM", () => {
    http.closeAllConnections();
    http.close(() => process.exit(0));
  });
}

if (era === "2025") {
  if (overHttp) await serveMcpOverHttp({ createSession: () => ({ server: legacyServer() }) });
  else await legacyServer().connect(new StdioServerTransport());
} else if (era === "2026") {
  if (overHttp) await serveModernHttp();
  else serveStdio(modernServer, { legacy: "reject" });
} else {
  process.stderr.write("usage: input-rounds.js --era 2025|2026 [--http] [--port N]\n");
  process.exit(2);
}
