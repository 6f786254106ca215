/**
 * Partial listings: a list other than `tools/list` that the server advertises (by capability)
 * but does not answer is recorded as unavailable instead of failing the server. Many servers
 * advertise `resources` or `prompts` and answer `-32601 Method not found`; their tools are
 * still worth generating. What counts as "not answered" is decided here; what stays fatal
 * (a dead connection, a listing over the caps, a cursor loop) is left to the caller.
 */
import { CodegenError, type UnavailableCode, type UnavailableList } from "@mcp-codegen/runtime/internal";

/** An unanswered list as capture saw it: the snapshot keeps `method` and `code`, the warning also `message`. */
export interface UnansweredList extends UnavailableList {
  /** The server's own words (or what went wrong), for the warning only: it may differ per run. */
  message: string;
}

/** JSON-RPC's standard error codes (and MCP's), named in warnings. Data only. */
export const JSON_RPC_CODE_NAMES: Readonly<Record<number, string>> = {
  [-32700]: "Parse error",
  [-32600]: "Invalid request",
  [-32601]: "Method not found",
  [-32602]: "Invalid params",
  [-32603]: "Internal error",
  [-32002]: "Resource not found",
  [-32042]: "URL elicitation required",
};

/**
 * The code under which an optional list's failure is recorded, or `undefined` when the failure
 * must fail the server. `timedOut`: the capture's deadline passed while the list was pending.
 */
export function unansweredCode(error: unknown, timedOut: boolean): number | UnavailableCode | undefined {
  if (timedOut) return "timeout";
  if (error instanceof CodegenError) return undefined; // caps (size, depth): never waived
  const code = (error as { code?: unknown } | null)?.code;
  // The server's JSON-RPC error answer (the SDK's ProtocolError keeps the code). SDK-side codes
  // (strings such as "CONNECTION_CLOSED", "REQUEST_TIMEOUT") are not answers.
  if (typeof code === "number" && Number.isInteger(code) && isServerAnswer(error)) return code;
  if (Array.isArray((error as { issues?: unknown } | null)?.issues)) return "invalid-result";
  return undefined;
}

/** Only the SDK's `ProtocolError` (a JSON-RPC error response) counts; McpRuntimeError's ProtocolError is ours (cursor loops). */
function isServerAnswer(error: unknown): boolean {
  const brand = (error as { constructor?: { mcpBrand?: unknown } } | null)?.constructor?.mcpBrand;
  return brand === "mcp.ProtocolError";
}

/** `-32601 Method not found: <server's message>`, `no answer within 2000 ms`, …: the warning's account of the error. */
export function describeUnanswered(code: number | UnavailableCode, message: string): string {
  if (code === "timeout") return message;
  if (code === "invalid-result") return `answered with ${message}`;
  const name = JSON_RPC_CODE_NAMES[code];
  const own = message.replace(/^MCP error -?\d+:\s*/, "");
  return `answered error ${code}${name ? ` (${name})` : ""}${own && own !== name ? `: ${own}` : ""}`;
}


