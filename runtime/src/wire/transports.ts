/**
 * Opening a connected SDK `Client` over the configured transport: stdio, streamable HTTP
 * (falling back to legacy SSE when the endpoint answers as an SSE-only server does), or SSE.
 * The era is the SDK's negotiation, tried in the order `wire/negotiation.ts` picked: a later
 * attempt (on a fresh transport) only when the server refused the earlier one's era.
 */
import type { Client, ClientCapabilities, FetchLike, OAuthClientProvider, ProtocolEra, RequestOptions, StreamableHTTPClientTransport, Transport } from "@modelcontextprotocol/client";
import { loadClientSdk, loadStdioSdk, type ClientSdk } from "./sdk.js";
import { useLineBuffer } from "./line-buffer.js";
import { fetchWithCallHeaders } from "./call-headers.js";
import { notingSentCredentials } from "./sent-credentials.js";
import type { ResolvedHttp, ResolvedServer, ResolvedStdio } from "../connection/resolve-config.js";
import { missingPathOf } from "./missing-path.js";
import { tailStderr, type StderrTail, type StderrTailSlot } from "./stderr-tail.js";
import { StdoutNoise, watchStdout } from "./stdout-noise.js";
import { isEraRejection } from "./era-2026.js";
import { probeCause } from "./failures.js";
import { McpRuntimeError } from "../shared/errors.js";
import { httpAttempts, SSE_ATTEMPTS, type EraAttempt } from "./negotiation.js";
import { httpStatusOf, shouldFallBackToSse } from "./http-errors.js";
import { endStdioChild, liveSiblings, spawnedPid, trackOnSpawn } from "./child-registry.js";
import { watchTransport, type TransportWatch } from "./transport-watch.js";
import { completeByDefault } from "./result-type.js";
import { recordListings } from "./listing-record.js";
import { adoptingTransport } from "./adopting-transport.js";
import type { EarlyChild } from "./early-child.js";
import { instrumentsFor, type Instruments } from "./telemetry/otel.js";
import { traceTransport } from "./telemetry/trace-transport.js";
import type { ResolvedTelemetry } from "../shared/telemetry-options.js";
import { DEFAULT_MAX_REQUEST_STATE_BYTES, DEFAULT_MAX_RESPONSE_BYTES, ResponseLimit } from "./response-limit.js";

/** An HTTP server as resolved, with the credentials its requests add to. */
type HttpServer = ResolvedHttp & Pick<ResolvedServer, "credentials">;

export { httpStatusOf, shouldFallBackToSse } from "./http-errors.js";

export interface ClientIdentity {
  name: string;
  version: string;
}

/** What every new client declares and registers before it connects (callbacks, roots). */
export interface ClientSetup {
  capabilities: ClientCapabilities;
  /** May finish asynchronously (handlers whose schemas load on demand); awaited before connecting. */
  install(client: Client): void | Promise<void>;
  /** Eras to try, in order (default: the SDK's negotiation). */
  eras?: readonly EraAttempt[];
  /** Cap on multi round-trip input rounds per request (SDK default 10). */
  maxInputRounds?: number | undefined;
  /** OpenTelemetry spans and metric (when a provider is registered); `undefined`: off. */
  telemetry?: ResolvedTelemetry | undefined;
  /** Largest HTTP response body, or SSE event, in bytes (default `DEFAULT_MAX_RESPONSE_BYTES`). */
  maxResponseBytes?: number | undefined;
  /** Largest `requestState` a 2026-07-28 server may ask to have echoed, in bytes (default `DEFAULT_MAX_REQUEST_STATE_BYTES`). */
  maxRequestStateBytes?: number | undefined;
  /**
   * Where a stdio child's stdout text that is not JSON-RPC is recorded (default: a new record per
   * open). Given by a caller that must name it before the open ends (a deadline of its own).
   */
  stdoutNoise?: StdoutNoise | undefined;
  /**
   * Where the tail of a stdio child's stderr is kept (default: a new one per open), for the same
   * kind of caller: a server that hangs often says why on stderr.
   */
  stderrTail?: StderrTailSlot | undefined;
  /**
   * A stdio server's child, spawned before the SDK loaded so it starts while the SDK does
   * (early-child.ts). The first transport adopts it and probes the era in place on it, as
   * `inPlace` attempts ask (captures); it is ended if the open fails before that.
   */
  early?: EarlyChild | undefined;
}

export interface OpenedClient {
  client: Client;
  transport: Transport;
  /** Which transport actually connected (an "http" server may end up on "sse"). */
  kind: "stdio" | "http" | "sse";
  /** The last lines the stdio child wrote to stderr, when they are being collected. */
  stderr: StderrTail | undefined;
  /** What the stdio child wrote on stdout that is not JSON-RPC (its probe sibling's included). */
  stdoutNoise: StdoutNoise | undefined;
  /** The protocol revision the connection speaks. */
  protocolVersion: string | undefined;
  era: ProtocolEra | undefined;
  /**
   * Connected from the snapshot's modern verdict without a round trip: nothing has confirmed
   * the server still speaks that revision until a request succeeds.
   */
  unconfirmed: boolean;
  /** Transport failures surfaced to the calls they hit; `onBroken` is the connection's to set. */
  watch: TransportWatch;
}

/** Opens a transport and initialises a client on it. On failure nothing is left open. */
export async function openClient(
  server: ResolvedServer,
  identity: ClientIdentity,
  connectOptions: RequestOptions | undefined,
  setup: ClientSetup,
): Promise<OpenedClient> {
  const early = setup.early;
  try {
    return await openWithSdk(server, identity, connectOptions, setup, server.kind === "stdio" ? early : undefined);
  } finally {
    // Not adopted (the open failed, or was given up, before its first transport started): ended here.
    await early?.dispose();
  }
}

async function openWithSdk(
  server: ResolvedServer,
  identity: ClientIdentity,
  connectOptions: RequestOptions | undefined,
  setup: ClientSetup,
  early: EarlyChild | undefined,
): Promise<OpenedClient> {
  const [sdk, instruments] = await Promise.all([loadClientSdk(), setup.telemetry === undefined ? undefined : instrumentsFor()]);
  const attempts = setup.eras ?? [{ mode: "auto" }];
  const traced = instruments === undefined || setup.telemetry === undefined ? undefined : { instruments, content: setup.telemetry, server };
  const open = { identity, connectOptions, setup, sdk, traced };
  if (server.kind === "stdio") return openStdio(server, { ...open, attempts }, early);
  const limit = setup.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  // One limit (and its record of an overflow) per transport: the watch of that transport reads it.
  const sse = (): Transport => sseTransport(server, sdk, new ResponseLimit(limit));
  if (server.kind === "sse") return openOver("sse", sse, { ...open, attempts: SSE_ATTEMPTS }, undefined);
  try {
    return await openOver("http", () => streamableTransport(server, sdk, new ResponseLimit(limit)), { ...open, attempts: httpAttempts(attempts) }, undefined);
  } catch (error) {
    if (!shouldFallBackToSse(error)) throw error;
    return openOver("sse", sse, { ...open, attempts: SSE_ATTEMPTS }, undefined);
  }
}

interface OpenSettings {
  identity: ClientIdentity;
  connectOptions: RequestOptions | undefined;
  setup: ClientSetup;
  sdk: ClientSdk;
  attempts: readonly EraAttempt[];
  /** Set when a tracer or meter provider is registered and telemetry is not off. */
  traced: { instruments: Instruments; content: ResolvedTelemetry; server: ResolvedServer } | undefined;
}

async function openStdio(server: ResolvedStdio, open: OpenSettings, early: EarlyChild | undefined): Promise<OpenedClient> {
  // The SDK merges `env` over its safe default environment (PATH, HOME, …), never process.env.
  const { StdioClientTransport } = await loadStdioSdk();
  // With "pipe" the SDK hands out its stderr stream before start: read it from the first byte.
  const tail: StderrTailSlot = open.setup.stderrTail ?? { current: undefined };
  const exit: { current: string | undefined } = { current: undefined };
  const noise = open.setup.stdoutNoise ?? new StdoutNoise();
  const transport = (attempt: EraAttempt) => {
    const created = new (early?.available ? adoptingTransport(StdioClientTransport, early) : attempt.inPlace ? inPlaceProbing(StdioClientTransport) : StdioClientTransport)({
      command: server.command,
      args: server.args,
      ...(server.env ? { env: server.env } : {}),
      ...(server.cwd !== undefined ? { cwd: server.cwd } : {}),
      stderr: server.stderr,
      ...(server.maxMessageBytes !== undefined ? { maxBufferSize: server.maxMessageBytes } : {}),
    });
    useLineBuffer(created, server.maxMessageBytes ?? open.sdk.STDIO_DEFAULT_MAX_BUFFER_SIZE, open.sdk.deserializeMessage);
    trackOnSpawn(created);
    watchStdout(created, noise);
    if (server.stderr === "pipe") tailStderr(created, tail);
    else tail.current = undefined;
    exit.current = undefined;
    watchExit(created, (how) => (exit.current = how));
    return created;
  };
  try {
    const opened = await openOver("stdio", transport, open, tail);
    opened.stdoutNoise = noise;
    return opened;
  } catch (error) {
    const failure = new OpenFailure(error, tail.current?.summary() ?? "", missingPathOf(server), exit.current, tail.current?.lastLines() ?? "");
    failure.stdoutNoise = noise.seen ? noise : undefined;
    throw failure;
  }
}

/**
 * The SDK probes the era on a disposable sibling only for its own stdio transport class, found by
 * the prototype that owns its reaper; on a subclass it probes in place (on the session's process).
 */
type StdioTransportClass = Awaited<ReturnType<typeof loadStdioSdk>>["StdioClientTransport"];
const inPlaceClasses = new WeakMap<StdioTransportClass, StdioTransportClass>();

function inPlaceProbing(Base: StdioTransportClass): StdioTransportClass {
  let subclass = inPlaceClasses.get(Base);
  if (subclass === undefined) {
    subclass = class InPlaceProbingStdioTransport extends Base {};
    inPlaceClasses.set(Base, subclass);
  }
  return subclass;
}

/** A failed open, with what the stdio child said on stderr before it went away, and a path of its config that does not exist. */
export class OpenFailure extends Error {
  override name = "OpenFailure";
  readonly stderr: string;
  /** `args[0] "servers/x.mjs" not found: tried /app/servers/x.mjs (…)`: the likelier cause when set. */
  readonly missingPath: string | undefined;

  /** `exited with code 3`, `killed by SIGKILL`: how the child ended, when it did before the open failed. */
  readonly exit: string | undefined;
  /** The last few lines of its stderr, joined with " | " ("" when it wrote nothing). */
  readonly stderrLines: string;
  /** Set when the child wrote text that is not JSON-RPC on stdout: the likely cause of a timeout. */
  stdoutNoise: StdoutNoise | undefined = undefined;

  constructor(cause: unknown, stderr: string, missingPath?: string, exit?: string, stderrLines = "") {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.stderr = stderr;
    this.missingPath = missingPath;
    this.exit = exit;
    this.stderrLines = stderrLines;
  }
}

/**
 * How the transport's child ends, reported once. The SDK keeps its ChildProcess private
 * (`_process`, set synchronously by start()); read defensively, so a later SDK without it only
 * loses the exit code in messages.
 */
function watchExit(transport: { start(): Promise<void> }, onExit: (how: string) => void): void {
  const start = transport.start.bind(transport);
  transport.start = () => {
    const started = start();
    type Child = { pid?: number | undefined; exitCode?: number | null; signalCode?: string | null; once?(event: "exit", listener: (code: number | null, signal: string | null) => void): unknown };
    const child = (transport as unknown as { _process?: Child })._process;
    const report = (code: number | null, signal: string | null | undefined): void => onExit(code !== null ? `exited with code ${code}` : `killed by ${signal ?? "a signal"}`);
    // A child spawned early (early-child.ts) may have ended before its transport adopted it.
    if (child?.pid !== undefined && (child.exitCode != null || child.signalCode != null)) report(child.exitCode ?? null, child.signalCode);
    else child?.once?.("exit", report);
    return started;
  };
}

/** Both HTTP transports: configured headers, per-call headers (through fetch), OAuth (a provider of the user's, or the runtime's session in `fetch`). */
function httpOptions(server: HttpServer, limit: ResponseLimit): { requestInit?: RequestInit; fetch: FetchLike; authProvider?: OAuthClientProvider } {
  return {
    // A user's provider's token is added by the SDK before fetch: noted as the session's is (sent-credentials.ts).
    fetch: limit.wrap(server.fetch ?? (server.authProvider ? notingSentCredentials(fetchWithCallHeaders, server.credentials) : fetchWithCallHeaders)),
    ...(server.headers ? { requestInit: { headers: server.headers } } : {}),
    ...(server.authProvider ? { authProvider: server.authProvider } : {}),
  };
}

/** The response limit of each HTTP transport, for its watch. */
const limits = new WeakMap<Transport, ResponseLimit>();

function streamableTransport(server: HttpServer, sdk: ClientSdk, limit: ResponseLimit): Transport {
  const transport = new sdk.StreamableHTTPClientTransport(server.url, httpOptions(server, limit));
  limits.set(transport, limit);
  return transport;
}

function sseTransport(server: HttpServer, sdk: ClientSdk, limit: ResponseLimit): Transport {
  const transport = new sdk.SSEClientTransport(server.url, httpOptions(server, limit));
  limits.set(transport, limit);
  return transport;
}

/**
 * Connects a client on a fresh transport per era attempt; a later attempt only after the
 * server refused the earlier one's era. Nothing stays open on failure.
 */
async function openOver(
  kind: OpenedClient["kind"],
  transport: (attempt: EraAttempt) => Transport,
  open: OpenSettings,
  stderr: StderrTailSlot | undefined,
): Promise<OpenedClient> {
  for (let index = 0; ; index++) {
    const attempt = open.attempts[index] ?? { mode: "auto" };
    const last = index >= open.attempts.length - 1;
    try {
      return await connectOnce(kind, transport(attempt), attempt, open, stderr);
    } catch (error) {
      // Our own typed error (the OAuth session's) inside the SDK's probe wrapper: the failure itself, not the era's.
      const cause = probeCause(error);
      if (cause instanceof McpRuntimeError) throw cause;
      if (last || !(isEraRejection(error) || (open.attempts[index + 1]?.afterServerError === true && (httpStatusOf(error) ?? 0) >= 500))) throw error;
    }
  }
}

async function connectOnce(
  kind: OpenedClient["kind"],
  transport: Transport,
  attempt: EraAttempt,
  open: OpenSettings,
  stderr: StderrTailSlot | undefined,
): Promise<OpenedClient> {
  // Capabilities are declared only for the callbacks (sampling, roots, elicitation) supplied.
  const client = new open.sdk.Client(open.identity, {
    capabilities: open.setup.capabilities,
    versionNegotiation: { mode: attempt.mode },
    ...(open.setup.maxInputRounds === undefined ? {} : { inputRequired: { maxRounds: open.setup.maxInputRounds } }),
  });
  await open.setup.install(client);
  const watch = watchTransport(transport, kind, {
    responses: limits.get(transport),
    maxRequestStateBytes: open.setup.maxRequestStateBytes ?? DEFAULT_MAX_REQUEST_STATE_BYTES,
  });
  completeByDefault(transport, () => client.getProtocolEra() === "modern");
  recordListings(client, transport, () => client.getProtocolEra() === "modern");
  const traced = open.traced;
  if (traced !== undefined) {
    const server = traced.server;
    traceTransport(transport, traced.instruments, {
      kind,
      url: server.kind === "stdio" ? undefined : server.url,
      secrets: server.secrets,
      content: traced.content,
      protocolVersion: () => client.getNegotiatedProtocolVersion(),
    });
  }
  const signal = open.connectOptions?.signal;
  // Given up while the SDK loaded: nothing is started (a transport closed before it starts would start anyway).
  if (signal?.aborted) throw signal.reason;
  const connecting = client.connect(transport, { ...open.connectOptions, ...(attempt.prior ? { prior: attempt.prior } : {}) });
  try {
    await abortable(connecting, signal);
  } catch (error) {
    // The connect may start the transport after this close: close it again once the connect has settled.
    const closeAgain = (): Promise<void> => closeTransport(kind, transport);
    connecting.then(closeAgain, closeAgain);
    await closeTransport(kind, transport);
    throw error;
  }
  return {
    client,
    transport,
    kind,
    stderr: stderr?.current,
    stdoutNoise: undefined,
    protocolVersion: client.getNegotiatedProtocolVersion(),
    era: client.getProtocolEra(),
    unconfirmed: attempt.prior?.kind === "modern",
    watch,
  };
}

/** A server that does not answer the session's DELETE does not hold up a close. */
const TERMINATE_SESSION_MS = 100;

/**
 * Ends an opened client: a Streamable HTTP session is ended first (`terminate`: DELETE, as the
 * spec asks of a client that is done, so a server that serves one session at a time can serve
 * the next), then the transport is closed.
 */
export async function endClient(opened: Pick<OpenedClient, "client" | "kind" | "transport">, terminate: boolean): Promise<void> {
  opened.client.onclose = () => undefined;
  const transport = opened.transport;
  if (terminate && opened.kind === "http" && transport.sessionId !== undefined) {
    const ending = (transport as StreamableHTTPClientTransport).terminateSession().catch(() => undefined);
    await Promise.race([ending, new Promise((resolve) => setTimeout(resolve, TERMINATE_SESSION_MS).unref())]);
  }
  // Closing the transport aborts its requests still running (a DELETE not answered in time too).
  await closeTransport(opened.kind, transport);
}

/** Closes a transport (and the client on it); a stdio child is ended within a short grace whatever it does. */
export function closeTransport(kind: OpenedClient["kind"], transport: Transport): Promise<void> {
  const close = (): Promise<void> => transport.close().catch(() => undefined);
  if (kind !== "stdio") return close();
  // Closed while the SDK still probes the era on a sibling: that child ends now too.
  const siblings = liveSiblings(transport).map((sibling) => endStdioChild(spawnedPid(sibling), () => sibling.close().catch(() => undefined)));
  return Promise.all([endStdioChild(spawnedPid(transport), close), ...siblings]).then(() => undefined);
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
