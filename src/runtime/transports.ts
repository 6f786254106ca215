/**
 * Opening an initialised SDK `Client` over the configured transport: stdio, streamable HTTP
 * (falling back to legacy SSE when the endpoint rejects it with a 4xx), or SSE.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ResolvedHttp, ResolvedServer, ResolvedStdio } from "./server-config.js";
import { StderrTail } from "./stderr-tail.js";

export interface ClientIdentity {
  name: string;
  version: string;
}

export interface OpenedClient {
  client: Client;
  transport: Transport;
  /** Which transport actually connected (an "http" server may end up on "sse"). */
  kind: "stdio" | "http" | "sse";
  /** The last lines the stdio child wrote to stderr, when they are being collected. */
  stderr: StderrTail | undefined;
}

/** Opens a transport and initialises a client on it. On failure nothing is left open. */
export async function openClient(
  server: ResolvedServer,
  identity: ClientIdentity,
  connectOptions: RequestOptions | undefined,
): Promise<OpenedClient> {
  if (server.kind === "stdio") return openStdio(server, identity, connectOptions);
  if (server.kind === "sse") return openOver("sse", sseTransport(server), identity, connectOptions, undefined);
  try {
    return await openOver("http", streamableTransport(server), identity, connectOptions, undefined);
  } catch (error) {
    if (!shouldFallBackToSse(error)) throw error;
    return openOver("sse", sseTransport(server), identity, connectOptions, undefined);
  }
}

/**
 * A legacy SSE-only server answers the streamable POST with 404 or 405 (some with 400).
 * 401 and 403 are authentication answers that SSE would get too: no fallback for them.
 */
export function shouldFallBackToSse(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError) || error.code === undefined) return false;
  return error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403;
}

async function openStdio(
  server: ResolvedStdio,
  identity: ClientIdentity,
  connectOptions: RequestOptions | undefined,
): Promise<OpenedClient> {
  // The SDK merges `env` over its safe default environment (PATH, HOME, …), never process.env.
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    ...(server.env ? { env: server.env } : {}),
    ...(server.cwd !== undefined ? { cwd: server.cwd } : {}),
    stderr: server.stderr,
  });
  // With "pipe" the SDK hands out its stderr stream before start: read it from the first byte.
  const stderr = server.stderr === "pipe" && transport.stderr ? new StderrTail(transport.stderr) : undefined;
  try {
    return await openOver("stdio", transport, identity, connectOptions, stderr);
  } catch (error) {
    throw new OpenFailure(error, stderr?.summary() ?? "");
  }
}

/** A failed open, with what the stdio child said on stderr before it went away. */
export class OpenFailure extends Error {
  override name = "OpenFailure";
  readonly stderr: string;

  constructor(cause: unknown, stderr: string) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.stderr = stderr;
  }
}

function streamableTransport(server: ResolvedHttp): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(server.url, server.headers ? { requestInit: { headers: server.headers } } : undefined);
}

function sseTransport(server: ResolvedHttp): SSEClientTransport {
  return new SSEClientTransport(server.url, server.headers ? { requestInit: { headers: server.headers } } : undefined);
}

async function openOver(
  kind: OpenedClient["kind"],
  transport: Transport,
  identity: ClientIdentity,
  connectOptions: RequestOptions | undefined,
  stderr: StderrTail | undefined,
): Promise<OpenedClient> {
  // Capabilities stay empty until callbacks (sampling, roots, elicitation) are configured.
  const client = new Client(identity, { capabilities: {} });
  try {
    await client.connect(transport, connectOptions);
  } catch (error) {
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
    throw error;
  }
  return { client, transport, kind, stderr };
}
