/**
 * Turns whatever the SDK or a transport threw into one of the typed runtime errors.
 * Kept apart from the call paths so every operation classifies failures the same way.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  CancelledError,
  ConnectionError,
  McpRuntimeError,
  ProtocolError,
  TimeoutError,
  type McpRuntimeErrorOptions,
  type SubjectKind,
} from "./errors.js";

export function toRuntimeError(error: unknown, server: string, tool?: string, signal?: AbortSignal, about?: SubjectKind): McpRuntimeError {
  if (error instanceof McpRuntimeError) return error;
  // The SDK reports an abort as a RequestTimeout McpError: look at the signal first.
  if (signal?.aborted) return new CancelledError(server, "request cancelled", { tool, about, cause: signal.reason });
  if (error instanceof McpError) return fromMcpError(error, server, { tool, about });
  if (isZodError(error)) return new ProtocolError(server, `invalid response: ${messageOf(error)}`, { tool, about, cause: error });
  return new ConnectionError(server, messageOf(error), { tool, about, cause: error });
}

function fromMcpError(error: McpError, server: string, subject: Pick<McpRuntimeErrorOptions, "tool" | "about">): McpRuntimeError {
  // An SDK server's own McpError already carries the prefix, and the client's McpError adds it again.
  const detail = error.message.replace(/^(?:MCP error -?\d+: )+/, "");
  switch (error.code) {
    case ErrorCode.RequestTimeout: {
      const data = error.data as { timeout?: unknown } | undefined;
      const timeout = typeof data?.timeout === "number" ? data.timeout : undefined;
      const text = timeout === undefined ? "request timed out" : `request timed out after ${timeout} ms`;
      return new TimeoutError(server, text, { ...subject, cause: error, timeout });
    }
    case ErrorCode.ConnectionClosed:
      return new ConnectionError(server, `connection closed: ${detail}`, { ...subject, cause: error });
    default:
      return new ProtocolError(server, `server error ${error.code}: ${detail}`, { ...subject, cause: error, code: error.code });
  }
}

function isZodError(error: unknown): error is Error {
  return error instanceof Error && error.name === "ZodError";
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
