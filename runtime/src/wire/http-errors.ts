/**
 * What an HTTP server said when it refused a request: a 4xx whose body is a JSON-RPC error is
 * that error (code, message, supported versions), never a sign of a legacy SSE-only server.
 */
import { loadedClientSdk } from "./sdk.js";

export interface HttpRpcError {
  status: number;
  code: number;
  message: string;
  /** `data.supported` of an unsupported-protocol-version error (-32022). */
  supported?: string[];
}

/** The HTTP status a server refused a request of the SDK's HTTP transports with (streamable HTTP or SSE). */
export function httpStatusOf(error: unknown): number | undefined {
  const sdk = loadedClientSdk();
  if (sdk?.SdkHttpError.isInstance(error)) return error.status;
  if (sdk?.SseError.isInstance(error)) return error.code;
  return undefined;
}

/** The status and body text of a request the server refused (the SDK's streamable HTTP error keeps both). */
function refusedBodyOf(error: unknown): { status: number; text: string } | undefined {
  const sdk = loadedClientSdk();
  if (!sdk?.SdkHttpError.isInstance(error)) return undefined;
  const text = (error.data as { text?: unknown } | undefined)?.text;
  return typeof text === "string" ? { status: error.status, text } : undefined;
}

/** The JSON-RPC error in the body of a refused HTTP request, if the body is one. */
export function httpRpcErrorOf(error: unknown): HttpRpcError | undefined {
  const refused = refusedBodyOf(error);
  if (refused === undefined) return undefined;
  const { status, text } = refused;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const rpc = (body as { error?: { code?: unknown; message?: unknown; data?: unknown } } | null)?.error;
  if (typeof rpc?.code !== "number" || typeof rpc.message !== "string") return undefined;
  const supported = (rpc.data as { supported?: unknown } | undefined)?.supported;
  return {
    status,
    code: rpc.code,
    message: rpc.message,
    ...(Array.isArray(supported) && supported.every((item) => typeof item === "string") ? { supported } : {}),
  };
}

/** The longest body text quoted in a message. */
const BODY_CHARS = 200;

/**
 * What a server wrote in the body of a refused request, when it is words (plain text, or JSON
 * that is not a JSON-RPC error): its first line, control characters dropped, cut at 200
 * characters. Undefined for an empty body or an HTML page (its first line says nothing).
 */
export function httpBodyTextOf(error: unknown): string | undefined {
  const text = refusedBodyOf(error)?.text;
  if (text === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  const line = text.split(/\r?\n/).map((part) => part.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim()).find((part) => part !== "");
  if (line === undefined || line.startsWith("<")) return undefined;
  return line.length > BODY_CHARS ? `${line.slice(0, BODY_CHARS)}…` : line;
}

/** `HTTP 400 from <url>: Unsupported protocol version: 2025-11-25 (JSON-RPC error -32022; the server supports 2026-07-28)`. */
export function describeHttpRpcError(rpc: HttpRpcError, url: string): string {
  const supported = rpc.supported === undefined ? "" : `; the server supports ${rpc.supported.join(", ") || "no version"}`;
  return `HTTP ${rpc.status} from ${url}: ${rpc.message} (JSON-RPC error ${rpc.code}${supported})`;
}

/**
 * A legacy SSE-only server answers the streamable POST with 404 or 405 (some with 400), with a
 * body that is not JSON-RPC. 401 and 403 are authentication answers that SSE would get too; a
 * JSON-RPC error body is a streamable HTTP server saying what is wrong: no fallback for those.
 */
export function shouldFallBackToSse(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) return false;
  return httpRpcErrorOf(error) === undefined;
}
