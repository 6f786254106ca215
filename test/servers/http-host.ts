/**
 * Serves MCP servers over HTTP on 127.0.0.1 with node:http (no express): streamable HTTP at
 * `/mcp` (stateful, one server instance per session) and, optionally, legacy SSE at
 * `/sse` + `/messages`. Shared by the example HTTP servers so they behave the same way.
 *
 * Prints exactly one line `MCP_LISTENING http://127.0.0.1:<port>/mcp` on stdout once
 * listening; test helpers wait for it. Diagnostics go to stderr only.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";

const HOST = "127.0.0.1";
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** One MCP server instance per session; `cleanup` runs when the session ends. */
export interface McpSession {
  server: McpServer;
  cleanup?: (sessionId?: string) => void;
}

export interface HttpHostOptions {
  createSession: () => McpSession;
  /** Also serve the legacy SSE transport at /sse + /messages. */
  sse?: boolean;
  /** Environment variable giving the port when `--port` is absent. */
  portEnv?: string;
  /** Port when neither `--port` nor the environment variable is set (0 = random). */
  defaultPort?: number;
}

type Transport = StreamableHTTPServerTransport | SSEServerTransport;

/** Port from `--port N` / `--port=N`, else the env variable, else the default. */
export function parsePort(argv: string[], env: string | undefined, fallback: number): number {
  const index = argv.indexOf("--port");
  const inline = argv.find((arg) => arg.startsWith("--port="))?.slice("--port=".length);
  const raw = index >= 0 ? argv[index + 1] : (inline ?? env);
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${raw}`);
  return port;
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error("Request body too large");
    chunks.push(buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

class McpHttpHost {
  private readonly transports = new Map<string, Transport>();
  private port = 0;

  constructor(private readonly options: HttpHostOptions) {}

  async listen(port: number): Promise<Server> {
    const http = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => {
        console.error("Error handling MCP request:", error);
        sendJsonRpcError(res, 500, -32603, "Internal server error");
      });
    });
    await new Promise<void>((resolve, reject) => {
      http.once("error", reject);
      http.listen(port, HOST, () => resolve());
    });
    this.port = (http.address() as AddressInfo).port;
    return http;
  }

  get url(): string {
    return `http://${HOST}:${this.port}/mcp`;
  }

  async closeAll(): Promise<void> {
    const open = [...this.transports.values()];
    this.transports.clear();
    await Promise.allSettled(open.map((transport) => transport.close()));
  }

  /** Only our own host names are accepted: a guard against DNS rebinding. */
  private isAllowedHost(req: IncomingMessage): boolean {
    const host = headerValue(req, "host");
    return host === `${HOST}:${this.port}` || host === `localhost:${this.port}`;
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.isAllowedHost(req)) return sendJsonRpcError(res, 403, -32000, "Forbidden host");
    const url = new URL(req.url ?? "/", `http://${HOST}`);
    if (url.pathname === "/mcp") return this.handleStreamable(req, res);
    if (this.options.sse && url.pathname === "/sse" && req.method === "GET") return this.openSse(res);
    if (this.options.sse && url.pathname === "/messages" && req.method === "POST") {
      return this.postSse(req, res, url.searchParams.get("sessionId"));
    }
    res.writeHead(404).end("Not found");
  }

  private async handleStreamable(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = headerValue(req, "mcp-session-id");
    const found = sessionId === undefined ? undefined : this.transports.get(sessionId);
    const known = found instanceof StreamableHTTPServerTransport ? found : undefined;
    if (sessionId !== undefined && !known) {
      // 404 tells a client that its session is gone and it should initialize again.
      return sendJsonRpcError(res, 404, -32001, "Session not found");
    }
    if (req.method === "GET" || req.method === "DELETE") {
      if (!known) return sendJsonRpcError(res, 400, -32000, "Bad Request: No valid session ID provided");
      return known.handleRequest(req, res);
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "GET, POST, DELETE" }).end();
      return;
    }
    let body: unknown;
    try {
      body = await readJsonBody(req);
    } catch {
      return sendJsonRpcError(res, 400, -32700, "Parse error");
    }
    if (known) return known.handleRequest(req, res, body);
    if (!isInitializeRequest(body)) {
      return sendJsonRpcError(res, 400, -32000, "Bad Request: No valid session ID provided");
    }
    const transport = await this.startStreamableSession();
    await transport.handleRequest(req, res, body);
  }

  private async startStreamableSession(): Promise<StreamableHTTPServerTransport> {
    const { server, cleanup } = this.options.createSession();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.transports.set(id, transport);
      },
    });
    server.server.onclose = () => this.endSession(transport.sessionId, cleanup);
    await server.connect(transport);
    return transport;
  }

  private async openSse(res: ServerResponse): Promise<void> {
    const { server, cleanup } = this.options.createSession();
    const transport = new SSEServerTransport("/messages", res);
    this.transports.set(transport.sessionId, transport);
    server.server.onclose = () => this.endSession(transport.sessionId, cleanup);
    await server.connect(transport);
  }

  private async postSse(req: IncomingMessage, res: ServerResponse, sessionId: string | null): Promise<void> {
    const transport = sessionId === null ? undefined : this.transports.get(sessionId);
    if (!(transport instanceof SSEServerTransport)) {
      return sendJsonRpcError(res, 404, -32001, "Session not found");
    }
    let body: unknown;
    try {
      body = await readJsonBody(req);
    } catch {
      return sendJsonRpcError(res, 400, -32700, "Parse error");
    }
    await transport.handlePostMessage(req, res, body);
  }

  private endSession(sessionId: string | undefined, cleanup: McpSession["cleanup"]): void {
    if (sessionId !== undefined) this.transports.delete(sessionId);
    cleanup?.(sessionId);
  }
}

/** Starts the host, prints the MCP_LISTENING line, and closes cleanly on SIGTERM/SIGINT. */
export async function serveMcpOverHttp(options: HttpHostOptions): Promise<void> {
  const env = options.portEnv === undefined ? undefined : process.env[options.portEnv];
  const port = parsePort(process.argv.slice(2), env, options.defaultPort ?? 0);
  const host = new McpHttpHost(options);
  const http = await host.listen(port);
  process.stdout.write(`MCP_LISTENING ${host.url}\n`);

  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    void host
      .closeAll()
      .finally(() => {
        http.closeAllConnections();
        http.close(() => process.exit(0));
      });
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
