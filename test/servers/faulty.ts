/**
 * Test MCP server that fails the way real servers and networks do, written without the SDK so
 * it can. Usage:
 *
 *   node faulty.js --stdio <mode> [pid-file]
 *   node faulty.js --http <mode>            (prints `MCP_LISTENING <url>`)
 *
 * stdio modes: `hang` never answers `initialize` and ignores stdin EOF (a server busy starting
 * up); `stubborn` is `hang` that also ignores SIGTERM; `oversize` answers `initialize`, then
 * answers a `tools/call` with one 12 MiB line. With a pid file, the server writes its pid there
 * first thing.
 *
 * http modes: `hang` accepts requests and never answers; `die` answers `initialize`, opens an
 * SSE response stream for each `tools/call` (with one progress event) and kills itself once
 * `DIE_AFTER` calls are waiting; `slow` opens a stream for each `tools/call` and never answers
 * on it; `mute-call` answers neither a `tools/call` nor its cancellation, not even with headers; `malformed` answers a `tools/call` with an SSE event
 * whose JSON is cut short, then ends the stream; `refuse-503` answers every POST with 503.
 * `GET /streams` says how many `tools/call` response streams (or, for `mute-call`, requests) are
 * still open (a client that gave up should have closed its own).
 */
import { writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";

const argv = process.argv.slice(2);
const [transport, mode = "", pidFile] = argv;
const DIE_AFTER = Number(process.env["DIE_AFTER"] ?? 8);

interface Request {
  jsonrpc: "2.0";
  id?: number | string;
  method?: string;
  params?: { protocolVersion?: string; _meta?: { progressToken?: string | number } };
}

function initializeResult(request: Request): unknown {
  return {
    protocolVersion: request.params?.protocolVersion ?? "2025-06-18",
    capabilities: { tools: {} },
    serverInfo: { name: `faulty-${mode}`, version: "1.0.0" },
  };
}

const TOOLS = { tools: [{ name: "work", description: "Works.", inputSchema: { type: "object" } }] };

function keepAlive(): void {
  // Nothing else keeps a server that ignores stdin EOF running.
  setInterval(() => undefined, 1_000);
}

function stdio(): void {
  if (pidFile !== undefined) writeFileSync(pidFile, String(process.pid));
  const send = (message: unknown): void => void process.stdout.write(`${JSON.stringify(message)}\n`);
  if (mode === "hang" || mode === "stubborn") {
    keepAlive();
    if (mode === "stubborn") process.on("SIGTERM", () => undefined);
    process.stdin.on("data", () => undefined);
    return;
  }
  createInterface({ input: process.stdin }).on("line", (line) => {
    const request = JSON.parse(line) as Request;
    if (request.id === undefined) return;
    if (request.method === "initialize") send({ jsonrpc: "2.0", id: request.id, result: initializeResult(request) });
    else if (request.method === "tools/list") send({ jsonrpc: "2.0", id: request.id, result: TOOLS });
    else if (request.method === "tools/call") send({ jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text: "x".repeat(12 * 1024 * 1024) }] } });
    else send({ jsonrpc: "2.0", id: request.id, error: { code: -32601, message: "method not found" } });
  });
}

async function readBody(req: IncomingMessage): Promise<Request | undefined> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return text === "" ? undefined : (JSON.parse(text) as Request);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

let openStreams = 0;
let waitingCalls = 0;

function openStream(res: ServerResponse, request: Request): void {
  openStreams++;
  res.once("close", () => openStreams--);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "mcp-session-id": "faulty-session" });
  const token = request.params?._meta?.progressToken;
  const progress = token === undefined ? { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "working" } } : { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: 1 } };
  res.write(`event: message\ndata: ${JSON.stringify(progress)}\n\n`);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === "GET" && req.url === "/streams") return json(res, 200, { open: openStreams });
  if (mode === "hang") return; // Never answers; the socket stays open.
  if (req.method === "GET") return json(res, 405, { error: "no standalone stream" });
  if (req.method === "DELETE") return json(res, 200, {});
  const request = await readBody(req);
  if (mode === "refuse-503") return json(res, 503, { error: "service unavailable" });
  if (mode === "mute-call" && (request?.method === "tools/call" || request?.method === "notifications/cancelled")) {
    openStreams++;
    res.once("close", () => openStreams--);
    return; // Not a byte back, for the call or for its cancellation.
  }
  if (request === undefined || request.id === undefined) {
    res.writeHead(202).end();
    return;
  }
  const session = { "mcp-session-id": "faulty-session" };
  if (request.method === "initialize") return json(res, 200, { jsonrpc: "2.0", id: request.id, result: initializeResult(request) }, session);
  if (request.method === "tools/list") return json(res, 200, { jsonrpc: "2.0", id: request.id, result: TOOLS }, session);
  if (request.method !== "tools/call") return json(res, 200, { jsonrpc: "2.0", id: request.id, error: { code: -32601, message: "method not found" } }, session);
  if (mode === "malformed") {
    res.writeHead(200, { "content-type": "text/event-stream", "mcp-session-id": "faulty-session" });
    const whole = JSON.stringify({ jsonrpc: "2.0", id: request.id, result: { content: [{ type: "text", text: "done" }] } });
    return void res.end(`event: message\ndata: ${whole.slice(0, 40)}\n\n`);
  }
  openStream(res, request);
  if (mode === "die" && ++waitingCalls >= DIE_AFTER) setTimeout(() => process.kill(process.pid, "SIGKILL"), 50);
}

function http(): void {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`faulty: ${String(error)}\n`);
      if (!res.headersSent) json(res, 500, { error: "internal" });
    });
  });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`MCP_LISTENING http://127.0.0.1:${port}/mcp\n`);
  });
  process.on("SIGTERM", () => process.exit(0));
}

if (transport === "--stdio") stdio();
else if (transport === "--http") http();
else {
  process.stderr.write("usage: faulty.js --stdio <mode> [pid-file] | --http <mode>\n");
  process.exit(2);
}
