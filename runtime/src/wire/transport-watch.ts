/**
 * Transport failures surfaced to the calls they hit, at once and with the transport's reason.
 * The SDK reports many of them only through `onerror` and leaves the request pending until its
 * timeout: a stdio message over the size limit ("ReadBuffer exceeded maximum size …"), a
 * streamable HTTP response stream that broke or ended without the response (the server died),
 * a legacy SSE stream lost. The watch wraps a transport before the client connects to it:
 *
 * - it knows which requests are waiting for a response;
 * - a request whose own stream ended without its response fails with the last transport error
 *   (HTTP); an error that leaves the connection useless fails every waiting request (stdio
 *   size limit or broken pipe, SSE stream lost) and tells `onBroken`;
 * - a request the client gave up on (timeout, abort: `notifications/cancelled` goes out) has its
 *   HTTP request aborted, so its socket is released rather than kept by an unread stream, also
 *   when the server answers neither the request nor the cancellation (which is bounded too);
 * - an event the transport could not parse (truncated JSON) is what a request whose stream then
 *   ends without its response reports, not the bare end of the stream.
 *
 * A failure is delivered as an error response whose `data` is a `TransportFault`: the SDK then
 * settles the request the usual way (handlers, timers, progress cleaned up), and failures.ts
 * turns it into a `ConnectionError`. A server cannot forge one: `data` from the wire is JSON.
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from "@modelcontextprotocol/client";
import { loadedClientSdk } from "./sdk.js";
import { oversizedState, type ResponseLimit } from "./response-limit.js";

/**
 * Why a transport failed a request (never something the server answered as an error):
 * "connection" for a transport that failed, "protocol" for something the server sent that the
 * client refuses (over a limit).
 */
export class TransportFault {
  readonly message: string;
  readonly cause: unknown;
  readonly kind: "connection" | "protocol";

  constructor(message: string, cause: unknown, kind: "connection" | "protocol" = "connection") {
    this.message = message;
    this.cause = cause;
    this.kind = kind;
  }
}

/** What the watch bounds in what the server sends. */
export interface WatchLimits {
  /** The HTTP transport's response limit (its overflow is what a broken stream reports). */
  responses: ResponseLimit | undefined;
  maxRequestStateBytes: number;
}

export interface TransportWatch {
  /** Called once when an error left the connection useless (after the waiting requests failed). */
  onBroken: ((fault: TransportFault) => void) | undefined;
}

/** Implementation-defined JSON-RPC error code of delivered faults (only `data` identifies them). */
const FAULT_CODE = -32099;

/**
 * How long the cancellation of a request may take before the request's own HTTP exchange is
 * aborted anyway, and how long its POST may wait for the server's acknowledgement.
 */
const CANCEL_GRACE_MS = 100;
const CANCEL_POST_MS = 1_000;

type Kind = "stdio" | "http" | "sse";
type RequestId = string | number;

export function watchTransport(transport: Transport, kind: Kind, bounds: WatchLimits): TransportWatch {
  const watch: TransportWatch = { onBroken: undefined };
  /** Requests waiting for their response; for HTTP, the abort of the request's own fetch. */
  const waiting = new Map<RequestId, AbortController | undefined>();
  let recent: unknown;
  /** The last event that could not be parsed, until a stream that ends without its response reports it. */
  let malformed: unknown;
  let broken = false;

  const fail = (id: RequestId, fault: TransportFault): void => {
    if (!waiting.delete(id)) return;
    const message: JSONRPCMessage = { jsonrpc: "2.0", id, error: { code: FAULT_CODE, message: fault.message, data: fault } };
    transport.onmessage?.(message);
  };

  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    if (isRequest(message)) {
      const id = message.id;
      // A request that could not be sent is rejected by the SDK itself.
      return send(message, track(id, options)).catch((error: unknown) => {
        waiting.delete(id);
        throw error;
      });
    }
    const cancelled = cancelledRequest(message);
    if (cancelled === undefined) return send(message, options);
    const abort = waiting.get(cancelled);
    waiting.delete(cancelled);
    if (abort === undefined) return send(message, options);
    // The cancellation first, then the request's own HTTP exchange (and its socket) ends: at
    // once when the server takes the cancellation, shortly after when it does not answer.
    const grace = setTimeout(() => abort.abort(), CANCEL_GRACE_MS);
    const bounded = options?.requestSignal ?? AbortSignal.timeout(CANCEL_POST_MS);
    return send(message, { ...options, requestSignal: bounded }).finally(() => {
      clearTimeout(grace);
      abort.abort();
    });
  };

  const track = (id: RequestId, options: TransportSendOptions | undefined): TransportSendOptions | undefined => {
    if (kind !== "http") {
      waiting.set(id, undefined);
      return options;
    }
    const own = options?.requestSignal === undefined ? new AbortController() : undefined;
    waiting.set(id, own);
    return {
      ...options,
      ...(own ? { requestSignal: own.signal } : {}),
      onRequestStreamEnd: () => {
        options?.onRequestStreamEnd?.();
        const overflow = bounds.responses?.take();
        if (overflow !== undefined) return fail(id, new TransportFault(overflow.message, overflow, "protocol"));
        if (recent === undefined && malformed !== undefined && waiting.has(id)) {
          const error = malformed;
          malformed = undefined;
          return fail(id, new TransportFault(`the server sent a malformed message: ${describe(error)}`, error));
        }
        fail(id, streamFault(recent));
      },
    };
  };

  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isResponse(message)) {
      refuseOversizedState(message, bounds.maxRequestStateBytes);
      waiting.delete(message.id);
    }
    onmessage?.(message, extra);
  };

  const onerror = transport.onerror;
  transport.onerror = (error) => {
    onerror?.(error);
    if (isParseError(error)) malformed = error;
    // The reason of a stream end that follows in the same turn (the SDK reports, then ends).
    recent = error;
    queueMicrotask(() => {
      if (recent === error) recent = undefined;
    });
    const fault = brokenBy(kind, error);
    if (fault === undefined || broken) return;
    broken = true;
    for (const id of [...waiting.keys()]) fail(id, fault);
    watch.onBroken?.(fault);
  };

  return watch;
}

/**
 * A result whose `requestState` is over the limit becomes, in place (the SDK reads the same
 * message object next), an error response carrying the fault: the call fails, nothing is echoed.
 */
function refuseOversizedState(message: JSONRPCMessage, max: number): void {
  const result = (message as { result?: { requestState?: unknown } }).result;
  if (typeof result !== "object" || result === null) return;
  const bytes = oversizedState(result.requestState, max);
  if (bytes === undefined) return;
  const fault = new TransportFault(`the server sent a requestState of ${bytes} bytes, larger than maxRequestStateBytes (${max} bytes)`, undefined, "protocol");
  const refused = message as { result?: unknown; error?: unknown };
  delete refused.result;
  refused.error = { code: FAULT_CODE, message: fault.message, data: fault };
}

/** What the transport reports for an event whose data is not a JSON-RPC message (JSON.parse, the SDK's schema). */
function isParseError(error: unknown): boolean {
  return error instanceof SyntaxError || (error instanceof Error && error.name === "ZodError");
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } {
  return "method" in message && "id" in message && message.id !== undefined;
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return !("method" in message) && "id" in message && message.id !== undefined && message.id !== null;
}

function cancelledRequest(message: JSONRPCMessage): RequestId | undefined {
  if (!("method" in message) || message.method !== "notifications/cancelled") return undefined;
  const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

function streamFault(error: unknown): TransportFault {
  if (error === undefined) return new TransportFault("the response stream ended without a response", undefined);
  return new TransportFault(`the response stream broke: ${describe(error)}`, error);
}

/** An error after which nothing more arrives on this connection, as the fault to report. */
function brokenBy(kind: Kind, error: unknown): TransportFault | undefined {
  const text = describe(error);
  if (kind === "stdio") {
    if (text.startsWith("ReadBuffer exceeded maximum size")) return new TransportFault(`the server sent a message over the size limit (${text})`, error);
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "EPIPE" || code === "ERR_STREAM_DESTROYED") return new TransportFault(`the server's stdin is closed (${text})`, error);
    return undefined;
  }
  if (kind === "sse" && loadedClientSdk()?.SseError.isInstance(error)) return new TransportFault(`the SSE stream was lost: ${text}`, error);
  return undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
