/**
 * Opening an initialised SDK `Client` over the configured transport: stdio, streamable HTTP
 * (falling back to legacy SSE when the endpoint rejects it with a 4xx), or SSE.
 */
import type { Client, ClientCapabilities, FetchLike, OAuthClientProvider, RequestOptions, Transport } from "@modelcontextprotocol/client";
import { loadClientSdk, loadStdioSdk, loadedClientSdk, type ClientSdk } from "./sdk.js";
import { fetchWithCallHeaders } from "./call-headers.js";
import type { ResolvedHttp, ResolvedServer, ResolvedStdio } from "../connection/resolve-config.js";
import { missingPathOf } from "./missing-path.js";
import { StderrTail } from "./stderr-tail.js";
import { endStdioChild, spawnedPid, trackOnSpawn } from "./child-registry.js";
import { watchTransport, type TransportWatch } from "./transport-watch.js";

export interface ClientIdentity {
  name: string;
  version: string;
}

/** What every new client declares and registers before it connects (callbacks, roots). */
export interface ClientSetup {
  capabilities: ClientCapabilities;
  /** May finish asynchronously (handlers whose schemas load on demand); awaited before connecting. */
  install(client: Client): void | Promise<void>;
}

export interface OpenedClient {
  client: Client;
  transport: Transport;
  /** Which transport actually connected (an "http" server may end up on "sse"). */
  kind: "stdio" | "http" | "sse";
  /** The last lines the stdio child wrote to stderr, when they are being collected. */
  stderr: StderrTail | undefined;
  /** The protocol version negotiated in `initialize`. */
  protocolVersion: string | undefined;
  /** Transport failures surfaced to the calls they hit; `onBroken` is the connection's to set. */
  watch: TransportWatch;
}

/**
 * Opens a transport and initialises a client on it. On failure nothing is left open. An abort
 * of `connectOptions.signal` ends the open at once (with the signal's reason) and whatever it
 * had started: a stdio child still starting, an HTTP request still waiting.
 */
export async function openClient(
  server: ResolvedServer,
  identity: ClientIdentity,
  connectOptions: RequestOptions | undefined,
  setup: ClientSetup,
): Promise<OpenedClient> {
  const sdk = await loadClientSdk();
  const open = { identity, connectOptions, setup, sdk };
  if (server.kind === "stdio") return openStdio(server, open);
  if (server.kind === "sse") return openOver("sse", sseTransport(server, sdk), open, undefined);
  try {
    return await openOver("http", streamableTransport(server, sdk), open, undefined);
  } catch (error) {
    if (!shouldFallBackToSse(error)) throw error;
    return openOver("sse", sseTransport(server, sdk), open, undefined);
  }
}

interface OpenSettings {
  identity: ClientIdentity;
  connectOptions: RequestOptions | undefined;
  setup: ClientSetup;
  sdk: ClientSdk;
}

/**
 * A legacy SSE-only server answers the streamable POST with 404 or 405 (some with 400).
 * 401 and 403 are authentication answers that SSE would get too: no fallback for them.
 */
export function shouldFallBackToSse(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === undefined) return false;
  return status >= 400 && status < 500 && status !== 401 && status !== 403;
}

/** The HTTP status a server refused a request of the SDK's HTTP transports with (streamable HTTP or SSE). */
export function httpStatusOf(error: unknown): number | undefined {
  const sdk = loadedClientSdk();
  if (sdk?.SdkHttpError.isInstance(error)) return error.status;
  if (sdk?.SseError.isInstance(error)) return error.code;
  return undefined;
}

async function openStdio(server: ResolvedStdio, open: OpenSettings): Promise<OpenedClient> {
  // The SDK merges `env` over its safe default environment (PATH, HOME, …), never process.env.
  const { StdioClientTransport } = await loadStdioSdk();
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    ...(server.env ? { env: server.env } : {}),
    ...(server.cwd !== undefined ? { cwd: server.cwd } : {}),
    stderr: server.stderr,
    ...(server.maxMessageBytes !== undefined ? { maxBufferSize: server.maxMessageBytes } : {}),
  });
  trackOnSpawn(transport);
  // With "pipe" the SDK hands out its stderr stream before start: read it from the first byte.
  const stderr = server.stderr === "pipe" && transport.stderr ? new StderrTail(transport.stderr) : undefined;
  try {
    return await openOver("stdio", transport, open, stderr);
  } catch (error) {
    throw new OpenFailure(error, stderr?.summary() ?? "", missingPathOf(server));
  }
}

/** A failed open, with what the stdio child said on stderr before it went away, and a path of its config that does not exist. */
export class OpenFailure extends Error {
  override name = "OpenFailure";
  readonly stderr: string;
  /** `args[0] "servers/x.mjs" not found: tried /app/servers/x.mjs (…)`: the likelier cause when set. */
  readonly missingPath: string | undefined;

  constructor(cause: unknown, stderr: string, missingPath?: string) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.stderr = stderr;
    this.missingPath = missingPath;
  }
}

/** Both HTTP transports: configured headers, per-call headers (through fetch), OAuth (a provider of the user's, or the runtime's session in `fetch`). */
function httpOptions(server: ResolvedHttp): { requestInit?: RequestInit; fetch: FetchLike; authProvider?: OAuthClientProvider } {
  return {
    fetch: server.fetch ?? fetchWithCallHeaders,
    ...(server.headers ? { requestInit: { headers: server.headers } } : {}),
    ...(server.authProvider ? { authProvider: server.authProvider } : {}),
  };
}

function streamableTransport(server: ResolvedHttp, sdk: ClientSdk): Transport {
  return new sdk.StreamableHTTPClientTransport(server.url, httpOptions(server));
}

function sseTransport(server: ResolvedHttp, sdk: ClientSdk): Transport {
  return new sdk.SSEClientTransport(server.url, httpOptions(server));
}

async function openOver(kind: OpenedClient["kind"], transport: Transport, open: OpenSettings, stderr: StderrTail | undefined): Promise<OpenedClient> {
  // Capabilities are declared only for the callbacks (sampling, roots, elicitation) supplied.
  const client = new open.sdk.Client(open.identity, { capabilities: open.setup.capabilities });
  await open.setup.install(client);
  const negotiated = recordProtocolVersion(transport);
  const watch = watchTransport(transport, kind);
  const connecting = client.connect(transport, open.connectOptions);
  try {
    await abortable(connecting, open.connectOptions?.signal);
  } catch (error) {
    connecting.catch(() => undefined);
    await closeTransport(kind, transport);
    throw error;
  }
  return { client, transport, kind, stderr, protocolVersion: negotiated.version, watch };
}

/** Closes a transport (and the client on it); a stdio child is ended within a short grace whatever it does. */
export function closeTransport(kind: OpenedClient["kind"], transport: Transport): Promise<void> {
  const close = (): Promise<void> => transport.close().catch(() => undefined);
  if (kind !== "stdio") return close();
  return endStdioChild(spawnedPid(transport), close);
}

/** `promise`, or the signal's reason as soon as it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * The SDK client hands the negotiated protocol version to `transport.setProtocolVersion` (HTTP
 * transports need it for their headers) but keeps it to itself otherwise: record it there, for
 * every transport, at no cost per message.
 */
function recordProtocolVersion(transport: Transport): { version: string | undefined } {
  const negotiated: { version: string | undefined } = { version: undefined };
  const own = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    negotiated.version = version;
    own?.(version);
  };
  return negotiated;
}
