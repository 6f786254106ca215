/**
 * Turns whatever the SDK or a transport threw into one of the typed runtime errors.
 * Kept apart from the call paths so every operation classifies failures the same way.
 */
import type { ProtocolError as SdkProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { loadedClientSdk } from "./sdk.js";
import { TransportFault } from "./transport-watch.js";
import { ResponseTooLarge } from "./response-limit.js";
import { capabilitiesNamedIn, MISSING_CALLBACK_HINTS } from "../shared/input-hints.js";
import {
  CancelledError,
  ConnectionError,
  InputRoundsExceededError,
  ResourceNotFoundError,
  McpRuntimeError,
  ProtocolError,
  TimeoutError,
  type McpRuntimeErrorOptions,
  type SubjectKind,
} from "../shared/errors.js";

/** The next step after a timeout: which options set it (call > tool > server > runtime, docs/runtime.md "Timeouts and cancellation"). */
export const TIMEOUT_HINT = "raise it with the call's { timeout }, the server's toolTimeouts or timeout, or the runtime's timeout";

export function toRuntimeError(error: unknown, server: string, tool?: string, signal?: AbortSignal, about?: SubjectKind): McpRuntimeError {
  if (error instanceof McpRuntimeError) return error;
  // The SDK reports an abort as a RequestTimeout error: look at the signal first.
  if (signal?.aborted) return new CancelledError(server, "request cancelled", { tool, about, cause: signal.reason });
  const subject = { tool, about };
  // Errors of the SDK's own classes exist only once it is loaded.
  const sdk = loadedClientSdk();
  if (sdk?.ResourceNotFoundError.isInstance(error)) return new ResourceNotFoundError(server, error.uri, { cause: error, code: error.code });
  if (sdk?.ProtocolError.isInstance(error)) {
    // A transport failure delivered to the request (transport-watch.ts), not the server's answer.
    if (error.data instanceof TransportFault) {
      const { message, cause, kind } = error.data;
      return kind === "protocol" ? new ProtocolError(server, message, { ...subject, cause }) : new ConnectionError(server, message, { ...subject, cause });
    }
    // A 2025 server's -32002 may come without `data.uri`: the URI is the subject of the read.
    if (about === "resource" && tool !== undefined && error.code === RESOURCE_NOT_FOUND_2025) return new ResourceNotFoundError(server, tool, { cause: error, code: error.code });
    return fromServerError(error, server, subject);
  }
  if (sdk?.SdkError.isInstance(error)) return fromSdkError(error, sdk.SdkErrorCode, server, subject);
  if (error instanceof ResponseTooLarge) return new ProtocolError(server, error.message, { ...subject, cause: error });
  if (isZodError(error)) return new ProtocolError(server, `invalid response: ${messageOf(error)}`, { ...subject, cause: error });
  return new ConnectionError(server, messageOf(error), { ...subject, cause: error });
}

/** "Resource not found" before 2026-07-28 (which uses -32602 with `data.uri`). */
const RESOURCE_NOT_FOUND_2025 = -32002;

type Subject = Pick<McpRuntimeErrorOptions, "tool" | "about">;

/** The server needed a client capability this client did not declare (2026-07-28: an input request it cannot send). */
const MISSING_CLIENT_CAPABILITY = -32021;

/** Which option declares the capability the server needed: from `data.requiredCapabilities`, else from its words. */
function missingCallbackHint(error: SdkProtocolError): string | undefined {
  const required = (error.data as { requiredCapabilities?: unknown } | undefined)?.requiredCapabilities;
  const named = typeof required === "object" && required !== null ? Object.keys(required) : [];
  const capability = [...named, ...capabilitiesNamedIn(error.message)].find((name) => MISSING_CALLBACK_HINTS.has(name));
  return capability === undefined ? undefined : MISSING_CALLBACK_HINTS.get(capability);
}

/** A JSON-RPC error the server answered with. */
function fromServerError(error: SdkProtocolError, server: string, subject: Subject): McpRuntimeError {
  // An SDK server's own error message already carries the prefix, and the client adds it again.
  const detail = error.message.replace(/^(?:MCP error -?\d+: )+/, "");
  const hint = error.code === MISSING_CLIENT_CAPABILITY ? missingCallbackHint(error) : undefined;
  return new ProtocolError(server, `server error ${error.code}: ${detail}${hint === undefined ? "" : `; ${hint}`}`, { ...subject, cause: error, code: error.code });
}

/** A failure on this side of the wire: timeout, lost connection, a result that is not what the method returns. */
function fromSdkError(error: SdkError, codes: typeof SdkErrorCode, server: string, subject: Subject): McpRuntimeError {
  switch (error.code) {
    case codes.RequestTimeout: {
      const data = error.data as { timeout?: unknown } | undefined;
      const timeout = typeof data?.timeout === "number" ? data.timeout : undefined;
      const after = timeout === undefined ? "request timed out" : `request timed out after ${timeout} ms`;
      const text = `${after} (${TIMEOUT_HINT})`;
      return new TimeoutError(server, text, { ...subject, cause: error, timeout });
    }
    case codes.InputRequiredRoundsExceeded: {
      const rounds = (error.data as { rounds?: unknown } | undefined)?.rounds;
      return new InputRoundsExceededError(server, typeof rounds === "number" ? rounds : undefined, { ...subject, cause: error });
    }
    case codes.ConnectionClosed:
      return new ConnectionError(server, `connection closed: ${error.message}`, { ...subject, cause: error });
    case codes.ListPaginationExceeded: {
      const data = error.data as { method?: unknown; listMaxPages?: unknown } | undefined;
      return new ProtocolError(server, `${String(data?.method ?? "list")} listing has more than ${String(data?.listMaxPages ?? "the allowed")} pages`, { ...subject, cause: error });
    }
    case codes.InvalidResult:
      return new ProtocolError(server, `invalid response: ${error.message}`, { ...subject, cause: error });
    default:
      return new ConnectionError(server, messageOf(error), { ...subject, cause: error });
  }
}

function isZodError(error: unknown): error is Error {
  return error instanceof Error && error.name === "ZodError";
}

/**
 * The error's message, with what the transport knew: a network failure's own reason added to
 * fetch's bare "fetch failed", an HTTP refusal's status before "Error POSTing to endpoint: <body>".
 */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { status?: unknown }).status;
  if (typeof status === "number" && !error.message.includes(String(status))) return `HTTP ${status}: ${error.message}`;
  const network = error instanceof TypeError ? networkCause(error.cause) : undefined;
  return network === undefined || error.message.includes(network) ? error.message : `${error.message} (${network})`;
}

/** undici's cause of a failed fetch: `connect ECONNREFUSED 127.0.0.1:1234`, `other side closed`, … */
function networkCause(cause: unknown): string | undefined {
  if (!(cause instanceof Error)) return undefined;
  if (cause.message !== "") return cause.message;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === "string") return code;
  const first = cause instanceof AggregateError ? cause.errors[0] : undefined;
  return first instanceof Error ? first.message : undefined;
}

/**
 * What made the SDK's version-negotiation probe fail, when something did: the SDK wraps the
 * network error, or the error our OAuth session threw, in its own "Version negotiation probe
 * failed" error, and the real cause is what a user needs to read (and to `instanceof`).
 */
export function probeCause(error: unknown): unknown {
  const sdk = loadedClientSdk();
  let current = error;
  for (let depth = 0; depth < 4; depth++) {
    if (!sdk?.SdkError.isInstance(current) || current.code !== sdk.SdkErrorCode.EraNegotiationFailed) return current;
    if (current.cause === undefined) return current;
    current = current.cause;
  }
  return current;
}
